import { drawOne, type Random } from './random';

/** Pool insurance setting: 0 none, 1 most popular pick, 2 random pick. */
export type InsuranceOption = 0 | 1 | 2;

/** Counts how many entries picked each team; null (no pick) is skipped. */
export function countPicks(picks: Iterable<string | null>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const pick of picks) {
    if (pick !== null) counts.set(pick, (counts.get(pick) ?? 0) + 1);
  }
  return counts;
}

/** Orders picked teams most popular first, ties alphabetical (by code unit, so the order never depends on locale). */
export function rankByPopularity(counts: ReadonlyMap<string, number>): string[] {
  return [...counts.keys()].sort((a, b) => {
    const byCount = (counts.get(b) ?? 0) - (counts.get(a) ?? 0);
    if (byCount !== 0) return byCount;
    return a < b ? -1 : a > b ? 1 : 0;
  });
}

/** Option 1: the best-ranked team this entry has not used, or null when every picked team is used. */
export function pickMostPopular(ranking: readonly string[], used: readonly string[]): string | null {
  return ranking.find((team) => !used.includes(team)) ?? null;
}

/**
 * Option 2: a uniform draw among the week's teams this entry has not used. The candidates are sorted by code
 * unit first, so the draw depends only on the set of teams and the generator, not on input order.
 */
export function drawRandomTeam(
  weekTeams: readonly string[],
  used: readonly string[],
  random: Random,
): string | null {
  const candidates = weekTeams.filter((team) => !used.includes(team)).sort(compareCodes);
  return drawOne(candidates, random) ?? null;
}

/** Compares two codes by UTF-16 code unit. */
export function compareCodes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
