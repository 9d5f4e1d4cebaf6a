import type { LiveTopic } from '../../../../core/contracts/pools/live';
import type { AppContext } from '../../../context';
import type { PoolBus } from '../../../lib/redis-bus';

/** How long a pool's odds serve at most, should a change ever come without its live update. */
export const ODDS_CACHE_TTL_MS = 10 * 60_000;
const MAX_POOLS = 256;

/** The live updates after which a pool's odds may differ: a result came in, or a week was judged. */
const STALE_AFTER: ReadonlySet<LiveTopic> = new Set<LiveTopic>(['scores', 'results', 'standings']);

/** A computed value and the instant (the application clock's) from which the model would see more. */
export interface Expiring<T> {
  value: T;
  /** Epoch ms of the application clock: the next final result the model has not counted becomes known then. */
  validUntil: number;
}

interface PoolSlot {
  /** Counts the pool's changes: a value computed before one is not kept. */
  generation: number;
  kept?: { at: number; value: Expiring<unknown> };
  reading?: Promise<Expiring<unknown>>;
  stop: () => void;
}

/**
 * A pool's odds, computed once and shared by every viewer until the pool's results change (its live
 * update `scores`, `results` or `standings`, from any instance through the bus), or until a result the
 * model did not count yet becomes known (6 hours after its game started), or 10 minutes at most.
 * Requests that come while the odds are being computed wait for that computation.
 */
export class OddsCache {
  private readonly slots = new Map<number, PoolSlot>();

  constructor(
    private readonly bus: PoolBus,
    private readonly monotonic: () => number = () => performance.now(),
  ) {}

  async read<T>(poolId: number, now: number, load: () => Promise<Expiring<T>>): Promise<T> {
    const slot = this.slotOf(poolId);
    const kept = slot.kept;
    if (kept && now < kept.value.validUntil && this.monotonic() - kept.at < ODDS_CACHE_TTL_MS)
      return kept.value.value as T;
    if (slot.reading) {
      const shared = await slot.reading;
      if (now < shared.validUntil) return shared.value as T;
    }
    const generation = slot.generation;
    const reading = load().then((value) => {
      if (slot.generation === generation && this.slots.get(poolId) === slot)
        slot.kept = { at: this.monotonic(), value };
      return value;
    });
    slot.reading = reading;
    try {
      return (await reading).value;
    } finally {
      if (slot.reading === reading) slot.reading = undefined;
    }
  }

  /** Drops the pool's odds when `topic` may have changed them. */
  changed(poolId: number, topic: LiveTopic): void {
    if (!STALE_AFTER.has(topic)) return;
    const slot = this.slots.get(poolId);
    if (!slot) return;
    slot.generation++;
    slot.kept = undefined;
    slot.reading = undefined;
  }

  private slotOf(poolId: number): PoolSlot {
    const existing = this.slots.get(poolId);
    if (existing) {
      this.slots.delete(poolId);
      this.slots.set(poolId, existing);
      return existing;
    }
    const slot: PoolSlot = { generation: 0, stop: () => {} };
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

const caches = new WeakMap<PoolBus, OddsCache>();

/** The instance's odds cache, tied to its live update bus; none without a bus (nothing would drop it). */
export function oddsCacheOf(ctx: AppContext): OddsCache | undefined {
  const bus = ctx.bus;
  if (!bus) return undefined;
  let cache = caches.get(bus);
  if (!cache) {
    cache = new OddsCache(bus);
    caches.set(bus, cache);
  }
  return cache;
}
