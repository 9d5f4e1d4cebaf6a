import { and, count, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { PAGING_MESSAGES } from '../../../../core/contracts/paging';
import type {
  FinancesResponse,
  PaymentsResponse,
  PrizeSplitResponse,
  ProcessPrizeSplitResponse,
} from '../../../../core/contracts/pools';
import { POOL_LIMITS } from '../../../../core/pool/settings';
import { entries, ledger, poolAudits } from '../../../db/schema';
import type { TestApp } from '../../../test/harness';
import type { TestUser } from '../../../test/league-test-world';
import { buildMlbPool, enter, NOW, type PoolWorld, startPoolWorld } from '../../../test/pool-test-world';

/*
 * The money screens of a pool bigger than one page, built in SQL: every answer is one page however many
 * entries the pool holds, the totals are every entry's, and the viewer's own entries are always there.
 */

/** Big enough that a whole-pool answer (the old one) is megabytes; the pages stay a few kilobytes. */
const ENTRIES = 3000;
const MAX_PAGE_BYTES = 60_000;

let t: TestApp;
let world: PoolWorld;
beforeEach(async () => {
  ({ t, world } = await startPoolWorld());
});

const get = (url: string, user?: TestUser) =>
  t.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });
const post = (url: string, payload: object, user: TestUser) =>
  t.app.inject({ method: 'POST', url, payload, headers: { cookie: user.cookie } });

/**
 * A pool of ENTRIES users named big00001 and on (one entry each, lives 2, a buy-in row each) and the
 * commissioner's own entry, whose name sorts after them all.
 */
async function seedBigPool(values: object = {}, buyin = 5000) {
  const pool = await buildMlbPool(t.ctx, world.leagueId, { buyin, ...values });
  await t.ctx.db.execute(sql`
    insert into users (username, email, name_first, name_last)
    select 'big' || lpad(n::text, 5, '0'), 'big' || n || '@example.test', 'Big', 'Player'
    from generate_series(1, ${ENTRIES}) as n`);
  await t.ctx.db.execute(sql`
    insert into entries (pool_id, user_id, entry_num, lives)
    select ${pool.id}, u.id, 1, 2 from users u where u.username like 'big%' order by u.username`);
  const mine = await enter(t.ctx, pool.id, world.owner, { lives: 1 });
  await t.ctx.db.execute(sql`
    insert into ledger (pool_id, entry_id, kind, amount, created_at)
    select ${pool.id}, e.id, 'buyin', ${-buyin}, ${NOW.toISOString()}::timestamptz
    from entries e where e.pool_id = ${pool.id}`);
  return { pool, mine };
}

describe('GET /api/finances/{poolId} of a big pool', () => {
  it('answers one page with the pool totals and the viewer own entry, searched and sorted on the server', async () => {
    const { pool, mine } = await seedBigPool();
    await t.ctx.db.execute(sql`
      insert into ledger (pool_id, entry_id, kind, amount, notes, created_at)
      select ${pool.id}, e.id, 'payment', 5000, 'paid', ${NOW.toISOString()}::timestamptz
      from entries e where e.pool_id = ${pool.id} and e.id % 2 = 0`);
    const [{ paid }] = await t.ctx.db
      .select({ paid: count() })
      .from(entries)
      .where(and(eq(entries.poolId, pool.id), sql`${entries.id} % 2 = 0`));

    const first = await get(`/api/finances/${pool.id}`, world.owner);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.body.length).toBeLessThan(MAX_PAGE_BYTES);
    const body: FinancesResponse = first.json();
    expect(body).toMatchObject({ page: 1, pageSize: 50, total: ENTRIES + 1, entries: ENTRIES + 1 });
    expect(body.rows).toHaveLength(50);
    expect(body.rows[0].label).toBe('big00001');
    expect(body.totals).toMatchObject({ buyin: (ENTRIES + 1) * 5000, paid: paid * 5000 });
    expect(body.totals.total).toBe(-(ENTRIES + 1) * 5000 + paid * 5000);
    // The commissioner's entry sorts last, far from page 1, and is still in the answer.
    expect(body.rows.some((row) => row.entry_id === mine.id)).toBe(false);
    expect(body.mine).toEqual([
      expect.objectContaining({ entry_id: mine.id, label: 'commish', buyin: 5000 }),
    ]);

    const second: FinancesResponse = (await get(`/api/finances/${pool.id}?page=2`)).json();
    expect(second.rows).toHaveLength(50);
    expect(second.rows[0].label).toBe('big00051');
    expect(second.totals).toEqual(body.totals);
    expect(second.mine).toEqual([]);

    const searched: FinancesResponse = (await get(`/api/finances/${pool.id}?q=BIG0001&pageSize=5`)).json();
    expect(searched).toMatchObject({ total: 10, entries: ENTRIES + 1 });
    expect(searched.rows.map((row) => row.label)).toEqual([
      'big00010',
      'big00011',
      'big00012',
      'big00013',
      'big00014',
    ]);
    const backwards: FinancesResponse = (await get(`/api/finances/${pool.id}?sort=username_desc`)).json();
    expect(backwards.rows[0].label).toBe('commish');
  });

  it('refuses a page size above 100, a page below 1 and an unknown sort with their messages', async () => {
    const { pool } = await seedBigPool();
    const tooBig = await get(`/api/finances/${pool.id}?pageSize=101`);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toBe(PAGING_MESSAGES.pageSize);
    const zero = await get(`/api/finances/${pool.id}?page=0`);
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toBe(PAGING_MESSAGES.page);
    expect((await get(`/api/finances/${pool.id}?sort=total`)).statusCode).toBe(400);
  });
});

