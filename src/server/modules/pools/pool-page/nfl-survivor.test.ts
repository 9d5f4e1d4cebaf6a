import { and, asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES } from '../../../../core/contracts/pools';
import { must } from '../../../../core/must';
import { formatLockedMessage } from '../../../../core/picks';
import { POOL_SETTINGS_MESSAGES } from '../../../../core/pool/settings';
import { judgeNflPick } from '../../../../core/season';
import { entries, games, picks, poolEvents, pools, seasonParams } from '../../../db/schema';
import { parseEspnScoreboard } from '../../../sports/providers/espn';
import { loadFixture } from '../../../sports/providers/fixtures';
import { buildPick } from '../../../test/factories';
import type { TestApp } from '../../../test/harness';
import type { TestUser } from '../../../test/league-test-world';
import {
  buildNflSurvivorPool,
  enter,
  finishWeek,
  type PoolWorld,
  seedNflTeams,
  startPoolWorld,
} from '../../../test/pool-test-world';
import { enterResult } from '../../sports/sports-admin.service';
import { computePoolOdds } from '../odds/odds.service';
import { settleDueWeeks } from '../settlement/settle-pool.job';
import { isWeekComplete, recordWeekTeams } from '../settlement/week-facts.repo';

// NFL Survivor (spec 4, part 1) end to end on the API: picks of teams that lock at their own kickoffs,
// multi-pick weeks, the week lock, and the settlement's tie rule and auto-pick.

let t: TestApp;
let world: PoolWorld;
let ann: TestUser;
let bob: TestUser;
beforeEach(async () => {
  const started = await startPoolWorld({ seasons: ['nfl'], members: ['ann', 'bob'] });
  ({ t, world } = started);
  [ann, bob] = started.members;
  await seedNflTeams(t.ctx);
});

const pick = (user: TestUser, entryId: number, week: number, abb: string, action = 'confirm') =>
  t.app.inject({
    method: 'POST',
    url: '/user/makeUserPick',
    headers: { cookie: user.cookie },
    payload: { userSeasonId: entryId, week, team: abb, action },
  });

const heldPicks = async (entryId: number) =>
  (await t.ctx.db.select().from(picks).where(eq(picks.entryId, entryId)).orderBy(asc(picks.id))).map(
    (row) => `${row.week}:${row.pickId}`,
  );

