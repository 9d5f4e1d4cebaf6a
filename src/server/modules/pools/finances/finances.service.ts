import { and, asc, count, desc, eq, gte, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { pageOffset } from '../../../../core/contracts/paging';
import type {
  FinanceMoney,
  FinanceRow,
  FinancesOrder,
  FinancesQuery,
  FinancesResponse,
  PaymentsPath,
  PaymentsQuery,
  PaymentsResponse,
} from '../../../../core/contracts/pools';
import { FINANCES_MESSAGES, PAYMENTS_MAX_DEPTH } from '../../../../core/contracts/pools';
import { computeFinanceTotal, formatFinanceStatus } from '../../../../core/money';
import { must } from '../../../../core/must';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import type { EntryRecord, UserRow } from '../../../db/schema';
import { entries, ledger, users } from '../../../db/schema';
import { badRequest } from '../../../lib/errors';
import { containsPattern } from '../../../lib/paging';
import { type PoolRef, requirePoolAccess } from '../access/pool-access';
import {
  financesBonusOrderSql,
  readOrderIds,
  readRanking,
  type StoredFinances,
} from '../standings/pool-rankings';
import { CACHED_POOL_MIN_ENTRIES, standingsCacheOf } from '../store/kept-reads';
import { entryLabel, NAME_ORDER_MAX_ENTRIES, pagePoolEntries } from '../store/pool-entries.repo';

/*
 * Who may read a pool's money: anyone who may see the pool, visitors included. Finances shows usernames and
 * amounts only (never real names), as the pool's tab does for every viewer; a hidden league's pool stays
 * unknown (404) to outsiders through requirePoolAccess.
 *
 * Nothing here grows with the pool: the rows are one page of entries (by username, searched in SQL) and the
 * viewer's own entries; their money is summed in SQL for those entries only; the pool's totals are one
 * grouped sum of its ledger (bigint), kept between requests for a big pool until its money changes.
 */

/** A sum of ledger amounts as a number: pg answers bigint sums as strings, exact while under 2^53 cents. */
const bigSum = (expression: SQL) => sql<number>`coalesce(${expression}, 0)::bigint`.mapWith(Number);
const sumOf = (kind: string) => bigSum(sql`sum(${ledger.amount}) filter (where ${ledger.kind} = ${kind})`);

interface EntryMoney {
  buyin: number;
  rebuy: number;
  insurance: number;
  bonus: number;
  prize: number;
  payment: number;
  prizePaidTo: number;
  lastActivity: Date | null;
}

const NO_MONEY: EntryMoney = {
  buyin: 0,
  rebuy: 0,
  insurance: 0,
  bonus: 0,
  prize: 0,
  payment: 0,
  prizePaidTo: 0,
  lastActivity: null,
};

/** Each given entry's money by kind: a bounded list (a page, the viewer's entries). */
async function loadEntryMoney(
  db: DbOrTx,
  poolId: number,
  entryIds: number[],
): Promise<Map<number, EntryMoney>> {
  if (entryIds.length === 0) return new Map();
  const rows = await db
    .select({
      entryId: ledger.entryId,
      buyin: sumOf('buyin'),
      rebuy: sumOf('rebuy'),
      insurance: sumOf('insurance'),
      bonus: sumOf('bonus'),
      prize: sumOf('prize'),
      payment: sumOf('payment'),
      prizePaidTo: sumOf('prize_paid_to'),
      lastActivity: sql<Date | null>`max(${ledger.createdAt})`.mapWith((value) =>
        value === null ? null : new Date(value),
      ),
    })
    .from(ledger)
    .where(and(eq(ledger.poolId, poolId), inArray(ledger.entryId, entryIds)))
    .groupBy(ledger.entryId);
  return new Map(rows.map((row) => [must(row.entryId), row]));
}

/** The pool's totals by kind over every entry's ledger rows: one grouped sum. */
async function loadPoolTotals(db: DbOrTx, poolId: number): Promise<FinanceMoney> {
  const [row] = await db
    .select({
      buyin: sumOf('buyin'),
      rebuy: sumOf('rebuy'),
      insurance: sumOf('insurance'),
      bonus: sumOf('bonus'),
      prize: sumOf('prize'),
      payment: sumOf('payment'),
      prizePaidTo: sumOf('prize_paid_to'),
    })
    .from(ledger)
    .where(and(eq(ledger.poolId, poolId), sql`${ledger.entryId} is not null`));
  return toMoney({ ...must(row), lastActivity: null });
}

function toMoney(row: EntryMoney): FinanceMoney {
  // Costs are stored negative (the entry's side) and shown as positive amounts, as the spec's formula reads.
  const money = {
    buyin: -row.buyin,
    rebuys: -row.rebuy,
    insurance: -row.insurance,
    bonus: row.bonus,
    prizes: row.prize,
    paid: row.payment,
    prizes_paid_to: -row.prizePaidTo,
  };
  // The spec's formula over the shown columns: the plain sum of the entry's signed rows of these kinds.
  return { ...money, total: computeFinanceTotal({ ...money, prizesPaidTo: money.prizes_paid_to }) };
}

function toFinanceRow(
  entry: EntryRecord,
  username: string,
  money: EntryMoney,
  champions: ReadonlySet<string>,
): FinanceRow {
  const label = entryLabel(username, entry.entryNum);
  const champion = champions.has(label.toLowerCase());
  const eliminated = entry.lives <= 0;
  return {
    entry_id: entry.id,
    username,
    entry_num: entry.entryNum,
    label,
    status: formatFinanceStatus({ champion, eliminated, lives: entry.lives }),
    lives: entry.lives,
    champion,
    eliminated,
    in_bonus: entry.bonus,
    last_activity: money.lastActivity ? money.lastActivity.toISOString() : null,
    ...toMoney(money),
  };
}

/**
 * GET /api/finances/{poolId}: a page of entries (by username, searched) with each one's money by column
 * (SQL sums of its ledger rows), the viewer's own entries, and the pool's totals.
 */
export async function getFinances(
  ctx: AppContext,
  ref: PoolRef,
  query: FinancesQuery,
  viewer: UserRow | null,
): Promise<FinancesResponse> {
  const { pool } = await requirePoolAccess(ctx.db, ref, viewer);
  const search = query.q ? ilike(users.username, containsPattern(query.q)) : undefined;
  const summary = readPoolSummary(ctx, pool.id);
  const [pageRead, mine, { totals, entryCount }] = await Promise.all([
    query.sort === 'bonus'
      ? readBonusPage(ctx, pool.id, query)
      : readNamePage(ctx.db, pool.id, query, search, summary),
    viewer
      ? ctx.db
          .select({ entry: entries, username: users.username })
          .from(entries)
          .innerJoin(users, eq(users.id, entries.userId))
          .where(and(eq(entries.poolId, pool.id), eq(entries.userId, viewer.id)))
          .orderBy(asc(entries.entryNum))
      : Promise.resolve([]),
    summary,
  ]);
  const page = pageRead.rows;
  const found = pageRead.total;
  const ids = [...new Set([...page, ...mine].map((row) => row.entry.id))];
  const money = await loadEntryMoney(ctx.db, pool.id, ids);
  const champions = new Set(pool.champions.map((name) => name.toLowerCase()));
  const toRow = (row: { entry: EntryRecord; username: string }) =>
    toFinanceRow(row.entry, row.username, money.get(row.entry.id) ?? NO_MONEY, champions);
  return {
    rows: page.map(toRow),
    order: pageRead.order,
    mine: mine.map(toRow),
    totals,
    entries: entryCount,
    page: query.page,
    pageSize: query.pageSize,
    total: found,
  };
}

type NamedRow = { entry: EntryRecord; username: string };

/**
 * A page by username while at most NAME_ORDER_MAX_ENTRIES entries match, in sign-up order past that (as the
 * entrants lists page, decision 013): a deep page of a big pool is then a range of the (pool_id, status, slot)
 * index, not an OFFSET of hundreds of thousands along the usernames. `total` is how many entries match.
 */
async function readNamePage(
  db: DbOrTx,
  poolId: number,
  query: FinancesQuery,
  search: SQL | undefined,
  summary: Promise<PoolSummary>,
): Promise<{ rows: NamedRow[]; total: number; order: FinancesOrder }> {
  const total = search
    ? Number(
        (
          await db
            .select({ found: count() })
            .from(entries)
            .innerJoin(users, eq(users.id, entries.userId))
            .where(and(eq(entries.poolId, poolId), search))
        )[0].found,
      )
    : (await summary).entryCount;
  if (total > NAME_ORDER_MAX_ENTRIES && !search) {
    // Every entry of the pool, in sign-up order: slots have no gaps (0 up, given by a trigger, entries
    // never deleted), so the page starts at the slot of its offset and is a range of (pool_id, slot), with
    // nothing skipped. `>=` with the limit keeps a page full even if a gap ever appeared.
    const rows = await db
      .select({ entry: entries, username: users.username })
      .from(entries)
      .innerJoin(users, eq(users.id, entries.userId))
      .where(and(eq(entries.poolId, poolId), gte(entries.slot, pageOffset(query))))
      .orderBy(asc(entries.slot))
      .limit(query.pageSize);
    return { rows, total, order: 'signup' };
  }
  if (total > NAME_ORDER_MAX_ENTRIES) {
    const rows = await pagePoolEntries(
      db,
      poolId,
      { page: query.page, pageSize: query.pageSize, q: query.q },
      total,
    );
    return { rows, total, order: 'signup' };
  }
  // By lower(username): the users' unique index on it walks the page in order, with no sort.
  const order =
    query.sort === 'username_desc'
      ? [desc(sql`lower(${users.username})`), desc(entries.entryNum)]
      : [asc(sql`lower(${users.username})`), asc(entries.entryNum)];
  const rows = await db
    .select({ entry: entries, username: users.username })
    .from(entries)
    .innerJoin(users, eq(users.id, entries.userId))
    .where(and(eq(entries.poolId, poolId), search))
    .orderBy(...order)
    .limit(query.pageSize)
    .offset(pageOffset(query));
  return { rows, total, order: query.sort === 'username_desc' ? 'username_desc' : 'username' };
}

/**
 * A page of the Bonus Pool Leaderboard's order: the entries in the bonus pool or with bonus money, most first
 * (then by username). The whole order is stored after each settle or money change (pool-rankings); while it
 * is stale a page sums every entry's bonus to choose it, and a search only the matching entries'. A big
 * pool's page ids are kept until its money changes; the rows are read afresh.
 */
async function readBonusPage(
  ctx: AppContext,
  poolId: number,
  query: FinancesQuery,
): Promise<{ rows: NamedRow[]; total: number; order: FinancesOrder }> {
  const search = query.q ? sql`u2.username ilike ${containsPattern(query.q)}` : null;
  const load = async () => {
    // The whole order is stored (pool-rankings) after each settle or money change: a page is a slice of it.
    const offset = pageOffset(query);
    if (!search) {
      const [ids, board] = await Promise.all([
        readOrderIds(ctx.db, poolId, 'bonus-order', offset, query.pageSize),
        readRanking<{ ranked: number | string }>(ctx.db, poolId, 'bonus-leaderboard'),
      ]);
      if (ids && board) return { ids, total: Number(board.data.ranked) };
    }
    const result = await ctx.db.execute<{ id: number; total: string | number }>(
      financesBonusOrderSql(poolId, search, { limit: query.pageSize, offset }),
    );
    return {
      ids: result.rows.map((row) => Number(row.id)),
      total: result.rows.length > 0 ? Number(result.rows[0].total) : 0,
    };
  };
  const cache = standingsCacheOf(ctx);
  const key = `finances:bonus:${query.q}:${query.page}:${query.pageSize}`;
  const chosen = cache
    ? await cache.read(poolId, key, load, (value) => value.total >= CACHED_POOL_MIN_ENTRIES)
    : await load();
  if (chosen.ids.length === 0) return { rows: [], total: chosen.total, order: 'bonus' };
  const rows = await ctx.db
    .select({ entry: entries, username: users.username })
    .from(entries)
    .innerJoin(users, eq(users.id, entries.userId))
    .where(and(eq(entries.poolId, poolId), sql`${entries.id} = any(${sql.param(chosen.ids)}::int[])`));
  const byId = new Map(rows.map((row) => [row.entry.id, row]));
  return {
    rows: chosen.ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [row] : [];
    }),
    total: chosen.total,
    order: 'bonus',
  };
}

