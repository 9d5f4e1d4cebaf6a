import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../../db/client';
import { rowsOf } from '../../../../db/client';
import { entries, picks, poolAudits } from '../../../../db/schema';
import { intArray } from '../../pool-entries.repo';
import { owesPickCondition } from './owed-picks';

/** The audit action of a nudge: its row is also what the once-an-hour rule reads. */
export const NUDGE_ACTION = 'nudge';

/** What a nudge's audit row keeps (`new_value`): its week, its request's key and what it sent. */
export interface NudgeRecord {
  week: number;
  /** Wall-clock ISO instant it was sent: the once-an-hour rule is kept on real time. */
  sent_at: string;
  request_key: string | null;
  entries: number;
  players: number;
}

/** The pool's last nudge (its audit row's date on the application's clock, and what it recorded). */
export async function readLastNudge(
  db: DbOrTx,
  poolId: number,
): Promise<{ createdAt: Date; record: NudgeRecord } | null> {
  const [row] = await db
    .select({ createdAt: poolAudits.createdAt, value: poolAudits.newValue })
    .from(poolAudits)
    .where(and(eq(poolAudits.poolId, poolId), eq(poolAudits.action, NUDGE_ACTION)))
    // The newest by id along pool_audits_nudge_idx: the application's clock may be replayed from an earlier day.
    .orderBy(desc(poolAudits.id))
    .limit(1);
  if (!row) return null;
  return { createdAt: row.createdAt, record: row.value as NudgeRecord };
}

/** How many picks each entry of a page holds for the week (a bounded list: one int[] parameter). */
export async function countWeekPicks(
  db: DbOrTx,
  entryIds: readonly number[],
  week: number,
): Promise<Map<number, number>> {
  if (entryIds.length === 0) return new Map();
  const rows = await db
    .select({ entryId: picks.entryId, n: sql<string>`count(*)` })
    .from(picks)
    .where(and(sql`${picks.entryId} = any(${intArray(entryIds)})`, eq(picks.week, week)))
    .groupBy(picks.entryId);
  return new Map(rows.map((row) => [row.entryId, Number(row.n)]));
}

/** The entries owing a pick and their distinct owners: one aggregate over the pool. */
export async function countOwing(
  db: DbOrTx,
  poolId: number,
  week: number,
  needed: number,
): Promise<{ entries: number; players: number }> {
  const [row] = await db
    .select({ entries: sql<string>`count(*)`, players: sql<string>`count(distinct ${entries.userId})` })
    .from(entries)
    .where(and(eq(entries.poolId, poolId), owesPickCondition(week, needed)));
  return { entries: Number(row?.entries ?? 0), players: Number(row?.players ?? 0) };
}

/** One entry owing a pick, with its owner's address. */
export interface OwingEntry {
  entryId: number;
  entryNum: number;
  lives: number;
  insured: boolean;
  picksMade: number;
}

/** One owner of entries owing a pick: the recipient of one nudge mail. */
export interface OwingPlayer {
  userId: number;
  username: string;
  email: string;
  entries: OwingEntry[];
}

interface BatchRow {
  id: number;
  user_id: number;
  entry_num: number;
  lives: number;
  insured: boolean;
  held: number | string;
  owes: boolean;
  username: string | null;
  email: string | null;
}

/**
 * Walks the pool's entries in owner order along the (pool_id, user_id, entry_num) index, `batchSize`
 * entries a statement from the last one read (a keyset, never an offset), and hands each batch's owners of
 * entries that owe a pick to `onBatch`: all of an owner's entries together, even when a batch ends among
 * them. Memory holds one batch; no statement names an entry.
 */
export async function streamOwingPlayers(
  db: DbOrTx,
  options: { poolId: number; week: number; needed: number; batchSize: number },
  onBatch: (players: OwingPlayer[]) => Promise<void>,
): Promise<void> {
  const { poolId, week, needed, batchSize } = options;
  let after = { userId: 0, entryNum: 0 };
  // The owner whose entries the last batch ended among: handed on with the next batch.
  let open: OwingPlayer | null = null;
  for (;;) {
    const rows = rowsOf<BatchRow>(
      await db.execute(sql`
        with batch as (
          select e.id, e.user_id, e.entry_num, e.lives, e.insurance_purchased as insured,
            (select count(*) from picks p where p.entry_id = e.id and p.week = ${week}) as held,
            e.status, e.needs_rebuy
          from entries e
          where e.pool_id = ${poolId} and (e.user_id, e.entry_num) > (${after.userId}, ${after.entryNum})
          order by e.user_id, e.entry_num
          limit ${batchSize}
        ), flagged as (
          select b.*, (b.status = 1 and b.lives > 0 and not b.needs_rebuy and b.held < ${needed}) as owes
          from batch b
        )
        select f.id, f.user_id, f.entry_num, f.lives, f.insured, f.held, f.owes, u.username, u.email
        from flagged f left join users u on u.id = f.user_id and f.owes
        order by f.user_id, f.entry_num`),
    );
    if (rows.length === 0) break;
    const ready: OwingPlayer[] = [];
    for (const row of rows) {
      if (!row.owes || row.username === null || row.email === null) continue;
      if (open && open.userId !== row.user_id) {
        ready.push(open);
        open = null;
      }
      open ??= { userId: row.user_id, username: row.username, email: row.email, entries: [] };
      open.entries.push({
        entryId: row.id,
        entryNum: row.entry_num,
        lives: row.lives,
        insured: row.insured,
        picksMade: Number(row.held),
      });
    }
    const last = rows[rows.length - 1];
    after = { userId: last.user_id, entryNum: last.entry_num };
    // The batch ended past the open owner's entries: they are complete.
    if (open && open.userId !== last.user_id) {
      ready.push(open);
      open = null;
    }
    if (ready.length > 0) await onBatch(ready);
    if (rows.length < batchSize) break;
  }
  if (open) await onBatch([open]);
}
