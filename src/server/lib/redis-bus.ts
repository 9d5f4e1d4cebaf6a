import { Redis } from 'ioredis';
import { LIVE_TOPICS, type LiveTopic } from '../../core/contracts/pools/live';

/** One pool changed: which pool and what kind of data (never the data itself). */
export interface PoolChange {
  poolId: number;
  topic: LiveTopic;
}

export type PoolChangeListener = (change: PoolChange) => void;

/**
 * Tells whoever listens on this instance that a pool changed. In-process by default; with Redis every
 * instance subscribed to the channel hears every instance's changes.
 */
export interface PoolBus {
  readonly kind: 'local' | 'redis';
  publish(change: PoolChange): void;
  /** Listens to one pool's changes; answers the function that stops listening. */
  subscribe(poolId: number, listener: PoolChangeListener): () => void;
  /** Resolves once the bus can carry changes (Redis: both connections up and subscribed). */
  ready(): Promise<void>;
  /**
   * Whether changes cross instances now, in words when not (the readiness check): in-process always;
   * Redis when both connections are up and it answers a PING.
   */
  check(): Promise<{ up: boolean; detail?: string }>;
  close(): Promise<void>;
}

/** The listeners of one instance, by pool: publishing a change costs one map lookup. */
class Listeners {
  private readonly byPool = new Map<number, Set<PoolChangeListener>>();

  add(poolId: number, listener: PoolChangeListener): () => void {
    let set = this.byPool.get(poolId);
    if (!set) {
      set = new Set();
      this.byPool.set(poolId, set);
    }
    set.add(listener);
    return () => {
      const current = this.byPool.get(poolId);
      current?.delete(listener);
      if (current?.size === 0) this.byPool.delete(poolId);
    };
  }

  deliver(change: PoolChange, onError: (error: unknown) => void): void {
    const set = this.byPool.get(change.poolId);
    if (!set) return;
    // A copy: a listener may unsubscribe (a closing stream) while the others are told.
    for (const listener of [...set]) {
      try {
        listener(change);
      } catch (error) {
        onError(error);
      }
    }
  }
}

/** A bus for one process: changes reach only this instance's listeners. */
export function createLocalBus(onError: (error: unknown) => void = () => {}): PoolBus {
  const listeners = new Listeners();
  return {
    kind: 'local',
    publish: (change) => listeners.deliver(change, onError),
    subscribe: (poolId, listener) => listeners.add(poolId, listener),
    ready: async () => {},
    check: async () => ({ up: true }),
    close: async () => {},
  };
}

/** Reads a message from the channel; anything not shaped as a change is ignored. */
export function parseChange(text: string): PoolChange | null {
  try {
    const value = JSON.parse(text) as Partial<PoolChange>;
    if (typeof value.poolId !== 'number' || !Number.isSafeInteger(value.poolId)) return null;
    if (!LIVE_TOPICS.includes(value.topic as LiveTopic)) return null;
    return { poolId: value.poolId, topic: value.topic as LiveTopic };
  } catch {
    return null;
  }
}

/**
 * A bus over Redis pub/sub on one channel: a change is published to Redis and delivered here when it
 * comes back, so every instance (this one included) delivers it exactly once. A subscribed connection
 * can send nothing else, hence two connections. When Redis cannot take a publish, the change is still
 * delivered to this instance's listeners (the others' clients fall back to polling while it is down).
 */
export function createRedisBus(url: string, channel: string, onError: (error: unknown) => void): PoolBus {
  const listeners = new Listeners();
  // No offline queue on the publisher: a change waiting for Redis to come back would arrive stale.
  const publisher = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    lazyConnect: false,
  });
  const subscriber = new Redis(url, { maxRetriesPerRequest: null });
  // Without listeners an 'error' event would crash the process; ioredis reconnects by itself.
  publisher.on('error', onError);
  subscriber.on('error', onError);
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    const change = parseChange(text);
    if (change) listeners.deliver(change, onError);
  });
  const subscribed = subscriber.subscribe(channel);
  const publisherReady = new Promise<void>((resolve) => {
    if (publisher.status === 'ready') resolve();
    else publisher.once('ready', () => resolve());
  });
  let closed = false;
  return {
    kind: 'redis',
    publish: (change) => {
      if (closed) return;
      publisher.publish(channel, JSON.stringify(change)).catch((error: unknown) => {
        onError(error);
        listeners.deliver(change, onError);
      });
    },
    subscribe: (poolId, listener) => listeners.add(poolId, listener),
    ready: async () => {
      await Promise.all([subscribed, publisherReady]);
    },
    check: async () => {
      if (closed) return { up: false, detail: 'closed' };
      if (subscriber.status !== 'ready' || publisher.status !== 'ready') {
        return { up: false, detail: `not connected (${publisher.status}, ${subscriber.status})` };
      }
      try {
        return (await publisher.ping()) === 'PONG' ? { up: true } : { up: false, detail: 'no PONG' };
      } catch (error) {
        return { up: false, detail: String(error) };
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      subscribed.catch(() => {});
      await Promise.all([
        publisher.quit().catch(() => publisher.disconnect()),
        subscriber.quit().catch(() => subscriber.disconnect()),
      ]);
    },
  };
}

/** The bus the configuration asks for: Redis when REDIS_URL is set, else in-process. */
export function createPoolBus(
  config: { redisUrl: string | undefined; redisChannel: string },
  onError: (error: unknown) => void,
): PoolBus {
  return config.redisUrl
    ? createRedisBus(config.redisUrl, config.redisChannel, onError)
    : createLocalBus(onError);
}
