import { type SQL, sql } from 'drizzle-orm';
import { picksPlayers } from '../../../../core/games';
import { type DbOrTx, rowsOf } from '../../../db/client';
import { ENTRY_STATUS_SQL } from '../../../db/entry-status';
import { intArray } from '../store/week-encoding';

/*
 * The exports' reads: keyset batches along the pool's indexes (entries by slot, the ledger by id), one
 * statement per batch, no statement naming an entry. Picks are read for the weeks asked only, and callers
 * ask for the public weeks only, so an unlocked pick is never even read.
 */

/** One pick as a file shows it: its label and who made it. */
export interface ExportPick {
  week: number;
  label: string;
  /** Made by insurance or auto-pick. */
  auto: boolean;
  /** Placed by a commissioner's Edit Picks. */
  commish: boolean;
}

/** One counted entry of a batch, with its picks of the asked weeks. */
export interface EntryBatchRow {
  id: number;
  slot: number;
  entry_num: number;
  username: string;
  lives: number;
  needs_rebuy: boolean;
  weeks_alive: number;
  rebuys_made: number;
  picks: ExportPick[] | null;
}

/** The pool's judged entry-week kinds' results, by week then kind (a few hundred kinds a week). */
export type WeekResults = Map<number, Map<number, string | null>>;

/** The results of every judged kind of the pool's given weeks. */
export async function readWeekResults(
  db: DbOrTx,
  poolId: number,
  weeks: readonly number[],
): Promise<WeekResults> {
  const byWeek: WeekResults = new Map();
  if (weeks.length === 0) return byWeek;
  const rows = rowsOf<{ week: number; kind: number; result: string | null }>(
    await db.execute(sql`
      select k.week, k.kind, k.result from entry_week_kinds k
      where k.pool_id = ${poolId} and k.week = any(${intArray(weeks)})`),
  );
  for (const row of rows) {
    const of = byWeek.get(Number(row.week)) ?? new Map<number, string | null>();
    of.set(Number(row.kind), row.result);
    byWeek.set(Number(row.week), of);
  }
  return byWeek;
}

/** A pick's label: the team's abbreviation, or the NFL player's name. */
function pickLabelSql(game: string): { label: SQL; join: SQL } {
  return picksPlayers(game)
    ? {
        label: sql`coalesce(np.display_name, k.pick_id)`,
        join: sql`left join nfl_players np on np.id = k.pick_id`,
      }
    : { label: sql`k.pick_id`, join: sql`` };
}

/**
 * The counted entries after slot `after`, `limit` of them in sign-up order along the (pool_id, status, slot)
 * index, each with its picks of `weeks` (one probe of the (entry_id, week) index per entry).
 */
export async function readEntryBatch(
  db: DbOrTx,
  options: { poolId: number; game: string; weeks: readonly number[]; after: number; limit: number },
): Promise<EntryBatchRow[]> {
  const { label, join } = pickLabelSql(options.game);
  const picks =
    options.weeks.length === 0
      ? sql`null::json`
      : sql`(select json_agg(json_build_object('week', k.week, 'label', ${label}, 'auto', k.by_insurance,
            'commish', k.by_commish) order by k.week, k.id)
          from picks k ${join}
          where k.entry_id = b.id and k.week = any(${intArray(options.weeks)}))`;
  return rowsOf<EntryBatchRow>(
    await db.execute(sql`
      with batch as (
        select e.id, e.slot, e.entry_num, e.user_id, e.lives, e.needs_rebuy, e.weeks_alive, e.rebuys_made
        from entries e
        where e.pool_id = ${options.poolId} and e.status = ${ENTRY_STATUS_SQL.active} and e.slot > ${options.after}
        order by e.slot
        limit ${options.limit}
      )
      select b.id, b.slot, b.entry_num, u.username, b.lives, b.needs_rebuy, b.weeks_alive, b.rebuys_made,
        ${picks} as picks
      from batch b join users u on u.id = b.user_id
      order by b.slot`),
  );
}

/** Picks of the given entries (a bounded page) for one week, labelled. */
export async function readWeekPicks(
  db: DbOrTx,
  game: string,
  entryIds: readonly number[],
  week: number,
): Promise<Map<number, ExportPick[]>> {
  const out = new Map<number, ExportPick[]>();
  if (entryIds.length === 0) return out;
  const { label, join } = pickLabelSql(game);
  const rows = rowsOf<ExportPick & { entry_id: number }>(
    await db.execute(sql`
      select k.entry_id, k.week, ${label} as label, k.by_insurance as auto, k.by_commish as commish
      from picks k ${join}
      where k.entry_id = any(${intArray(entryIds)}) and k.week = ${week}
      order by k.entry_id, k.id`),
  );
  for (const row of rows) out.set(row.entry_id, [...(out.get(row.entry_id) ?? []), row]);
  return out;
}

