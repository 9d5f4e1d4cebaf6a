import type { ScheduleGame } from '../../core/games';
import type { FactsRecord, GameRecord } from './model';
import { isKnownTeam } from './teams';

/**
 * What a game of each sport can plausibly look like. Scores are generous (far above any record, far
 * below what the database can hold); periods count overtimes and extra innings, and a final needs at
 * least a regulation game's worth (an MLB game is official after five innings).
 */
interface SportBounds {
  league: string;
  maxScore: number;
  periodName: string;
  minFinalPeriods: number;
  maxPeriods: number;
  /** Whether a final can be a tie (NBA games go to overtime until someone wins). */
  finalTieAllowed: boolean;
}

export const SPORT_BOUNDS: Record<ScheduleGame, SportBounds> = {
  mlb: {
    league: 'MLB',
    maxScore: 99,
    periodName: 'innings',
    minFinalPeriods: 5,
    maxPeriods: 30,
    finalTieAllowed: true,
  },
  nba: {
    league: 'NBA',
    maxScore: 299,
    periodName: 'periods',
    minFinalPeriods: 4,
    maxPeriods: 14,
    finalTieAllowed: false,
  },
  'nfl-td': {
    league: 'NFL',
    maxScore: 199,
    periodName: 'periods',
    minFinalPeriods: 4,
    maxPeriods: 10,
    finalTieAllowed: true,
  },
};

/**
 * The provider of a game a site admin handed back to the feeds: not manual, and the next poll's record
 * replaces it even where a feed may not otherwise go (a final back to live).
 */
export const RETURNED_TO_FEED = 'returned-to-feed';

/** Seasons a feed can name (guards the integer columns too). */
const MIN_SEASON = 1900;
const MAX_SEASON = 2200;
const MAX_WEEK = 60;

/** A game a feed sent that cannot be stored as it is, with why in words. */
export interface RejectedGame {
  gid: string;
  /** "NYY vs BOS on 2026-05-01 rejected: home score -5 is impossible (feed game 746001)". */
  message: string;
}

export interface ScreenedGames {
  accepted: GameRecord[];
  rejected: RejectedGame[];
}

const isInt = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n);

function scoreProblem(side: 'home' | 'away', score: number | null, bounds: SportBounds): string | null {
  if (score === null) return null;
  if (!isInt(score) || score < 0 || score > bounds.maxScore) {
    return `${side} score ${score} is impossible (an ${bounds.league} score is a whole number from 0 to ${bounds.maxScore})`;
  }
  return null;
}

/**
 * Why a well-formed game cannot be true (empty when it can): scores out of the sport's bounds, a
 * club unknown to the sport or playing itself, a final before its scheduled start, periods the sport
 * cannot have. A final whose score changes is a correction and passes when it is sane. Pure: now is
 * the poll's instant.
 */
export function gameProblems(game: ScheduleGame, g: GameRecord, now: Date): string[] {
  const bounds = SPORT_BOUNDS[game];
  const problems: string[] = [];
  if (!g.gid) problems.push('it has no feed id');
  if (g.game !== game) problems.push(`it is a ${g.game} game, not ${game}`);
  if (!g.home || !g.away) {
    problems.push('a team is missing');
  } else {
    for (const abb of [g.home, g.away]) {
      if (!isKnownTeam(game, abb)) problems.push(`${abb} is not a known ${bounds.league} club`);
    }
    if (g.home === g.away) problems.push(`${g.home} cannot play itself`);
  }
  const start = g.startTime instanceof Date ? g.startTime.getTime() : Number.NaN;
  if (Number.isNaN(start)) problems.push('it has no readable start time');
  if (!isInt(g.season) || g.season < MIN_SEASON || g.season > MAX_SEASON) {
    problems.push(`season ${g.season} is impossible`);
  }
  if (g.week !== null && (!isInt(g.week) || g.week < 0 || g.week > MAX_WEEK)) {
    problems.push(`week ${g.week} is impossible`);
  }
  for (const problem of [
    scoreProblem('home', g.homeScore, bounds),
    scoreProblem('away', g.awayScore, bounds),
  ]) {
    if (problem) problems.push(problem);
  }
  if (g.periods !== null) {
    const min = g.status === 'final' ? bounds.minFinalPeriods : 0;
    if (!isInt(g.periods) || g.periods < min || g.periods > bounds.maxPeriods) {
      const what = g.status === 'final' ? 'a final' : 'a game';
      problems.push(
        `${g.periods} ${bounds.periodName} is impossible for ${what} (${min} to ${bounds.maxPeriods})`,
      );
    }
  }
  if (g.status === 'final') {
    if (g.homeScore === null || g.awayScore === null) problems.push('it is final without both scores');
    else if (!bounds.finalTieAllowed && g.homeScore === g.awayScore) {
      problems.push(`an ${bounds.league} game cannot end tied`);
    }
    if (!Number.isNaN(start) && start > now.getTime()) {
      problems.push(
        `"Final" before its scheduled start at ${new Date(start).toISOString().slice(11, 16)} UTC is impossible`,
      );
    }
  }
  return problems;
}

/**
 * Why a game's facts cannot be true (empty when they can): a side's score (runs for MLB) outside
 * the sport's bounds. Bonuses are read from the facts, so an impossible score there counts too.
 */
export function factsProblems(game: ScheduleGame, f: FactsRecord): string[] {
  const problems: string[] = [];
  const facts = f.facts as unknown as Partial<Record<'home' | 'away', Record<string, unknown>>>;
  for (const side of ['home', 'away'] as const) {
    const line = facts[side];
    const score = line?.[game === 'mlb' ? 'runs' : 'score'];
    if (score === undefined) continue;
    const problem = scoreProblem(side, score as number, SPORT_BOUNDS[game]);
    if (problem) problems.push(`its detail's ${problem}`);
  }
  return problems;
}

/** A rejected game in words a site admin can act on. */
export function describeRejection(g: GameRecord, problems: readonly string[]): string {
  const time = g.startTime instanceof Date ? g.startTime.getTime() : Number.NaN;
  const day = Number.isNaN(time) ? 'an unknown date' : new Date(time).toISOString().slice(0, 10);
  const teams = `${g.home || '?'} vs ${g.away || '?'}`;
  const id = g.gid ? ` (feed game ${g.gid})` : '';
  return `${teams} on ${day} rejected: ${problems.join('; ')}${id}`;
}

/** Splits a feed's games into those that can be stored and those rejected (each alone, with why). */
export function screenGames(game: ScheduleGame, records: readonly GameRecord[], now: Date): ScreenedGames {
  const accepted: GameRecord[] = [];
  const rejected: RejectedGame[] = [];
  for (const g of records) {
    const problems = gameProblems(game, g, now);
    if (problems.length === 0) accepted.push(g);
    else rejected.push({ gid: g.gid, message: describeRejection(g, problems) });
  }
  return { accepted, rejected };
}
