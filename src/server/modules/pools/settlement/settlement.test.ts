import { and, asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDefaultBonusOptions } from '../../../../core/bonus';
import { FEED_EVENT_TYPES, type FeedEvent } from '../../../../core/contracts/pools';
import {
  bonusEvents,
  entries,
  gameFacts,
  games,
  ledger,
  picks,
  poolEvents,
  poolWeeks,
} from '../../../db/schema';
import { buildPick, listEntryWeeks } from '../../../test/factories';
import type { TestApp } from '../../../test/harness';
import type { TestUser } from '../../../test/league-test-world';
import {
  buildMlbPool,
  enter,
  finishWeek,
  NOW,
  type PoolWorld,
  startPoolWorld,
} from '../../../test/pool-test-world';
import { settleDueWeeks } from './settle-pool.job';
import { SETTLEMENT_EVENT_TYPES } from './settlement-events';

let t: TestApp;
let world: PoolWorld;
let players: TestUser[];
const EARLY = new Date('2026-11-10T00:00:00Z');

beforeEach(async () => {
  ({
    t,
    world,
    members: players,
  } = await startPoolWorld({
    seasons: ['mlb'],
    members: ['ann', 'bob', 'cat', 'dan', 'eve'],
  }));
});

/** Week 1 finals: BOS@NYY 3-5, NYY@HOU 2-4, HOU@TOR 1-3, so NYY 1-1, HOU 1-1, BOS 0-1, TOR 1-0. */
function finishWeekOne() {
  return finishWeek(t.ctx, 1, { 'NYY-BOS': [5, 3], 'HOU-NYY': [4, 2], 'TOR-HOU': [3, 1] });
}

