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
  /** Listens to every pool's changes (what is kept across pools); answers the function that stops. */
  subscribeAll(listener: PoolChangeListener): () => void;
  /**
   * Listens for the bus carrying changes again after it could not (Redis came back): the changes other
   * instances made meanwhile were not heard, so whoever keeps or shows a pool refreshes every pool.
   */
  onResync(listener: () => void): () => void;
  /** Resolves once the bus can carry changes (Redis: both connections up and subscribed). */
  ready(): Promise<void>;
  /**
   * Whether changes cross instances now, in words when not (the readiness check): in-process always;
   * Redis when both connections are up and it answers a PING.
   */
  check(): Promise<{ up: boolean; detail?: string }>;
  /** Whether changes cross instances now, as far as the connections know (no round trip): for the metrics. */
  connected(): boolean;
  close(): Promise<void>;
}

export interface PoolBusHooks {
  /** Redis refused to carry one change (it reached only this instance's listeners). */
  onPublishFailure?: () => void;
}

/** The listeners of one instance, by pool: publishing a change costs one map lookup. */
class Listeners {
  private readonly byPool = new Map<number, Set<PoolChangeListener>>();
  private readonly ofAll = new Set<PoolChangeListener>();

  addForAll(listener: PoolChangeListener): () => void {
    this.ofAll.add(listener);
    return () => {
      this.ofAll.delete(listener);
    };
  }

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
    if (!set && this.ofAll.size === 0) return;
    // A copy: a listener may unsubscribe (a closing stream) while the others are told.
    for (const listener of [...(set ?? []), ...this.ofAll]) {
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
    subscribeAll: (listener) => listeners.addForAll(listener),
    // In one process nothing is ever missed.
    onResync: () => () => {},
    ready: async () => {},
    check: async () => ({ up: true }),
    connected: () => true,
    close: async () => {},
  };
}

/**
 * The message an instance publishes when Redis is back after refusing one of its changes: every
 * instance resyncs, the instances whose own connections never dropped included.
 */
export const RESYNC_MESSAGE = '{"resync":true}';

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
export function createRedisBus(
  url: string,
  channel: string,
  onError: (error: unknown) => void,
  hooks: PoolBusHooks = {},
): PoolBus {
  const listeners = new Listeners();
  const resyncListeners = new Set<() => void>();
  const resync = () => {
    for (const listener of [...resyncListeners]) {
      try {
        listener();
      } catch (error) {
        onError(error);
      }
    }
  };
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
    if (text === RESYNC_MESSAGE) return resync();
    const change = parseChange(text);
    if (change) listeners.deliver(change, onError);
  });
  let closed = false;
  const subscribed = subscriber.subscribe(channel);
  // The subscriber's connection came back (ioredis subscribes again by itself): the changes published
  // while it was down are lost. Once subscribed again (this SUBSCRIBE is answered after ioredis's own),
  // every stream and kept value of this instance is told to refresh.
  let subscriberWasReady = false;
  subscriber.on('ready', () => {
    if (!subscriberWasReady) {
      subscriberWasReady = true;
      return;
    }
    subscriber.subscribe(channel).then(() => {
      if (!closed) resync();
    }, onError);
  });
  // A change Redis refused reached only this instance: once the publisher is back, every instance is
  // told to resync (one whose own connections held would not know otherwise).
  let refusedChange = false;
  publisher.on('ready', () => {
    if (!refusedChange || closed) return;
    refusedChange = false;
    publisher.publish(channel, RESYNC_MESSAGE).catch(onError);
  });
  const publisherReady = new Promise<void>((resolve) => {
    if (publisher.status === 'ready') resolve();
    else publisher.once('ready', () => resolve());
  });
  return {
    kind: 'redis',
    publish: (change) => {
      if (closed) return;
      publisher.publish(channel, JSON.stringify(change)).catch((error: unknown) => {
        hooks.onPublishFailure?.();
        onError(error);
        refusedChange = true;
        listeners.deliver(change, onError);
      });
    },
    subscribe: (poolId, listener) => listeners.add(poolId, listener),
    subscribeAll: (listener) => listeners.addForAll(listener),
    onResync: (listener) => {
      resyncListeners.add(listener);
      return () => {
        resyncListeners.delete(listener);
      };
    },
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
    connected: () => !closed && publisher.status === 'ready' && subscriber.status === 'ready',
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
  hooks: PoolBusHooks = {},
): PoolBus {
  return config.redisUrl
    ? createRedisBus(config.redisUrl, config.redisChannel, onError, hooks)
    : createLocalBus(onError);
}
