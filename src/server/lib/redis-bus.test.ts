import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { tcpRelay } from '../test/tcp-relay';
import { timeLimit } from '../test/time-limit';
import { createRedisBus, type PoolBus } from './redis-bus';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** True when something answers on Redis's address (the tests are skipped without one). */
function reachable(address: string): Promise<boolean> {
  const { hostname, port } = new URL(address);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(1_000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const redisUp = await reachable(REDIS_URL);
const buses: PoolBus[] = [];
afterEach(async () => {
  for (const bus of buses.splice(0)) await bus.close();
});

describe.skipIf(!redisUp)('the Redis bus after Redis was away', () => {
  it(
    'tells every instance to resync: the one that lost Redis, and one whose connection held',
    async () => {
      const target = new URL(REDIS_URL);
      const relay = await tcpRelay({ host: target.hostname, port: Number(target.port || 6379) });
      const channel = `bus-test-${process.pid}-${Date.now()}`;
      try {
        // Instance A reaches Redis through the relay; instance B directly, and never loses it.
        let refused = 0;
        const a = createRedisBus(`redis://127.0.0.1:${relay.port}`, channel, () => {}, {
          onPublishFailure: () => refused++,
        });
        const b = createRedisBus(REDIS_URL, channel, () => {});
        buses.push(a, b);
        await Promise.all([a.ready(), b.ready()]);
        expect(a.connected()).toBe(true);
        const resyncs = { a: 0, b: 0 };
        a.onResync(() => resyncs.a++);
        b.onResync(() => resyncs.b++);
        const heardOnB: number[] = [];
        b.subscribe(7, (change) => heardOnB.push(change.poolId));

        await relay.cut();
        await expect.poll(async () => (await a.check()).up, { timeout: timeLimit(10_000) }).toBe(false);
        // A change made on A while Redis is away reaches only A's own listeners.
        a.publish({ poolId: 7, topic: 'picks' });
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(heardOnB).toEqual([]);
        // The metrics' view: A is not connected, and Redis refused one change of A's.
        expect(a.connected()).toBe(false);
        expect(b.connected()).toBe(true);
        expect(refused).toBe(1);

        await relay.restore();
        await expect
          .poll(() => Math.min(resyncs.a, resyncs.b), { timeout: timeLimit(15_000), interval: 100 })
          .toBe(1);
        // B heard A's word that it had missed a change (A may also hear its own, on top of its reconnect).
        expect(resyncs.b).toBe(1);
        expect(a.connected()).toBe(true);
      } finally {
        await relay.close();
      }
    },
    timeLimit(60_000),
  );
});

describe.skipIf(!redisUp)('the Redis bus', () => {
  it("tells a listener of every pool each instance's change once, and a pool's listener only its own", async () => {
    const channel = `bus-all-${process.pid}-${Date.now()}`;
    const a = createRedisBus(REDIS_URL, channel, () => {});
    const b = createRedisBus(REDIS_URL, channel, () => {});
    buses.push(a, b);
    await Promise.all([a.ready(), b.ready()]);
    const everyPool: number[] = [];
    const pool8: number[] = [];
    const stop = b.subscribeAll((change) => everyPool.push(change.poolId));
    b.subscribe(8, (change) => pool8.push(change.poolId));
    a.publish({ poolId: 7, topic: 'results' });
    b.publish({ poolId: 8, topic: 'picks' });
    await expect.poll(() => everyPool.length, { timeout: timeLimit(5_000) }).toBe(2);
    expect(everyPool.sort()).toEqual([7, 8]);
    expect(pool8).toEqual([8]);
    // Once stopped it hears nothing more.
    stop();
    a.publish({ poolId: 9, topic: 'results' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(everyPool).toHaveLength(2);
  });
});
