import type { DbOrTx } from '../../db/client';
import { ledger } from '../../db/schema';

/** Kinds of money movement; amounts are signed cents from the entry's side (what Finances adds up). */
export type LedgerKind = 'buyin' | 'rebuy' | 'insurance' | 'bonus' | 'payment' | 'prize' | 'prize_paid_to';

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

/** Appends money rows to the ledger (never updated or deleted; corrections are new rows). */
export async function appendLedger(db: DbOrTx, rows: LedgerRowInput[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(ledger).values(
    rows.map((row) => ({
      poolId: row.poolId,
      entryId: row.entryId,
      kind: row.kind,
      amount: row.amount,
      week: row.week ?? null,
      notes: row.notes ?? null,
      bonusEventId: row.bonusEventId ?? null,
      createdBy: row.createdBy ?? null,
      createdAt: now,
    })),
  );
}
