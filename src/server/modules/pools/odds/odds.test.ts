import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ODDS_MESSAGES,
  type OddsResponse,
  OddsResponseSchema,
  type PlannerResponse,
  PlannerResponseSchema,
} from '../../../../core/contracts/pools';
import { ELO_PARAMS, winProbabilityOfGap } from '../../../../core/odds';
import { games, nflPlayerWeekStats } from '../../../db/schema';
import { buildPick } from '../../../test/factories';
import type { TestApp } from '../../../test/harness';
import type { TestUser } from '../../../test/league-test-world';
import {
  buildMlbPool,
  buildNflPool,
  enter,
  finishWeek,
  NOW,
  startPoolWorld,
} from '../../../test/pool-test-world';
import { notifyPoolChanged } from '../live/notify';

/*
 * The test season (pool-test-world.ts): week 1 has locked, weeks 2 and 3 are open. Weeks 2 and 3 have
 * NYY-BOS and HOU-NYY; TOR plays only in week 1. No result is in yet, so every team is rated level and
 * a game's odds are the home advantage's alone.
 */
let t: TestApp;
let leagueId: number;
let ann: TestUser;
let bob: TestUser;
let cat: TestUser;

beforeAll(async () => {
  const started = await startPoolWorld({ members: ['ann', 'bob', 'cat'], seasons: ['mlb', 'nfl'] });
  t = started.t;
  leagueId = started.world.leagueId;
  [ann, bob, cat] = started.members;
});

/** Week 2's lines: McCaffrey 2 rushing touchdowns, Jacobs 1, Love 3 passing; the others none. */
async function seedNflLines() {
  const line = (playerId: string, stats: object) => ({ playerId, season: 2023, week: 2, ...stats });
  await t.ctx.db
    .insert(nflPlayerWeekStats)
    .values([
      line('sf1', { rushTd: 2 }),
      line('gb2', { rushTd: 1 }),
      line('gb1', { passTd: 3 }),
      line('gb3', {}),
      line('sf2', {}),
    ])
    .onConflictDoNothing();
}

async function get(url: string, user?: TestUser) {
  const response = await t.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });
  return { status: response.statusCode, body: response.json() };
}

async function oddsOf(poolId: number, week: number, user?: TestUser): Promise<OddsResponse> {
  const { status, body } = await get(`/api/odds/${poolId}?week=${week}`, user);
  expect(status).toBe(200);
  return OddsResponseSchema.parse(body);
}

function makePick(user: TestUser, entryId: number, week: number, id: string) {
  return t.app.inject({
    method: 'POST',
    url: '/user/makeUserPick',
    headers: { cookie: user.cookie },
    payload: { userSeasonId: entryId, week, selectedPlayer: { id, name: id }, action: 'confirm' },
  });
}

async function planOf(entryId: number, user: TestUser): Promise<PlannerResponse> {
  const { status, body } = await get(`/api/planner/${entryId}`, user);
  expect({ status, body }).toMatchObject({ status: 200 });
  return PlannerResponseSchema.parse(body);
}

let poolIdx = 0;
/** Pools of the one league need their own index. */
const mlbPool = (values: object = {}) => buildMlbPool(t.ctx, leagueId, { poolIdx: poolIdx++, ...values });
const nflPool = (values: object = {}) => buildNflPool(t.ctx, leagueId, { poolIdx: poolIdx++, ...values });

const home = winProbabilityOfGap(ELO_PARAMS.mlb.homeAdvantage);

