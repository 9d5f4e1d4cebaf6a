import { asc, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import { entries, type PoolRecord, pools } from '../../../db/schema';
import { buildPick } from '../../../test/factories';
import type { TestApp } from '../../../test/harness';
import type { TestUser } from '../../../test/league-test-world';
import {
  buildMlbPool,
  enter,
  finishWeek,
  type PoolWorld,
  startPoolWorld,
} from '../../../test/pool-test-world';
import { loadPoolWeeks } from '../store/pool-weeks.repo';
import { findLocksDue, lockWeeksTogether } from './lock-together.command';
import { lockPoolWeek, weekLockAt } from './lock-week.command';
import { settleDueWeeks, settleSmallPoolsTogether } from './settle-pool.job';
import { findSettlesDue, settleWeeksTogether } from './settle-together.command';
import { settlePoolWeek } from './settle-week.command';

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
    members: ['ann', 'bob', 'cat', 'dan'],
  }));
});

/**
 * A pool of the four: ann on NYY, bob on BOS, cat without a pick, dan insured without one; its bonus pool
 * shuts down at four entrants left, and a late sign-up after the lock does not play the week.
 */
async function poolOfFour(poolIdx: number): Promise<PoolRecord> {
  const pool = await buildMlbPool(t.ctx, world.leagueId, {
    start: EARLY,
    poolIdx,
    customName: `Pool ${poolIdx}`,
    insuranceOption: 1,
    insurance: 1000,
    rebuys: 2,
    rebuyPrice: 2500,
    bonusActive: true,
    bonusShutdown: 4,
  });
  const [ann, bob, cat, dan] = players;
  const a = await enter(t.ctx, pool.id, ann, { createdAt: EARLY });
  const b = await enter(t.ctx, pool.id, bob, { createdAt: EARLY, autoRebuy: true });
  await enter(t.ctx, pool.id, cat, { createdAt: EARLY, lives: 2 });
  await enter(t.ctx, pool.id, dan, { createdAt: EARLY, insurancePurchased: true });
  await enter(t.ctx, pool.id, world.owner);
  await buildPick(t.ctx, { entryId: a.id, week: 1, pickId: 'NYY' });
  await buildPick(t.ctx, { entryId: b.id, week: 1, pickId: 'BOS' });
  return pool;
}

/** What a pool's lock of week 1 wrote, without the pool's own ids. */
async function lockedWeek(poolId: number) {
  const [week] = rowsOf<Record<string, unknown>>(
    await t.ctx.db.execute(sql`
      select week, alive_at_lock, bonus_running, settled_at, encode(entry_kinds, 'hex') as kinds
      from pool_weeks where pool_id = ${poolId}`),
  );
  const kinds = rowsOf<Record<string, unknown>>(
    await t.ctx.db.execute(sql`
      select week, kind, in_bonus, auto_rebuy, lives_before, rebuys_before, needs_rebuy_before, weeks_alive_before
      from entry_week_kinds where pool_id = ${poolId} order by week, kind`),
  );
  const picks = rowsOf<Record<string, unknown>>(
    await t.ctx.db.execute(sql`
      select u.username, p.week, p.pick_id, p.by_insurance from picks p
      join entries e on e.id = p.entry_id join users u on u.id = e.user_id
      where e.pool_id = ${poolId} order by u.username, p.week`),
  );
  const events = rowsOf<Record<string, unknown>>(
    await t.ctx.db.execute(sql`
      select type, summary, "desc", created_at from pool_events where pool_id = ${poolId} order by id`),
  );
  const [pool] = await t.ctx.db
    .select({ bonusDisabled: pools.bonusDisabled })
    .from(pools)
    .where(eq(pools.id, poolId));
  return { week, kinds, picks, events, bonusDisabled: pool.bonusDisabled };
}