describe('GET /api/payments/... of a big pool', () => {
  it('answers a page of records, newest first, searched on the server, or one entry records', async () => {
    const { pool, mine } = await seedBigPool();
    await t.ctx.db.execute(sql`
      insert into ledger (pool_id, entry_id, kind, amount, notes, created_at)
      select ${pool.id}, e.id, case when e.id % 3 = 0 then 'prize_paid_to' else 'payment' end,
        case when e.id % 3 = 0 then -100 else 2500 end, 'memo',
        ${NOW.toISOString()}::timestamptz + make_interval(secs => e.id)
      from entries e where e.pool_id = ${pool.id}`);
    const first = await get('/api/payments/mlb/2023/SQUAD/0/reg?pageSize=100');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.body.length).toBeLessThan(MAX_PAGE_BYTES);
    const body: PaymentsResponse = first.json();
    expect(body).toMatchObject({ page: 1, pageSize: 100, total: ENTRIES + 1 });
    expect(body.records).toHaveLength(100);
    // Newest first: the commissioner's entry was made last, so its record is the newest.
    expect(body.records[0]).toMatchObject({ entry_id: mine.id, label: 'commish' });
    const second: PaymentsResponse = (
      await get('/api/payments/mlb/2023/SQUAD/0/reg?pageSize=100&page=2')
    ).json();
    expect(second.records[0].id).not.toBe(body.records[0].id);
    expect(second.records.some((r) => body.records.some((s) => s.id === r.id))).toBe(false);

    const searched: PaymentsResponse = (await get('/api/payments/mlb/2023/SQUAD/0/reg?q=big0300')).json();
    expect(searched.total).toBe(1);
    expect(searched.records[0].label).toBe('big03000');
    const one: PaymentsResponse = (await get(`/api/payments/mlb/2023/SQUAD/0/reg?entry=${mine.id}`)).json();
    expect(one).toMatchObject({ total: 1, records: [{ entry_id: mine.id }] });

    const tooBig = await get('/api/payments/mlb/2023/SQUAD/0/reg?pageSize=101');
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toBe(PAGING_MESSAGES.pageSize);
  });
});

describe('Split Prizes of a big pool', () => {
  it('answers a page of the table and splits among every survivor in exact cents, set-based', async () => {
    const { pool, mine } = await seedBigPool();
    await t.ctx.db.execute(sql`
      update entries set lives = 0 where pool_id = ${pool.id} and user_id in
        (select id from users where username like 'big0000%')`);
    const table = await get(`/api/pools/${pool.id}/prizeSplit`, world.owner);
    expect(table.statusCode, table.body).toBe(200);
    expect(table.body.length).toBeLessThan(MAX_PAGE_BYTES);
    const body: PrizeSplitResponse = table.json();
    const alive = ENTRIES + 1 - 9;
    expect(body).toMatchObject({
      page: 1,
      pageSize: 50,
      total: ENTRIES + 1,
      active_entries: ENTRIES + 1,
      alive_entries: alive,
      prize_pool: (ENTRIES + 1) * 5000,
      remaining: (ENTRIES + 1) * 5000,
    });
    expect(body.entrants).toHaveLength(50);
    const page2: PrizeSplitResponse = (
      await get(`/api/pools/${pool.id}/prizeSplit?page=2`, world.owner)
    ).json();
    expect(page2.entrants[0].label).toBe('big00051');
    const survivors: PrizeSplitResponse = (
      await get(`/api/pools/${pool.id}/prizeSplit?alive=true&pageSize=5`, world.owner)
    ).json();
    expect(survivors.total).toBe(alive);
    expect(survivors.entrants[0].label).toBe('big00010');
    const tooBig = await get(`/api/pools/${pool.id}/prizeSplit?pageSize=101`, world.owner);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toBe(PAGING_MESSAGES.pageSize);

    // 33.33% among every survivor (share 1) and the commissioner's entry at share 2.
    const response = await post(
      '/admin/processPrizeSplit',
      {
        poolId: pool.id,
        percent: 33.33,
        others: 'default',
        shares: [{ entryId: mine.id, share: 2 }],
        remaining: body.remaining,
      },
      world.owner,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body.length).toBeLessThan(MAX_PAGE_BYTES);
    const split: ProcessPrizeSplitResponse = response.json();
    const amount = Math.round((body.remaining * 3333) / 10_000);
    expect(split).toMatchObject({ amount, award_count: alive, remaining: body.remaining - amount });
    expect(split.awards).toHaveLength(100);
    expect(split.awards[0]).toMatchObject({ entry_id: mine.id, label: 'commish' });
    const [{ rows, cents }] = await t.ctx.db
      .select({ rows: count(), cents: sql<number>`sum(${ledger.amount})::bigint`.mapWith(Number) })
      .from(ledger)
      .where(and(eq(ledger.poolId, pool.id), eq(ledger.kind, 'prize')));
    expect({ rows, cents }).toEqual({ rows: alive, cents: amount });
    // Share 2 of alive + 1 shares: about twice a survivor's part.
    const perShare = amount / (alive + 1);
    expect(Math.abs(split.awards[0].amount - 2 * perShare)).toBeLessThanOrEqual(1);
    // Past a thousand awards the log keeps the split's own row; each award is its ledger row.
    const audits = await t.ctx.db.select().from(poolAudits).where(eq(poolAudits.poolId, pool.id));
    expect(audits.map((audit) => [audit.action, audit.newValue])).toEqual([
      ['prize_split', expect.objectContaining({ amount, awards: alive })],
    ]);
    const [{ prizes }] = await t.ctx.db
      .select({ prizes: sql<number>`sum(${entries.prizes})::bigint`.mapWith(Number) })
      .from(entries)
      .where(eq(entries.poolId, pool.id));
    expect(prizes).toBe(amount);
  });
});

