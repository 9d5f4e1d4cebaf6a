import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  POOL_MESSAGES,
  SCOREBOARD_MESSAGES,
  type ScoreboardResponse,
} from '../../../../core/contracts/pools';
import { ENTRY_STATUS } from '../../../../core/pool/entry-status';
import { gameFacts, games, nflPlayerWeekStats, poolWeeks } from '../../../db/schema';
import { buildEntryWeek, buildPick } from '../../../test/factories';
import type { TestApp } from '../../../test/harness';
import { createLeagueAs, type TestUser } from '../../../test/league-test-world';
import {
  buildMlbPool,
  buildNflPool,
  enter,
  NOW,
  type PoolWorld,
  startPoolWorld,
} from '../../../test/pool-test-world';

let t: TestApp;
let world: PoolWorld;
let alice: TestUser;
let bob: TestUser;

beforeEach(async () => {
  ({
    t,
    world,
    members: [alice, bob],
  } = await startPoolWorld({ seasons: ['mlb', 'nfl'], members: ['alice', 'bob'] }));
});

async function scoreboard(poolId: number, week: string | number, user?: TestUser) {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/scoreboard/${poolId}/${week}`,
    headers: user ? { cookie: user.cookie } : {},
  });
  return answer;
}

async function board(poolId: number, week: string | number, user?: TestUser): Promise<ScoreboardResponse> {
  const answer = await scoreboard(poolId, week, user);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

describe('GET /api/scoreboard (nba, mlb)', () => {
  it('shows every counted entry with its locked pick, game cells, Bonus Box facts and the settled result', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    const a = await enter(t.ctx, pool.id, alice);
    await enter(t.ctx, pool.id, bob, { entryNum: 2, lives: 0 });
    await enter(t.ctx, pool.id, world.owner, { status: ENTRY_STATUS.inactive });
    await buildPick(t.ctx, { entryId: a.id, week: 1, pickId: 'NYY' });
    const [final] = await t.ctx.db
      .select()
      .from(games)
      .where(and(eq(games.game, 'mlb'), eq(games.week, 1), eq(games.home, 'NYY')));
    await t.ctx.db
      .update(games)
      .set({ status: 'final', final: true, homeScore: 5, awayScore: 3, periods: 9 })
      .where(eq(games.id, final.id));
    await t.ctx.db.insert(gameFacts).values({
      gameId: final.id,
      source: 'test',
      facts: {
        gid: final.gid,
        start: final.startTime.toISOString(),
        status: 'final',
        home: { team_abb: 'NYY', runs: 5, hits: 9, baserunners: 12 },
        away: { team_abb: 'BOS', runs: 3, hits: 6, baserunners: 8 },
        innings: 9,
        plays: [
          {
            inning: 4,
            half: 'bottom',
            batter: 'A. Judge',
            batter_team_abb: 'NYY',
            event: 'home_run',
            runners_on_base: 3,
            rbi: 4,
          },
        ],
        batters: [],
        pitchers: { win: 'G. Cole', loss: 'C. Sale', save: 'C. Holmes' },
      },
    });
    await t.ctx.db.insert(poolWeeks).values({
      poolId: pool.id,
      week: 1,
      aliveAtLock: 2,
      bonusRunning: false,
      lockedAt: NOW,
      settledAt: NOW,
    });
    await buildEntryWeek(t.ctx, { poolId: pool.id, entryId: a.id, week: 1, result: 'advance', lives: 3 });

    const body = await board(pool.id, 1);
    expect(body).toMatchObject({
      week: 1,
      first_week: 1,
      last_week: 1,
      default_week: 1,
      public: true,
      settled: true,
    });
    expect(body.entries.map((entry) => entry.label)).toEqual(['alice', 'bob [2]']);
    const [aliceRow, bobRow] = body.entries;
    expect(aliceRow).toMatchObject({
      pick: 'shown',
      status: 'alive',
      week_result: { result: 'advance', lives: 3 },
      team: { abb: 'NYY', name: 'New York Yankees' },
    });
    expect(bobRow).toMatchObject({ pick: 'none', status: 'eliminated', team: null, week_result: null });
    const cells = aliceRow.team?.games ?? [];
    expect(cells.map((cell) => cell.matchup)).toEqual(['vs. BOS', '@ HOU']);
    expect(cells[0]).toMatchObject({
      status: 'final',
      team_score: 5,
      opp_score: 3,
      result: 'W',
      pitchers: { win: 'G. Cole', loss: 'C. Sale', save: 'C. Holmes' },
    });
    expect(cells[0].bonus_box?.lines).toContainEqual({
      label: 'Home runs',
      value: 'A. Judge (NYY, grand slam)',
    });
    expect(cells[1]).toMatchObject({ status: 'inactive', team_score: null, bonus_box: null });
    expect(body.days.length).toBeGreaterThan(0);
  });

  it("never answers another entry's pick of an unlocked week, but shows the owner their own", async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    const a = await enter(t.ctx, pool.id, alice);
    await enter(t.ctx, pool.id, bob);
    await buildPick(t.ctx, { entryId: a.id, week: 2, pickId: 'HOU' });
    for (const viewer of [undefined, bob, world.owner]) {
      const answer = await scoreboard(pool.id, 2, viewer);
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toContain('HOU');
      const body: ScoreboardResponse = answer.json();
      expect(body.public).toBe(false);
      expect(body.entries.find((entry) => entry.label === 'alice')?.pick).toBe('hidden');
    }
    const own = await board(pool.id, 2, alice);
    expect(own.entries.find((entry) => entry.label === 'alice')).toMatchObject({ pick: 'shown', mine: true });
    expect(own.entries.find((entry) => entry.label === 'bob')?.pick).toBe('hidden');
  });

  it('opens on the live week, or on the highest weeks alive of a final pool', async () => {
    const live = await buildMlbPool(t.ctx, world.leagueId);
    await enter(t.ctx, live.id, alice);
    expect(await board(live.id, 'default')).toMatchObject({ week: 1, first_week: 1, last_week: 1 });
    const done = await buildMlbPool(t.ctx, world.leagueId, { poolIdx: 1, final: true });
    await enter(t.ctx, done.id, alice, { weeksAlive: 2 });
    await enter(t.ctx, done.id, bob, { weeksAlive: 1 });
    expect(await board(done.id, 'default')).toMatchObject({
      week: 2,
      last_week: 3,
      default_week: 2,
      public: true,
    });
    const late = await buildMlbPool(t.ctx, world.leagueId, { poolIdx: 2, startWeek: 3 });
    expect(await board(late.id, 'default')).toMatchObject({ week: 3, first_week: 3, last_week: 3 });
  });

  it('answers an empty pool with no entries, and refuses weeks it does not have', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    expect((await board(pool.id, 1)).entries).toEqual([]);
    for (const [week, message] of [
      ['4', SCOREBOARD_MESSAGES.weekNotInPool(4)],
      ['0', SCOREBOARD_MESSAGES.weekInvalid],
      ['abc', SCOREBOARD_MESSAGES.weekInvalid],
    ]) {
      const answer = await scoreboard(pool.id, week);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ message });
    }
    expect((await scoreboard(999_999, 1)).statusCode).toBe(404);
  });

  it('answers a hidden league pool to outsiders as not found', async () => {
    const hiddenId = await createLeagueAs(t.app, world.owner, {
      name: 'Secret Club',
      abb: 'SECR',
      hidden: true,
    });
    const pool = await buildMlbPool(t.ctx, hiddenId);
    const answer = await scoreboard(pool.id, 1, bob);
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ message: POOL_MESSAGES.poolNotFound });
    expect((await scoreboard(pool.id, 1, world.owner)).statusCode).toBe(200);
  });
});

describe('GET /api/scoreboard (nfl-td)', () => {
  it('shows one card per picked player with the stats line and advancing / eliminated / pending', async () => {
    const pool = await buildNflPool(t.ctx, world.leagueId, { nflPassTds: 3 });
    const a = await enter(t.ctx, pool.id, alice);
    await buildPick(t.ctx, { entryId: a.id, week: 2, pickId: 'kc1', teamAbb: 'KC' });
    await buildPick(t.ctx, { entryId: a.id, week: 2, pickId: 'gb2', teamAbb: 'GB' });
    await buildPick(t.ctx, { entryId: a.id, week: 2, pickId: 'sf1', teamAbb: 'SF' });
    await buildPick(t.ctx, { entryId: a.id, week: 2, pickId: 'ghost', teamAbb: 'NYJ' });
    await t.ctx.db
      .update(games)
      .set({ status: 'final', final: true, homeScore: 27, awayScore: 20 })
      .where(and(eq(games.game, 'nfl-td'), eq(games.home, 'KC')));
    await t.ctx.db.insert(nflPlayerWeekStats).values([
      { playerId: 'kc1', season: 2023, week: 2, passTd: 2, passYds: 280, passAtt: 35, passCmp: 24 },
      { playerId: 'gb2', season: 2023, week: 2, rushTd: 1, rushAtt: 14, rushYds: 77 },
    ]);
    const body = await board(pool.id, 2);
    expect(body.public).toBe(true);
    const players = body.entries[0].players;
    expect(players.map((card) => [card.player_id, card.status, card.found])).toEqual([
      ['kc1', 'eliminated', true],
      ['gb2', 'advancing', true],
      ['sf1', 'pending', true],
      ['ghost', 'pending', false],
    ]);
    expect(players[0]).toMatchObject({ matchup: 'vs. BAL', stats: { pass_td: 2, pass_yds: 280 } });
    expect(players[3].name).toBe(SCOREBOARD_MESSAGES.playerNotFound);
  });

  it('keeps an open NFL week hidden from others', async () => {
    const pool = await buildNflPool(t.ctx, world.leagueId);
    const a = await enter(t.ctx, pool.id, alice);
    await buildPick(t.ctx, { entryId: a.id, week: 3, pickId: 'gb3', teamAbb: 'GB' });
    const answer = await scoreboard(pool.id, 3, bob);
    expect(answer.body).not.toContain('gb3');
    expect(answer.body).not.toContain('Jayden Reed');
    expect((await board(pool.id, 3, alice)).entries[0].players.map((card) => card.name)).toEqual([
      'Jayden Reed',
    ]);
  });
});