/** What judging a pool's week 1 wrote, without the pool's own ids. */
async function judgedWeek(poolId: number) {
  const locked = await lockedWeek(poolId);
  const [week] = rowsOf<Record<string, unknown>>(
    await t.ctx.db.execute(sql`
      select settled_at, results_digest, health from pool_weeks where pool_id = ${poolId}`),
  );
  const kinds = rowsOf<Record<string, unknown>>(
    await t.ctx.db.execute(sql`
      select week, kind, result, lives, status, rebuys_bought, bonus_net
      from entry_week_kinds where pool_id = ${poolId} order by week, kind`),
  );
  const states = rowsOf<Record<string, unknown>>(
    await t.ctx.db.execute(sql`
      select u.username, e.lives, e.needs_rebuy, e.rebuys_made, e.weeks_alive, e.status, e.version
      from entries e join users u on u.id = e.user_id where e.pool_id = ${poolId} order by u.username`),
  );
  const ledger = rowsOf<Record<string, unknown>>(
    await t.ctx.db.execute(sql`
      select u.username, l.kind, l.amount::int as amount, l.week, l.notes from ledger l
      join entries e on e.id = l.entry_id join users u on u.id = e.user_id
      where l.pool_id = ${poolId} order by l.id`),
  );
  const ends = rowsOf<Record<string, unknown>>(
    await t.ctx.db.execute(sql`
      select week, kind, reason, champions, encode(champion_slots, 'hex') as slots from pool_ends where pool_id = ${poolId}`),
  );
  return { ...locked, week, kinds, states, ledger, ends };
}

describe('small pools settled together', () => {
  it('judge as each pool is judged on its own: lives, rebuys charged, kinds, the stamp', async () => {
    const alone = await poolOfFour(0);
    const together = [await poolOfFour(1), await poolOfFour(2)];
    expect((await settleDueWeeks(t.ctx)).locked).toHaveLength(3);
    // Not final yet: nothing to judge.
    expect(await findSettlesDue(t.ctx, together)).toEqual([]);
    await finishWeek(t.ctx, 1, { 'NYY-BOS': [5, 3], 'HOU-NYY': [4, 2], 'TOR-HOU': [3, 1] });

    expect(await settlePoolWeek(t.ctx, alone, 1)).toBe(true);
    const due = await findSettlesDue(t.ctx, together);
    expect(due.map(({ pool, week }) => [pool.id, week])).toEqual(together.map((pool) => [pool.id, 1]));
    const settled = await settleWeeksTogether(t.ctx, due);
    expect(settled.map(({ pool, week }) => [pool.id, week])).toEqual(together.map((pool) => [pool.id, 1]));

    const expected = await judgedWeek(alone.id);
    // The week judged something: a life lost, a rebuy bought and charged.
    expect(expected.week).toMatchObject({
      settled_at: expect.anything(),
      results_digest: expect.any(String),
    });
    expect(expected.ledger).toContainEqual({
      username: 'bob',
      kind: 'rebuy',
      amount: -2500,
      week: 1,
      notes: 'Auto-rebuy after Week 1',
    });
    expect(expected.states).toContainEqual(
      expect.objectContaining({ username: 'ann', lives: 3, weeks_alive: 1 }),
    );
    for (const pool of together) expect(await judgedWeek(pool.id)).toEqual(expected);

    // Judged, a week is not judged again.
    expect(await findSettlesDue(t.ctx, together)).toEqual([]);
    expect(await settleWeeksTogether(t.ctx, due)).toEqual([]);
    for (const pool of together) expect(await judgedWeek(pool.id)).toEqual(expected);
  });

  it("record the end rule's verdict as each pool does on its own", async () => {
    // Two entries of one life and no rebuys: bob's loss leaves ann the last survivor.
    const duel = async (poolIdx: number) => {
      const pool = await buildMlbPool(t.ctx, world.leagueId, {
        start: EARLY,
        poolIdx,
        customName: `Duel ${poolIdx}`,
        rebuys: 0,
      });
      const a = await enter(t.ctx, pool.id, players[0], { createdAt: EARLY, lives: 1 });
      const b = await enter(t.ctx, pool.id, players[1], { createdAt: EARLY, lives: 1 });
      await buildPick(t.ctx, { entryId: a.id, week: 1, pickId: 'NYY' });
      await buildPick(t.ctx, { entryId: b.id, week: 1, pickId: 'BOS' });
      return pool;
    };
    const alone = await duel(0);
    const together = await duel(1);
    await settleDueWeeks(t.ctx);
    await finishWeek(t.ctx, 1, { 'NYY-BOS': [5, 3], 'HOU-NYY': [4, 2], 'TOR-HOU': [3, 1] });
    expect(await settlePoolWeek(t.ctx, alone, 1)).toBe(true);
    const settled = await settleWeeksTogether(t.ctx, await findSettlesDue(t.ctx, [together]));
    expect(settled).toEqual([{ pool: together, week: 1, decided: true }]);
    const expected = await judgedWeek(alone.id);
    expect(expected.ends).toEqual([expect.objectContaining({ week: 1, champions: 1 })]);
    expect(await judgedWeek(together.id)).toEqual(expected);
    // Decided, it goes on alone: its crowning or its commissioner's word comes first.
    expect(await findSettlesDue(t.ctx, [together])).toEqual([]);
  });
});

