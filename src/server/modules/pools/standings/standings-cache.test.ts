import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StandingsResponse } from '../../../../core/contracts/pools';
import { PoolCache } from '../../../lib/pool-cache';
import { createLocalBus } from '../../../lib/redis-bus';
import type { TestApp } from '../../../test/harness';
import type { TestUser } from '../../../test/league-test-world';
import { buildMlbPool, enter, type PoolWorld, startPoolWorld } from '../../../test/pool-test-world';
import { notifyPoolChanged } from '../live/notify';
import { CACHED_POOL_MIN_ENTRIES, STANDINGS_CACHE_TTL_MS, standingsCacheOptions } from '../store/kept-reads';

describe('the standings cache', () => {
  let time = 0;
  const bus = createLocalBus();
  const cache = new PoolCache(
    bus,
    standingsCacheOptions(() => time),
  );
  let loads = 0;
  const load = async () => ++loads;
  const keepAll = () => true;
  beforeEach(() => {
    time = 0;
    loads = 0;
    cache.changed(1, 'standings');
  });

  it('serves a kept value until the pool’s standings, results or money change, not after picks or scores', async () => {
    expect(await cache.read(1, 'tiles', load, keepAll)).toBe(1);
    expect(await cache.read(1, 'tiles', load, keepAll)).toBe(1);
    expect(await cache.read(2, 'tiles', load, keepAll)).toBe(2);
    for (const topic of ['picks', 'scores', 'feed'] as const) cache.changed(1, topic);
    expect(await cache.read(1, 'tiles', load, keepAll)).toBe(1);
    cache.changed(1, 'money');
    expect(await cache.read(1, 'tiles', load, keepAll)).toBe(3);
    expect(await cache.read(2, 'tiles', load, keepAll)).toBe(2);
  });

  it('hears the changes the bus brings (another instance’s), and serves a value 15 s at most', async () => {
    expect(await cache.read(1, 'tiles', load, keepAll)).toBe(1);
    bus.publish({ poolId: 1, topic: 'results' });
    expect(await cache.read(1, 'tiles', load, keepAll)).toBe(2);
    time = STANDINGS_CACHE_TTL_MS - 1;
    expect(await cache.read(1, 'tiles', load, keepAll)).toBe(2);
    time = STANDINGS_CACHE_TTL_MS + 1;
    expect(await cache.read(1, 'tiles', load, keepAll)).toBe(3);
  });

  it('has requests that come while a key is read wait for that read, until the pool changes', async () => {
    const releases: Array<() => void> = [];
    const slow = () =>
      new Promise<number>((resolve) => {
        const value = ++loads;
        releases.push(() => resolve(value));
      });
    const first = cache.read(1, 'page', slow, keepAll);
    const second = cache.read(1, 'page', slow, keepAll);
    expect(loads).toBe(1);
    cache.changed(1, 'standings');
    const third = cache.read(1, 'page', slow, keepAll);
    expect(loads).toBe(2);
    for (const release of releases) release();
    expect(await Promise.all([first, second, third])).toEqual([1, 1, 2]);
    // The read begun before the change was not kept; the one after it was.
    expect(await cache.read(1, 'page', load, keepAll)).toBe(2);
  });

  it('does not keep a value read while the pool changed, nor one it is told not to keep', async () => {
    const racing = cache.read(
      1,
      'page',
      async () => {
        cache.changed(1, 'standings');
        return ++loads;
      },
      keepAll,
    );
    expect(await racing).toBe(1);
    expect(await cache.read(1, 'page', load, keepAll)).toBe(2);
    expect(await cache.read(1, 'small', load, () => false)).toBe(3);
    expect(await cache.read(1, 'small', load, () => false)).toBe(4);
  });
});

describe('GET /api/standings/{poolId} of a big pool', () => {
  let t: TestApp;
  let world: PoolWorld;
  let other: TestUser;
  beforeEach(async () => {
    ({
      t,
      world,
      members: [other],
    } = await startPoolWorld({ seasons: ['mlb'], members: ['other'] }));
  });

  const standings = async (poolId: number) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/standings/${poolId}?view=standings` });
    expect(response.statusCode).toBe(200);
    return response.json<StandingsResponse>();
  };

  it('keeps its tiles and page order between requests, reads the rows afresh, and drops them on a change', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId, { rebuys: 1, maxEntries: 2 });
    // One user's entries numbered 1 to 10,000: big enough to be kept, lives 2 for all.
    await t.ctx.db.execute(sql`
      insert into entries (pool_id, user_id, entry_num, lives)
      select ${pool.id}, ${world.owner.id}, n, 2 from generate_series(1, ${CACHED_POOL_MIN_ENTRIES}) as n`);
    const last = await enter(t.ctx, pool.id, other, { lives: 1 });

    const first = await standings(pool.id);
    expect(first.tiles.entrants).toBe(CACHED_POOL_MIN_ENTRIES + 1);
    expect(first.rows[0]).toMatchObject({ label: 'commish', lives: 2 });

    // Written behind the application's back: the rows show it, the kept order and tiles not yet.
    await t.ctx.db.execute(sql`update entries set lives = 3 where id = ${last.id}`);
    const kept = await standings(pool.id);
    expect(kept.rows[0].label).toBe('commish');
    expect(kept.rows.some((row) => row.entry_id === last.id)).toBe(false);

    notifyPoolChanged(t.ctx, pool.id, 'standings');
    const changed = await standings(pool.id);
    expect(changed.rows[0]).toMatchObject({ entry_id: last.id, lives: 3 });

    // A sign-up tells the pool: the next read counts the new entrant.
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/user/regForGame',
      headers: { cookie: other.cookie },
      payload: { pool_id: pool.id },
    });
    expect(signUp.statusCode).toBe(201);
    expect((await standings(pool.id)).tiles.entrants).toBe(CACHED_POOL_MIN_ENTRIES + 2);
  });
});
