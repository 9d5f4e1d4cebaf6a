// An Elo rating model of team strength, the shape FiveThirtyEight published for the NFL, NBA and
// MLB: a logistic win probability on the rating gap plus a home advantage, an update scaled by the
// margin of victory (damped when the favourite wins, so ratings do not run away), and ratings carried
// into the next season pulled part of the way back to the mean. Pure: the caller hands in the games.

/** Sports the model rates; nfl-td pools read player odds, but NFL games calibrate the model. */
export type EloSport = 'nba' | 'mlb' | 'nfl';

/** How a game's margin scales its update. */
export type MarginRule =
  /** ln(|margin| + 1) x 2.2 / (0.001 x winner's gap + 2.2): FiveThirtyEight's NFL rule. */
  | 'log'
  /** (|margin| + 3)^0.8 / (7.5 + 0.006 x winner's gap): FiveThirtyEight's NBA rule. */
  | 'power'
  /** Every win counts the same. */
  | 'none';

/** The parameters of one sport's model. */
export interface EloParams {
  /** Rating points a result can move at most, before the margin multiplier. */
  k: number;
  /** Rating points added to the home side (none on a neutral field). */
  homeAdvantage: number;
  /** The league's average rating; new teams start here. */
  mean: number;
  /** Share of the distance to the mean a team keeps from one season to the next (1 keeps all). */
  carryOver: number;
  margin: MarginRule;
}

/**
 * The chosen parameters per sport (decision 015): the best Brier score of a coarse grid (`npm run
 * calibrate -- --fit`) over K, home advantage, carry-over and margin rule. NFL: fitted on 2000-2019
 * (ratings run from 1920), scored on 2020. NBA and MLB: the bundled files hold one season each, so
 * they are fitted on that season itself (four numbers, close to FiveThirtyEight's published ones).
 */
export const ELO_PARAMS: Readonly<Record<EloSport, EloParams>> = {
  nfl: { k: 20, homeAdvantage: 50, mean: 1505, carryOver: 0.5, margin: 'log' },
  nba: { k: 20, homeAdvantage: 80, mean: 1505, carryOver: 0.75, margin: 'power' },
  mlb: { k: 4, homeAdvantage: 12, mean: 1505, carryOver: 2 / 3, margin: 'log' },
};

/** Ratings by team code. */
export type Ratings = Map<string, number>;

/** A game as the model sees it: who played where, and the score once it is final. */
export interface EloGame {
  home: string;
  away: string;
  /** Epoch milliseconds of the start. */
  start: number;
  /** Season label; a change of season regresses every rating toward the mean. */
  season: number;
  neutral?: boolean;
  /** Scores of a final game; null (or absent) for a game not played yet. */
  homeScore?: number | null;
  awayScore?: number | null;
}

/** A team's rating, the mean for a team not seen yet. */
export function ratingOf(ratings: Ratings, params: EloParams, team: string): number {
  return ratings.get(team) ?? params.mean;
}

/** The home side's rating gap, with the home advantage unless the field is neutral. */
export function homeGap(params: EloParams, homeRating: number, awayRating: number, neutral = false): number {
  return homeRating - awayRating + (neutral ? 0 : params.homeAdvantage);
}

/** P(home wins) from a rating gap: the logistic curve on which 400 points are odds of 10 to 1. */
export function winProbabilityOfGap(gap: number): number {
  return 1 / (1 + 10 ** (-gap / 400));
}

/** P(home team wins) under the ratings. */
export function homeWinProbability(
  ratings: Ratings,
  params: EloParams,
  home: string,
  away: string,
  neutral = false,
): number {
  const gap = homeGap(params, ratingOf(ratings, params, home), ratingOf(ratings, params, away), neutral);
  return winProbabilityOfGap(gap);
}

/** The margin multiplier of a result; winnerGap is the winner's rating gap (home advantage included). */
export function marginMultiplier(rule: MarginRule, margin: number, winnerGap: number): number {
  const m = Math.abs(margin);
  if (rule === 'none') return 1;
  if (m === 0) return rule === 'log' ? Math.log(2) : 1;
  if (rule === 'log') return (Math.log(m + 1) * 2.2) / (winnerGap * 0.001 + 2.2);
  return (m + 3) ** 0.8 / (7.5 + 0.006 * winnerGap);
}

/**
 * Rating points the home team gains from a final score (the away team loses as many, so the sum of
 * ratings is kept): K x margin multiplier x (result - expected), result 1, 0.5 or 0.
 */
export function ratingShift(
  params: EloParams,
  homeRating: number,
  awayRating: number,
  homeScore: number,
  awayScore: number,
  neutral = false,
): number {
  const gap = homeGap(params, homeRating, awayRating, neutral);
  const expected = winProbabilityOfGap(gap);
  const result = homeScore > awayScore ? 1 : homeScore < awayScore ? 0 : 0.5;
  const winnerGap = result === 1 ? gap : result === 0 ? -gap : 0;
  return params.k * marginMultiplier(params.margin, homeScore - awayScore, winnerGap) * (result - expected);
}

/** Ratings after a final game (a new map; the input is left as it was). */
export function applyResult(ratings: Ratings, params: EloParams, game: EloGame): Ratings {
  if (game.homeScore === null || game.homeScore === undefined) return ratings;
  if (game.awayScore === null || game.awayScore === undefined) return ratings;
  const next = new Map(ratings);
  applyResultInPlace(next, params, game, game.homeScore, game.awayScore);
  return next;
}

