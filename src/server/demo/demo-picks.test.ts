import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { picksPlayers, scheduleOfKey } from '../../core/games';
import { groupBy } from '../../core/group-by';
import { must } from '../../core/must';
import { DEFAULT_DEMO_CLOCK_START } from '../config';
import type { AppContext } from '../context';
import {
  entries,
  leagues,
  nflPlayers,
  pickAudits,
  picks,
  poolEnds,
  pools,
  poolWeeks,
  teams,
  users,
} from '../db/schema';
import { readEntryWeeks } from '../modules/pools/store/entry-weeks.repo';
import { loadPoolWeeks, type PoolWeeks } from '../modules/pools/store/pool-weeks.repo';
import { sessionCookie } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { timeLimit } from '../test/time-limit';
import { DEMO_PASSWORD, seedDemoWorld } from './seed';

type PoolRecord = typeof pools.$inferSelect;

interface RunningPool {
  pool: PoolRecord;
  leagueAbb: string;
  weeks: PoolWeeks;
  entries: Array<{ entry: typeof entries.$inferSelect; username: string }>;
  picks: Array<typeof picks.$inferSelect>;
}

let test: TestApp;
let running: RunningPool[];

async function loadRunning(ctx: AppContext): Promise<RunningPool[]> {
  const rows = await ctx.db
    .select({ pool: pools, leagueAbb: leagues.abb })
    .from(pools)
    .innerJoin(leagues, eq(leagues.id, pools.leagueId))
    .where(eq(pools.final, false))
    .orderBy(asc(pools.id));
  const result: RunningPool[] = [];
  for (const { pool, leagueAbb } of rows) {
    const poolEntries = await ctx.db
      .select({ entry: entries, username: users.username })
      .from(entries)
      .innerJoin(users, eq(users.id, entries.userId))
      .where(eq(entries.poolId, pool.id));
    const poolPicks = await ctx.db
      .select({ pick: picks })
      .from(picks)
      .innerJoin(entries, eq(entries.id, picks.entryId))
      .where(eq(entries.poolId, pool.id));
    result.push({
      pool,
      leagueAbb,
      weeks: await loadPoolWeeks(ctx.db, pool),
      entries: poolEntries,
      picks: poolPicks.map((row) => row.pick),
    });
  }
  return result;
}

