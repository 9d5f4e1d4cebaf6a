// The odds of a pool's weeks, on the core's own weeks (calendar/weeks.ts: week n's games start from
// its deadline up to the next) and its own verdicts (season/results.ts), so the odds judge what the
// settlement will judge. What the server computes once per pool week when results change.
import { filterWeekGames, type InstantInput, toInstant } from '../calendar/weeks';
import type { PlayerStats } from '../season/scenario.schema';
import { type EloParams, homeWinProbability, type Ratings, replayElo } from './elo';
import type { PlayerSeasonToDate } from './nfl-td-odds';
import { survivalOf, teamWeekOdds, type WeekOdds } from './week-odds';

/** A game of the season as the odds read it. */
export interface OddsGame {
  home: string;
  away: string;
  utc: InstantInput;
  season: number;
  neutral?: boolean;
  /** Scores once final; null before. */
  homeScore: number | null;
  awayScore: number | null;
  postponed?: boolean;
  /** The pool week the schedule puts the game in (the server's games.week), when the caller groups by it. */
  week?: number | null;
}

/** A team's odds for one week, with what surviving means in this pool. */
export interface TeamWeekOdds extends WeekOdds {
  /** P(surviving the week): advancing, plus the moon when the pool shoots the moon. */
  survival: number;
}

/** One pool week's odds of every team that plays in it. */
export interface PoolWeekOdds {
  week: number;
  teams: Map<string, TeamWeekOdds>;
}

/**
 * Every week's team odds. A week forecasts from the results known at its deadline, or at `now` for a
 * week not locked yet (its deadline is still ahead): a locked week keeps the odds it locked with.
 */
export function poolSeasonOdds(input: {
  params: EloParams;
  /** The season's games, earlier seasons' too when ratings are to be carried over. */
  games: readonly OddsGame[];
  season: number;
  deadlines: readonly InstantInput[];
  seasonEnd: InstantInput;
  now: Date;
  shootMoon: boolean;
  /**
   * Group week n's games by their own `week` (as the settlement reads a week) instead of by the
   * deadlines' spans (`filterWeekGames`).
   */
  byGameWeek?: boolean;
  /** The ratings the first of `games` starts from (an NFL season's history, `ratingsAtSeasonStart`); level without. */
  initial?: Ratings;
}): PoolWeekOdds[] {
  const { params, games, season, deadlines, seasonEnd, now, shootMoon, byGameWeek, initial } = input;
  const eloGames = games.map((g) => ({
    home: g.home,
    away: g.away,
    start: toInstant(g.utc).getTime(),
    season: g.season,
    neutral: g.neutral,
    homeScore: g.postponed ? null : g.homeScore,
    awayScore: g.postponed ? null : g.awayScore,
  }));
  const asOf = deadlines.map((deadline) => Math.min(toInstant(deadline).getTime(), now.getTime()));
  const { ratingsAt } = replayElo(params, eloGames, {
    initial,
    checkpoints: asOf.map((at) => ({ at, season })),
  });
  const seasonGames = games.filter((g) => g.season === season);
  return deadlines.map((_, i) => {
    const week = i + 1;
    const ratings = ratingsAt[i];
    const weekGames = byGameWeek
      ? seasonGames.filter((g) => g.week === week)
      : filterWeekGames(seasonGames, deadlines, week, seasonEnd);
    const odds = teamWeekOdds(weekGames, (g) =>
      homeWinProbability(ratings, params, g.home, g.away, g.neutral),
    );
    const teams = new Map<string, TeamWeekOdds>();
    for (const [team, o] of odds) teams.set(team, { ...o, survival: survivalOf(o, shootMoon) });
    return { week, teams };
  });
}

/** A team's future value: its best survival odds in the weeks given (0 when it plays in none). */
export function futureValue(weeks: readonly PoolWeekOdds[], team: string): number {
  let best = 0;
  for (const week of weeks) best = Math.max(best, week.teams.get(team)?.survival ?? 0);
  return best;
}

/** One player's stats line of one week (a line means he played). */
export interface PlayerWeekLine {
  week: number;
  playerId: string;
  stats: Partial<PlayerStats>;
}

/** Each player's season to date: his games and touchdowns over the lines of weeks before `week`. */
export function playersSeasonToDate(
  players: readonly { id: string; position: string; depthRank?: number | null }[],
  lines: readonly PlayerWeekLine[],
  week: number,
): PlayerSeasonToDate[] {
  const byId = new Map<string, PlayerSeasonToDate>(
    players.map((p) => [
      p.id,
      {
        id: p.id,
        position: p.position,
        depthRank: p.depthRank ?? null,
        weeks: Math.max(0, week - 1),
        games: 0,
        otherTds: 0,
        passTds: 0,
      },
    ]),
  );
  for (const line of lines) {
    const player = byId.get(line.playerId);
    if (!player || line.week >= week) continue;
    const s = line.stats;
    player.games++;
    player.otherTds += (s.rush_td ?? 0) + (s.rec_td ?? 0) + (s.st_td ?? 0) + (s.def_td ?? 0);
    player.passTds += s.pass_td ?? 0;
  }
  return [...byId.values()];
}
