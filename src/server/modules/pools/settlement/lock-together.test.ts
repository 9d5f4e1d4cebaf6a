import { asc, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import { entries, type PoolRecord, pools } from '../../../db/schema';
import { buildPick } from '../../../test/factories';
import type { TestApp } from '../../../test/harness';
import type { TestUser } from '../../../test/league-test-world';
import { buildMlbPool, enter, type PoolWorld, startPoolWorld } from '../../../test/pool-test-world';
import { loadPoolWeeks } from '../store/pool-weeks.repo';
import { findLocksDue, lockWeeksTogether } from './lock-together.command';
import { lockPoolWeek, weekLockAt } from './lock-week.command';
import { lockSmallPoolsTogether, settleDueWeeks } from './settle-pool.job';

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
    const { run, done } = await lockSmallPoolsTogether(t.ctx, [small, big], now);
    expect(run.locked).toEqual([{ poolId: small.id, week: 1 }]);
    expect([...done]).toEqual([small.id]);
    expect((await settleDueWeeks(t.ctx)).locked).toEqual([{ poolId: big.id, week: 1 }]);
  });
});
