import { compareCodes, drawRandomTeam } from './insurance';
import type { Random } from './random';
import type { TeamRecord } from './scenario.schema';

// The classic NFL team game (spec 4, part 1): one team a week, or k in a multi-pick week, each team once a
// season. What it adds to the NBA/MLB rules: how many picks a week asks for, and the teams a missed pick is
// given by insurance or auto-pick.

/** How many teams a week asks for: the pool's multi-pick weeks say k, every other week 1. */
export function picksAskedIn(picksPerWeek: Readonly<Record<string, number>>, week: number): number {
  const key = String(week);
  return Object.hasOwn(picksPerWeek, key) ? picksPerWeek[key] : 1;
}

/** The teams of a pick, whether written as one team or a list. */
export function teamsOf(pick: string | readonly string[]): readonly string[] {
  return typeof pick === 'string' ? [pick] : pick;
}

/**
 * Insurance option 1 for k picks: the k best-ranked teams (most picked by the others, ties alphabetical)
 * this entry has not used; fewer when fewer are left.
 */
export function mostPopularUnused(ranking: readonly string[], used: readonly string[], k: number): string[] {
  return ranking.filter((team) => !used.includes(team)).slice(0, k);
}

/** Insurance option 2 for k picks: k uniform draws, one after another, among the week's unused teams. */
export function drawUnusedTeams(
  weekTeams: readonly string[],
  used: readonly string[],
  k: number,
  random: Random,
): string[] {
  const drawn: string[] = [];
  for (let i = 0; i < k; i++) {
    const team = drawRandomTeam(weekTeams, [...used, ...drawn], random);
    if (team === null) break;
    drawn.push(team);
  }
  return drawn;
}

/**
 * Auto-pick: the k unused teams of the week with the highest win probability (ties alphabetical). Only
 * teams with a game this week and odds are candidates.
 */
export function favouritesUnused(
  odds: Readonly<Record<string, number>>,
  teams: Readonly<Record<string, TeamRecord>>,
  used: readonly string[],
  k: number,
): string[] {
  return Object.keys(odds)
    .filter((team) => Object.hasOwn(teams, team) && !used.includes(team))
    .sort((a, b) => odds[b] - odds[a] || compareCodes(a, b))
    .slice(0, k);
}
