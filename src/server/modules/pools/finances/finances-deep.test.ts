import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  FINANCES_MESSAGES,
  type FinancesResponse,
  type PaymentsResponse,
  type PrizeSplitResponse,
} from '../../../../core/contracts/pools';
import type { TestApp } from '../../../test/harness';
import type { TestUser } from '../../../test/league-test-world';
import { buildMlbPool, enter, NOW, type PoolWorld, startPoolWorld } from '../../../test/pool-test-world';
import { NAME_ORDER_MAX_ENTRIES } from '../store/pool-entries.repo';

/*
 * Deep pages of the money lists (decision 013): past NAME_ORDER_MAX_ENTRIES matching entries Finances and
 * Split Prizes page in sign-up order (an index range), and the payments list pages only its newest records.
 */

const USERS = 2101;
const PER_USER = 5;
const ENTRIES = USERS * PER_USER;

let t: TestApp;
let world: PoolWorld;
beforeEach(async () => {
  ({ t, world } = await startPoolWorld());
});

const get = (url: string, user?: TestUser) =>
  t.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });

/** A pool of ENTRIES entries (USERS users with PER_USER entries each) and the commissioner's own entry. */
async function seedDeepPool() {
  const pool = await buildMlbPool(t.ctx, world.leagueId, { buyin: 1000 });
  await t.ctx.db.execute(sql`
    insert into users (username, email, name_first, name_last)
    select 'deep' || lpad(n::text, 5, '0'), 'deep' || n || '@example.test', 'Deep', 'Player'
    from generate_series(1, ${USERS}) as n`);
  // Entry numbers first, then users, so sign-up order is not name order.
  await t.ctx.db.execute(sql`
    insert into entries (pool_id, user_id, entry_num, lives)
    select ${pool.id}, u.id, k, case when u.id % 2 = 0 then 1 else 0 end
    from generate_series(1, ${PER_USER}) as k, users u where u.username like 'deep%' order by k, u.username desc`);
  const mine = await enter(t.ctx, pool.id, world.owner, { lives: 1 });
  await t.ctx.db.execute(sql`
    insert into ledger (pool_id, entry_id, kind, amount, created_at)
    select ${pool.id}, e.id, 'buyin', -1000, ${NOW.toISOString()}::timestamptz
    from entries e where e.pool_id = ${pool.id}`);
  return { pool, mine };
}

describe('deep pages of the money lists past the name order', () => {
  it('pages Finances, Split Prizes and payments of a pool past 10,000 entries along an index', async () => {
    expect(ENTRIES).toBeGreaterThan(NAME_ORDER_MAX_ENTRIES);
    const { pool, mine } = await seedDeepPool();

    // Finances: sign-up order, said in `order`; the totals are every entry's, the own entry always there.
    const first: FinancesResponse = (await get(`/api/finances/${pool.id}`, world.owner)).json();
    expect(first).toMatchObject({ order: 'signup', total: ENTRIES + 1, entries: ENTRIES + 1 });
    expect(first.rows[0].label).toBe(`deep${String(USERS).padStart(5, '0')}`);
    expect(first.totals.buyin).toBe((ENTRIES + 1) * 1000);
    expect(first.mine.map((row) => row.entry_id)).toEqual([mine.id]);
    const deep: FinancesResponse = (await get(`/api/finances/${pool.id}?page=200&pageSize=50`)).json();
    expect(deep.rows).toHaveLength(50);
    expect(deep.rows[0].entry_id).not.toBe(first.rows[0].entry_id);
    const last: FinancesResponse = (await get(`/api/finances/${pool.id}?page=211&pageSize=50`)).json();
    expect(last.rows.map((row) => row.entry_id)).toContain(mine.id);
    expect((await get(`/api/finances/${pool.id}?page=212&pageSize=50`)).json().rows).toEqual([]);
    // A narrow search is in name order again.
    const searched: FinancesResponse = (await get(`/api/finances/${pool.id}?q=deep0001`)).json();
    expect(searched).toMatchObject({ order: 'username', total: 10 * PER_USER });
    expect(searched.rows[0].label).toBe('deep00010');

    // Split Prizes: the counted entries in sign-up order past 10,000, the alive ones too.
    const split: PrizeSplitResponse = (
      await get(`/api/pools/${pool.id}/prizeSplit?page=200&pageSize=50`, world.owner)
    ).json();
    expect(split.total).toBe(ENTRIES + 1);
    expect(split.entrants).toHaveLength(50);
    const splitFirst: PrizeSplitResponse = (
      await get(`/api/pools/${pool.id}/prizeSplit?pageSize=50`, world.owner)
    ).json();
    expect(splitFirst.entrants[0].entry_id).toBe(first.rows[0].entry_id);
    expect(split.entrants[0].entry_id).toBe(deep.rows[0].entry_id);
    const alive: PrizeSplitResponse = (
      await get(`/api/pools/${pool.id}/prizeSplit?alive=true&page=2&pageSize=50`, world.owner)
    ).json();
    expect(alive.total).toBeGreaterThan(NAME_ORDER_MAX_ENTRIES / 2);
    expect(alive.entrants).toHaveLength(50);
    expect(alive.entrants.every((row) => row.alive)).toBe(true);

    // Payments: the newest 10,000 records page; deeper asks for a search, which finds any record.
    await t.ctx.db.execute(sql`
      insert into ledger (pool_id, entry_id, kind, amount, created_at)
      select ${pool.id}, e.id, 'payment', 1000, ${NOW.toISOString()}::timestamptz + make_interval(secs => e.slot)
      from entries e where e.pool_id = ${pool.id}`);
    const url = '/api/payments/mlb/2023/SQUAD/0/reg';
    const ok: PaymentsResponse = (await get(`${url}?page=200&pageSize=50`)).json();
    expect(ok.records).toHaveLength(50);
    const tooDeep = await get(`${url}?page=201&pageSize=50`);
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json().message).toBe(FINANCES_MESSAGES.paymentsTooDeep);
    const oldest: PaymentsResponse = (await get(`${url}?q=deep02101`)).json();
    expect(oldest.total).toBe(PER_USER);
    expect(oldest.records.every((row) => row.label.startsWith('deep02101'))).toBe(true);
  });
});