async function login(app: FastifyInstance, username: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { username, password: DEMO_PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  return sessionCookie(response.headers['set-cookie']);
}

const poolPath = (running: RunningPool) =>
  `${running.pool.game}/${running.leagueAbb}/${running.pool.season}/${running.pool.poolIdx}/${running.pool.seasonType}`;

const isLocked = (running: RunningPool, week: number, now: Date) => running.weeks.isWeekPublic(week, now);

describe('demo picks', () => {
  beforeAll(async () => {
    // The demo clock's first instant: NFL TD and MLB 2023 are in progress, NBA 2023 opens later.
    test = await createTestApp({ now: new Date(DEFAULT_DEMO_CLOCK_START) });
    await seedDemoWorld(test.ctx);
    running = await loadRunning(test.ctx);
  }, timeLimit(180_000));

  it('obeys every pick rule the server enforces', async () => {
    const { ctx } = test;
    const now = ctx.clock.now();
    const playerTeam = new Map(
      (await ctx.db.select().from(nflPlayers)).map((player) => [player.id, player.teamAbb]),
    );
    const teamKeys = new Set((await ctx.db.select().from(teams)).map((team) => `${team.game}:${team.abb}`));
    const audits = await ctx.db.select().from(pickAudits);
    expect(running.map((r) => r.pool.game).sort()).toEqual([
      'mlb',
      'mlb',
      'mlb',
      'nba',
      'nfl',
      'nfl',
      'nfl-td',
    ]);
    let checked = 0;
    for (const r of running) {
      const { pool, weeks } = r;
      const nfl = picksPlayers(pool.game);
      for (const { entry } of r.entries) {
        const own = r.picks.filter((pick) => pick.entryId === entry.id);
        // A team or player once per season per entry.
        expect(new Set(own.map((pick) => pick.pickId)).size).toBe(own.length);
        for (const pick of own) {
          checked++;
          expect(pick.week).toBeGreaterThanOrEqual(1);
          expect(pick.week).toBeLessThanOrEqual(weeks.weekCount);
          // The pick names a real team or player, and its team has a game that week.
          if (nfl) expect(pick.teamAbb).toBe(playerTeam.get(pick.pickId));
          else
            expect(
              teamKeys.has(`${scheduleOfKey(pool.game)}:${pick.pickId}`) && pick.teamAbb === pick.pickId,
            ).toBe(true);
          const kickoff = weeks.teamKickoff(pick.week, pick.teamAbb);
          expect(kickoff, `${pool.game} week ${pick.week} ${pick.teamAbb}`).not.toBeNull();
          // Made by the entrant, before the week (and the pick's own game) locked, and not in the future.
          expect(pick.createdBy).toBe(entry.userId);
          expect(pick.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
          expect(pick.createdAt.getTime()).toBeGreaterThanOrEqual(entry.createdAt.getTime());
          expect(pick.createdAt.getTime()).toBeLessThan(must(weeks.weekLockAt(pick.week)).getTime());
          expect(pick.createdAt.getTime()).toBeLessThan(must(kickoff).getTime());
          expect(
            audits.filter(
              (audit) =>
                audit.entryId === entry.id &&
                audit.week === pick.week &&
                audit.newPickId === pick.pickId &&
                audit.action === 'confirm' &&
                audit.userId === entry.userId,
            ),
          ).toHaveLength(1);
        }
        const byWeek = groupBy(own, (pick) => pick.week);
        for (const [, weekPicks] of byWeek) {
          // nba and mlb: one team a week; nfl-td: players_per_week, max_players_per_team of one team.
          expect(weekPicks.length).toBeLessThanOrEqual(nfl ? pool.playersPerWeek : 1);
          if (nfl) {
            for (const [, sameTeam] of groupBy(weekPicks, (pick) => pick.teamAbb)) {
              expect(sameTeam.length).toBeLessThanOrEqual(pool.maxPlayersPerTeam);
            }
          }
        }
        // An eliminated entry has nothing ahead.
        if (entry.lives <= 0) expect(own.every((pick) => isLocked(r, pick.week, now))).toBe(true);
      }
    }
    expect(checked).toBeGreaterThan(50);
    const runningEntries = new Set(running.flatMap((r) => r.entries.map(({ entry }) => entry.id)));
    expect(audits.filter((audit) => runningEntries.has(audit.entryId))).toHaveLength(checked);
  });

  it('fills the locked weeks of running pools, so Pool Selections shows real distributions', async () => {
    const now = test.ctx.clock.now();
    const inProgress = running.filter((r) => r.weeks.publicWeeks(now).length > 0);
    // NFL TD and the three running MLB pools are in progress on the demo clock; NBA has not started.
    expect(inProgress.map((r) => r.pool.game).sort()).toEqual(['mlb', 'mlb', 'mlb', 'nfl', 'nfl', 'nfl-td']);
    const viewer = await login(test.app, 'commish');
    type Selections = {
      week: number | null;
      weeks: Array<{ week: number; locked: boolean; total: number; distribution: Array<{ count: number }> }>;
    };
    const read = async (r: (typeof inProgress)[number], week?: number) => {
      const response = await test.app.inject({
        url: `/api/selections/all/${poolPath(r)}${week ? `?week=${week}` : ''}`,
        headers: { cookie: viewer },
      });
      expect(response.statusCode).toBe(200);
      return response.json() as Selections;
    };
    for (const r of inProgress) {
      const body = await read(r);
      // Weeks before a pool's start week are not played.
      const locked = body.weeks.filter((week) => week.locked && week.week >= r.pool.startWeek);
      expect(locked.length).toBeGreaterThan(0);
      // Each locked week's distribution is counted when that week is asked for.
      const shown: Selections['weeks'] = [];
      for (const week of locked) {
        const answer = await read(r, week.week);
        expect(answer.week).toBe(week.week);
        const counted = must(answer.weeks.find((item) => item.week === week.week));
        expect(counted.total, `${r.pool.game} week ${week.week}`).toBeGreaterThan(0);
        shown.push(counted);
      }
      // Several entries share a favourite somewhere in the season.
      expect(shown.some((week) => week.distribution.some((share) => share.count > 1))).toBe(true);
      // An open week shows nothing, even where entrants have picked ahead.
      for (const week of body.weeks.filter((w) => !w.locked)) expect(week.total).toBe(0);
    }
  });

  it("shows an entrant's picks ahead to that entrant only", async () => {
    const now = test.ctx.clock.now();
    for (const r of running) {
      const ahead = r.picks.filter((pick) => !isLocked(r, pick.week, now));
      expect(ahead.length, `${r.pool.game} ${r.leagueAbb}`).toBeGreaterThan(0);
      const owner = must(r.entries.find(({ entry }) => entry.id === ahead[0].entryId));
      const other = must(r.entries.find(({ entry }) => entry.userId !== owner.entry.userId));

      const mine = await test.app.inject({
        url: `/api/loadPool/${poolPath(r)}`,
        headers: { cookie: await login(test.app, owner.username) },
      });
      expect(mine.statusCode).toBe(200);
      const shown = mine.json().viewer.entries[0].picks as Array<{ week: number; pick_id: string }>;
      expect(shown).toEqual(
        expect.arrayContaining([expect.objectContaining({ week: ahead[0].week, pick_id: ahead[0].pickId })]),
      );

      const otherCookie = await login(test.app, other.username);
      const theirs = await test.app.inject({
        url: `/api/selections/all/${poolPath(r)}`,
        headers: { cookie: otherCookie },
      });
      expect(theirs.statusCode).toBe(200);
      // Nobody else sees any pick of that week, the owner's least of all.
      const rows = theirs.json().entries as Array<{ entry_id: number; picks: Record<string, unknown[]> }>;
      expect(rows.some((row) => row.entry_id === owner.entry.id)).toBe(true);
      for (const row of rows) expect(row.picks[String(ahead[0].week)] ?? []).toEqual([]);
    }
  });

  it('leaves riley or alex an upcoming week to pick in each game', async () => {
    const now = test.ctx.clock.now();
    const picked = new Set<string>();
    for (const r of running) {
      if (picked.has(r.pool.game)) continue;
      const nfl = picksPlayers(r.pool.game);
      const choices = nfl
        ? (await test.ctx.db.select().from(nflPlayers)).map((player) => ({
            id: player.id,
            teamAbb: player.teamAbb,
          }))
        : (
            await test.ctx.db
              .select()
              .from(teams)
              .where(eq(teams.game, scheduleOfKey(r.pool.game)))
          ).map((team) => ({
            id: team.abb,
            teamAbb: team.abb,
          }));
      for (const { entry, username } of r.entries) {
        if (!['riley', 'alex'].includes(username) || entry.lives <= 0 || entry.needsRebuy) continue;
        const own = r.picks.filter((pick) => pick.entryId === entry.id);
        const used = new Set(own.map((pick) => pick.pickId));
        for (let week = 1; week <= r.weeks.weekCount && !picked.has(r.pool.game); week++) {
          const lock = r.weeks.weekLockAt(week);
          if (!lock || lock.getTime() <= now.getTime()) continue;
          // nba and mlb swap a week's team by confirming another; nfl-td needs a free slot.
          const thisWeek = nfl ? own.filter((pick) => pick.week === week) : [];
          if (thisWeek.length >= r.pool.playersPerWeek) continue;
          const choice = choices.find(
            (c) =>
              !used.has(c.id) &&
              r.weeks.teamKickoff(week, c.teamAbb) !== null &&
              thisWeek.filter((pick) => pick.teamAbb === c.teamAbb).length <
                (nfl ? r.pool.maxPlayersPerTeam : 1),
          );
          if (!choice) continue;
          const response = await test.app.inject({
            method: 'POST',
            url: '/user/makeUserPick',
            headers: { cookie: await login(test.app, username) },
            payload: {
              userSeasonId: entry.id,
              week,
              action: 'confirm',
              ...(nfl ? { selectedPlayer: { id: choice.id } } : { team: choice.id }),
            },
          });
          expect(response.statusCode, response.body).toBe(200);
          picked.add(r.pool.game);
        }
      }
    }
    expect([...picked].sort()).toEqual(['mlb', 'nba', 'nfl', 'nfl-td']);
  });

  it('ends a pool by its last survivor and revives a wipeout, as the end rule says', async () => {
    const { ctx } = test;
    const [last] = await ctx.db.select().from(pools).where(eq(pools.customName, 'Last One Standing'));
    expect(last.final).toBe(true);
    expect(last.champions).toEqual(['taylor']);
    const [ended] = await ctx.db.select().from(poolEnds).where(eq(poolEnds.poolId, last.id));
    expect(ended).toMatchObject({ week: 25, kind: 'last-survivor', champions: 1 });
    expect(ended.crownedAt).not.toBeNull();
    // The champion takes the whole prize pool: 4 buy-ins of $10.
    const [champion] = await ctx.db
      .select({ prizes: entries.prizes, lives: entries.lives })
      .from(entries)
      .innerJoin(users, eq(users.id, entries.userId))
      .where(and(eq(entries.poolId, last.id), eq(users.username, 'taylor')));
    expect(champion).toEqual({ prizes: 4000, lives: 1 });

    const back = must(running.find((r) => r.pool.customName === 'Everybody Back'));
    expect(await ctx.db.select().from(poolEnds).where(eq(poolEnds.poolId, back.pool.id))).toEqual([]);
    // quinn, avery and drew all lost in week 25 and came back with 1 life; jamie was out in week 23.
    const lives = Object.fromEntries(
      (
        await ctx.db
          .select({ username: users.username, lives: entries.lives })
          .from(entries)
          .innerJoin(users, eq(users.id, entries.userId))
          .where(eq(entries.poolId, back.pool.id))
      ).map((row) => [row.username, row.lives]),
    );
    expect(lives).toEqual({ jamie: 0, quinn: 1, avery: 1, drew: 1 });
  });

  it("takes every running entry's lives from settling its picks on the replayed results", async () => {
    const { ctx } = test;
    const settled = await ctx.db.select().from(poolWeeks);
    let judged = 0;
    for (const r of running) {
      const weeks = settled.filter((row) => row.poolId === r.pool.id && row.settledAt !== null);
      if (r.pool.game === 'mlb') expect(weeks.length, `${r.leagueAbb} mlb`).toBeGreaterThan(0);
      for (const { entry } of r.entries) {
        const history = await readEntryWeeks(ctx.db, r.pool.id, { entryIds: [entry.id] });
        const last = history.filter((week) => week.result !== null).at(-1);
        if (!last) {
          expect(entry.lives).toBe(r.pool.rebuys + 1);
          continue;
        }
        judged++;
        expect(entry.lives).toBe(last.lives);
        expect(entry.weeksAlive).toBe(
          history.filter((week) => week.status !== 'eliminated' && week.result !== null).length,
        );
      }
    }
    expect(judged).toBeGreaterThan(5);
  });
});
