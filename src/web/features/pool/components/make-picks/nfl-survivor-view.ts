import type { PoolDetails } from '../../../../../core/contracts/pools';
import type { TeamSchedulesResponse } from '../../../../../core/contracts/sports';
import { formatLockedMessage, formatWeekMaxedNotice } from '../../../../../core/picks';
import type { WeekGame } from './nfl-games';

/*
 * NFL Survivor's Make Picks (spec 4, part 1): the week's games as "away at home", read from each team's
 * week in the team schedules, the pool's rule lines and what the entry's picks of the week lock at.
 */

// The games' shape and the teams' names live apart, shared with the Scoreboard (which loads none of this).
export { groupGamesByDay, teamFullName, teamNameParts, type WeekGame } from './nfl-games';

// "vs. KC" is a home game against KC, "@ KC" an away one.
const MATCHUP = /^(vs\.|@)\s*(.+)$/;

/**
 * The week's games in kickoff order (then by home team), each once: a game is listed under both its
 * teams, and a side missing from the schedules is read from the other's matchup.
 */
export function listWeekGames(schedules: TeamSchedulesResponse | undefined, week: number): WeekGame[] {
  const games = new Map<string, WeekGame>();
  for (const [team, weeks] of Object.entries(schedules ?? {})) {
    for (const game of weeks[String(week)] ?? []) {
      const match = MATCHUP.exec(game.matchup.trim());
      if (!match) continue;
      const atHome = match[1] === 'vs.';
      const opponent = match[2];
      const known = games.get(game.gid);
      games.set(game.gid, {
        gid: game.gid,
        away: atHome ? (known?.away ?? opponent) : team,
        home: atHome ? team : (known?.home ?? opponent),
        kickoff: new Date(game.utc),
        status: game.status,
      });
    }
  }
  return [...games.values()].sort(
    (a, b) => a.kickoff.getTime() - b.kickoff.getTime() || a.home.localeCompare(b.home),
  );
}

/** The teams with no game at all in the week (their bye), in the given order. */
export function listByeTeams(
  abbs: readonly string[],
  schedules: TeamSchedulesResponse | undefined,
  week: number,
): string[] {
  return abbs.filter((abb) => (schedules?.[abb]?.[String(week)] ?? []).length === 0);
}

/** When a pick stops changing: its game's kickoff, or the week lock if that comes first. */
export function getPickLockAt(kickoff: Date | null, weekLockAt: Date | null): Date | null {
  if (kickoff === null) return weekLockAt;
  if (weekLockAt === null) return kickoff;
  return kickoff.getTime() < weekLockAt.getTime() ? kickoff : weekLockAt;
}

/** The rule lines above the games: the picks the week asks for, the tie rule, once a season. */
export function describeSurvivorRuleLines(pool: Pick<PoolDetails, 'tie_rule'>, picksAsked: number): string[] {
  return [
    picksAsked === 1 ? 'PICK 1 TEAM THIS WEEK' : `PICK ${picksAsked} TEAMS THIS WEEK: ALL MUST WIN`,
    pool.tie_rule === 'win' ? 'A TIE COUNTS AS A WIN' : 'A TIE COUNTS AS A LOSS',
    'EACH TEAM ONCE A SEASON',
  ];
}

/**
 * The deadline's rule lines: the week lock as the viewer reads it ("SUN 9/24 10:00 AM PDT") under the
 * pool's lock mode ("Sunday Early Slate (10 AM PT)", its Pacific hour left out beside the viewer's), and
 * that a pick whose game kicks off earlier locks then. A week without games has no deadline to tell.
 */
export function describeDeadlineLines(deadline: string | null, modeLabel: string): string[] {
  if (deadline === null) return [];
  const mode = modeLabel.replace(/\s*\(.*\)$/, '').toUpperCase();
  return [`DEADLINE ${deadline} (${mode})`, "EACH PICK ALSO LOCKS AT ITS OWN GAME'S KICKOFF"];
}

/**
 * The notice above an entry's games: its week is locked, its one pick has kicked off (it can no longer
 * be swapped), or a multi-pick week is full; null while it may still pick.
 */
export function getSurvivorNotice(input: {
  week: number;
  picksAsked: number;
  /** The kickoffs of the entry's picks of the week. */
  pickKickoffs: readonly (Date | null)[];
  weekLocked: boolean;
  now: Date;
}): string | null {
  const { week, picksAsked, pickKickoffs, now } = input;
  if (input.weekLocked) return formatLockedMessage(week);
  const started = pickKickoffs.filter((kickoff) => kickoff !== null && kickoff.getTime() <= now.getTime());
  if (picksAsked === 1 && started.length > 0)
    return `Your Week ${week} pick has kicked off: it is locked and cannot be swapped.`;
  if (picksAsked > 1 && pickKickoffs.length >= picksAsked) return formatWeekMaxedNotice(week);
  return null;
}
