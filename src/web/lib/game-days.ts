import { displayZone, zoned } from './zone';

/**
 * Each game's viewer date and start, by zone and instant: a week's grid asks for every game's date once per
 * team and day column, and a phone spends its first seconds on drawing the page.
 */
const formatted = new Map<string, string>();
const FORMATTED_KEPT = 5000;

function formatZoned(instant: string | Date, format: string): string {
  const key = `${displayZone() ?? ''}|${format}|${typeof instant === 'string' ? instant : `@${instant.getTime()}`}`;
  let text = formatted.get(key);
  if (text === undefined) {
    text = zoned(instant).format(format);
    if (formatted.size >= FORMATTED_KEPT) formatted.clear();
    formatted.set(key, text);
  }
  return text;
}

/** The viewer's calendar date (YYYY-MM-DD) of an instant: the column a game sits in. */
export function toViewerDate(instant: string | Date): string {
  return formatZoned(instant, 'YYYY-MM-DD');
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
  return formatZoned(instant, 'h:mm A');
}