interface PoolSummary {
  totals: FinanceMoney;
  entryCount: number;
}

/**
 * The pool's totals and entry count: each a pass over the pool's rows, so a big pool's are kept until its
 * money, results or standings change (the standings' cache, dropped by the pool's live updates).
 */
function readPoolSummary(ctx: AppContext, poolId: number): Promise<PoolSummary> {
  const load = async (): Promise<PoolSummary> => {
    const stored = await readRanking<StoredFinances>(ctx.db, poolId, 'finances');
    if (stored) {
      const sums = stored.data.sums;
      const money = Object.fromEntries(Object.entries(sums).map(([key, value]) => [key, Number(value)]));
      return {
        totals: toMoney({ ...(money as StoredFinances['sums']), lastActivity: null }),
        entryCount: Number(stored.data.entryCount),
      };
    }
    const [totals, [{ entryCount }]] = await Promise.all([
      loadPoolTotals(ctx.db, poolId),
      ctx.db.select({ entryCount: count() }).from(entries).where(eq(entries.poolId, poolId)),
    ]);
    return { totals, entryCount };
  };
  const cache = standingsCacheOf(ctx);
  if (!cache) return load();
  return cache.read(poolId, 'finances:summary', load, (value) => value.entryCount >= CACHED_POOL_MIN_ENTRIES);
}