describe('small pools locked together', () => {
  it('lock as each pool locks on its own: entries in play, kinds, insurance picks, the bonus shut down', async () => {
    const alone = await poolOfFour(0);
    const together = [await poolOfFour(1), await poolOfFour(2)];
    const calendar = await loadPoolWeeks(t.ctx.db, alone);
    expect(await lockPoolWeek(t.ctx, alone, calendar, 1, weekLockAt(calendar, alone, 1))).toBe(true);

    const now = t.clock.now();
    const due = await findLocksDue(t.ctx, together, now);
    expect(due.map((lock) => [lock.pool.id, lock.week])).toEqual(together.map((pool) => [pool.id, 1]));
    expect((await lockWeeksTogether(t.ctx, due)).map((lock) => lock.pool.id)).toEqual(
      together.map((pool) => pool.id),
    );
    const expected = await lockedWeek(alone.id);
    expect(expected.week).toMatchObject({ alive_at_lock: 4, bonus_running: false });
    expect(expected.picks).toContainEqual({
      username: 'dan',
      week: 1,
      pick_id: expect.any(String),
      by_insurance: true,
    });
    expect(expected.bonusDisabled).toBe(true);
    for (const pool of together) expect(await lockedWeek(pool.id)).toEqual(expected);

    // Locked, a pool waits for its week's games: nothing is due, and locking again changes nothing.
    expect(await findLocksDue(t.ctx, together, now)).toEqual([]);
    expect(await lockWeeksTogether(t.ctx, due)).toEqual([]);
    for (const pool of together) expect(await lockedWeek(pool.id)).toEqual(expected);
  });

  it('leave out the pools that lock on their own or have something else due first', async () => {
    const small = await poolOfFour(0);
    const big = await poolOfFour(1);
    // A pool of a thousand entries (its slots say how many) locks alone.
    const [last] = await t.ctx.db
      .select({ id: entries.id })
      .from(entries)
      .where(eq(entries.poolId, big.id))
      .orderBy(asc(entries.id));
    await t.ctx.db.update(entries).set({ slot: 999 }).where(eq(entries.id, last.id));
    const over = await buildMlbPool(t.ctx, world.leagueId, {
      start: EARLY,
      poolIdx: 2,
      customName: 'Over',
      final: true,
    });
    const later = await buildMlbPool(t.ctx, world.leagueId, {
      poolIdx: 3,
      customName: 'Later',
      deadlines: ['2027-01-01T00:00:00Z', '2027-01-08T00:00:00Z'],
    });
    const now = t.clock.now();
    const found = await findLocksDue(t.ctx, [small, big, over, later], now);
    expect(found.map((lock) => lock.pool.id)).toEqual([small.id]);

    // The queue's batch: the small pool locked together and done (its games not final); the big one goes
    // through its own settlement afterwards.
    const { run, done } = await settleSmallPoolsTogether(t.ctx, [small, big], now);
    expect(run.locked).toEqual([{ poolId: small.id, week: 1 }]);
    expect([...done]).toEqual([small.id]);
    expect((await settleDueWeeks(t.ctx)).locked).toEqual([{ poolId: big.id, week: 1 }]);
  });
});
