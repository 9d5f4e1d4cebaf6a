import { sql } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { type DbOrTx, rowsOf } from '../../../db/client';
import type { PoolRecord } from '../../../db/schema';
import { inBackground } from '../../../lib/background';
import { CACHED_POOL_MIN_ENTRIES } from './kept-reads';
import { findPoolOpenWeek, owesPickOfPool, picksAsked } from './owed-picks.repo';
import { countPoolEntries, poolSize } from './pool-entries.repo';
import { loadPoolWeeks } from './pool-weeks.repo';

/*
 * How many entries of a pool owe a pick for a week (Missing Picks' total). A small pool counts them at every
 * read. A big pool's count looks at every entry and the week's picks (about a second at a million entries), and
 * picks move it without a version to tell: its last count is kept in `pool_kept_counts` and served at once,
 * while a read that finds it older than OWING_COUNT_FRESH_S has a fresher one counted in the background (one
 * at a time per pool and week on an instance). The settlement pass counts a big pool's open week after it
 * locked, settled or re-judged one of its weeks (keepOwingCount), so a read finds the week's count kept: only
 * a read in the seconds between a week's opening and that count waits for it. A restart finds the kept count
 * in the database. The page beside it is read live.
 */

/** Seconds a big pool's kept count is served before a read has it counted again (in the background). */
export const OWING_COUNT_FRESH_S = 15;

/** Counts under way, by pool and key (this instance's). */
const counting = new Map<string, Promise<number>>();

function keyOf(week: number, needed: number): string {
  return `owing:${week}:${needed}`;
}

/** The week's owing entries counted now: the rule of owed-picks.repo.ts over the whole pool, set-based. */
function countOwingNow(db: DbOrTx, poolId: number, week: number, needed: number): Promise<number> {
  return countPoolEntries(db, poolId, {
    page: 1,
    pageSize: 1,
    q: '',
    countedOnly: true,
    where: owesPickOfPool(poolId, week, needed),
  });
}

/** Counts the week's owing entries (the rule of owed-picks.repo.ts, set-based) and keeps the count. */
function countAndKeep(db: DbOrTx, poolId: number, week: number, needed: number): Promise<number> {
  const key = keyOf(week, needed);
  const running = counting.get(`${poolId}:${key}`);
  if (running) return running;
  const run = inBackground(
    (async () => {
      try {
        const value = await countOwingNow(db, poolId, week, needed);
        // The statement's start stamps it: picks made while it counted make it older, never newer.
        await db.execute(sql`
        insert into pool_kept_counts as k (pool_id, key, value, computed_at)
        values (${poolId}, ${key}, ${value}, now())
        on conflict (pool_id, key) do update set value = excluded.value, computed_at = excluded.computed_at`);
        return value;
      } finally {
        counting.delete(`${poolId}:${key}`);
      }
    })(),
  );
  counting.set(`${poolId}:${key}`, run);
  return run;
}

/**
 * The entries of the pool owing `needed` picks for `week` (unsearched): counted now in a small pool; a big
 * pool's kept count, counted again in the background once older than OWING_COUNT_FRESH_S (a failure there
 * leaves the kept one, counted again at a later read). `big`: the pool's count is kept.
 */
export async function readOwingCount(
  db: DbOrTx,
  poolId: number,
  week: number,
  needed: number,
): Promise<{ total: number; big: boolean }> {
  const [kept] = rowsOf<{ value: string; stale: boolean }>(
    await db.execute(sql`
      select k.value, k.computed_at < now() - make_interval(secs => ${OWING_COUNT_FRESH_S}) as stale
      from pool_kept_counts k where k.pool_id = ${poolId} and k.key = ${keyOf(week, needed)}`),
  );
  if (kept) {
    if (kept.stale) countAndKeep(db, poolId, week, needed).catch(() => undefined);
    return { total: Number(kept.value), big: true };
  }
  if ((await poolSize(db, poolId)) < CACHED_POOL_MIN_ENTRIES) {
    return { total: await countOwingNow(db, poolId, week, needed), big: false };
  }
  return { total: await countAndKeep(db, poolId, week, needed), big: true };
}

/**
 * Counts and keeps a big pool's owing entries for its open week (none open or a small pool: nothing): the
 * settlement pass calls it, in the background, after it changed the pool's weeks; resolves with the count.
 */
export async function keepOwingCount(ctx: AppContext, pool: PoolRecord): Promise<number | null> {
  if ((await poolSize(ctx.db, pool.id)) < CACHED_POOL_MIN_ENTRIES) return null;
  const open = findPoolOpenWeek(await loadPoolWeeks(ctx.db, pool), ctx.clock.now());
  if (!open) return null;
  return countAndKeep(ctx.db, pool.id, open.week, picksAsked(pool, open.week));
}

/** Resolves when the pool's background counts (if any) ended: tests and benches wait for them. */
export async function owingCountsSettled(): Promise<void> {
  await Promise.allSettled([...counting.values()]);
}
