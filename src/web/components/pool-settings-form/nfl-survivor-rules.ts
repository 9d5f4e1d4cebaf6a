import type { TieRule } from '../../../core/season/tie-rule';

/** Each tie rule in words, for the form and the Review. */
export const TIE_RULE_LABELS: Record<TieRule, string> = {
  loss: 'A tie is a loss',
  win: 'A tie is a win',
};

/** An NFL Survivor pool's multi-pick weeks: week number (as text) to the picks that week asks for. */
export type MultiPickWeeks = Record<string, number>;

/** Weeks in order, so the form, the Review and the saved settings list them alike. */
function inWeekOrder(weeks: MultiPickWeeks): MultiPickWeeks {
  return Object.fromEntries(Object.entries(weeks).sort(([a], [b]) => Number(a) - Number(b)));
}

/** The picks every multi-pick week asks for; null when there is none, or when they differ. */
export function sharedPickCount(weeks: MultiPickWeeks): number | null {
  const counts = new Set(Object.values(weeks));
  return counts.size === 1 ? [...counts][0] : null;
}

/** The multi-pick weeks with `week` asking for `count` picks; a count of 1 makes it a plain week again. */
export function withWeekPicks(weeks: MultiPickWeeks, week: number, count: number): MultiPickWeeks {
  const { [String(week)]: _, ...others } = weeks;
  return inWeekOrder(count > 1 ? { ...others, [String(week)]: count } : others);
}

/** The same multi-pick weeks, each asking for `count` picks but the `kept` ones (weeks already locked). */
export function withPickCount(weeks: MultiPickWeeks, count: number, kept: number[] = []): MultiPickWeeks {
  return Object.fromEntries(
    Object.entries(weeks).map(([week, was]) => [week, kept.includes(Number(week)) ? was : count]),
  );
}

/** Weeks `from` to `to`, each asking for `count` picks (none when `from` is past `to`). */
export function multiPickRange(from: number, to: number, count: number): MultiPickWeeks {
  const weeks: MultiPickWeeks = {};
  for (let week = from; week <= to; week++) weeks[String(week)] = count;
  return weeks;
}

/** Only the multi-pick weeks of a season of `weekCount` weeks (a copied pool's may run past the new one's). */
export function withinSeason(weeks: MultiPickWeeks, weekCount: number): MultiPickWeeks {
  return inWeekOrder(Object.fromEntries(Object.entries(weeks).filter(([week]) => Number(week) <= weekCount)));
}

/**
 * The multi-pick weeks in words: for each count, its weeks with consecutive ones as a range ("Weeks 12–18:
 * 2 picks", "Weeks 8, 12–13: 2 picks; Week 17: 3 picks"), or "None".
 */
export function describeMultiPickWeeks(weeks: MultiPickWeeks): string {
  const byCount = new Map<number, number[]>();
  for (const [week, count] of Object.entries(weeks)) {
    byCount.set(count, [...(byCount.get(count) ?? []), Number(week)]);
  }
  if (byCount.size === 0) return 'None';
  return [...byCount.entries()]
    .sort(([a], [b]) => a - b)
    .map(([count, list]) => {
      const sorted = list.sort((a, b) => a - b);
      const runs: string[] = [];
      let start = sorted[0];
      for (let i = 1; i <= sorted.length; i++) {
        if (i < sorted.length && sorted[i] === sorted[i - 1] + 1) continue;
        const end = sorted[i - 1];
        runs.push(end === start ? String(start) : `${start}–${end}`);
        start = sorted[i];
      }
      return `${sorted.length === 1 ? 'Week' : 'Weeks'} ${runs.join(', ')}: ${count} picks`;
    })
    .join('; ');
}
