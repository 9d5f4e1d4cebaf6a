import type { AppContext } from '../../../context';
import { type PoolCache, poolCacheOf } from '../../../lib/pool-cache';
import type { PoolBus } from '../../../lib/redis-bus';

/** How long a pool's odds serve at most, should a change ever come without its live update. */
export const ODDS_CACHE_TTL_MS = 10 * 60_000;

/** A computed value and the instant (the application clock's) from which the model would see more. */
export interface Expiring<T> {
  value: T;
  /** Epoch ms of the application clock: the next final result the model has not counted becomes known then. */
  validUntil: number;
}

const caches = new WeakMap<PoolBus, PoolCache>();

/**
 * A pool's odds, computed once and shared by every viewer until the pool's results change (its live
 * update `scores`, `results` or `standings`, from any instance through the bus), or until a result the
 * model did not count yet becomes known (6 hours after its game started), or 10 minutes at most.
 * Requests that come while the odds are being computed wait for that computation.
 */
export async function readKeptOdds<T>(
  ctx: AppContext,
  poolId: number,
  now: number,
  load: () => Promise<Expiring<T>>,
): Promise<T> {
  const cache = poolCacheOf(caches, ctx.bus, {
    staleAfter: ['scores', 'results', 'standings'],
    ttl: ODDS_CACHE_TTL_MS,
    maxPools: 256,
    maxValuesPerPool: 1,
  });
  if (!cache) return (await load()).value;
  const odds = await cache.read(poolId, 'odds', load, undefined, (kept) => now < kept.validUntil);
  return odds.value;
}
