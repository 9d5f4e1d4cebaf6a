import type { Game } from '../games';
import { startOfPacificDay } from './pacific-time';

/** An instant as stored (Date, ISO string or epoch milliseconds); deadlines are kept as ISO strings in JSON. */
export type InstantInput = Date | string | number;

/** Converts a stored instant to a Date, rejecting unparseable values so a bad deadline never reads as "not passed". */
export function toInstant(value: InstantInput): Date {
  const instant = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(instant.getTime())) throw new Error(`Invalid instant: ${String(value)}`);
  return instant;
}

/** The moment a deadline counts as passed: NFL TD deadlines count from the start of their Pacific day. */
export function getDeadlineCutoff(deadline: InstantInput, game: Game): Date {
  const instant = toInstant(deadline);
  return game === 'nfl-td' ? startOfPacificDay(instant) : instant;
}

/** Live week: how many of the season's deadlines have passed at `now` (0 before the first one). */
export function getLiveWeek(deadlines: readonly InstantInput[], now: Date, game: Game): number {
  return deadlines.filter((deadline) => getDeadlineCutoff(deadline, game).getTime() <= now.getTime()).length;
}

/** The instant week n (1-based) locks, or null when the season has no such week. */
export function getWeekDeadline(deadlines: readonly InstantInput[], week: number): Date | null {
  if (!Number.isInteger(week) || week < 1 || week > deadlines.length) return null;
  return toInstant(deadlines[week - 1]);
}

/** True once week n's deadline has passed (a week the season does not have is treated as locked). */
export function isWeekDeadlinePassed(deadlines: readonly InstantInput[], week: number, now: Date): boolean {
  const deadline = getWeekDeadline(deadlines, week);
  return deadline === null || deadline.getTime() <= now.getTime();
}

export interface WeekWindow {
  week: number;
  start: Date;
  end: Date;
  /** Only the last week includes its end, so a game at the season's end still belongs to it. */
  endInclusive: boolean;
}

/** The span of week n's games: from its deadline up to the next one, the last week running to the season's end. */
export function getWeekWindow(
  deadlines: readonly InstantInput[],
  week: number,
  seasonEnd: InstantInput,
): WeekWindow | null {
  const start = getWeekDeadline(deadlines, week);
  if (start === null) return null;
  const isLast = week === deadlines.length;
  const end = isLast ? toInstant(seasonEnd) : toInstant(deadlines[week]);
  return { week, start, end, endInclusive: isLast };
}

/** True when a game's start falls inside the week's window. */
export function isInWeekWindow(window: WeekWindow, gameStart: InstantInput): boolean {
  const t = toInstant(gameStart).getTime();
  if (t < window.start.getTime()) return false;
  return window.endInclusive ? t <= window.end.getTime() : t < window.end.getTime();
}

/** The week a game belongs to, or null for games before the first deadline or after the season's end. */
export function getWeekOfGame(
  deadlines: readonly InstantInput[],
  gameStart: InstantInput,
  seasonEnd: InstantInput,
): number | null {
  for (let week = 1; week <= deadlines.length; week++) {
    const window = getWeekWindow(deadlines, week, seasonEnd);
    if (window && isInWeekWindow(window, gameStart)) return week;
  }
  return null;
}

/** The games of week n, in their original order. */
export function filterWeekGames<T extends { utc: InstantInput }>(
  games: readonly T[],
  deadlines: readonly InstantInput[],
  week: number,
  seasonEnd: InstantInput,
): T[] {
  const window = getWeekWindow(deadlines, week, seasonEnd);
  if (window === null) return [];
  return games.filter((game) => isInWeekWindow(window, game.utc));
}

export type PoolState = 'open' | 'in_progress' | 'concluded';

export const POOL_STATE_LABELS: Record<PoolState, string> = {
  open: 'Open For Entry',
  in_progress: 'In Progress',
  concluded: 'Completed',
};

/** Pool state: concluded once final, otherwise open for entry until the entry deadline, then in progress. */
export function getPoolState(
  pool: { entryDeadline: InstantInput | null; final: boolean },
  now: Date,
): PoolState {
  if (pool.final) return 'concluded';
  if (pool.entryDeadline === null) return 'open';
  return now.getTime() < toInstant(pool.entryDeadline).getTime() ? 'open' : 'in_progress';
}

/** True while new entries may still be taken (before the entry deadline of a pool that is not final). */
export function isOpenForEntry(
  pool: { entryDeadline: InstantInput | null; final: boolean },
  now: Date,
): boolean {
  return getPoolState(pool, now) === 'open';
}
