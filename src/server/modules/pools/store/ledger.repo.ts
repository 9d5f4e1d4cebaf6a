import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { ENTRY_STATUS_SQL } from '../../../db/entry-status';

/** Kinds of money movement; amounts are signed cents from the entry's side (what Finances adds up). */
export type LedgerKind = 'buyin' | 'rebuy' | 'insurance' | 'bonus' | 'payment' | 'prize' | 'prize_paid_to';

/**
 * The cents a pool's counted entries paid in (buy-ins, rebuys, insurance, less refunds) as a SQL bigint: the
 * prize pool's money is what was charged, never today's prices times counts (a rebuy price changed mid-season
 * would pay out money never collected). One aggregate over the pool's ledger, like Finances' totals, less the
 * rows of its inactive entries (few, found by their partial index).
 */
export function paidInSql(poolId: number): SQL {
  const charges = sql`kind in ('buyin', 'rebuy', 'insurance')`;
  return sql`((select coalesce(-sum(pl.amount), 0) from ledger pl
      where pl.pool_id = ${poolId} and pl.${charges} and pl.entry_id is not null)
    - (select coalesce(-sum(pl.amount), 0) from entries px
      join ledger pl on pl.pool_id = ${poolId} and pl.entry_id = px.id and pl.${charges}
      where px.pool_id = ${poolId} and px.status = ${ENTRY_STATUS_SQL.inactive}))::bigint`;
}

export interface LedgerRowInput {
  poolId: number;
  entryId: number | null;
  kind: LedgerKind;
  /** Signed cents: charges (buy-in, rebuy, insurance, prizes paid to others) are negative. */
  amount: number;
  week?: number | null;
  notes?: string | null;
  /** The bonus event a 'bonus' row pays or charges. */
  bonusEventId?: number | null;
  createdBy?: number | null;
}

/**
 * Appends money rows to the ledger (never updated or deleted; corrections are new rows). One statement
 * per 50,000 rows through arrays: a bonus in a big pool charges every other entry of its bonus pool.
 */
export async function appendLedger(db: DbOrTx, rows: LedgerRowInput[], now: Date): Promise<void> {
  for (let start = 0; start < rows.length; start += 50_000) {
    const part = rows.slice(start, start + 50_000);
    const col = <T>(pick: (row: LedgerRowInput) => T) => sql.param(part.map(pick));
    await db.execute(sql`
      insert into ledger (pool_id, entry_id, kind, amount, week, notes, bonus_event_id, created_by, created_at)
      select t.pool_id, t.entry_id, t.kind, t.amount, t.week, t.notes, t.bonus_event_id, t.created_by,
        ${now.toISOString()}::timestamptz
      from unnest(
        ${col((r) => r.poolId)}::int[], ${col((r) => r.entryId)}::int[], ${col((r) => r.kind)}::text[],
        ${col((r) => r.amount)}::bigint[], ${col((r) => r.week ?? null)}::int[], ${col((r) => r.notes ?? null)}::text[],
        ${col((r) => r.bonusEventId ?? null)}::int[], ${col((r) => r.createdBy ?? null)}::int[]
      ) as t(pool_id, entry_id, kind, amount, week, notes, bonus_event_id, created_by)`);
  }
}

/**
 * Runs one insert into the ledger whose rows take their entry from the pool's own entries in the same
 * statement (`insert into ledger ... select ... from entries`), so that every row's keys hold by
 * construction, without the per-statement check of the keys (decision 026). The only caller: a judged
 * week's auto-rebuy charges, 100,000 rows in a big pool, whose check cost half a second. This is the one
 * place that names the check's transaction-local switch (migration 0028); should the insert fail, the
 * transaction ends and the switch with it.
 */
export async function appendLedgerOfOwnEntries(tx: DbOrTx, insert: SQL): Promise<void> {
  await tx.execute(sql`select set_config('ala.ledger_keys_held', 'on', true)`);
  await tx.execute(insert);
  await tx.execute(sql`select set_config('ala.ledger_keys_held', 'off', true)`);
}
