import type { ScheduleGame } from '../../../../../core/contracts/sports';
import type { WeekGame } from '../make-picks/nfl-games';

/*
 * NFL Survivor's Scoreboard (spec 4, part 1): the week's games with their scores and, once the week has
 * locked, how many picks each side drew.
 */

/** A game of the week as the Scoreboard shows it: Make Picks' game with its scores (null until it starts). */
export interface BoardGame extends WeekGame {
  awayScore: number | null;
  homeScore: number | null;
  /** Played past the fourth quarter. */
  overtime: boolean;
}

/** The week's games in kickoff order (then by home team), as Make Picks lists them. */
export function listBoardGames(schedule: readonly ScheduleGame[]): BoardGame[] {
  return schedule
    .map((game) => ({
      gid: game.gid,
      away: game.away,
      home: game.home,
      kickoff: new Date(game.utc),
      status: game.status,
      awayScore: game.score_away,
      homeScore: game.score_home,
      overtime: (game.periods ?? 0) > 4,
    }))
    .sort((a, b) => a.kickoff.getTime() - b.kickoff.getTime() || a.home.localeCompare(b.home));
}

/** The side that lost a final game (its pickers are out of the week); null before then and for a tie. */
export function getLosingSide(game: BoardGame): 'away' | 'home' | null {
  if (game.status !== 'final' || game.awayScore === null || game.homeScore === null) return null;
  if (game.awayScore === game.homeScore) return null;
  return game.awayScore < game.homeScore ? 'away' : 'home';
}

/**
 * A side's picks as its line reads them ("12 picks", "1 pick", "0 picks") and its share of the week's
 * picks ("40%"; null when nobody picked); a team the counts leave out drew none.
 */
export function describePickCount(
  counts: Readonly<Record<string, number>>,
  abb: string,
): { count: number; label: string; share: string | null } {
  const count = counts[abb] ?? 0;
  const total = Object.values(counts).reduce((sum, value) => sum + value, 0);
  return {
    count,
    label: `${count} ${count === 1 ? 'pick' : 'picks'}`,
    share: total > 0 ? `${Math.round((count / total) * 100)}%` : null,
  };
}