describe('money past 2^31 cents', () => {
  it('splits and crowns in a pool at the largest buy-in without a 500, to the cent', async () => {
    // ENTRIES entries at the largest buy-in: a prize pool of 30,001 x $100,000, far past 2^31 cents.
    const buyin = POOL_LIMITS.maxMoney;
    const { pool, mine } = await seedBigPool({ alaPct: 0 }, buyin);
    const prizePool = (ENTRIES + 1) * buyin;
    expect(prizePool).toBeGreaterThan(2 ** 31);

    const finances: FinancesResponse = (await get(`/api/finances/${pool.id}`)).json();
    expect(finances.totals.buyin).toBe(prizePool);
    const table: PrizeSplitResponse = (await get(`/api/pools/${pool.id}/prizeSplit`, world.owner)).json();
    expect(table).toMatchObject({ prize_pool: prizePool, remaining: prizePool });

    // Half among the survivors by default share, the commissioner's entry at 10,000 shares.
    const split = await post(
      '/admin/processPrizeSplit',
      { poolId: pool.id, percent: 50, others: 'default', shares: [{ entryId: mine.id, share: 10_000 }] },
      world.owner,
    );
    expect(split.statusCode, split.body).toBe(200);
    const half = prizePool / 2;
    expect(split.json()).toMatchObject({
      amount: half,
      award_count: ENTRIES + 1,
      remaining: prizePool - half,
    });
    const big = split.json<ProcessPrizeSplitResponse>().awards[0].amount;
    expect(big).toBeGreaterThan(2 ** 31);

    // One champion takes the other half: a single prize past 2^31 cents.
    const crowned = await post(
      '/admin/processLeagueChamps',
      { leagueSeason: pool.id, champions: [mine.id], defaultWeeksAlive: 3, userWeeksAlive: {} },
      world.owner,
    );
    expect(crowned.statusCode, crowned.body).toBe(200);
    expect(crowned.json().awards).toEqual([prizePool - half]);
    const after: FinancesResponse = (await get(`/api/finances/${pool.id}`, world.owner)).json();
    expect(after.totals.prizes).toBe(prizePool);
    expect(after.mine[0]).toMatchObject({ champion: true, prizes: big + (prizePool - half) });
    const [champion] = await t.ctx.db.select().from(entries).where(eq(entries.id, mine.id));
    expect(champion).toMatchObject({ prizes: big + (prizePool - half), finalRank: 1, lives: 1 });
    const [{ alive, weeks }] = await t.ctx.db
      .select({
        alive: sql<number>`count(*) filter (where ${entries.lives} > 0)`.mapWith(Number),
        weeks: sql<number>`count(*) filter (where ${entries.weeksAlive} = 3)`.mapWith(Number),
      })
      .from(entries)
      .where(eq(entries.poolId, pool.id));
    expect({ alive, weeks }).toEqual({ alive: 1, weeks: ENTRIES });
    const afterTable: PrizeSplitResponse = (
      await get(`/api/pools/${pool.id}/prizeSplit`, world.owner)
    ).json();
    expect(afterTable).toMatchObject({ awarded: prizePool, remaining: 0, has_remaining: false });
  });
});