describe('GET /api/odds/:poolId', () => {
  it("gives each team's exact week odds and future value, to a visitor too", async () => {
    const pool = await mlbPool();
    const odds = await oddsOf(pool.id, 2);
    expect(odds).toMatchObject({ week: 2, week_count: 3, kind: 'teams', locked: false, total: 3 });
    const byTeam = new Map(odds.rows.map((row) => [row.pick_id, row]));
    // NYY: home to BOS, away at HOU; advances unless it loses both.
    const nyy = 1 - (1 - home) * home;
    expect(byTeam.get('NYY')?.advance).toBeCloseTo(nyy, 12);
    expect(byTeam.get('NYY')).toMatchObject({ name: 'New York Yankees', games: 2, moon: 0, position: null });
    expect(byTeam.get('BOS')?.survival).toBeCloseTo(1 - home, 12);
    expect(byTeam.get('HOU')?.survival).toBeCloseTo(home, 12);
    // Week 3 is the same schedule: a team's future value is its week-3 odds.
    expect(byTeam.get('NYY')?.future_value).toBeCloseTo(nyy, 12);
    // Best first.
    expect(odds.rows.map((row) => row.pick_id)).toEqual(['NYY', 'HOU', 'BOS']);
    // Week 1's TOR plays no later week: no future value.
    const week1 = await oddsOf(pool.id, 1);
    expect(week1.locked).toBe(true);
    expect(week1.rows.find((row) => row.pick_id === 'TOR')?.future_value).toBe(0);
  });

  it('keeps the odds until the pool hears its results changed', async () => {
    const pool = await mlbPool();
    const before = await oddsOf(pool.id, 2);
    // Week 1's results are written (more than 6 hours after its games started) without a live update.
    await finishWeek(t.ctx, 1, { 'NYY-BOS': [9, 1], 'HOU-NYY': [0, 8], 'TOR-HOU': [5, 4] });
    expect(await oddsOf(pool.id, 2)).toEqual(before);
    notifyPoolChanged(t.ctx, pool.id, 'scores');
    const after = await oddsOf(pool.id, 2);
    const nyy = (o: OddsResponse) => o.rows.find((row) => row.pick_id === 'NYY')?.survival ?? 0;
    expect(nyy(after)).toBeGreaterThan(nyy(before));
    // A locked week keeps the odds it locked with: week 1's results came after its deadline.
    expect((await oddsOf(pool.id, 1)).rows.find((row) => row.pick_id === 'NYY')?.survival).toBeCloseTo(
      1 - (1 - home) * home,
      12,
    );
  });

  it('follows a result once it becomes known to the model, with no request recomputing before', async () => {
    const pool = await mlbPool();
    // Week 2's games (starting 2026-11-23T01:00Z) end before the test clock moves: their results are
    // known to the model 6 hours after they started.
    const mlbWeek2 = and(eq(games.game, 'mlb'), eq(games.week, 2));
    // NYY loses both, 0-9.
    await t.ctx.db
      .update(games)
      .set({
        homeScore: sql`case when ${games.home} = 'NYY' then 0 else 9 end`,
        awayScore: sql`case when ${games.away} = 'NYY' then 0 else 9 end`,
        final: true,
        status: 'final',
      })
      .where(mlbWeek2);
    notifyPoolChanged(t.ctx, pool.id, 'scores');
    const before = await oddsOf(pool.id, 3);
    try {
      t.clock.set(new Date('2026-11-23T06:59:00Z'));
      // Week 2 has locked meanwhile (its popularity shows now); the odds are those kept.
      expect((await oddsOf(pool.id, 3)).rows).toEqual(before.rows);
      t.clock.set(new Date('2026-11-23T07:01:00Z'));
      const after = await oddsOf(pool.id, 3);
      const nyy = (o: OddsResponse) => o.rows.find((row) => row.pick_id === 'NYY')?.survival ?? 0;
      expect(nyy(after)).toBeLessThan(nyy(before));
    } finally {
      t.clock.set(NOW);
      await t.ctx.db
        .update(games)
        .set({ homeScore: null, awayScore: null, final: false, status: 'scheduled' })
        .where(mlbWeek2);
      notifyPoolChanged(t.ctx, pool.id, 'scores');
    }
  });

  it('counts the shoot-the-moon chance only in a pool that shoots the moon', async () => {
    const moonPool = await mlbPool({ shootMoon: true });
    const odds = await oddsOf(moonPool.id, 2);
    expect(odds.shoot_moon).toBe(true);
    // Two games a week: no moon is possible (it takes 6 losses), so survival is the advance.
    for (const row of odds.rows) expect(row.survival).toBe(row.advance);
  });

  it('gives the popularity of locked weeks only, never of an open one', async () => {
    const pool = await mlbPool();
    // One at a time: an entry's slot is the pool's next.
    const a = await enter(t.ctx, pool.id, ann);
    const b = await enter(t.ctx, pool.id, bob);
    const c = await enter(t.ctx, pool.id, cat);
    await buildPick(t.ctx, { entryId: a.id, week: 1, pickId: 'NYY' });
    await buildPick(t.ctx, { entryId: b.id, week: 1, pickId: 'NYY' });
    await buildPick(t.ctx, { entryId: c.id, week: 1, pickId: 'TOR' });
    await buildPick(t.ctx, { entryId: a.id, week: 2, pickId: 'HOU' });
    await buildPick(t.ctx, { entryId: b.id, week: 2, pickId: 'HOU' });
    const open = await oddsOf(pool.id, 2, cat);
    expect(open.popularity).toEqual({
      week: 1,
      total: 3,
      rows: [
        { pick_id: 'NYY', count: 2, pct: 67 },
        { pick_id: 'TOR', count: 1, pct: 33 },
      ],
    });
    expect((await oddsOf(pool.id, 1)).popularity?.week).toBe(1);
    // Before any week locks there is nothing to show.
    const fresh = await mlbPool({
      deadlines: ['2026-12-01T00:00:00Z', '2026-12-08T00:00:00Z'],
    });
    expect((await oddsOf(fresh.id, 1)).popularity).toBeNull();
  });

  it('refuses a week the pool does not have, and bad input, with a message', async () => {
    const pool = await mlbPool();
    expect(await get(`/api/odds/${pool.id}?week=4`)).toEqual({
      status: 400,
      body: { message: ODDS_MESSAGES.weekOutOfRange },
    });
    expect((await get(`/api/odds/${pool.id}?week=abc`)).status).toBe(400);
    expect((await get('/api/odds/99999999?week=1')).status).toBe(404);
    // The live week's when none is asked: week 2 is the first open one.
    expect((await get(`/api/odds/${pool.id}`)).body.week).toBe(2);
  });

  it('lists NFL TD players with their chance of a touchdown; a player on a bye is not listed', async () => {
    const pool = await nflPool();
    await seedNflLines();
    const odds = await oddsOf(pool.id, 3);
    expect(odds.kind).toBe('players');
    // Week 3 is GB-SF only.
    expect(new Set(odds.rows.map((row) => row.team_abb))).toEqual(new Set(['GB', 'SF']));
    for (const row of odds.rows) expect(row).toMatchObject({ moon: null, games: null });
    // McCaffrey scored twice in his one game: the likeliest, above the position-only players.
    expect(odds.rows[0]).toMatchObject({ pick_id: 'sf1', name: 'Christian McCaffrey', position: 'RB' });
    expect(odds.rows[0].survival).toBeGreaterThan(odds.rows[1].survival);
    expect(odds.rows.find((row) => row.pick_id === 'gb1')?.position).toBe('QB');
  });
});