describe('NFL Survivor picks', () => {
  it('takes one team a week, swapped until its kickoff, never a bye team or a started game', async () => {
    const pool = await buildNflSurvivorPool(t.ctx, world.leagueId);
    const entry = await enter(t.ctx, pool.id, ann);

    expect((await pick(ann, entry.id, 2, 'MIA')).statusCode).toBe(200);
    const swapped = await pick(ann, entry.id, 2, 'SF');
    expect(swapped.statusCode).toBe(200);
    expect(await heldPicks(entry.id)).toEqual(['2:SF']);

    const bye = await pick(ann, entry.id, 2, 'NE');
    expect(bye.statusCode).toBe(422);
    expect(bye.json().message).toBe('The NE club have no game in Week 2.');
    // KC played on Thursday; GB kicked off at this very instant.
    for (const started of ['KC', 'GB']) {
      const refused = await pick(ann, entry.id, 2, started);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        `${started} club's game has already started, so this pick is locked.`,
      );
    }
    // The same pick again is a repeat, answered as the first one.
    expect((await pick(ann, entry.id, 2, 'SF')).statusCode).toBe(200);
    expect(await heldPicks(entry.id)).toEqual(['2:SF']);
  });

  it('refuses a team used in an earlier week, and a swap of a pick whose game kicked off', async () => {
    const pool = await buildNflSurvivorPool(t.ctx, world.leagueId);
    const entry = await enter(t.ctx, pool.id, ann);
    expect((await pick(ann, entry.id, 2, 'SF')).statusCode).toBe(200);
    const used = await pick(ann, entry.id, 3, 'SF');
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe(
      'You already used the SF club in Week 2. A team can be picked once per season.',
    );

    const other = await enter(t.ctx, pool.id, bob);
    await buildPick(t.ctx, { entryId: other.id, week: 2, pickId: 'KC' });
    const locked = await pick(bob, other.id, 2, 'MIA');
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(
      'Your Week 2 pick has kicked off: it is locked and cannot be swapped.',
    );
  });

  it('takes k teams in a multi-pick week and no more', async () => {
    const pool = await buildNflSurvivorPool(t.ctx, world.leagueId, { picksPerWeek: { '2': 2 } });
    const entry = await enter(t.ctx, pool.id, ann);
    expect((await pick(ann, entry.id, 2, 'SF')).statusCode).toBe(200);
    expect((await pick(ann, entry.id, 2, 'MIA')).statusCode).toBe(200);
    const third = await pick(ann, entry.id, 2, 'DAL');
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe(
      'You have already made the maximum of 2 selection(s) for Week 2. Please cancel one of your picks to select a different team.',
    );
    expect(await heldPicks(entry.id)).toEqual(['2:SF', '2:MIA']);
  });

  it('refuses every pick once the week has locked', async () => {
    // Sunday early slate: 10:00 Pacific, this very instant.
    const pool = await buildNflSurvivorPool(t.ctx, world.leagueId, { nflLockTime: 'early_slate' });
    const entry = await enter(t.ctx, pool.id, ann);
    const late = await pick(ann, entry.id, 2, 'SF');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(formatLockedMessage(2));
  });

  it("plans the entry's season of teams, keeping a pick whose game has kicked off", async () => {
    const pool = await buildNflSurvivorPool(t.ctx, world.leagueId);
    const entry = await enter(t.ctx, pool.id, ann);
    await buildPick(t.ctx, { entryId: entry.id, week: 2, pickId: 'KC' });
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/planner/${entry.id}`,
      headers: { cookie: ann.cookie },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const plan = answer.json();
    expect(plan).toMatchObject({ kind: 'teams', from_week: 2, picks_per_week: 1 });
    const week2 = plan.best.weeks.find((week: { week: number }) => week.week === 2);
    expect(week2.picks.map((p: { pick_id: string }) => p.pick_id)).toEqual(['KC']);
  });
});

describe('NFL Survivor pool page', () => {
  it("tells each week's lock by the pool's lock mode, not its deadline", async () => {
    const pool = await buildNflSurvivorPool(t.ctx, world.leagueId);
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/loadPool/nfl/SQUAD/${pool.season}/${pool.poolIdx}/${pool.seasonType}`,
      headers: { cookie: ann.cookie },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const week2 = await t.ctx.db.select({ at: games.startTime }).from(games).where(eq(games.week, 2));
    const lastKickoff = Math.max(...week2.map((game) => game.at.getTime()));
    const { week_locks, deadlines } = answer.json().pool;
    expect(Date.parse(week_locks[1])).toBe(lastKickoff);
    expect(week_locks[1]).not.toBe(deadlines[1]);
  });
});

describe('NFL Survivor odds', () => {
  it("starts the season's ratings from the bundled history, not level", async () => {
    const pool = await buildNflSurvivorPool(t.ctx, world.leagueId);
    const { value } = await computePoolOdds(t.ctx, pool, t.ctx.clock.now());
    const week2 = must(value.weeks[1]);
    const homes = await t.ctx.db.select({ home: games.home }).from(games).where(eq(games.week, 2));
    // Level ratings give every home side the same odds (the home advantage alone).
    const homeOdds = new Set(homes.map(({ home }) => must(week2.get(home)).advance.toFixed(6)));
    expect(homes.length).toBeGreaterThan(1);
    expect(homeOdds.size).toBe(homes.length);
  });
});

