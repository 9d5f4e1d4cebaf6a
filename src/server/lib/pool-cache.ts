import { LRUCache } from 'lru-cache';
import type { LiveTopic } from '../../core/contracts/pools/live';
import type { PoolBus } from './redis-bus';

export interface PoolCacheOptions {
  /** The live updates after which a pool's values may differ: each drops everything the pool kept. */
  staleAfter: readonly LiveTopic[];
  /** How long a value serves at most (ms of `now`), should a change ever come without its live update. */
  ttl: number;
  /** Pools kept at most: the least recently read is forgotten (and no longer listened to) past it. */
  maxPools: number;
  /** Values kept per pool at most: the least recently read is forgotten past it. */
  maxValuesPerPool: number;
  /** A monotonic clock in ms (tests move their own). */
  now?: () => number;
}

/** What a read is told: how to load the value, and whether a value loaded is worth keeping. */
interface ReadContext {
  load: () => Promise<unknown>;
  keep: (value: unknown) => boolean;
}

/** A value as kept (lru-cache keeps no undefined or null). */
interface Kept {
  value: unknown;
}

interface PoolSlot {
  values: LRUCache<string, Kept, ReadContext>;
  /** Counts the pool's changes: a value read across one is not kept. */
  generation: number;
  stop: () => void;
}

/** Every value counts 1 against a size limit of 1: a value given more is answered but not kept. */
const KEPT_SIZE = 1;
const NOT_KEPT_SIZE = 2;

const keepAll = () => true;

/**
 * Values computed from a pool and kept between requests until the pool changes: dropped by the pool's
 * live updates (from any instance through the bus, and at once by `changed` for this instance's own).
 * Requests for a key being read wait for that read (lru-cache's `fetch` coalesces them): when a change
 * reaches every open page at once, they all refetch and the pool is read once, not once each. A read
 * under way when the pool changes still answers its waiters but is not kept (it may have seen the pool
 * as it was): `clear` aborts it, and with `ignoreFetchAbort` it resolves without being stored (or, when
 * the change came before the read was registered, the generation tells).
 */
export class PoolCache {
  private readonly pools: LRUCache<number, PoolSlot>;
  private readonly staleAfter: ReadonlySet<LiveTopic>;
  private readonly perf: { now: () => number };

  constructor(
    private readonly bus: PoolBus,
    private readonly options: PoolCacheOptions,
  ) {
    this.staleAfter = new Set(options.staleAfter);
    const now = options.now ?? (() => performance.now());
    // lru-cache takes an entry stored at instant 0 for one without a start: never stale.
    this.perf = { now: () => now() + 1 };
    this.pools = new LRUCache<number, PoolSlot>({
      max: options.maxPools,
      dispose: (slot) => slot.stop(),
    });
    bus.onResync(() => this.changedAll());
  }

  /**
   * The kept value of `key`, or `load`'s. It is kept when `keep` says so (a small pool's values cost
   * little to read again); `fresh` tells whether a kept or shared value still holds for this request
   * (else it is read again).
   */
  async read<T>(
    poolId: number,
    key: string,
    load: () => Promise<T>,
    keep: (value: T) => boolean = keepAll,
    fresh?: (value: T) => boolean,
  ): Promise<T> {
    const { values } = this.slotOf(poolId);
    if (fresh) {
      const kept = values.get(key);
      if (kept && !fresh(kept.value as T)) values.delete(key);
    }
    const context = { load, keep } as ReadContext;
    const read = (await values.fetch(key, { context })) as Kept;
    // Shared with a read begun earlier, for which it held and no longer does for this request.
    if (fresh && !fresh(read.value as T))
      return ((await values.fetch(key, { context, forceRefresh: true })) as Kept).value as T;
    return read.value as T;
  }

  /** Drops what the pool kept when `topic` may have changed it; a read under way is not kept. */
  changed(poolId: number, topic: LiveTopic): void {
    if (!this.staleAfter.has(topic)) return;
    const slot = this.pools.peek(poolId);
    if (!slot) return;
    slot.generation++;
    slot.values.clear();
  }

  /** Drops what every pool kept: the bus missed changes (Redis was away), any pool may have changed. */
  changedAll(): void {
    for (const slot of this.pools.values()) {
      slot.generation++;
      slot.values.clear();
    }
  }

  /** The pool's slot, listening to its changes. */
  private slotOf(poolId: number): PoolSlot {
    const existing = this.pools.get(poolId);
    if (existing) return existing;
    const slot: PoolSlot = {
      values: new LRUCache<string, Kept, ReadContext>({
        max: this.options.maxValuesPerPool,
        maxEntrySize: KEPT_SIZE,
        sizeCalculation: () => KEPT_SIZE,
        ttl: this.options.ttl,
        // Staleness checked against the clock each time (no cached instant): tests move their clock.
        ttlResolution: 0,
        perf: this.perf,
        ignoreFetchAbort: true,
        fetchMethod: async (_key, _stale, { context, options }) => {
          const generation = slot.generation;
          const value = await context.load();
          if (slot.generation !== generation || !context.keep(value)) options.size = NOT_KEPT_SIZE;
          return { value };
        },
      }),
      generation: 0,
      stop: () => {},
    };
    slot.stop = this.bus.subscribe(poolId, (change) => this.changed(change.poolId, change.topic));
    this.pools.set(poolId, slot);
    return slot;
  }
}

/** One cache of each kind per live update bus: an instance's, none without a bus (nothing would drop it). */
export function poolCacheOf(
  caches: WeakMap<PoolBus, PoolCache>,
  bus: PoolBus | undefined,
  options: PoolCacheOptions,
): PoolCache | undefined {
  if (!bus) return undefined;
  let cache = caches.get(bus);
  if (!cache) {
    cache = new PoolCache(bus, options);
    caches.set(bus, cache);
  }
  return cache;
}
