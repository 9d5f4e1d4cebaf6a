import type { LiveTopic } from '../../../../core/contracts/pools/live';
import type { AppContext } from '../../../context';
import { type PoolCache, type PoolCacheOptions, poolCacheOf } from '../../../lib/pool-cache';
import type { PoolBus } from '../../../lib/redis-bus';

// What a big pool's reads cost to choose, kept between requests on this instance (the standings' tiles and
// page order, the pool page's counts, Finances' and the bonus leaderboard's totals): kept here, below every
// reader, and dropped by the pool's live updates (standings/standings-cache.ts says which).

/** From this many counted entries a pool's standings are kept: below it, their two scans cost a few ms. */
export const CACHED_POOL_MIN_ENTRIES = 10_000;
/** How long a kept value serves at most, should a change ever come without its live update. */
export const STANDINGS_CACHE_TTL_MS = 15_000;

/**
 * What a big pool's standings cost to choose, kept between requests: the stat tiles and which entries
 * make each page, both from a scan of every entry. The rows of a page (lives, picks, bonus $) are
 * always read afresh. A value is dropped by the pool's live updates after which its tiles or order may
 * differ (results, standings, money; picks, scores and news leave them), and serves 15 s at most.
 */
export function standingsCacheOptions(now?: () => number): PoolCacheOptions {
  return {
    staleAfter: ['results', 'standings', 'money'],
    ttl: STANDINGS_CACHE_TTL_MS,
    maxPools: 256,
    maxValuesPerPool: 64,
    now,
  };
}

const keptByBus = new WeakMap<PoolBus, PoolCache>();

/** The instance's standings cache, tied to its live update bus; none without a bus (nothing would drop it). */
export function standingsCacheOf(ctx: AppContext): PoolCache | undefined {
  return poolCacheOf(keptByBus, ctx.bus, standingsCacheOptions());
}

/** Drops at once what this instance kept of the pool after a change of `topic` (its own: the bus may bring it later). */
export function dropKept(ctx: AppContext, poolId: number, topic: LiveTopic): void {
  if (ctx.bus) keptByBus.get(ctx.bus)?.changed(poolId, topic);
}
