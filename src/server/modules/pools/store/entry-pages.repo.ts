import { ENTRY_STATUS } from '../../../../core/pool/entry-status';
import type { AppContext } from '../../../context';
import { CACHED_POOL_MIN_ENTRIES, standingsCacheOf } from './kept-reads';
import {
  countPoolEntries,
  countPoolTotals,
  type EntryPageOptions,
  listPoolEntries,
  type NamedEntry,
  type PoolCounts,
  pagePoolEntries,
} from './pool-entries.repo';

/**
 * A count over a big pool's entries, kept between requests as the standings' tiles are (until the pool's
 * standings, results or money change, 15 s at most): below CACHED_POOL_MIN_ENTRIES it is read every time.
 */
export async function keptForBigPool<T>(
  ctx: AppContext,
  poolId: number,
  key: string,
  load: () => Promise<T>,
  size: (value: T) => number,
): Promise<T> {
  const cache = standingsCacheOf(ctx);
  if (!cache) return load();
  return cache.read(poolId, key, load, (value) => size(value) >= CACHED_POOL_MIN_ENTRIES);
}

/** The pool page's counts of counted entries: one aggregate, kept for a big pool. */
export function readPoolCounts(ctx: AppContext, poolId: number): Promise<PoolCounts> {
  return keptForBigPool(
    ctx,
    poolId,
    'pool-counts',
    () => countPoolTotals(ctx.db, poolId),
    (counts) => counts.entrants,
  );
}

/** One page of a pool's entries and how many match (a search is counted afresh; the whole pool is kept). */
export async function readEntryPage(
  ctx: AppContext,
  poolId: number,
  options: EntryPageOptions,
): Promise<{ rows: NamedEntry[]; total: number }> {
  const count = () => countPoolEntries(ctx.db, poolId, options);
  const total = options.q
    ? await count()
    : await keptForBigPool(ctx, poolId, `entry-total:${options.countedOnly === true}`, count, (n) => n);
  return { rows: await pagePoolEntries(ctx.db, poolId, options, total), total };
}

/** The viewer's own entries of the pool (a visitor has none), counted ones only when asked. */
export async function readOwnEntries(
  ctx: AppContext,
  poolId: number,
  viewerId: number | undefined,
  countedOnly = false,
): Promise<NamedEntry[]> {
  if (viewerId === undefined) return [];
  const own = await listPoolEntries(ctx.db, poolId, viewerId);
  return countedOnly ? own.filter((named) => named.entry.status === ENTRY_STATUS.active) : own;
}
