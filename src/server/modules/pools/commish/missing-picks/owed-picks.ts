import { type SQL, sql } from 'drizzle-orm';
import { getDeadlineCutoff } from '../../../../../core/calendar';
import type { PlayableGame } from '../../../../../core/games';
import { entries, picks } from '../../../../db/schema';
import type { PoolRecord } from '../../../leagues/leagues.repo';
import type { PoolWeeks } from '../../pool-weeks';

/*
 * Who owes a pick (docs/RULES.md, "Picks owed"): the pool's open week is its first week, from its start
 * week, whose lock is still ahead on the application's clock, in a pool that is not final; an entry owes a
 * pick for it when the pick rules would let it pick (active, lives left, not waiting on a rebuy) and it
 * holds fewer picks for the week than the pool asks (one; nfl-td: the pool's players per week).
 */

/** The week picks are owed for, and the instant it locks. */
export interface OpenWeek {
  week: number;
  lockAt: Date;
}

/** The pool's open week, or null when every week has locked or the pool is final. */
export function findOpenWeek(calendar: PoolWeeks, now: Date): OpenWeek | null {
  const { pool } = calendar;
  if (pool.final) return null;
  for (let week = Math.max(1, pool.startWeek); week <= calendar.weekCount; week++) {
    // As isWeekPublic: an nfl-td week without games locks on its deadline's day.
    const lockAt =
      calendar.weekLockAt(week) ?? getDeadlineCutoff(pool.deadlines[week - 1], pool.game as PlayableGame);
    if (lockAt.getTime() > now.getTime()) return { week, lockAt };
  }
  return null;
}

/** How many picks a week asks of an entry. */
export function picksPerWeek(pool: Pick<PoolRecord, 'game' | 'playersPerWeek'>): number {
  return pool.game === 'nfl-td' ? Math.max(1, pool.playersPerWeek) : 1;
}

const canPick = sql`${entries.status} = 1 and ${entries.lives} > 0 and not ${entries.needsRebuy}`;

/**
 * SQL over `entries`: the entry owes a pick for `week`, by one index probe of its picks of the week. For a
 * page (it stops at the page's last row); a whole pool is counted with owesPickOfPool.
 */
export function owesPickCondition(week: number, needed: number): SQL {
  return sql`(${canPick}
    and (select count(*) from ${picks} where ${picks.entryId} = ${entries.id} and ${picks.week} = ${week}) < ${needed})`;
}

/**
 * The same rule for counting a whole pool: its entries that hold the week's picks are gathered once from the
 * (pool_id, week) index and left out by an anti-join (a million probes took 3.6 times as long).
 */
export function owesPickOfPool(poolId: number, week: number, needed: number): SQL {
  return sql`(${canPick} and not exists (
    select 1 from (
      select ${picks.entryId} as entry_id from ${picks}
      where ${picks.poolId} = ${poolId} and ${picks.week} = ${week}
      group by ${picks.entryId} having count(*) >= ${needed}
    ) as picked where picked.entry_id = ${entries.id}))`;
}
