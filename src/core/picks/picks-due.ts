import type { PlayableGame } from '../games';
import { isInsuranceOffered } from '../pool/entry-actions';
import { picksAskedIn } from '../season/nfl-team';

/*
 * The one rule of "an entry owes a pick" (docs/RULES.md, "Picks owed"), read by picks due,
 * Missing Picks and NUDGE, and the e-mail reminders. The server turns it into SQL in
 * src/server/modules/pools/store/owed-picks.repo.ts.
 */

/** What decides a pool's open week. */
export interface OpenWeekPool {
  final: boolean;
  /** The pool's first week (a pool may start mid-season). */
  startWeek: number;
  /** Number of weeks in the season (deadlines.length). */
  weekCount: number;
}

/** A pool's open week and the instant it locks for everyone. */
export interface OpenWeek {
  week: number;
  lockAt: Date;
}

/**
 * The pool's open week: its first week, from its start week on, whose lock is still ahead of `now`;
 * null once the pool is final or every week has locked. A week without a week-wide lock (an NFL week
 * without games) is never open: the pick rules refuse every pick of it (no_game), so nobody can owe one.
 */
export function findOpenWeek(
  pool: OpenWeekPool,
  weekLockAt: (week: number) => Date | null,
  now: Date,
): OpenWeek | null {
  if (pool.final) return null;
  for (let week = Math.max(1, pool.startWeek); week <= pool.weekCount; week++) {
    const lockAt = weekLockAt(week);
    if (lockAt !== null && lockAt.getTime() > now.getTime()) return { week, lockAt };
  }
  return null;
}

/** What decides how many picks a pool asks for a week. */
export interface PicksAskedPool {
  game: PlayableGame;
  /** nfl-td: players a week. */
  playersPerWeek: number;
  /** nfl: the multi-pick weeks, week number -> picks asked. */
  picksPerWeek: Readonly<Record<string, number>>;
}

/**
 * The picks a pool asks of each entry for a week: one team (nba, mlb), the pool's players per week
 * (nfl-td), one team or a multi-pick week's k (nfl).
 */
export function picksAskedPerWeek(pool: PicksAskedPool, week: number): number {
  if (pool.game === 'nfl-td') return Math.max(1, pool.playersPerWeek);
  if (pool.game === 'nfl') return picksAskedIn(pool.picksPerWeek, week);
  return 1;
}

/** The entry's state as the pick rules read it (validatePickAction's entry checks). */
export interface DueEntry {
  active: boolean;
  lives: number;
  needsRebuy: boolean;
}

/** Whether the pick rules let the entry pick at all: active, alive and not waiting on a rebuy. */
export function canEntryPick(entry: DueEntry): boolean {
  return entry.active && entry.lives > 0 && !entry.needsRebuy;
}

/**
 * Whether an entry owes picks for its pool's open week (docs/RULES.md, "Picks owed"): it may pick and
 * holds fewer picks for the week than the pool asks. Insured entries owe them too.
 */
export function owesPick(entry: DueEntry, picksHeld: number, picksAsked: number): boolean {
  return canEntryPick(entry) && picksHeld < picksAsked;
}

/**
 * Whether insurance would pick for an entry that has no pick at the lock: it bought insurance and the pool
 * offers it (nba and mlb only). What the screens and mails tell an insured entry that owes a pick.
 */
export function insuranceWouldPick(
  pool: { game: string; insuranceOption: number },
  insurancePurchased: boolean,
): boolean {
  return insurancePurchased && isInsuranceOffered(pool);
}