describe('GET /api/planner/:entryId', () => {
  it("plans the owner's weeks left with distinct unused teams, beside greedy", async () => {
    const pool = await mlbPool();
    const entry = await enter(t.ctx, pool.id, ann);
    await buildPick(t.ctx, { entryId: entry.id, week: 1, pickId: 'NYY' });
    const plan = await planOf(entry.id, ann);
    expect(plan).toMatchObject({ entry_id: entry.id, kind: 'teams', from_week: 2, used: 1, notice: null });
    const picked = plan.best.weeks.flatMap((w) => w.picks.map((p) => p.pick_id));
    expect(plan.best.weeks.map((w) => w.week)).toEqual([2, 3]);
    expect(picked).not.toContain('NYY');
    expect(new Set(picked).size).toBe(2);
    // HOU and BOS are the only two left: each path holds both, the best in the better order.
    const odds = [await oddsOf(pool.id, 2), await oddsOf(pool.id, 3)];
    const p = (week: number, team: string) =>
      odds[week - 2].rows.find((row) => row.pick_id === team)?.survival ?? Number.NaN;
    const orders = [p(2, 'HOU') * p(3, 'BOS'), p(2, 'BOS') * p(3, 'HOU')];
    expect(plan.best.survival).toBeCloseTo(Math.max(...orders), 12);
    const [first, second] = plan.best.weeks;
    expect(first.probability).toBeCloseTo(p(2, first.picks[0].pick_id), 12);
    expect(plan.best.expected_weeks).toBeCloseTo(
      first.probability + first.probability * second.probability,
      12,
    );
    expect(second.alive).toBeCloseTo(plan.best.survival, 12);
    // Greedy takes week 2's best of the two first.
    const greedyFirst = p(2, 'HOU') >= p(2, 'BOS') ? 'HOU' : 'BOS';
    expect(plan.greedy.weeks[0].picks[0].pick_id).toBe(greedyFirst);
    expect(plan.greedy.survival).toBeLessThanOrEqual(plan.best.survival + 1e-12);
  });

  it("refuses someone else's entry, and a visitor", async () => {
    const pool = await mlbPool();
    const entry = await enter(t.ctx, pool.id, ann);
    expect(await get(`/api/planner/${entry.id}`, bob)).toEqual({
      status: 403,
      body: { message: ODDS_MESSAGES.notYourEntry },
    });
    expect((await get(`/api/planner/${entry.id}`)).status).toBe(401);
    expect(await get('/api/planner/99999999', ann)).toEqual({
      status: 404,
      body: { message: ODDS_MESSAGES.entryNotFound },
    });
  });

  it('says why there is nothing to plan: a finished season, an entry out of lives', async () => {
    const finished = await mlbPool({ final: true });
    const done = await planOf((await enter(t.ctx, finished.id, ann)).id, ann);
    expect(done).toMatchObject({ from_week: null, notice: 'The season has no weeks left to plan.' });
    expect(done.best.weeks).toEqual([]);
    const pool = await mlbPool();
    const out = await planOf((await enter(t.ctx, pool.id, bob, { lives: 0 })).id, bob);
    expect(out).toMatchObject({ notice: 'This entry is out of lives.' });
  });

  it('plans several distinct players a week for an NFL TD pool that picks several', async () => {
    const pool = await nflPool({ playersPerWeek: 2 });
    await seedNflLines();
    const plan = await planOf((await enter(t.ctx, pool.id, cat)).id, cat);
    expect(plan).toMatchObject({ kind: 'players', picks_per_week: 2, from_week: 3 });
    expect(plan.best.weeks).toHaveLength(1);
    const [week3] = plan.best.weeks;
    expect(week3.picks).toHaveLength(2);
    const [p, q] = week3.picks.map((pick) => pick.probability);
    expect(week3.probability).toBeCloseTo(1 - (1 - p) * (1 - q), 12);
  });

  it("holds at most the pool's max players of one NFL team a week, and Make Picks takes the plan (issue 41)", async () => {
    // Week 3 is GB-SF only: with three picks a week and one per team, two places can be filled.
    const pool = await nflPool({ playersPerWeek: 3, maxPlayersPerTeam: 1 });
    await seedNflLines();
    const entry = await enter(t.ctx, pool.id, cat);
    const plan = await planOf(entry.id, cat);
    for (const path of [plan.best, plan.greedy]) {
      const [week3] = path.weeks;
      expect(week3.week).toBe(3);
      expect(week3.picks.map((p) => p.pick_id).sort()).toEqual(
        [week3.picks.find((p) => p.pick_id.startsWith('gb'))?.pick_id, 'sf1'].sort(),
      );
    }
    for (const { pick_id } of plan.best.weeks[0].picks) {
      const made = await makePick(cat, entry.id, 3, pick_id);
      expect(made.statusCode, made.body).toBe(200);
    }
  });

  it('keeps a held pick whose game started, and plans no player whose game started', async () => {
    // Locking at the week's last game, week 2 is still open at NOW: KC-BAL (Thursday) and GB-ATL (now)
    // have started, SF-DAL and NYJ-MIA have not.
    const pool = await nflPool({ playersPerWeek: 2, maxPlayersPerTeam: 1, nflLockTime: 'last_game' });
    await seedNflLines();
    const entry = await enter(t.ctx, pool.id, cat);
    await buildPick(t.ctx, { entryId: entry.id, week: 2, pickId: 'kc1', teamAbb: 'KC' });
    const plan = await planOf(entry.id, cat);
    expect(plan.from_week).toBe(2);
    for (const path of [plan.best, plan.greedy]) {
      const [week2, week3] = path.weeks;
      const picked = week2.picks.map((p) => p.pick_id);
      expect(picked[0]).toBe('kc1');
      expect(picked).toHaveLength(2);
      expect(['sf1', 'sf2', 'dal1', 'nyj1']).toContain(picked[1]);
      expect(week3.picks.map((p) => p.pick_id)).not.toContain('kc1');
    }
    for (const week of plan.best.weeks)
      for (const { pick_id } of week.picks) {
        if (pick_id === 'kc1') continue;
        const made = await makePick(cat, entry.id, week.week, pick_id);
        expect(made.statusCode, made.body).toBe(200);
      }
  });
});
