import type { LiveTopic } from '../../../../core/contracts/pools/live';
import type { AppContext } from '../../../context';
import { type PoolCache, type PoolCacheOptions, poolCacheOf } from '../../../lib/pool-cache';
import type { PoolBus } from '../../../lib/redis-bus';
import { refreshRankingsLater } from './pool-rankings';

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

const caches = new WeakMap<PoolBus, PoolCache>();

/** The instance's standings cache, tied to its live update bus; none without a bus (nothing would drop it). */
export function standingsCacheOf(ctx: AppContext): PoolCache | undefined {
  return poolCacheOf(caches, ctx.bus, standingsCacheOptions());
}

/**
 * Drops at once what this instance kept of the pool (its own change; the bus may bring it back later), and
 * after a change of its standings or money has the pool's stored rankings refreshed in the background.
 */
export function standingsChanged(ctx: AppContext, poolId: number, topic: LiveTopic): void {
  if (ctx.bus) caches.get(ctx.bus)?.changed(poolId, topic);
  if (topic === 'standings' || topic === 'money') refreshRankingsLater(ctx, poolId);
}
