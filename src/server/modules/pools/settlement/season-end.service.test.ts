import { and, asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { END_RULE_MESSAGES } from '../../../../core/contracts/pools';
import { entries, games, ledger, poolAudits, poolEnds, poolEvents, pools } from '../../../db/schema';
import { buildPick } from '../../../test/factories';
import type { TestApp } from '../../../test/harness';
import type { TestUser } from '../../../test/league-test-world';
import {
  buildMlbPool,
  chargeEntries,
  enter,
  finishWeek,
  type PoolWorld,
  startPoolWorld,
} from '../../../test/pool-test-world';
import { crownPoolEnd } from './season-end.service';
import { settleDueWeeks } from './settle-pool.job';
import { settlePoolWeek } from './settle-week.command';

// The season's end on the server (spec 4, part 2): the settlement pass that judges a deciding week
// crowns an automatic pool once, whatever repeats, a second instance or a crash in between.

let t: TestApp;
let world: PoolWorld;
let players: TestUser[];
const EARLY = new Date('2026-11-10T00:00:00Z');

beforeEach(async () => {
  ({
    t,
    world,
    members: players,
  } = await startPoolWorld({ seasons: ['mlb'], members: ['ann', 'bob', 'cat', 'dan'] }));
});

/** Week 1 finals: NYY 1-1 and HOU 1-1 advance, BOS 0-1 loses, TOR 1-0 advances. */
function finishWeekOne() {
  return finishWeek(t.ctx, 1, { 'NYY-BOS': [5, 3], 'HOU-NYY': [4, 2], 'TOR-HOU': [3, 1] });
}

/** A one-life pool of three entries, charged their buy-ins, with week 1's picks. */
async function onePool(settings: object, picks: Array<string | null>) {
  const pool = await buildMlbPool(t.ctx, world.leagueId, {
    start: EARLY,
    buyin: 1000,
    rebuys: 0,
    rebuyPrice: 0,
    ...settings,
  });
  const made = [];
  for (const [i, pick] of picks.entries()) {
    const entry = await enter(t.ctx, pool.id, players[i], { createdAt: EARLY, lives: 1 });
    if (pick) await buildPick(t.ctx, { entryId: entry.id, week: 1, pickId: pick });
    made.push(entry);
  }
  await chargeEntries(t.ctx, pool.id);
  return { pool, entries: made };
}

async function prizeRows(poolId: number) {
  const rows = await t.ctx.db
    .select({ entryId: ledger.entryId, amount: ledger.amount })
    .from(ledger)
    .where(and(eq(ledger.poolId, poolId), eq(ledger.kind, 'prize')))
    .orderBy(asc(ledger.entryId));
  return rows.map((row) => [row.entryId, row.amount]);
}

async function poolRow(poolId: number) {
  const [row] = await t.ctx.db.select().from(pools).where(eq(pools.id, poolId));
  return row;
}

describe('the end rule on the server', () => {
  it('crowns the last survivor once, whatever passes repeat or run side by side', async () => {
    const { pool, entries: made } = await onePool({ endCrowning: 'automatic' }, ['NYY', 'BOS', null]);
    await settleDueWeeks(t.ctx);
    await finishWeekOne();
    const run = await settleDueWeeks(t.ctx);
    expect(run.settled).toEqual([{ poolId: pool.id, week: 1 }]);
    // Two instances' passes at once and a repeat: nothing more happens.
    await Promise.all([settleDueWeeks(t.ctx), settleDueWeeks(t.ctx)]);
    await settleDueWeeks(t.ctx);
    expect(await crownPoolEnd(t.ctx, pool.id, null)).toBe(false);

    const row = await poolRow(pool.id);
    expect(row.final).toBe(true);
    expect(row.champions).toEqual(['ann']);
    expect(await prizeRows(pool.id)).toEqual([[made[0].id, 3000]]);
    const lives = await t.ctx.db
      .select({ id: entries.id, lives: entries.lives, finalRank: entries.finalRank })
      .from(entries)
      .where(eq(entries.poolId, pool.id))
      .orderBy(asc(entries.id));
    expect(lives.map((entry) => [entry.lives, entry.finalRank])).toEqual([
      [1, 1],
      [0, null],
      [0, null],
    ]);
    const [end] = await t.ctx.db.select().from(poolEnds).where(eq(poolEnds.poolId, pool.id));
    expect(end).toMatchObject({ week: 1, kind: 'last-survivor', reason: 'last survivor after week 1' });
    expect(end.crownedAt).not.toBeNull();
    const news = await t.ctx.db.select().from(poolEvents).where(eq(poolEvents.poolId, pool.id));
    expect(news.filter((event) => event.summary === 'ann is the champion!')).toHaveLength(1);
    const audits = await t.ctx.db.select().from(poolAudits).where(eq(poolAudits.poolId, pool.id));
    expect(audits.map((audit) => [audit.action, audit.userId])).toEqual([
      ['end_rule', null],
      ['champions', null],
    ]);
    // The pool page says why.
    const page = await t.app.inject({
      url: '/api/loadPool/mlb/SQUAD/2023/0/reg',
      headers: { cookie: players[1].cookie },
    });
    expect(page.json().pool).toMatchObject({
      state: 'concluded',
      champions: ['ann'],
      ended: { week: 1, reason: 'last survivor after week 1', champions: 1 },
    });
  });

  it('finishes on the next pass a crowning an instance died before', async () => {
    const { pool } = await onePool({ endCrowning: 'automatic' }, ['NYY', 'BOS', null]);
    await settleDueWeeks(t.ctx);
    await finishWeekOne();
    // The judging committed with its decision; the crowning never ran.
    expect(await settlePoolWeek(t.ctx, await poolRow(pool.id), 1)).toBe(true);
    expect((await poolRow(pool.id)).final).toBe(false);
    await settleDueWeeks(t.ctx);
    expect((await poolRow(pool.id)).final).toBe(true);
    expect(await prizeRows(pool.id)).toHaveLength(1);
  });

  it('splits a wipeout among the entries that went out together, to the cent', async () => {
    const { pool, entries: made } = await onePool({ endCrowning: 'automatic', alaPct: 0.0333 }, [
      'BOS',
      'BOS',
      null,
    ]);
    await settleDueWeeks(t.ctx);
    await finishWeekOne();
    await settleDueWeeks(t.ctx);
    // 3 x $10 less 3.33% is $29.00: 967 + 967 + 966 cents, the odd cents to the first entries.
    expect(await prizeRows(pool.id)).toEqual([
      [made[0].id, 967],
      [made[1].id, 967],
      [made[2].id, 966],
    ]);
    expect((await poolRow(pool.id)).champions).toEqual(['ann', 'bob', 'cat']);
  });

  it('brings a wipeout back with 1 life under the revive rule, and plays on', async () => {
    const { pool } = await onePool({ endCrowning: 'automatic', endWipeout: 'revive' }, ['BOS', 'BOS', null]);
    await settleDueWeeks(t.ctx);
    await finishWeekOne();
    await settleDueWeeks(t.ctx);
    expect((await poolRow(pool.id)).final).toBe(false);
    const lives = await t.ctx.db
      .select({ lives: entries.lives })
      .from(entries)
      .where(eq(entries.poolId, pool.id));
    expect(lives.map((entry) => entry.lives)).toEqual([1, 1, 1]);
    expect(await t.ctx.db.select().from(poolEnds).where(eq(poolEnds.poolId, pool.id))).toEqual([]);
    const news = await t.ctx.db.select().from(poolEvents).where(eq(poolEvents.poolId, pool.id));
    expect(news.map((event) => event.desc)).toContain(
      "Every entry still in lost in Week 1: by the pool's end rule, 3 entries come back with 1 life.",
    );
  });

  it("waits for the commissioner's crowning, which the Desk's button runs once", async () => {
    const { pool } = await onePool({ endCrowning: 'commissioner' }, ['NYY', 'BOS', null]);
    await settleDueWeeks(t.ctx);
    await finishWeekOne();
    await settleDueWeeks(t.ctx);
    expect((await poolRow(pool.id)).final).toBe(false);
    const crown = (cookie: string | undefined) =>
      t.app.inject({
        method: 'POST',
        url: '/admin/crownByEndRule',
        payload: { poolId: pool.id },
        headers: cookie ? { cookie } : {},
      });
    expect((await crown(undefined)).statusCode).toBe(401);
    expect((await crown(players[1].cookie)).statusCode).toBe(403);
    const crowned = await crown(world.owner.cookie);
    expect(crowned.statusCode, crowned.body).toBe(200);
    expect(crowned.json().message).toBe(END_RULE_MESSAGES.crowned('last survivor after week 1'));
    expect((await poolRow(pool.id)).final).toBe(true);
    const again = await crown(world.owner.cookie);
    expect(again.json()).toEqual({ message: END_RULE_MESSAGES.already });
    expect(await prizeRows(pool.id)).toHaveLength(1);
  });

  it('changes an uncrowned verdict when a corrected result changes it, and tells of one after the crowning', async () => {
    const waiting = await onePool({ endCrowning: 'commissioner' }, ['NYY', 'BOS', null]);
    await settleDueWeeks(t.ctx);
    const week = await finishWeekOne();
    await settleDueWeeks(t.ctx);
    const endOf = async (poolId: number) =>
      (await t.ctx.db.select().from(poolEnds).where(eq(poolEnds.poolId, poolId)))[0];
    expect(Buffer.from((await endOf(waiting.pool.id)).championSlots)[0]).toBe(1);

    // The feed corrects BOS@NYY: Boston won 5-3, so NYY went 0-2 and BOS 1-0: bob is the last one in.
    const game = week.find((g) => g.home === 'NYY');
    if (!game) throw new Error('no NYY home game');
    t.clock.set(new Date(t.ctx.clock.now().getTime() + 60_000));
    await t.ctx.db.update(games).set({ homeScore: 3, awayScore: 5 }).where(eq(games.id, game.id));
    const run = await settleDueWeeks(t.ctx);
    expect(run.rejudged).toEqual([{ poolId: waiting.pool.id, week: 1 }]);
    const slots = Buffer.from((await endOf(waiting.pool.id)).championSlots);
    expect([slots[0], slots[1]]).toEqual([0, 1]);
    expect((await endOf(waiting.pool.id)).correctedAt).toBeNull();

    // Crowned, then corrected back: the crowning stands and the decision says a correction came after it.
    await crownPoolEnd(t.ctx, waiting.pool.id, world.owner);
    t.clock.set(new Date(t.ctx.clock.now().getTime() + 60_000));
    await t.ctx.db.update(games).set({ homeScore: 5, awayScore: 3 }).where(eq(games.id, game.id));
    expect((await settleDueWeeks(t.ctx)).rejudged).toEqual([]);
    expect((await endOf(waiting.pool.id)).correctedAt).not.toBeNull();
    expect((await poolRow(waiting.pool.id)).champions).toEqual(['bob']);
  });

  it('refuses the button in words while the rule has not decided', async () => {
    const { pool } = await onePool({ endCrowning: 'commissioner' }, ['NYY', 'NYY', 'TOR']);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/admin/crownByEndRule',
      payload: { poolId: pool.id },
      headers: { cookie: world.owner.cookie },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(END_RULE_MESSAGES.notDecided);
  });
});
