import { type SQL, sql } from 'drizzle-orm';
import type { PlayableGame } from '../../../../core/games';
import { findOpenWeek, type OpenWeek, picksAskedPerWeek } from '../../../../core/picks/picks-due';
import type { PoolRecord } from '../../../db/schema';
import type { PoolWeeks } from './pool-weeks.repo';

/*
 * Who owes a pick (docs/RULES.md, "Picks owed"), for picks due, Missing Picks and NUDGE, and the e-mail
 * reminders: the rule of src/core/picks/picks-due.ts over a pool's calendar, and the same rule as SQL over an
 * `entries` row for the statements that look at many entries. The SQL's entry test is canEntryPick's
 * (owed-picks.test.ts holds the three features to one answer).
 */

/** The pool's open week on its calendar (an NFL week without games is never open), or null. */
export function findPoolOpenWeek(calendar: PoolWeeks, now: Date): OpenWeek | null {
  const { pool } = calendar;
  return findOpenWeek(
    { final: pool.final, startWeek: pool.startWeek, weekCount: calendar.weekCount },
    (week) => calendar.weekLockAt(week),
    now,
  );
}

/** The picks a week asks of each entry of the pool (one; nfl-td: players per week; nfl: a multi-pick week's k). */
export function picksAsked(
  pool: Pick<PoolRecord, 'game' | 'playersPerWeek' | 'picksPerWeek'>,
  week: number,
): number {
  return picksAskedPerWeek({ ...pool, game: pool.game as PlayableGame }, week);
}

/** A column of the `entries` row named by `alias` (the table's own name when the query did not alias it). */
function col(alias: string, column: string): SQL {
  return sql.raw(`${alias}.${column}`);
}

/** SQL: the pick rules let the entry pick at all (canEntryPick: active, lives left, not waiting on a rebuy). */
export function canPickSql(alias = 'entries'): SQL {
  return sql`(${col(alias, 'status')} = 1 and ${col(alias, 'lives')} > 0 and not ${col(alias, 'needs_rebuy')})`;
}

/** SQL: the picks the entry holds for `week` (a number or a column), by one probe of the (entry_id, week) index. */
export function picksHeldSql(week: number | SQL, alias = 'entries'): SQL {
  return sql`(select count(*) from picks where picks.entry_id = ${col(alias, 'id')} and picks.week = ${week})`;
}

/**
 * SQL: the entry owes a pick for `week`, one index probe of its picks per entry. For a bounded set of
 * entries: a page (it stops at the page's last row) or a batch of a slot range; a whole pool is
 * counted with owesPickOfPool.
 */
export function owesPickCondition(week: number, asked: number, alias = 'entries'): SQL {
  return sql`(${canPickSql(alias)} and ${picksHeldSql(week, alias)} < ${asked})`;
}

/**
 * The same rule for a whole pool: its entries that hold the week's picks are gathered once from the
 * (pool_id, week) index and left out by an anti-join, cheaper than a probe per entry.
 */
export function owesPickOfPool(poolId: number, week: number, asked: number, alias = 'entries'): SQL {
  return sql`(${canPickSql(alias)} and not exists (
    select 1 from (
      select picks.entry_id from picks
      where picks.pool_id = ${poolId} and picks.week = ${week}
      group by picks.entry_id having count(*) >= ${asked}
    ) as picked where picked.entry_id = ${col(alias, 'id')}))`;
}

/** SQL: picksAsked of the `pools` row named by `alias` for `week` (a column), for statements that span pools. */
export function picksAskedSql(week: SQL, alias = 'pools'): SQL {
  return sql`(case when ${col(alias, 'game')} = 'nfl-td' then greatest(1, ${col(alias, 'players_per_week')})
    when ${col(alias, 'game')} = 'nfl' then coalesce((${col(alias, 'picks_per_week')} ->> (${week})::text)::int, 1)
    else 1 end)`;
}
