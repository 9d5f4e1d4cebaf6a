import { addDays, toPacificDate } from '../../core/calendar';
import { getWeekOfGame } from '../../core/calendar/weeks';
import type { ScheduleGame } from '../../core/games';

/** What the calendar needs of a game. */
export interface CalendarGame {
  startTime: Date;
  /** League week (NFL); ignored for NBA and MLB. */
  week?: number | null;
  status?: string;
}

/** A season's weekly deadlines and the calendar dates each week covers. */
export interface SeasonCalendar {
  /** Week n locks at deadlines[n-1] (ISO instants). */
  deadlines: string[];
  /** Element 0 is an empty preseason filler (the API drops it); element n lists week n's dates. */
  dashedDateArrays: string[][];
  start: Date;
  end: Date;
}

function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** The Monday on or before a calendar date. */
export function mondayOf(date: string): string {
  return addDays(date, -((weekdayOf(date) + 6) % 7));
}

function datesFrom(first: string, days: number): string[] {
  return Array.from({ length: days }, (_, i) => addDays(first, i));
}

/**
 * Deadlines of a season from its schedule. NBA and MLB weeks run Monday to Sunday (Pacific
 * calendar days, which match the local game dates of US venues) and lock at the week's first
 * game; NFL weeks are the league's own numbers and lock at the week's first kickoff. Weeks with
 * no games get no deadline.
 */
export function buildSeasonCalendar(game: ScheduleGame, games: readonly CalendarGame[]): SeasonCalendar {
  if (games.length === 0) throw new Error('A season calendar needs at least one game.');
  const sorted = [...games].sort((a, b) => a.startTime.getTime() - b.startTime.getTime());
  const weeks = new Map<string | number, { first: Date; dates: Set<string> }>();
  for (const g of sorted) {
    const date = toPacificDate(g.startTime);
    let key: string | number;
    if (game === 'nfl-td') {
      if (g.week === null || g.week === undefined) throw new Error('NFL games need their league week.');
      key = g.week;
    } else {
      key = mondayOf(date);
    }
    const week = weeks.get(key) ?? { first: g.startTime, dates: new Set<string>() };
    week.dates.add(date);
    weeks.set(key, week);
  }
  const ordered = [...weeks.entries()].sort((a, b) => a[1].first.getTime() - b[1].first.getTime());
  const deadlines = ordered.map(([, w]) => w.first.toISOString());
  const dashedDateArrays: string[][] = [
    [],
    ...ordered.map(([key, w]) =>
      typeof key === 'string' ? datesFrom(key, 7) : [...w.dates].sort((a, b) => a.localeCompare(b)),
    ),
  ];
  return {
    deadlines,
    dashedDateArrays,
    start: sorted[0].startTime,
    end: sorted[sorted.length - 1].startTime,
  };
}

/** The pool week of each game (by deadline windows), or null for games outside the season's weeks. */
export function assignWeeks<T extends CalendarGame>(
  games: readonly T[],
  calendar: SeasonCalendar,
): Array<T & { week: number | null }> {
  return games.map((g) => ({ ...g, week: getWeekOfGame(calendar.deadlines, g.startTime, calendar.end) }));
}

/**
 * NFL league weeks from game dates when a dataset has none: weeks run Tuesday to Monday from the
 * week of the season's first game (the way the league numbers them). With the teams of each game,
 * a game moved to a Tuesday or Wednesday (as in 2020) stays in the week it was rescheduled from:
 * when one of its teams plays again in the week its date falls in and neither team played in the
 * week before, it belongs to the week before.
 */
export function deriveNflWeeks(
  dates: readonly string[],
  teams?: ReadonlyArray<readonly [home: string, away: string]>,
): number[] {
  if (dates.length === 0) return [];
  const first = [...dates].sort((a, b) => a.localeCompare(b))[0];
  const tuesday = addDays(first, -((weekdayOf(first) + 5) % 7));
  const origin = Date.parse(`${tuesday}T00:00:00Z`);
  const weeks = dates.map((d) => Math.floor((Date.parse(`${d}T00:00:00Z`) - origin) / (7 * 86_400_000)) + 1);
  if (!teams) return weeks;
  const order = dates.map((_, i) => i).sort((a, b) => dates[a].localeCompare(dates[b]));
  const games = (team: string, week: number, except: number) =>
    order.filter((j) => j !== except && weeks[j] === week && teams[j].includes(team)).length;
  for (const i of order) {
    const week = weeks[i];
    if (week < 2 || ![2, 3].includes(weekdayOf(dates[i]))) continue;
    const [home, away] = teams[i];
    const playsAgain = games(home, week, i) > 0 || games(away, week, i) > 0;
    const freeBefore = games(home, week - 1, i) === 0 && games(away, week - 1, i) === 0;
    if (playsAgain && freeBefore) weeks[i] = week - 1;
  }
  return weeks;
}

/** The live week: how many deadlines have passed at now (0 before the first). */
export function countPassedDeadlines(deadlines: readonly string[], now: Date): number {
  return deadlines.filter((d) => Date.parse(d) <= now.getTime()).length;
}