/** The pool's feed as a member sees it: all, pool, mine or bonus. */
async function feedOf(poolId: number, filter: string, viewer: TestUser): Promise<FeedEvent[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/feed/${world.leagueId}/${poolId}/${filter}`,
    headers: { cookie: viewer.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().events;
}

/**
 * The Pool Health Report's counts a judged week kept (by lives), checked against a count of the week's
 * judged rows: entries alive after it, with a life or more and not eliminated.
 */
async function keptHealth(poolId: number, week: number): Promise<Record<string, number> | null> {
  const [kept] = await t.ctx.db
    .select({ health: poolWeeks.health })
    .from(poolWeeks)
    .where(and(eq(poolWeeks.poolId, poolId), eq(poolWeeks.week, week)));
  const rows = await listEntryWeeks(t.ctx, { poolId, week });
  const counted: Record<string, number> = {};
  for (const { lives, status } of rows) {
    if (lives !== null && lives > 0 && status !== 'eliminated') counted[lives] = (counted[lives] ?? 0) + 1;
  }
  expect(kept.health).toEqual(counted);
  return kept.health;
}

async function entryRow(id: number) {
  const [row] = await t.ctx.db.select().from(entries).where(eq(entries.id, id));
  return row;
}

describe('settlement of a week', () => {
  it('locks a passed week, waits for its finals, then judges lives, rebuys and insurance once', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId, {
      start: EARLY,
      buyin: 5000,
      rebuys: 2,
      rebuyPrice: 2500,
      insuranceOption: 1,
      insurance: 1000,
    });
    const [ann, bob, cat, dan, eve] = players;
    const a = await enter(t.ctx, pool.id, ann, { createdAt: EARLY });
    const b = await enter(t.ctx, pool.id, bob, { createdAt: EARLY });
    const c = await enter(t.ctx, pool.id, cat, { createdAt: EARLY, autoRebuy: true });
    const d = await enter(t.ctx, pool.id, dan, { createdAt: EARLY, insurancePurchased: true });
    const e = await enter(t.ctx, pool.id, eve, { createdAt: EARLY });
    // A late sign-up after week 1 locked plays from week 2 on.
    const late = await enter(t.ctx, pool.id, world.owner);
    await buildPick(t.ctx, { entryId: a.id, week: 1, pickId: 'NYY' });
    await buildPick(t.ctx, { entryId: b.id, week: 1, pickId: 'BOS' });
    await buildPick(t.ctx, { entryId: e.id, week: 1, pickId: 'NYY' });

    const first = await settleDueWeeks(t.ctx);
    expect(first).toEqual({
      locked: [{ poolId: pool.id, week: 1 }],
      settled: [],
      rejudged: [],
      failed: [],
    });
    const assigned = await t.ctx.db.select().from(picks).where(eq(picks.entryId, d.id));
    expect(assigned.map((p) => [p.week, p.pickId, p.byInsurance])).toEqual([[1, 'NYY', true]]);
    const locked = await listEntryWeeks(t.ctx, { poolId: pool.id });
    expect(locked.map((row) => row.entryId).sort()).toEqual([a.id, b.id, c.id, d.id, e.id].sort());
    expect(locked.every((row) => row.result === null)).toBe(true);

    // Not final yet: nobody is judged on partial results.
    expect((await settleDueWeeks(t.ctx)).settled).toEqual([]);

    await finishWeekOne();
    const second = await settleDueWeeks(t.ctx);
    expect(second.settled).toEqual([{ poolId: pool.id, week: 1 }]);
    expect((await settleDueWeeks(t.ctx)).settled).toEqual([]);

    const state = async (id: number) => {
      const row = await entryRow(id);
      return {
        lives: row.lives,
        rebuys: row.rebuysMade,
        needsRebuy: row.needsRebuy,
        weeksAlive: row.weeksAlive,
      };
    };
    expect(await state(a.id)).toEqual({ lives: 3, rebuys: 0, needsRebuy: false, weeksAlive: 1 });
    expect(await state(b.id)).toEqual({ lives: 2, rebuys: 0, needsRebuy: true, weeksAlive: 1 });
    expect(await state(c.id)).toEqual({ lives: 2, rebuys: 1, needsRebuy: false, weeksAlive: 1 });
    expect(await state(d.id)).toEqual({ lives: 3, rebuys: 0, needsRebuy: false, weeksAlive: 1 });
    expect(await state(late.id)).toEqual({ lives: 3, rebuys: 0, needsRebuy: false, weeksAlive: 0 });

    const results = await listEntryWeeks(t.ctx, { poolId: pool.id });
    expect(Object.fromEntries(results.map((r) => [r.entryId, [r.result, r.status]]))).toEqual({
      [a.id]: ['advance', 'alive'],
      [b.id]: ['loss', 'needs-rebuy'],
      [c.id]: ['no-pick', 'alive'],
      [d.id]: ['advance', 'alive'],
      [e.id]: ['advance', 'alive'],
    });
    // The auto-rebuy is charged once, in the ledger; settling again adds nothing.
    const money = await t.ctx.db.select().from(ledger).where(eq(ledger.poolId, pool.id));
    expect(money.map((row) => [row.entryId, row.kind, row.amount, row.week])).toEqual([
      [c.id, 'rebuy', -2500, 1],
    ]);
    const stored = await t.ctx.db.select().from(poolEvents).where(eq(poolEvents.poolId, pool.id));
    expect(stored.map((row) => row.summary)).toEqual(['Insurance pick']);
    // What the week did to bob is news, read from the judged week, after the lock's news.
    expect((await feedOf(pool.id, 'all', ann)).map((event) => [event.summary, event.desc])).toEqual([
      ['Rebuy needed', 'bob lost a life in Week 1 and must rebuy before Week 2 locks.'],
      ['Insurance pick', expect.any(String)],
    ]);
    expect(await feedOf(pool.id, 'mine', ann)).toEqual([]);
  });

  it('dates the news of a week judged late when it happened in the season, and of one judged on time now', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId, {
      start: EARLY,
      rebuys: 1,
      insuranceOption: 1,
      insurance: 1000,
    });
    const [ann, bob, cat] = players;
    const a = await enter(t.ctx, pool.id, ann, { createdAt: EARLY });
    const b = await enter(t.ctx, pool.id, bob, { createdAt: EARLY });
    await enter(t.ctx, pool.id, cat, { createdAt: EARLY, insurancePurchased: true });
    await buildPick(t.ctx, { entryId: a.id, week: 1, pickId: 'NYY' });
    await buildPick(t.ctx, { entryId: b.id, week: 1, pickId: 'BOS' });
    await finishWeekOne();
    // Week 1 locked at 2026-11-16T00:00Z and its last game started at 02:00Z; NOW is six days on.
    expect((await settleDueWeeks(t.ctx)).settled).toEqual([{ poolId: pool.id, week: 1 }]);
    const [weekOne] = await t.ctx.db
      .select({ settledAt: poolWeeks.settledAt })
      .from(poolWeeks)
      .where(and(eq(poolWeeks.poolId, pool.id), eq(poolWeeks.week, 1)));
    expect(weekOne.settledAt?.toISOString()).toBe('2026-11-16T06:00:00.000Z');
    const feed = await feedOf(pool.id, 'all', ann);
    const dated = (text: string) => feed.find((event) => event.desc.includes(text))?.submitted_at;
    expect(dated('insurance picked')).toBe('2026-11-16T00:00:00.000Z');
    expect(dated('bob')).toBe('2026-11-16T06:00:00.000Z');
    expect(feed.every((event) => event.submitted_at < NOW.toISOString())).toBe(true);

    // Judged an hour after its last game started (before the usual length ran out): dated now.
    await finishWeek(t.ctx, 2, { 'NYY-BOS': [1, 2], 'HOU-NYY': [3, 2] });
    const judged = new Date('2026-11-23T02:00:00Z');
    t.clock.set(judged);
    expect((await settleDueWeeks(t.ctx)).settled).toEqual([{ poolId: pool.id, week: 2 }]);
    const [weekTwo] = await t.ctx.db
      .select({ settledAt: poolWeeks.settledAt })
      .from(poolWeeks)
      .where(and(eq(poolWeeks.poolId, pool.id), eq(poolWeeks.week, 2)));
    expect(weekTwo.settledAt?.toISOString()).toBe(judged.toISOString());
  });

  it("judges a locked week from the state it locked with, with the commissioner's changes of lives made while it was in play", async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId, { start: EARLY, rebuys: 2, rebuyPrice: 2500 });
    const a = await enter(t.ctx, pool.id, players[0], { createdAt: EARLY });
    const b = await enter(t.ctx, pool.id, players[1], { createdAt: EARLY });
    const c = await enter(t.ctx, pool.id, players[2], { createdAt: EARLY });
    await buildPick(t.ctx, { entryId: a.id, week: 1, pickId: 'BOS' });
    await buildPick(t.ctx, { entryId: b.id, week: 1, pickId: 'BOS' });
    await buildPick(t.ctx, { entryId: c.id, week: 1, pickId: 'NYY' });
    expect((await settleDueWeeks(t.ctx)).locked).toEqual([{ poolId: pool.id, week: 1 }]);
    const editLives = async (entryId: number, oldLives: number, newLives: number) => {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/admin/editUserLives',
        headers: { cookie: world.owner.cookie },
        payload: {
          userSeasonId: entryId,
          lifeAction: newLives > oldLives ? 'increase' : 'decrease',
          actionDesc: 'Ruling.',
          oldLives,
          newLives,
        },
      });
      expect(answer.statusCode, answer.body).toBe(200);
    };
    // While week 1 is in play: ann gets a fourth life, bob is put out.
    await editLives(a.id, 3, 4);
    await editLives(b.id, 3, 0);
    // A change made straight in the table (not through the Commish's tools) is not what judging reads.
    await t.ctx.db.update(entries).set({ weeksAlive: 9 }).where(eq(entries.id, c.id));
    await finishWeekOne();
    expect((await settleDueWeeks(t.ctx)).settled).toEqual([{ poolId: pool.id, week: 1 }]);

    expect(await entryRow(a.id)).toMatchObject({ lives: 3, needsRebuy: true, weeksAlive: 1 });
    expect(await entryRow(b.id)).toMatchObject({ lives: 0, needsRebuy: false, weeksAlive: 0 });
    expect(await entryRow(c.id)).toMatchObject({ lives: 3, needsRebuy: false, weeksAlive: 1 });
    const judged = await listEntryWeeks(t.ctx, { poolId: pool.id });
    expect(judged.map((row) => [row.entryId, row.livesBefore, row.result, row.lives])).toEqual([
      [a.id, 4, 'loss', 3],
      [b.id, 0, null, null],
      [c.id, 3, 'advance', 3],
    ]);
  });

  it('eliminates at the next lock an entry that did not rebuy, and never settles a week before the one ahead of it', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId, { start: EARLY, rebuys: 1 });
    const b = await enter(t.ctx, pool.id, players[1], { createdAt: EARLY, lives: 2 });
    await buildPick(t.ctx, { entryId: b.id, week: 1, pickId: 'BOS' });
    await finishWeekOne();
    await settleDueWeeks(t.ctx);
    expect((await entryRow(b.id)).needsRebuy).toBe(true);

    // Week 2 locks at 2026-11-23T00:00Z; its games end final too.
    t.clock.set(new Date('2026-11-24T12:00:00Z'));
    await t.ctx.db.update(games).set({ homeScore: 2, awayScore: 1, final: true }).where(eq(games.week, 2));
    const run = await settleDueWeeks(t.ctx);
    expect(run.settled).toEqual([{ poolId: pool.id, week: 2 }]);
    const row = await entryRow(b.id);
    expect({ lives: row.lives, needsRebuy: row.needsRebuy }).toEqual({ lives: 0, needsRebuy: false });
    const [week2] = await listEntryWeeks(t.ctx, { poolId: pool.id, entryId: b.id, week: 2 });
    expect([week2.result, week2.status]).toEqual(['no-rebuy', 'eliminated']);
    // The later week's news first.
    expect((await feedOf(pool.id, 'mine', players[1])).map((event) => [event.type, event.desc])).toEqual([
      [FEED_EVENT_TYPES.eliminated, 'bob was eliminated in Week 2.'],
      [FEED_EVENT_TYPES.needsRebuy, 'bob lost a life in Week 1 and must rebuy before Week 2 locks.'],
    ]);
  });

  it("pays a bonus from the week's bonus pool: the winners get the prize, the others share it to the cent", async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId, {
      start: EARLY,
      bonusActive: true,
      bonusShutdown: 0,
      bonusOptions: getDefaultBonusOptions('mlb'),
    });
    const [ann, bob, cat, dan] = players;
    const a = await enter(t.ctx, pool.id, ann, { createdAt: EARLY, bonus: true });
    const b = await enter(t.ctx, pool.id, bob, { createdAt: EARLY, bonus: true });
    const c = await enter(t.ctx, pool.id, cat, { createdAt: EARLY, bonus: true });
    const d = await enter(t.ctx, pool.id, dan, { createdAt: EARLY, bonus: false });
    await buildPick(t.ctx, { entryId: a.id, week: 1, pickId: 'NYY' });
    await buildPick(t.ctx, { entryId: b.id, week: 1, pickId: 'HOU' });
    await buildPick(t.ctx, { entryId: c.id, week: 1, pickId: 'TOR' });
    await buildPick(t.ctx, { entryId: d.id, week: 1, pickId: 'NYY' });
    const week = await finishWeekOne();
    // NYY scored 15 runs at home against BOS (a 15+ RUNS bonus, $30 by default).
    const nyyHome = week.find((g) => g.home === 'NYY');
    if (!nyyHome) throw new Error('no NYY home game');
    await t.ctx.db.update(games).set({ homeScore: 15, awayScore: 3 }).where(eq(games.id, nyyHome.id));
    await t.ctx.db.insert(gameFacts).values({
      gameId: nyyHome.id,
      source: 'test',
      facts: {
        gid: nyyHome.gid,
        start: nyyHome.startTime.toISOString(),
        status: 'final',
        home: { team_abb: 'NYY', runs: 15, hits: 18, baserunners: 22 },
        away: { team_abb: 'BOS', runs: 3, hits: 7, baserunners: 10 },
        innings: 9,
      },
    });

    await settleDueWeeks(t.ctx);
    const events = await t.ctx.db.select().from(bonusEvents).where(eq(bonusEvents.poolId, pool.id));
    expect(events.map((e) => [e.bonusName, e.teamAbb, e.prize, e.total, e.winners])).toEqual([
      ['15+ RUNS', 'NYY', 3000, 3000, [a.id]],
    ]);
    const rows = await t.ctx.db.select().from(ledger).where(eq(ledger.bonusEventId, events[0].id));
    expect(rows.map((r) => [r.entryId, r.amount])).toEqual([
      [a.id, 3000],
      [b.id, -1500],
      [c.id, -1500],
    ]);
    expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBe(0);
    const news = await t.ctx.db
      .select()
      .from(poolEvents)
      .where(and(eq(poolEvents.poolId, pool.id), eq(poolEvents.type, SETTLEMENT_EVENT_TYPES.bonus)));
    expect(news.map((row) => row.desc)).toEqual([expect.stringMatching(/\. Week 1 bonus won by ann\.$/)]);
    const [settled] = await t.ctx.db.select().from(poolWeeks).where(eq(poolWeeks.poolId, pool.id));
    expect(settled.bonusRunning).toBe(true);

    // A corrected line score (14 runs, no bonus) voids the bonus: its rows are reversed, nothing is edited.
    t.clock.set(new Date(NOW.getTime() + 60_000));
    await t.ctx.db
      .update(gameFacts)
      .set({
        facts: {
          gid: nyyHome.gid,
          start: nyyHome.startTime.toISOString(),
          status: 'final',
          home: { team_abb: 'NYY', runs: 14, hits: 18, baserunners: 22 },
          away: { team_abb: 'BOS', runs: 3, hits: 7, baserunners: 10 },
          innings: 9,
        },
      })
      .where(eq(gameFacts.gameId, nyyHome.id));
    await settleDueWeeks(t.ctx);
    const [voided] = await t.ctx.db.select().from(bonusEvents).where(eq(bonusEvents.poolId, pool.id));
    expect(voided.voidedAt).not.toBeNull();
    const after = await t.ctx.db.select().from(ledger).where(eq(ledger.bonusEventId, events[0].id));
    expect(after).toHaveLength(6);
    for (const id of [a.id, b.id, c.id]) {
      expect(after.filter((r) => r.entryId === id).reduce((sum, r) => sum + r.amount, 0)).toBe(0);
    }
  });

  it("judges a pool's entries by id, among other pools' entries, whether their ids lie close or far apart", async () => {
    // Close ids travel to the database as one byte string indexed by id, far ones as a list: both are
    // judged, and an entry of another pool between them is left alone.
    const pool = await buildMlbPool(t.ctx, world.leagueId, { start: EARLY, rebuys: 1 });
    const other = await buildMlbPool(t.ctx, world.leagueId, { start: EARLY, rebuys: 1, poolIdx: 1 });
    const [ann, bob, cat] = players;
    const a = await enter(t.ctx, pool.id, ann, { createdAt: EARLY, lives: 2 });
    const between = await enter(t.ctx, other.id, bob, { createdAt: EARLY, lives: 0 });
    const b = await enter(t.ctx, pool.id, bob, { createdAt: EARLY, lives: 2 });
    await buildPick(t.ctx, { entryId: a.id, week: 1, pickId: 'NYY' });
    await buildPick(t.ctx, { entryId: b.id, week: 1, pickId: 'BOS' });
    const far = await buildMlbPool(t.ctx, world.leagueId, { start: EARLY, rebuys: 1, poolIdx: 2 });
    const near = await enter(t.ctx, far.id, ann, { createdAt: EARLY, lives: 2 });
    const away = await enter(t.ctx, far.id, cat, { createdAt: EARLY, lives: 2, id: near.id + 1_000_000 });
    await buildPick(t.ctx, { entryId: near.id, week: 1, pickId: 'BOS' });
    await buildPick(t.ctx, { entryId: away.id, week: 1, pickId: 'NYY' });
    await finishWeekOne();

    expect((await settleDueWeeks(t.ctx)).settled).toEqual([
      { poolId: pool.id, week: 1 },
      { poolId: other.id, week: 1 },
      { poolId: far.id, week: 1 },
    ]);
    const state = async (id: number) => {
      const row = await entryRow(id);
      return [row.lives, row.needsRebuy, row.weeksAlive];
    };
    expect(await state(a.id)).toEqual([2, false, 1]);
    expect(await state(b.id)).toEqual([1, true, 1]);
    expect(await state(between.id)).toEqual([0, false, 0]);
    expect(await state(near.id)).toEqual([1, true, 1]);
    expect(await state(away.id)).toEqual([2, false, 1]);
    const judged = await listEntryWeeks(t.ctx);
    expect(judged.map((row) => [row.entryId, row.result, row.lives])).toEqual([
      [a.id, 'advance', 2],
      [b.id, 'loss', 1],
      [near.id, 'loss', 1],
      [away.id, 'advance', 2],
    ]);
  });

  it('re-judges a settled week when a result is corrected, with compensating ledger rows and no silent edits', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId, { start: EARLY, rebuys: 2, rebuyPrice: 2500 });
    const [ann, bob, cat] = players;
    const a = await enter(t.ctx, pool.id, ann, { createdAt: EARLY });
    const b = await enter(t.ctx, pool.id, bob, { createdAt: EARLY });
    const c = await enter(t.ctx, pool.id, cat, { createdAt: EARLY, autoRebuy: true });
    await buildPick(t.ctx, { entryId: a.id, week: 1, pickId: 'NYY' });
    await buildPick(t.ctx, { entryId: b.id, week: 1, pickId: 'BOS' });
    await buildPick(t.ctx, { entryId: c.id, week: 1, pickId: 'NYY' });
    const week = await finishWeekOne();
    await settleDueWeeks(t.ctx);
    expect((await entryRow(b.id)).needsRebuy).toBe(true);
    expect(await keptHealth(pool.id, 1)).toEqual({ 3: 2, 2: 1 });

    // The feed corrects BOS@NYY: Boston won 5-3, so NYY went 0-2 and BOS 1-0.
    const game = week.find((g) => g.home === 'NYY');
    if (!game) throw new Error('no NYY home game');
    t.clock.set(new Date(NOW.getTime() + 60_000));
    const correct = (home: number, away: number) =>
      t.ctx.db.update(games).set({ homeScore: home, awayScore: away }).where(eq(games.id, game.id));
    await correct(3, 5);
    const run = await settleDueWeeks(t.ctx);
    expect(run.rejudged).toEqual([{ poolId: pool.id, week: 1 }]);
    const state = async (id: number) => {
      const row = await entryRow(id);
      return [row.lives, row.rebuysMade, row.needsRebuy];
    };
    expect(await state(a.id)).toEqual([2, 0, true]);
    expect(await state(b.id)).toEqual([3, 0, false]);
    expect(await state(c.id)).toEqual([2, 1, false]);
    // So do the Pool Health Report's counts of the week.
    expect(await keptHealth(pool.id, 1)).toEqual({ 2: 2, 3: 1 });
    // The week's news follow its new judgement.
    expect((await feedOf(pool.id, 'pool', ann)).map((event) => event.desc).slice(0, 1)).toEqual([
      'ann lost a life in Week 1 and must rebuy before Week 2 locks.',
    ]);
    expect(await feedOf(pool.id, 'mine', bob)).toEqual([]);
    // Nothing to do until the next correction.
    expect((await settleDueWeeks(t.ctx)).rejudged).toEqual([]);

    // Corrected back: the auto-rebuy charged by the first correction is refunded by a new row.
    t.clock.set(new Date(NOW.getTime() + 120_000));
    await correct(5, 3);
    await settleDueWeeks(t.ctx);
    expect(await state(c.id)).toEqual([3, 0, false]);
    expect(await keptHealth(pool.id, 1)).toEqual({ 3: 2, 2: 1 });
    const rows = await t.ctx.db.select().from(ledger).where(eq(ledger.entryId, c.id)).orderBy(asc(ledger.id));
    expect(rows.map((row) => row.amount)).toEqual([-2500, 2500]);
    const feed = await t.ctx.db.select().from(poolEvents).where(eq(poolEvents.poolId, pool.id));
    expect(feed.filter((row) => row.summary === 'Results corrected')).toHaveLength(2);
  });
});
