import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../../db/client';
import { rowsOf } from '../../../../db/client';
import { entries, picks, poolAudits } from '../../../../db/schema';
import { canPickSql, owesPickOfPool, picksHeldSql } from '../../store/owed-picks.repo';
import { intArray } from '../../store/pool-entries.repo';

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
    .where(and(eq(entries.poolId, poolId), owesPickOfPool(poolId, week, needed)));
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
 * Walks the pool's entries in owner order along the (pool_id, user_id, entry_num) index, about `batchSize`
 * entries a statement from the last owner read (a keyset, never an offset), and hands each batch's owners of
 * entries that owe a pick to `onBatch`, each owner with all of their owing entries: a full batch leaves its
 * last owner to the next one (an owner has at most 100 entries, far fewer than a batch). Memory holds one
 * batch; no statement names an entry.
 */
export async function streamOwingPlayers(
  db: DbOrTx,
  options: { poolId: number; week: number; needed: number; batchSize: number },
  onBatch: (players: OwingPlayer[]) => Promise<void>,
): Promise<void> {
  const { poolId, week, needed, batchSize } = options;
  let afterUser = 0;
  for (;;) {
    const rows = rowsOf<BatchRow>(
      await db.execute(sql`
        with batch as (
          select e.id, e.user_id, e.entry_num, e.lives, e.insurance_purchased as insured,
            ${picksHeldSql(week, 'e')} as held, ${canPickSql('e')} as can_pick
          from entries e
          where e.pool_id = ${poolId} and e.user_id > ${afterUser}
          order by e.user_id, e.entry_num
          limit ${batchSize}
        ), flagged as (
          select b.*, (b.can_pick and b.held < ${needed}) as owes
          from batch b
        )
        -- The owners of owing entries only, each by its key: a join was planned as a scan of every user.
        select f.id, f.user_id, f.entry_num, f.lives, f.insured, f.held, f.owes,
          case when f.owes then (select u.username from users u where u.id = f.user_id) end as username,
          case when f.owes then (select u.email from users u where u.id = f.user_id) end as email
        from flagged f
        order by f.user_id, f.entry_num`),
    );
    if (rows.length === 0) break;
    const full = rows.length === batchSize;
    const lastUser = rows[rows.length - 1].user_id;
    // A full batch may have cut its last owner's entries short: that owner starts the next batch.
    const complete =
      full && rows[0].user_id !== lastUser ? rows.filter((row) => row.user_id !== lastUser) : rows;
    const players: OwingPlayer[] = [];
    for (const row of complete) {
      if (!row.owes || row.username === null || row.email === null) continue;
      let player = players.at(-1);
      if (player?.userId !== row.user_id) {
        player = { userId: row.user_id, username: row.username, email: row.email, entries: [] };
        players.push(player);
      }
      player.entries.push({
        entryId: row.id,
        entryNum: row.entry_num,
        lives: row.lives,
        insured: row.insured,
        picksMade: Number(row.held),
      });
    }
    if (players.length > 0) await onBatch(players);
    if (!full) break;
    afterUser = complete[complete.length - 1].user_id;
  }
}