describe('NFL Survivor settlement', () => {
  const AFTER_WEEK_2 = new Date('2026-11-24T12:00:00Z');
  const SCORES: Record<string, [number, number]> = {
    'KC-BAL': [27, 20],
    'GB-ATL': [17, 24],
    'SF-DAL': [20, 20],
    'NYJ-MIA': [10, 13],
  };
  const livesOf = async (id: number) => (await t.ctx.db.select().from(entries).where(eq(entries.id, id)))[0];

  it('judges a tie by the pool tie rule, and a multi-pick week as one life at most', async () => {
    const tiesLose = await buildNflSurvivorPool(t.ctx, world.leagueId, { poolIdx: 0 });
    const tiesWin = await buildNflSurvivorPool(t.ctx, world.leagueId, {
      poolIdx: 1,
      tieRule: 'win',
      picksPerWeek: { '2': 2 },
    });
    const lose = await enter(t.ctx, tiesLose.id, ann);
    const win = await enter(t.ctx, tiesWin.id, ann);
    const both = await enter(t.ctx, tiesWin.id, bob);
    await buildPick(t.ctx, { entryId: lose.id, week: 2, pickId: 'SF' });
    await buildPick(t.ctx, { entryId: win.id, week: 2, pickId: 'SF' });
    await buildPick(t.ctx, { entryId: win.id, week: 2, pickId: 'KC' });
    // Two losing teams in one week cost one life.
    await buildPick(t.ctx, { entryId: both.id, week: 2, pickId: 'NYJ' });
    await buildPick(t.ctx, { entryId: both.id, week: 2, pickId: 'GB' });

    const board = async (poolId: number) =>
      (await t.app.inject({ method: 'GET', url: `/api/scoreboard/${poolId}/2` })).json().pick_counts;
    // Before the week's lock nobody sees how the pool picked.
    expect(await board(tiesWin.id)).toBeNull();
    t.clock.set(AFTER_WEEK_2);
    await settleDueWeeks(t.ctx);
    expect(await board(tiesWin.id)).toEqual({ SF: 1, KC: 1, NYJ: 1, GB: 1 });
    await finishWeek(t.ctx, 2, SCORES);
    const run = await settleDueWeeks(t.ctx);
    expect(run.failed).toEqual([]);
    // Every entry starts with 3 lives.
    expect((await livesOf(lose.id)).lives).toBe(2);
    expect((await livesOf(win.id)).lives).toBe(3);
    expect((await livesOf(both.id)).lives).toBe(2);

    // The tie corrected to an SF win: the week is judged again, and the ties-lose entry keeps its life.
    const [tied] = await t.ctx.db
      .select()
      .from(games)
      .where(and(eq(games.home, 'SF'), eq(games.week, 2)));
    await enterResult(t.ctx, world.owner.id, {
      game: 'nfl-td',
      gid: tied.gid,
      score_home: 23,
      score_away: 20,
      status: 'final',
      periods: null,
    });
    const rejudged = await settleDueWeeks(t.ctx);
    expect(rejudged.rejudged.map((week) => week.poolId).sort()).toEqual([tiesLose.id, tiesWin.id].sort());
    expect((await livesOf(lose.id)).lives).toBe(3);
    expect((await livesOf(win.id)).lives).toBe(3);
  });

  it('auto-picks the unused favourite of the games not started at the lock for a missed pick', async () => {
    const pool = await buildNflSurvivorPool(t.ctx, world.leagueId, {
      nflLockTime: 'early_slate',
      autoPick: true,
    });
    const missed = await enter(t.ctx, pool.id, ann);
    const picked = await enter(t.ctx, pool.id, bob);
    await buildPick(t.ctx, { entryId: picked.id, week: 2, pickId: 'MIA' });

    t.clock.set(AFTER_WEEK_2);
    await settleDueWeeks(t.ctx);
    const assigned = await t.ctx.db.select().from(picks).where(eq(picks.entryId, missed.id));
    expect(assigned).toHaveLength(1);
    // Only the Sunday late games were still to start at 10:00 Pacific; level ratings favour the home sides.
    expect(['NYJ', 'SF']).toContain(assigned[0].pickId);
    expect(assigned[0].byInsurance).toBe(true);
    expect(await heldPicks(picked.id)).toEqual(['2:MIA']);
    const [event] = await t.ctx.db
      .select()
      .from(poolEvents)
      .where(and(eq(poolEvents.poolId, pool.id), eq(poolEvents.entryId, missed.id)));
    expect(event.desc).toBe(`ann had no pick for Week 2: auto-pick picked ${assigned[0].pickId}.`);
  });
});