/** One movement of the pool's ledger, with its entry's label parts and its author's username. */
export interface LedgerExportRow {
  id: number;
  created_at: string | Date;
  username: string | null;
  entry_num: number | null;
  kind: string;
  amount: number | string;
  week: number | null;
  notes: string | null;
  by_username: string | null;
}

/** The pool's ledger rows after id `after`, `limit` of them by id (the order they were written). */
export async function readLedgerBatch(
  db: DbOrTx,
  poolId: number,
  after: number,
  limit: number,
): Promise<LedgerExportRow[]> {
  return rowsOf<LedgerExportRow>(
    await db.execute(sql`
      with batch as (
        select l.id, l.created_at, l.entry_id, l.kind, l.amount, l.week, l.notes, l.created_by
        from ledger l
        where l.pool_id = ${poolId} and l.id > ${after}
        order by l.id
        limit ${limit}
      )
      select b.id, b.created_at, u.username, e.entry_num, b.kind, b.amount, b.week, b.notes, a.username as by_username
      from batch b
      left join entries e on e.id = b.entry_id
      left join users u on u.id = e.user_id
      left join users a on a.id = b.created_by
      order by b.id`),
  );
}

/** One entry's Finances line: its standing and its money by ledger kind (signed cents, the entry's side). */
export interface FinanceBatchRow {
  id: number;
  slot: number;
  entry_num: number;
  username: string;
  lives: number;
  buyin: number | string;
  rebuy: number | string;
  insurance: number | string;
  bonus: number | string;
  prize: number | string;
  payment: number | string;
  prize_paid_to: number | string;
  last_activity: string | Date | null;
}

/** Every entry of the pool (Finances lists them all) after slot `after`, with its ledger sums by kind. */
export async function readFinanceBatch(
  db: DbOrTx,
  poolId: number,
  after: number,
  limit: number,
): Promise<FinanceBatchRow[]> {
  const sum = (kind: string) => sql`coalesce(sum(l.amount) filter (where l.kind = ${kind}), 0)::bigint`;
  return rowsOf<FinanceBatchRow>(
    await db.execute(sql`
      with batch as (
        select e.id, e.slot, e.entry_num, e.user_id, e.lives
        from entries e
        where e.pool_id = ${poolId} and e.slot > ${after}
        order by e.slot
        limit ${limit}
      )
      select b.id, b.slot, b.entry_num, u.username, b.lives, m.*
      from batch b
      join users u on u.id = b.user_id
      cross join lateral (
        select ${sum('buyin')} as buyin, ${sum('rebuy')} as rebuy, ${sum('insurance')} as insurance,
          ${sum('bonus')} as bonus, ${sum('prize')} as prize, ${sum('payment')} as payment,
          ${sum('prize_paid_to')} as prize_paid_to, max(l.created_at) as last_activity
        from ledger l where l.pool_id = ${poolId} and l.entry_id = b.id
      ) m
      order by b.slot`),
  );
}

/** One entry owing a pick, with its owner. */
export interface OwingBatchRow {
  id: number;
  slot: number;
  entry_num: number;
  username: string;
  lives: number;
  insured: boolean;
  held: number | string;
}

/**
 * The entries after slot `after` that owe a pick for `week` (owesPickCondition: a probe per entry, for a
 * bounded batch), from the next `limit` counted entries by slot. `lastSlot` is the batch's last slot read,
 * owing or not, where the next batch starts.
 */
export async function readOwingBatch(
  db: DbOrTx,
  options: { poolId: number; week: number; owes: SQL; after: number; limit: number },
): Promise<{ rows: OwingBatchRow[]; lastSlot: number | null }> {
  const rows = rowsOf<OwingBatchRow & { owing: boolean }>(
    await db.execute(sql`
      with batch as (
        select e.id, e.slot, e.entry_num, e.user_id, e.lives, e.insurance_purchased as insured,
          ${options.owes} as owing,
          (select count(*) from picks k where k.entry_id = e.id and k.week = ${options.week}) as held
        from entries e
        where e.pool_id = ${options.poolId} and e.status = ${ENTRY_STATUS_SQL.active} and e.slot > ${options.after}
        order by e.slot
        limit ${options.limit}
      )
      select b.id, b.slot, b.entry_num, u.username, b.lives, b.insured, b.held, b.owing
      from batch b join users u on u.id = b.user_id
      order by b.slot`),
  );
  return {
    rows: rows.filter((row) => row.owing),
    lastSlot: rows.length === options.limit ? Number(rows[rows.length - 1].slot) : null,
  };
}
