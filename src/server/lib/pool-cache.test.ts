import { describe, expect, it } from 'vitest';
import { PoolCache } from './pool-cache';
import { createLocalBus, type PoolBus } from './redis-bus';

const options = { staleAfter: ['results'] as const, ttl: 1000, maxPools: 2, maxValuesPerPool: 2 };

describe('PoolCache', () => {
  it('keeps a few pools, and stops listening to the one it forgets', async () => {
    const local = createLocalBus();
    const listening = new Set<number>();
    const bus: PoolBus = {
      ...local,
      subscribe: (poolId, listener) => {
        listening.add(poolId);
        const stop = local.subscribe(poolId, listener);
        return () => {
          listening.delete(poolId);
          stop();
        };
      },
    };
    const cache = new PoolCache(bus, options);
    let loads = 0;
    const load = async () => ++loads;
    for (const poolId of [1, 2, 1, 3]) await cache.read(poolId, 'k', load);
    expect([...listening].sort()).toEqual([1, 3]);
    expect(await cache.read(1, 'k', load)).toBe(1);
    expect(await cache.read(2, 'k', load)).toBe(4);
  });

  it('reads again a value that no longer holds for this request, once for those waiting', async () => {
    const cache = new PoolCache(createLocalBus(), options);
    let loads = 0;
    let now = 0;
    const load = async () => ({ n: ++loads, until: now + 10 });
    const read = () => cache.read(1, 'k', load, undefined, (value) => now < value.until);
    expect((await read()).n).toBe(1);
    now = 9;
    expect((await read()).n).toBe(1);
    now = 10;
    expect((await Promise.all([read(), read()])).map((value) => value.n)).toEqual([2, 2]);
  });

  it('drops every pool when the bus resyncs (it missed changes while Redis was away)', async () => {
    const resyncs = new Set<() => void>();
    const bus: PoolBus = {
      ...createLocalBus(),
      onResync: (listener) => {
        resyncs.add(listener);
        return () => resyncs.delete(listener);
      },
    };
    const cache = new PoolCache(bus, options);
    let loads = 0;
    const load = async () => ++loads;
    await cache.read(1, 'k', load);
    await cache.read(2, 'k', load);
    expect([await cache.read(1, 'k', load), await cache.read(2, 'k', load)]).toEqual([1, 2]);
    for (const listener of resyncs) listener();
    expect([await cache.read(1, 'k', load), await cache.read(2, 'k', load)]).toEqual([3, 4]);
  });
});