describe('NFL Survivor pools', () => {
  const seedSeason = () =>
    t.ctx.db.insert(seasonParams).values({
      game: 'nfl-td',
      season: 2026,
      start: new Date('2026-11-12T00:00:00Z'),
      end: new Date('2027-01-10T00:00:00Z'),
      deadlines: ['2026-11-26T00:00:00Z', '2026-12-03T00:00:00Z', '2026-12-10T00:00:00Z'],
    });

  it('opens on the NFL season with its own rules, offered beside NFL TD', async () => {
    await seedSeason();
    const options = await t.app.inject({ method: 'GET', url: '/api/poolCreation/options' });
    const games = options.json().seasons.map((season: { game: string }) => season.game);
    expect(games).toEqual(expect.arrayContaining(['nfl-td', 'nfl']));

    const answer = await t.app.inject({
      method: 'POST',
      url: '/leagueRoutes/activatePool',
      headers: { cookie: world.owner.cookie },
      payload: {
        league_id: world.leagueId,
        season: 2026,
        season_type: 'reg',
        settings: { game: 'nfl', tie_rule: 'win', picks_per_week: { '3': 2 }, auto_pick: true },
      },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({ game: 'nfl', name: 'NFL Survivor' });
    const [pool] = await t.ctx.db.select().from(pools).where(eq(pools.game, 'nfl'));
    expect(pool).toMatchObject({
      tieRule: 'win',
      picksPerWeek: { '3': 2 },
      autoPick: true,
      nflLockTime: 'early_slate',
      playersPerWeek: 1,
    });

    const refused = await t.app.inject({
      method: 'POST',
      url: '/leagueRoutes/activatePool',
      headers: { cookie: world.owner.cookie },
      payload: {
        league_id: world.leagueId,
        season: 2026,
        season_type: 'reg',
        settings: { game: 'nba', tie_rule: 'win' },
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(POOL_SETTINGS_MESSAGES.nflOnly);
  });

  it('keeps the tie rule once the pool has started and a locked week its picks asked', async () => {
    const pool = await buildNflSurvivorPool(t.ctx, world.leagueId);
    const save = async (changes: object) => {
      const view = await t.app.inject({
        method: 'GET',
        url: `/admin/poolSettings/${pool.id}`,
        headers: { cookie: world.owner.cookie },
      });
      return t.app.inject({
        method: 'POST',
        url: '/admin/updatePoolSettings',
        headers: { cookie: world.owner.cookie },
        payload: { leagueSeasonId: pool.id, poolSettings: { ...view.json().settings, ...changes } },
      });
    };
    const tie = await save({ tie_rule: 'win' });
    expect(tie.statusCode).toBe(400);
    expect(tie.json().message).toBe(SETTINGS_MESSAGES.nflRulesLocked);
    // Week 2 locks at its last kickoff, still ahead: it may become a double-pick week until then.
    const doubled = await save({ picks_per_week: { '2': 2 } });
    expect(doubled.statusCode, doubled.body).toBe(200);
    t.clock.set(new Date('2026-11-23T12:00:00Z'));
    const locked = await save({ picks_per_week: { '2': 3 } });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().message).toBe(SETTINGS_MESSAGES.multiPicksLocked(2));
    expect((await save({ picks_per_week: { '2': 2, '3': 2 } })).statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(pools).where(eq(pools.id, pool.id));
    expect(row.picksPerWeek).toEqual({ '2': 2, '3': 2 });
  });
});

describe('NFL Survivor on the ESPN feed', () => {
  it("judges the feed's tie by the tie rule (HOU 20-20 IND, NFL 2022 week 1)", () => {
    // The recorded scoreboard caught HOU-IND level late in the game; its final poll said the same score.
    const board = structuredClone(loadFixture('scoreboard_2022_wk1_inprogress.json')) as {
      events: { competitions: { competitors: { team: { abbreviation: string } }[] }[]; status: object }[];
    };
    const tie = must(
      board.events.find((event) =>
        event.competitions[0].competitors.some((side) => side.team.abbreviation === 'HOU'),
      ),
    );
    tie.status = { ...tie.status, type: { name: 'STATUS_FINAL', state: 'post', completed: true } };
    const games = parseEspnScoreboard('nfl-td', board).map((game, id) => ({
      ...game,
      id,
      final: game.status === 'final',
      postponed: game.status === 'postponed',
    }));
    const records = recordWeekTeams(games);
    expect(records.HOU).toEqual([0, 0, 1]);
    expect(records.IND).toEqual([0, 0, 1]);
    expect(judgeNflPick(['HOU'], records, 1, 'loss')).toBe('loss');
    expect(judgeNflPick(['IND'], records, 1, 'win')).toBe('advance');
    // A game still to play that week has no result yet: the week waits for it.
    expect(isWeekComplete(games)).toBe(false);
  });
});