/**
 * GET /api/payments/{game}/{season}/{league}/{poolIdx}/{type}: a page of the pool's payments and prizes paid,
 * newest first, searched by username, or one entry's (`entry`).
 */
export async function listPayments(
  ctx: AppContext,
  path: PaymentsPath,
  query: PaymentsQuery,
  viewer: UserRow | null,
): Promise<PaymentsResponse> {
  const { pool } = await requirePoolAccess(ctx.db, path, viewer);
  const where = and(
    eq(ledger.poolId, pool.id),
    inArray(ledger.kind, ['payment', 'prize_paid_to']),
    query.entry !== undefined ? eq(ledger.entryId, query.entry) : undefined,
    // The matching owners first, then their entries in the pool, then those entries' rows: a rare name is a
    // few index reads, where walking the payments newest first and joining each found it only at the end.
    query.q
      ? sql`${ledger.entryId} in (select ${entries.id} from ${entries} where ${entries.poolId} = ${pool.id} and ${entries.userId} in (select ${users.id} from ${users} where ${users.username} ilike ${containsPattern(query.q)}))`
      : undefined,
  );
  // Deep pages are bounded (decision 013): OFFSET along the payments' index reads every row it skips, so
  // the newest PAYMENTS_MAX_DEPTH records page, and older ones are found by a search or an entry.
  if (pageOffset(query) >= PAYMENTS_MAX_DEPTH) throw badRequest(FINANCES_MESSAGES.paymentsTooDeep);
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({ row: ledger, username: users.username, entryNum: entries.entryNum })
      .from(ledger)
      .innerJoin(entries, eq(entries.id, ledger.entryId))
      .innerJoin(users, eq(users.id, entries.userId))
      .where(where)
      .orderBy(desc(ledger.createdAt), desc(ledger.id))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    // Without a search no join is needed: the count reads the payments' index alone.
    query.q
      ? ctx.db
          .select({ total: count() })
          .from(ledger)
          .innerJoin(entries, eq(entries.id, ledger.entryId))
          .innerJoin(users, eq(users.id, entries.userId))
          .where(where)
      : ctx.db
          .select({ total: count() })
          .from(ledger)
          .where(and(where, sql`${ledger.entryId} is not null`)),
  ]);
  return {
    records: rows.map(({ row, username, entryNum }) => ({
      id: row.id,
      entry_id: must(row.entryId),
      label: entryLabel(username, entryNum),
      amount: row.amount,
      notes: row.notes,
      updated_at: row.createdAt.toISOString(),
      type: row.kind === 'payment' ? ('payment' as const) : ('prize' as const),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}
