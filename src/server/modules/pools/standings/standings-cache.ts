import type { LiveTopic } from '../../../../core/contracts/pools/live';
import type { AppContext } from '../../../context';
import type { PoolBus } from '../../../lib/redis-bus';
import { refreshRankingsLater } from './pool-rankings';

/** From this many counted entries a pool's standings are kept: below it, their two scans cost a few ms. */
export const CACHED_POOL_MIN_ENTRIES = 10_000;
/** How long a kept value serves at most, should a change ever come without its live update. */
export const STANDINGS_CACHE_TTL_MS = 15_000;
const MAX_VALUES_PER_POOL = 64;
const MAX_POOLS = 256;

/** The live updates after which a pool's tiles or order may differ (picks, scores and news leave them). */
const STALE_AFTER: ReadonlySet<LiveTopic> = new Set<LiveTopic>(['results', 'standings', 'money']);

interface PoolSlot {
  /** Counts the pool's changes: a value read before one is not kept. */
  generation: number;
  values: Map<string, { at: number; value: unknown }>;
  /** Reads under way, by key: requests that come meanwhile wait for the same one. */
  reading: Map<string, Promise<unknown>>;
  stop: () => void;
}

/**
 * What a big pool's standings cost to choose, kept between requests: the stat tiles and which entries
 * make each page, both from a scan of every entry. The rows of a page (lives, picks, bonus $) are
 * always read afresh. A value is dropped by the pool's live updates (from any instance through the
 * bus, and at once by this instance's own notifyPoolChanged), and serves 15 s at most.
 */
export class StandingsCache {
  private readonly slots = new Map<number, PoolSlot>();

  constructor(
    private readonly bus: PoolBus,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * The kept value of `key`, or `load`'s, kept when `keep` says so and no change of the pool came
   * while it was read (a read that began before a change may have seen the pool as it was). Requests
   * for a key being read wait for that read rather than start their own: when a change reaches every
   * open page at once, they all refetch, and the pool is scanned once, not once each. `load` runs only
   * for the first of them.
   */
  async read<T>(
    poolId: number,
    key: string,
    load: () => Promise<T>,
    keep: (value: T) => boolean,
  ): Promise<T> {
    const slot = this.slotOf(poolId);
    const found = slot.values.get(key);
    if (found && this.now() - found.at < STANDINGS_CACHE_TTL_MS) return found.value as T;
    const pending = slot.reading.get(key);
    if (pending) return pending as Promise<T>;
    const generation = slot.generation;
    const reading = load().then((value) => {
      if (keep(value) && slot.generation === generation && this.slots.get(poolId) === slot) {
        slot.values.delete(key);
        slot.values.set(key, { at: this.now(), value });
        if (slot.values.size > MAX_VALUES_PER_POOL)
          slot.values.delete(slot.values.keys().next().value as string);
      }
      return value;
    });
    slot.reading.set(key, reading);
    try {
      return await reading;
    } finally {
      if (slot.reading.get(key) === reading) slot.reading.delete(key);
    }
  }

  /** Drops what the pool kept when `topic` may have changed it. */
  changed(poolId: number, topic: LiveTopic): void {
    if (!STALE_AFTER.has(topic)) return;
    const slot = this.slots.get(poolId);
    if (!slot) return;
    slot.generation++;
    slot.values.clear();
    // A read under way may have seen the pool before the change: later requests start their own.
    slot.reading.clear();
  }

  /** The pool's slot, listening to its changes; the pool least recently read is forgotten past 256. */
  private slotOf(poolId: number): PoolSlot {
    const existing = this.slots.get(poolId);
    if (existing) {
      this.slots.delete(poolId);
      this.slots.set(poolId, existing);
      return existing;
    }
    const slot: PoolSlot = { generation: 0, values: new Map(), reading: new Map(), stop: () => {} };
    slot.stop = this.bus.subscribe(poolId, (change) => this.changed(change.poolId, change.topic));
    this.slots.set(poolId, slot);
    if (this.slots.size > MAX_POOLS) {
      const [oldest, dropped] = this.slots.entries().next().value as [number, PoolSlot];
      dropped.stop();
      this.slots.delete(oldest);
    }
    return slot;
  }
}

const caches = new WeakMap<PoolBus, StandingsCache>();

/** The instance's standings cache, tied to its live update bus; none without a bus (nothing would drop it). */
export function standingsCacheOf(ctx: AppContext): StandingsCache | undefined {
  const bus = ctx.bus;
  if (!bus) return undefined;
  let cache = caches.get(bus);
  if (!cache) {
    cache = new StandingsCache(bus);
    caches.set(bus, cache);
  }
  return cache;
}

/**
 * Drops at once what this instance kept of the pool (its own change; the bus may bring it back later), and
 * after a change of its standings or money has the pool's stored rankings refreshed in the background.
 */
export function standingsChanged(ctx: AppContext, poolId: number, topic: LiveTopic): void {
  if (ctx.bus) caches.get(ctx.bus)?.changed(poolId, topic);
  if (topic === 'standings' || topic === 'money') refreshRankingsLater(ctx, poolId);
}
