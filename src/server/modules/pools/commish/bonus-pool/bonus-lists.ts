import { eq, type SQL, sql } from 'drizzle-orm';
import { getLiveWeek } from '../../../../../core/calendar';
import type { BonusParamsWeek, BonusPoolCounts, BonusPoolList } from '../../../../../core/contracts/pools';
import type { Game } from '../../../../../core/games';
import { type DbOrTx, rowsOf } from '../../../../db/client';
import { ENTRY_STATUS_SQL } from '../../../../db/entry-status';
import type { PoolRecord } from '../../../../db/schema';
import { poolWeeks } from '../../../../db/schema';
import type { MarkFilter, StoredTiles } from '../../standings/pool-rankings';
import { countWeekEntries, poolWeekKindSql } from '../../store/entry-weeks.repo';

/*
 * Who is in a week's bonus pool, as the Bonus Pool tool lists them: the weeks it shows, each list (in, could
 * move in, cannot move) as SQL over the pool's entries, and their counts, from the stored tiles where they
 * hold them.
 */

/** Only NBA and MLB pools have a bonus pool. */
export const hasBonusPool = (pool: PoolRecord) => pool.game === 'nba' || pool.game === 'mlb';
/** The pool's bonus pool runs: switched on and not shut down. */
export const isRunning = (pool: PoolRecord) => pool.bonusActive && !pool.bonusDisabled;

/** The weeks a commissioner sees: the live week, and the week changes made now apply to (null when none). */
export function bonusWeeks(pool: PoolRecord, now: Date) {
  const liveWeek = getLiveWeek(pool.deadlines, now, pool.game as Game);
  const start = Math.max(1, pool.startWeek);
  const next = Math.max(liveWeek + 1, start);
  const editable = !pool.final && next <= pool.deadlines.length ? next : null;
  const last = editable ?? Math.min(Math.max(liveWeek, start), pool.deadlines.length);
  return { liveWeek, start, editable, last };
}

/** The weeks from the start week to the last one the tool shows, each locked or not and running or not. */
export async function loadBonusWeeks(
  db: DbOrTx,
  pool: PoolRecord,
  start: number,
  last: number,
): Promise<BonusParamsWeek[]> {
  const locked = await db
    .select({ week: poolWeeks.week, bonusRunning: poolWeeks.bonusRunning })
    .from(poolWeeks)
    .where(eq(poolWeeks.poolId, pool.id));
  const running = new Map(locked.map((row) => [row.week, row.bonusRunning]));
  const params: BonusParamsWeek[] = [];
  for (let week = start; week <= last; week++) {
    const fixed = running.get(week);
    params.push(
      fixed !== undefined
        ? { week, locked: true, inactive: !fixed }
        : { week, locked: false, inactive: !isRunning(pool) },
    );
  }
  return params;
}

/** SQL over entries `e`: active and alive, so it can move in or out of the bonus pool. */
const movableSql = sql`(e.status = ${ENTRY_STATUS_SQL.active} and e.lives > 0)`;

/**
 * SQL over entries `e`: in the week's bonus pool. A locked week's was fixed at the lock (the entry's week kind
 * in the week's byte string, one of its bonus kinds); a week not locked yet follows the entry's bonus switch.
 */
async function inBonusSql(db: DbOrTx, pool: PoolRecord, week: BonusParamsWeek): Promise<SQL> {
  if (!week.locked) {
    return sql`(${movableSql} and (case when ${week.week} >= e.bonus_eff_week then e.bonus else e.bonus_prev end))`;
  }
  const kinds = rowsOf<{ kind: number }>(
    await db.execute(sql`
      select kind from entry_week_kinds where pool_id = ${pool.id} and week = ${week.week} and in_bonus`),
  ).map((row) => Number(row.kind));
  if (kinds.length === 0) return sql`false`;
  return sql`(${poolWeekKindSql(pool.id, week.week, sql`e.slot`)} = any(${sql.param(kinds)}::int[]))`;
}

/** The lists of a week: who is in it, who could move in (the editable week only) and who cannot move. */
export async function listConditions(
  db: DbOrTx,
  pool: PoolRecord,
  week: BonusParamsWeek,
  editable: boolean,
): Promise<Record<BonusPoolList, SQL>> {
  const inBonus = await inBonusSql(db, pool, week);
  return {
    in: inBonus,
    out: editable ? sql`(${movableSql} and not ${inBonus})` : sql`false`,
    fixed: sql`not ${movableSql}`,
  };
}

/**
 * Each list's count for the week. A week not locked yet counts all three in one pass over the pool's entries
 * in SQL. A locked week's members are counted from its stored byte string, read once (one kind per slot:
 * calling the per-entry SQL reader a million times is what a count must not do), the entries that cannot
 * move in SQL; nobody can move into a locked week.
 */
export async function countLists(
  db: DbOrTx,
  pool: PoolRecord,
  week: BonusParamsWeek,
  lists: Record<BonusPoolList, SQL>,
): Promise<BonusPoolCounts> {
  if (week.locked) {
    const [fixed] = rowsOf<{ n: number | string }>(
      await db.execute(
        sql`select count(*) as n from entries e where e.pool_id = ${pool.id} and ${lists.fixed}`,
      ),
    );
    return { in: await countLockedMembers(db, pool, week.week), out: 0, fixed: Number(fixed?.n ?? 0) };
  }
  const [row] = rowsOf<{ in: number | string; out: number | string; fixed: number | string }>(
    await db.execute(sql`
      select count(*) filter (where ${lists.in}) as "in", count(*) filter (where ${lists.out}) as "out",
        count(*) filter (where ${lists.fixed}) as "fixed"
      from entries e where e.pool_id = ${pool.id}`),
  );
  return { in: Number(row?.in ?? 0), out: Number(row?.out ?? 0), fixed: Number(row?.fixed ?? 0) };
}

/** How many entries a locked week's bonus pool held: its entries whose week's kind is in the bonus pool. */
function countLockedMembers(db: DbOrTx, pool: PoolRecord, week: number): Promise<number> {
  return countWeekEntries(db, pool.id, week, (kind) => kind.inBonus);
}

export const NO_COUNTS: BonusPoolCounts = { in: 0, out: 0, fixed: 0 };

/**
 * Each list's count from the stored tiles: the movable entries are the counted alive ones, the week's members
 * among them those whose switch is in force (by its effective week), the others can move in (the editable
 * week only), the rest cannot move. A locked week's members are counted from its byte string, as
 * countLists does.
 */
export async function storedListCounts(
  db: DbOrTx,
  pool: PoolRecord,
  week: BonusParamsWeek,
  editable: boolean,
  tiles: StoredTiles,
): Promise<BonusPoolCounts> {
  const movable = Number(tiles.alive);
  const fixed = Number(tiles.everyone) - movable;
  if (week.locked) return { in: await countLockedMembers(db, pool, week.week), out: 0, fixed };
  let members = 0;
  for (const group of tiles.bonusGroups)
    if (week.week >= Number(group.effWeek) ? group.bonus : group.prev) members += Number(group.count);
  return { in: members, out: editable ? movable - members : 0, fixed };
}

/**
 * The stored mark list of an open week's list, when the week's members are exactly the movable entries whose
 * switch is on (no switch changes after the week); null otherwise.
 */
export function switchList(tiles: StoredTiles, week: number, list: BonusPoolList): MarkFilter | null {
  if (list === 'fixed') return 'fixed';
  const later = tiles.bonusGroups.some((group) => group.bonus !== group.prev && Number(group.effWeek) > week);
  if (later) return null;
  return list === 'in' ? 'bonusIn' : 'bonusOut';
}