function applyResultInPlace(
  ratings: Ratings,
  params: EloParams,
  game: EloGame,
  homeScore: number,
  awayScore: number,
): void {
  const home = ratingOf(ratings, params, game.home);
  const away = ratingOf(ratings, params, game.away);
  const shift = ratingShift(params, home, away, homeScore, awayScore, game.neutral);
  ratings.set(game.home, home + shift);
  ratings.set(game.away, away - shift);
}

/** Ratings carried into a new season: each keeps carryOver of its distance from the mean. */
export function regressToMean(ratings: Ratings, params: EloParams): Ratings {
  const next: Ratings = new Map();
  for (const [team, rating] of ratings)
    next.set(team, params.mean + (rating - params.mean) * params.carryOver);
  return next;
}

/**
 * A result counts as known this long after its game started: a game's odds only use games that
 * started at least this much earlier, so a forecast never reads a result that was not final yet.
 */
export const RESULT_KNOWN_AFTER_MS = 6 * 3_600_000;

/** An instant at which to read the ratings, for forecasting games of the given season. */
export interface EloCheckpoint {
  /** Epoch milliseconds. */
  at: number;
  season: number;
}

/** What replaying a schedule gives: each game's forecast and the ratings as they stood at each asked instant. */
export interface EloReplay {
  /** P(home wins) of each game, in the order given, from results known before it started. */
  homeWinProbabilities: number[];
  /** Ratings at each checkpoint asked for (results known before that instant), in the order asked. */
  ratingsAt: Ratings[];
  /** Ratings after every final game. */
  final: Ratings;
}

/**
 * Replays a schedule in time order: every game gets the forecast the ratings gave at its start (only
 * results known by then), then its result (if final) joins the ratings. The first game of a new
 * season regresses every rating. Checkpoints ask for the ratings at given instants, such as each pool
 * week's deadline. `initial` ratings are taken as already carried into the first game's season.
 */
export function replayElo(
  params: EloParams,
  games: readonly EloGame[],
  options: { initial?: Ratings; checkpoints?: readonly EloCheckpoint[] } = {},
): EloReplay {
  const ratings: Ratings = new Map(options.initial ?? []);
  const order = games.map((_, i) => i).sort((a, b) => games[a].start - games[b].start || a - b);
  const checkpoints = (options.checkpoints ?? [])
    .map((checkpoint, i) => ({ ...checkpoint, i }))
    .sort((a, b) => a.at - b.at);
  const ratingsAt: Ratings[] = new Array(checkpoints.length);
  const probabilities: number[] = new Array(games.length);
  let season: number | null = null;
  let applied = 0; // games of `order` whose results are in the ratings
  let nextCheckpoint = 0;

  const applyKnownBefore = (instant: number) => {
    while (applied < order.length && games[order[applied]].start + RESULT_KNOWN_AFTER_MS <= instant) {
      const game = games[order[applied]];
      enterSeason(game.season);
      if (isFinal(game)) applyResultInPlace(ratings, params, game, game.homeScore, game.awayScore);
      applied++;
    }
  };
  const enterSeason = (next: number) => {
    if (season !== null && next !== season) {
      const regressed = regressToMean(ratings, params);
      ratings.clear();
      for (const [team, rating] of regressed) ratings.set(team, rating);
    }
    season = next;
  };
  // A forecast for a season whose first result is not in yet already starts from the regressed ratings.
  const ratingsFor = (forSeason: number): Ratings =>
    season !== null && forSeason !== season ? regressToMean(ratings, params) : ratings;
  const takeCheckpointsBefore = (instant: number) => {
    while (nextCheckpoint < checkpoints.length && checkpoints[nextCheckpoint].at <= instant) {
      const checkpoint = checkpoints[nextCheckpoint];
      applyKnownBefore(checkpoint.at);
      ratingsAt[checkpoint.i] = new Map(ratingsFor(checkpoint.season));
      nextCheckpoint++;
    }
  };

  for (const index of order) {
    const game = games[index];
    takeCheckpointsBefore(game.start);
    applyKnownBefore(game.start);
    probabilities[index] = homeWinProbability(
      ratingsFor(game.season),
      params,
      game.home,
      game.away,
      game.neutral,
    );
  }
  takeCheckpointsBefore(Number.POSITIVE_INFINITY);
  applyKnownBefore(Number.POSITIVE_INFINITY);
  return { homeWinProbabilities: probabilities, ratingsAt, final: new Map(ratings) };
}

/**
 * Ratings at the start of `season` from the results of earlier seasons (issue 43: an NFL season's odds
 * start from history, not level): every game before it replayed, then carried into it with one regression
 * to the mean per season passed, seasons without results too. Empty without earlier games. For
 * `replayElo`'s `initial`: replaying the season from these gives the forecasts of a replay of everything.
 */
export function ratingsAtSeasonStart(
  params: EloParams,
  history: readonly EloGame[],
  season: number,
): Ratings {
  const earlier = history.filter((game) => game.season < season);
  if (earlier.length === 0) return new Map();
  const last = earlier.reduce((latest, game) => Math.max(latest, game.season), earlier[0].season);
  let ratings = replayElo(params, earlier).final;
  for (let passed = last; passed < season; passed++) ratings = regressToMean(ratings, params);
  return ratings;
}

function isFinal(game: EloGame): game is EloGame & { homeScore: number; awayScore: number } {
  return typeof game.homeScore === 'number' && typeof game.awayScore === 'number';
}
