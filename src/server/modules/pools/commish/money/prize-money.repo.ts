import { and, eq, sql } from 'drizzle-orm';
import { getRemainingPrizes } from '../../../../../core/money';
import { poolPrizePool } from '../../../../../core/season/prize-pool';
import type { DbOrTx } from '../../../../db/client';
import { entries, ledger } from '../../../../db/schema';
import type { PoolRecord } from '../../../leagues/leagues.repo';
import { appendLedger } from '../../ledger';

/** A pool's prize money in cents: the prize pool, what has been awarded, and what is left to award. */
export interface PrizeMoney {
  /** The decisions' formula over the counted entries (status 1), as the pool page and Standings show it. */
  prizePool: number;
  /** Every 'prize' ledger row of the pool: Finances' Prizes total (champions, splits). */
  awarded: number;
  remaining: number;
  /** Each entry's prizes so far (Finances' Prizes column). */
  prizesByEntry: Map<number, number>;
}

/** Reads a pool's prize money from its entries and ledger (inside the caller's transaction when given one). */
export async function loadPrizeMoney(
  db: DbOrTx,
  pool: Pick<PoolRecord, 'id' | 'buyin' | 'insurance' | 'rebuyPrice' | 'alaPct'>,
): Promise<PrizeMoney> {
  const [counts] = await db
    .select({
      entrants: sql<number>`count(*)`.mapWith(Number),
      insured: sql<number>`count(*) filter (where ${entries.insurancePurchased})`.mapWith(Number),
      rebuys: sql<number>`coalesce(sum(${entries.rebuysMade}), 0)`.mapWith(Number),
    })
    .from(entries)
    .where(and(eq(entries.poolId, pool.id), eq(entries.status, 1)));
  const prizeRows = await db
    .select({
      entryId: ledger.entryId,
      prizes: sql<number>`coalesce(sum(${ledger.amount}), 0)`.mapWith(Number),
    })
    .from(ledger)
    .where(and(eq(ledger.poolId, pool.id), eq(ledger.kind, 'prize')))
    .groupBy(ledger.entryId);
  const prizePool = poolPrizePool(pool, counts);
  const prizesByEntry = new Map<number, number>();
  let awarded = 0;
  for (const row of prizeRows) {
    awarded += row.prizes;
    if (row.entryId !== null) prizesByEntry.set(row.entryId, row.prizes);
  }
  return { prizePool, awarded, remaining: getRemainingPrizes(prizePool, awarded), prizesByEntry };
}

/**
 * Awards prizes (a champion's, a split's): one 'prize' ledger row per award, and entries.prizes, which mirrors
 * the entry's 'prize' rows for the profile and league pages, raised by the same amount. Awards of 0 are skipped.
 */
export async function awardPrizes(
  tx: DbOrTx,
  poolId: number,
  awards: ReadonlyArray<{ entryId: number; amount: number }>,
  notes: string,
  by: number,
  now: Date,
): Promise<void> {
  const paid = awards.filter((award) => award.amount > 0);
  if (paid.length === 0) return;
  await appendLedger(
    tx,
    paid.map((award) => ({
      poolId,
      entryId: award.entryId,
      kind: 'prize' as const,
      amount: award.amount,
      notes,
      createdBy: by,
    })),
    now,
  );
  await tx.execute(sql`
    update entries as e set prizes = e.prizes + u.amount
    from unnest(${sql.param(paid.map((a) => a.entryId))}::int[], ${sql.param(paid.map((a) => a.amount))}::int[])
      as u(id, amount)
    where e.id = u.id and e.pool_id = ${poolId}`);
}
