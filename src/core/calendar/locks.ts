import { z } from 'zod';
import { type Game, playsNflWeeks } from '../games';
import { addDays, atPacificTime, getPacificWeekday, toPacificDate } from './pacific-time';
import { getWeekDeadline, type InstantInput, toInstant } from './weeks';

/**
 * NFL TD week lock modes (pool.nfl_lock_time), stable codes stored in the database:
 * - first_game: the week's first kickoff
 * - early_slate: Sunday 10:00 Pacific
 * - late_slate: Sunday 13:00 Pacific
 * - last_game: the week's last kickoff
 */
export const NflLockTimeSchema = z.enum(['first_game', 'early_slate', 'late_slate', 'last_game']);
export type NflLockTime = z.infer<typeof NflLockTimeSchema>;

export const DEFAULT_NFL_LOCK_TIME: NflLockTime = 'first_game';

const SLATE_TIMES: Record<'early_slate' | 'late_slate', string> = {
  early_slate: '10:00',
  late_slate: '13:00',
};

/** The Pacific date of the week's Sunday: the first Sunday on or after the week's first kickoff. */
export function getWeekSunday(kickoffs: readonly InstantInput[]): string | null {
  const first = earliest(kickoffs);
  if (first === null) return null;
  const daysToSunday = (7 - getPacificWeekday(first)) % 7;
  return addDays(toPacificDate(first), daysToSunday);
}

/** The instant an NFL TD week locks for everyone under the pool's mode; null when the week has no games. */
export function getNflWeekLock(mode: NflLockTime, kickoffs: readonly InstantInput[]): Date | null {
  if (kickoffs.length === 0) return null;
  switch (mode) {
    case 'first_game':
      return earliest(kickoffs);
    case 'last_game':
      return latest(kickoffs);
    case 'early_slate':
    case 'late_slate': {
      const sunday = getWeekSunday(kickoffs);
      return sunday === null ? null : atPacificTime(sunday, SLATE_TIMES[mode]);
    }
  }
}

/** Why an NFL TD selection is locked, or null while it can still change. */
export type NflLockReason = 'week_lock' | 'game_started' | 'pick_started';

export interface NflPickLockInput {
  /** The week's lock under the pool's mode (getNflWeekLock); null when none applies. */
  weekLockAt: Date | null;
  /** Kickoff of the player being picked or cancelled; null when unknown (bye or not scheduled). */
  playerKickoff: Date | null;
  /** Kickoffs of the user's current selections for the week (used by lock_at_pick_start). */
  selectionKickoffs: readonly (Date | null)[];
  lockAtPickStart: boolean;
  now: Date;
}

/** Whether an NFL TD player pick is locked: the week lock, the player's own kickoff, or (lock_at_pick_start) any selection's kickoff. */
export function getNflPickLock(input: NflPickLockInput): NflLockReason | null {
  const now = input.now.getTime();
  if (input.weekLockAt !== null && input.weekLockAt.getTime() <= now) return 'week_lock';
  if (input.playerKickoff !== null && input.playerKickoff.getTime() <= now) return 'game_started';
  if (input.lockAtPickStart && input.selectionKickoffs.some((k) => k !== null && k.getTime() <= now)) {
    return 'pick_started';
  }
  return null;
}

/** The instant week n locks for everyone: its deadline for nba/mlb, the pool's lock mode over its kickoffs for the NFL games. */
export function getWeekLockAt(input: {
  game: Game;
  deadlines: readonly InstantInput[];
  week: number;
  nflLockTime: NflLockTime;
  /** nfl-td: kickoffs of the week's games (filterWeekGames). */
  weekKickoffs: readonly InstantInput[];
}): Date | null {
  if (!playsNflWeeks(input.game)) return getWeekDeadline(input.deadlines, input.week);
  return getNflWeekLock(input.nflLockTime, input.weekKickoffs);
}

/** NBA/MLB picks lock for the whole week at its deadline. */
export function isTeamWeekLocked(weekDeadline: Date | null, now: Date): boolean {
  return weekDeadline === null || weekDeadline.getTime() <= now.getTime();
}

function earliest(instants: readonly InstantInput[]): Date | null {
  if (instants.length === 0) return null;
  return new Date(Math.min(...instants.map((i) => toInstant(i).getTime())));
}

function latest(instants: readonly InstantInput[]): Date | null {
  if (instants.length === 0) return null;
  return new Date(Math.max(...instants.map((i) => toInstant(i).getTime())));
}
