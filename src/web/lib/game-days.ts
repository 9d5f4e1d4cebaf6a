import { zoned } from './zone';

/** The viewer's calendar date (YYYY-MM-DD) of an instant: the column a game sits in. */
export function toViewerDate(instant: string | Date): string {
  return zoned(instant).format('YYYY-MM-DD');
}

/**
 * A week's day columns in the viewer's zone, the zone its deadline is shown in. The server lists the week's
 * days as Pacific dates; a game falls on another date for a viewer east of Pacific (a 7 PM Pacific tip is
 * the next day in UTC), so every game's own date joins the list. Each Pacific day stays a column, so a
 * viewer in Pacific time sees exactly the server's days.
 */
export function listViewerDays(pacificDays: readonly string[], starts: Iterable<string>): string[] {
  const days = new Set(pacificDays);
  for (const start of starts) days.add(toViewerDate(start));
  return [...days].sort();
}

/** A game's start in the viewer's zone: "7:30 PM". */
export function formatGameTime(instant: string | Date): string {
  return zoned(instant).format('h:mm A');
}
