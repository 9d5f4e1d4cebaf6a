import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type {
  FinanceMoney,
  FinancesResponse,
  PaymentRecord,
  PaymentsPath,
  PaymentsResponse,
} from '../../../../core/contracts/pools';
import { computeFinanceTotal, formatFinanceStatus } from '../../../../core/money';
import { must } from '../../../../core/must';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import { entries, ledger, users } from '../../../db/schema';
import type { UserRow } from '../../auth/sessions';
import { type PoolRef, requirePoolAccess } from '../pool-access';
import { entryLabel } from '../pool-entries.repo';

/*
 * Who may read a pool's money: anyone who may see the pool, visitors included. Finances shows usernames and
 * amounts only (never real names), as the pool's tab does for every viewer; a hidden league's pool stays
 * unknown (404) to outsiders through requirePoolAccess.
 */

const sumOf = (kind: string) =>
  sql<number>`coalesce(sum(${ledger.amount}) filter (where ${ledger.kind} = ${kind}), 0)`.mapWith(Number);

/** GET /api/finances/{poolId}: each entry's money by column (SQL sums of its ledger rows) and the pool's totals. */
export async function getFinances(
  ctx: AppContext,
  ref: PoolRef,
  viewer: UserRow | null,
): Promise<FinancesResponse> {
  const { pool } = await requirePoolAccess(ctx.db, ref, viewer);
  // One grouped query: each column is the signed sum of one kind of the entry's rows.
  const rows = await ctx.db
    .select({
      entry: entries,
      username: users.username,
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
    .from(entries)
    .innerJoin(users, eq(users.id, entries.userId))
    .leftJoin(ledger, and(eq(ledger.entryId, entries.id), eq(ledger.poolId, pool.id)))
    .where(eq(entries.poolId, pool.id))
    .groupBy(entries.id, users.username)
    .orderBy(asc(users.username), asc(entries.entryNum));
  const champions = new Set(pool.champions.map((name) => name.toLowerCase()));
  const result = rows.map((row) => {
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
    const total = computeFinanceTotal({ ...money, prizesPaidTo: money.prizes_paid_to });
    const label = entryLabel(row.username, row.entry.entryNum);
    const champion = champions.has(label.toLowerCase());
    const eliminated = row.entry.lives <= 0;
    return {
      entry_id: row.entry.id,
      username: row.username,
      entry_num: row.entry.entryNum,
      label,
      status: formatFinanceStatus({ champion, eliminated, lives: row.entry.lives }),
      lives: row.entry.lives,
      champion,
      eliminated,
      in_bonus: row.entry.bonus,
      last_activity: row.lastActivity ? row.lastActivity.toISOString() : null,
      ...money,
      total,
    };
  });
  return { rows: result, totals: sumColumns(result) };
}

function sumColumns(rows: FinanceMoney[]): FinanceMoney {
  const totals: FinanceMoney = {
    buyin: 0,
    rebuys: 0,
    insurance: 0,
    bonus: 0,
    prizes: 0,
    paid: 0,
    prizes_paid_to: 0,
    total: 0,
  };
  for (const row of rows) {
    for (const key of Object.keys(totals) as (keyof FinanceMoney)[]) totals[key] += row[key];
  }
  return totals;
}

/** GET /api/payments/{game}/{season}/{league}/{poolIdx}/{type}: each entry's payments and prizes paid to it. */
export async function listPayments(
  ctx: AppContext,
  path: PaymentsPath,
  viewer: UserRow | null,
): Promise<PaymentsResponse> {
  const { pool } = await requirePoolAccess(
    ctx.db,
    {
      game: path.game,
      league: path.league,
      season: path.season,
      poolIdx: path.poolIdx,
      seasonType: path.type,
    },
    viewer,
  );
  const named = await ctx.db
    .select({ id: entries.id, entryNum: entries.entryNum, username: users.username })
    .from(entries)
    .innerJoin(users, eq(users.id, entries.userId))
    .where(eq(entries.poolId, pool.id))
    .orderBy(asc(users.username), asc(entries.entryNum));
  const records = await loadPaymentRows(
    ctx.db,
    pool.id,
    named.map((entry) => entry.id),
  );
  return {
    entries: named.map((entry) => ({
      entry_id: entry.id,
      label: entryLabel(entry.username, entry.entryNum),
      payments: records.filter((row) => row.entry_id === entry.id && row.type === 'payment'),
      prizesPaidTo: records.filter((row) => row.entry_id === entry.id && row.type === 'prize'),
    })),
  };
}

async function loadPaymentRows(db: DbOrTx, poolId: number, entryIds: number[]): Promise<PaymentRecord[]> {
  if (entryIds.length === 0) return [];
  const rows = await db
    .select()
    .from(ledger)
    .where(
      and(
        eq(ledger.poolId, poolId),
        inArray(ledger.entryId, entryIds),
        inArray(ledger.kind, ['payment', 'prize_paid_to']),
      ),
    )
    .orderBy(asc(ledger.createdAt), asc(ledger.id));
  return rows.map((row) => ({
    id: row.id,
    entry_id: must(row.entryId),
    amount: row.amount,
    notes: row.notes,
    updated_at: row.createdAt.toISOString(),
    type: row.kind === 'payment' ? 'payment' : 'prize',
  }));
}
