import type { PoolDetails } from '../../../../../core/contracts/pools';
import type { TeamSchedulesResponse } from '../../../../../core/contracts/sports';
import { formatLockedMessage, formatWeekMaxedNotice } from '../../../../../core/picks';

/*
 * NFL Survivor's Make Picks (spec 4, part 1): the week's games as "away at home", read from each team's
 * week in the team schedules, the pool's rule lines and what the entry's picks of the week lock at.
 */

/** One game of the week, both sides named. */
export interface WeekGame {
  gid: string;
  away: string;
  home: string;
  kickoff: Date;
  status: 'scheduled' | 'in_progress' | 'final' | 'postponed';
}

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

/** Games grouped by the day `dayOf` gives each kickoff (the viewer's date), in kickoff order. */
export function groupGamesByDay(
  games: readonly WeekGame[],
  dayOf: (kickoff: Date) => string,
): { day: string; games: WeekGame[] }[] {
  const days: { day: string; games: WeekGame[] }[] = [];
  for (const game of games) {
    const day = dayOf(game.kickoff);
    const last = days.at(-1);
    if (last?.day === day) last.games.push(game);
    else days.push({ day, games: [game] });
  }
  return days;
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

/** A team's name as the games show it: "Kansas City Chiefs" (a name that holds its city is kept whole). */
export function teamFullName(detail: { c: string; n: string } | undefined, abb: string): string {
  const { city, nickname } = teamNameParts(detail, abb);
  return city ? `${city} ${nickname}` : nickname;
}

/** A team's city and nickname apart ("Kansas City", "Chiefs"): a phone's game card puts them on two lines. */
export function teamNameParts(
  detail: { c: string; n: string } | undefined,
  abb: string,
): { city: string; nickname: string } {
  if (!detail) return { city: '', nickname: abb };
  const nickname = detail.n.startsWith(`${detail.c} `) ? detail.n.slice(detail.c.length + 1) : detail.n;
  return { city: detail.c, nickname };
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
