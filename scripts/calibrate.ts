// `npm run calibrate`: measures the pick odds (src/core/odds) on the bundled real seasons (MLB 2023,
// NBA 2018-19, NFL 2020; data-seed/). Every forecast uses only results known before its game (or,
// for week odds, before the week's deadline). Prints, as Markdown tables:
// - game win probabilities: Brier score and log loss against a coin flip and a home-team baseline
//   (the season's own home win rate, known only afterwards, so the strictest constant there is), and
//   for the NFL FiveThirtyEight's published elo_prob1 on the same games;
// - week survival odds (nba, mlb) against what happened, judged as the settlement judges it, with
//   reliability in deciles, and for MLB the moon;
// - NFL TD player odds: P(a player scores a rushing, receiving, return or defensive touchdown) on each
//   recorded week of player lines (2023 week 2; the replay generates the others), against each
//   position's share of players who scored that week.
// The figures are computed by calibrate() (calibrate.test.ts holds them to the targets).
// `npm run calibrate -- --fit` also prints the grid search the parameters were chosen by (decision 015).
import { pathToFileURL } from 'node:url';
import { filterWeekGames } from '../src/core/calendar/weeks';
import {
  brierScore,
  ELO_PARAMS,
  type EloGame,
  type EloParams,
  type Forecast,
  logLoss,
  type MarginRule,
  playersSeasonToDate,
  playerWeekOdds,
  poolSeasonOdds,
  type ReliabilityBin,
  ratingsAtSeasonStart,
  reliabilityDeciles,
  replayElo,
} from '../src/core/odds';
import { judgeTeamPick } from '../src/core/season/results';
import { recordWeekTeams } from '../src/server/modules/pools/settlement/week-facts.repo';
import {
  loadMlbReplay,
  loadNbaReplay,
  loadNflEloHistory,
  loadNflReplay,
  type ReplaySeason,
} from '../src/server/sports/replay/replay-data';

const NFL_SEASON = 2020;
/** NFL seasons the NFL parameters are fitted on (ratings run from 1920; 2020 is kept for the test). */
const NFL_FIT_SEASONS = [2000, 2019] as const;

interface ScoredGame extends EloGame {
  homeScore: number;
  awayScore: number;
  /** FiveThirtyEight's forecast (NFL only). */
  elo538?: number;
}

function line(cells: readonly (string | number)[]): string {
  return `| ${cells.join(' | ')} |`;
}

function fixed(value: number, digits = 4): string {
  return Number.isFinite(value) ? value.toFixed(digits) : 'n/a';
}

function percent(value: number): string {
  return `${(value * 100).toFixed(1)}%`;
}

function toEloGames(season: ReplaySeason): ScoredGame[] {
  return season.games
    .filter(
      (g) => g.seasonType === 'reg' && g.status === 'final' && g.homeScore !== null && g.awayScore !== null,
    )
    .map((g) => ({
      home: g.home,
      away: g.away,
      start: g.startTime.getTime(),
      season: g.season,
      homeScore: g.homeScore ?? 0,
      awayScore: g.awayScore ?? 0,
    }));
}

/** Forecasts of the games with a winner (a tie is neither side's win, so it is left out of every model alike). */
function gameForecasts(games: readonly ScoredGame[], probabilities: readonly number[]): Forecast[] {
  const out: Forecast[] = [];
  games.forEach((g, i) => {
    if (g.homeScore !== g.awayScore)
      out.push({ p: probabilities[i], outcome: g.homeScore > g.awayScore ? 1 : 0 });
  });
  return out;
}

/** The seasons a plain Elo is fitted on, its ratings level at the first one's start. */
const PLAIN_FIT_SEASONS = [2010, 2019] as const;

/**
 * The baseline the NFL model must beat besides FiveThirtyEight's: a plain Elo (every win alike, ratings
 * level in 2010, no history before), its K, home advantage and carry-over the best Brier of a grid on
 * 2010-19, then run on to score 2020. Answers the parameters and P(home wins) of each of `games`.
 */
function plainNflElo(nfl: readonly ScoredGame[]): { params: EloParams; probabilities: number[] } {
  const [first, last] = PLAIN_FIT_SEASONS;
  const games = nfl.filter((g) => g.season >= first && g.season <= NFL_SEASON);
  const fitted = games.map((g) => g.season <= last);
  let best: { params: EloParams; brier: number } | null = null;
  for (const k of [10, 15, 20, 25, 30, 35, 40, 50, 60, 80]) {
    for (const homeAdvantage of [0, 20, 40, 50, 60, 70, 80, 100]) {
      for (const carryOver of [1, 0.75, 0.5]) {
        const params: EloParams = { k, homeAdvantage, mean: 1505, carryOver, margin: 'none' };
        const p = replayElo(params, games).homeWinProbabilities;
        const brier = brierScore(
          gameForecasts(
            games.filter((_, i) => fitted[i]),
            p.filter((_, i) => fitted[i]),
          ),
        );
        if (!best || brier < best.brier) best = { params, brier };
      }
    }
  }
  if (!best) throw new Error('no plain Elo fitted');
  const p = replayElo(best.params, games).homeWinProbabilities;
  const bySeason = new Map(games.map((g, i) => [g, p[i]]));
  return { params: best.params, probabilities: nfl.map((g) => bySeason.get(g) ?? Number.NaN) };
}

/** One model's scores on a set of forecasts. */
export interface ModelScore {
  name: string;
  brier: number;
  logLoss: number;
}

function score(name: string, forecasts: readonly Forecast[]): ModelScore {
  return { name, brier: brierScore(forecasts), logLoss: logLoss(forecasts) };
}

/** The coin flip and the home team at the season's own home win rate, on the same games. */
function baselines(forecasts: readonly Forecast[]): ModelScore[] {
  const homeRate = forecasts.reduce((n, f) => n + f.outcome, 0) / forecasts.length;
  return [
    score(
      'coin flip (0.5)',
      forecasts.map((f) => ({ p: 0.5, outcome: f.outcome })),
    ),
    score(
      `home team (season's home win rate ${fixed(homeRate, 3)})`,
      forecasts.map((f) => ({ p: homeRate, outcome: f.outcome })),
    ),
  ];
}

/** How the week odds of one season fared. */
export interface WeekReport {
  teamWeeks: number;
  weeks: number;
  /** The week odds, then the season's share of teams that advanced as a constant forecast. */
  models: [ModelScore, ModelScore];
  reliability: ReliabilityBin[];
  moon: { expected: number; happened: number; possible: number; brier: number };
}

/** One sport's section of the report. */
export interface SportReport {
  title: string;
  games: number;
  /** This model first, then (NFL) FiveThirtyEight's, then the baselines. */
  models: ModelScore[];
  weeks?: WeekReport;
}

/**
 * Week survival odds of every team and pool week, each forecast at the week's deadline (poolSeasonOdds,
 * on the core's weeks), against the week as the settlement records and judges it.
 */
function weekReport(season: ReplaySeason, params: EloParams): WeekReport {
  const regular = season.games.filter((g) => g.seasonType === 'reg');
  const weeks = poolSeasonOdds({
    params,
    games: regular.map((g) => ({ ...g, utc: g.startTime, postponed: g.status === 'postponed' })),
    season: season.season,
    deadlines: season.calendar.deadlines,
    seasonEnd: season.calendar.end,
    // the latest instant there is: every week as it stood at its own deadline
    now: new Date(8.64e15),
    shootMoon: true,
  });
  const settled = regular.map((g, id) => ({
    ...g,
    id,
    utc: g.startTime,
    final: g.status === 'final',
    postponed: g.status === 'postponed',
  }));
  const advance: Forecast[] = [];
  const moon: Forecast[] = [];
  for (const { week, teams } of weeks) {
    const records = recordWeekTeams(
      filterWeekGames(settled, season.calendar.deadlines, week, season.calendar.end),
    );
    for (const [team, odds] of teams) {
      const verdict = judgeTeamPick(records[team] ?? [0, 0], true);
      advance.push({ p: odds.advance, outcome: verdict === 'advance' ? 1 : 0 });
      moon.push({ p: odds.moon, outcome: verdict === 'moon' ? 1 : 0 });
    }
  }
  const rate = advance.reduce((n, f) => n + f.outcome, 0) / advance.length;
  return {
    teamWeeks: advance.length,
    weeks: weeks.length,
    models: [
      score('week odds (exact, from the game probabilities)', advance),
      score(
        `the season's share of teams that advanced (${fixed(rate, 3)})`,
        advance.map((f) => ({ p: rate, outcome: f.outcome })),
      ),
    ],
    reliability: reliabilityDeciles(advance),
    moon: {
      expected: moon.reduce((n, f) => n + f.p, 0),
      happened: moon.reduce((n, f) => n + f.outcome, 0),
      possible: moon.filter((f) => f.p > 0).length,
      brier: brierScore(moon),
    },
  };
}

/** One position's players in the recorded weeks: how many, how often they scored, what the model said. */
export interface PositionLine {
  position: string;
  players: number;
  scored: number;
  meanForecast: number;
}

/** How the NFL TD player odds fared on the recorded weeks of player lines. */
export interface PlayerReport {
  weeks: number[];
  /** Player-weeks scored: the real players of the clubs that played (generated players left out). */
  playerWeeks: number;
  scored: number;
  /** The player odds, then each position's share that scored as a constant forecast. */
  models: [ModelScore, ModelScore];
  positions: PositionLine[];
}

/**
 * NFL TD player odds on each recorded week, forecast as the server does (playerWeekOdds over the
 * season's lines before the week, pass touchdowns ignored) and scored against "he scored a touchdown".
 * The weeks before a recorded one are the replay's generated lines, drawn around each player's
 * usage in the recorded week, and the depth ranks come from that usage too: the figures say how the
 * odds served on the replay fare, not how they would on an unseen season. The base rate (each
 * position's share that scored, known only afterwards) is the strictest constant there is.
 */
export function playerReport(): PlayerReport {
  const nfl = loadNflReplay();
  const lines = nfl.stats.map((s) => ({ week: s.week, playerId: s.player_id, stats: s }));
  const weeks = [...new Set(nfl.stats.filter((s) => !s.simulated).map((s) => s.week))].sort((a, b) => a - b);
  const rows: { position: string; forecast: Forecast }[] = [];
  for (const week of weeks) {
    const playing = new Set(
      nfl.games.filter((g) => g.seasonType === 'reg' && g.week === week).flatMap((g) => [g.home, g.away]),
    );
    const team = new Map(nfl.players.map((p) => [p.id, p.teamAbb]));
    const odds = new Map(
      playerWeekOdds(
        playersSeasonToDate(nfl.players, lines, week),
        (p) => playing.has(team.get(p.id) ?? ''),
        0,
      ).map((o) => [o.id, o.advance]),
    );
    const recorded = new Map(
      nfl.stats.filter((s) => !s.simulated && s.week === week).map((s) => [s.player_id, s]),
    );
    for (const player of nfl.players) {
      if (player.simulated || !playing.has(player.teamAbb)) continue;
      const s = recorded.get(player.id);
      const tds = s ? s.rush_td + s.rec_td + s.st_td + s.def_td : 0;
      rows.push({
        position: player.position,
        forecast: { p: odds.get(player.id) ?? 0, outcome: tds > 0 ? 1 : 0 },
      });
    }
  }
  const byPosition = new Map<string, PositionLine>();
  for (const { position, forecast } of rows) {
    const line = byPosition.get(position) ?? { position, players: 0, scored: 0, meanForecast: 0 };
    line.players++;
    line.scored += forecast.outcome;
    line.meanForecast += forecast.p;
    byPosition.set(position, line);
  }
  const positions = [...byPosition.values()].map((l) => ({ ...l, meanForecast: l.meanForecast / l.players }));
  const rate = (position: string) => {
    const l = byPosition.get(position);
    return l ? l.scored / l.players : 0;
  };
  const forecasts = rows.map((r) => r.forecast);
  return {
    weeks,
    playerWeeks: rows.length,
    scored: forecasts.reduce((n, f) => n + f.outcome, 0),
    models: [
      score('player odds (this model)', forecasts),
      score(
        "each position's share that scored that week",
        rows.map((r) => ({ p: rate(r.position), outcome: r.forecast.outcome })),
      ),
    ],
    positions,
  };
}

function teamSport(title: string, season: ReplaySeason, params: EloParams): SportReport {
  const games = toEloGames(season);
  const forecasts = gameForecasts(games, replayElo(params, games).homeWinProbabilities);
  return {
    title,
    games: forecasts.length,
    models: [score('Elo (this model)', forecasts), ...baselines(forecasts)],
    weeks: weekReport(season, params),
  };
}

/** The whole calibration: MLB 2023, NBA 2018-19 and NFL 2020 (against FiveThirtyEight's Elo). */
export function calibrate(): {
  sports: SportReport[];
  nflGapTo538: number;
  /** This model's Brier less the plain Elo's (fitted on 2010-19) on NFL 2020. */
  nflGapToPlain: number;
  nflMeanDifference: number;
  players: PlayerReport;
} {
  const mlb = teamSport('MLB 2023', loadMlbReplay(), ELO_PARAMS.mlb);
  const nba = teamSport('NBA 2018-19', loadNbaReplay(), ELO_PARAMS.nba);
  // NFL: 2020 replayed from the ratings every season of the file since 1920 gives it, as an NFL pool's
  // odds start from history.
  const nfl = loadNflEloHistory();
  const season = nfl.filter((g) => g.season === NFL_SEASON);
  const probabilities = replayElo(ELO_PARAMS.nfl, season, {
    initial: ratingsAtSeasonStart(ELO_PARAMS.nfl, nfl, NFL_SEASON),
  }).homeWinProbabilities;
  const scored = season.map((g, i) => ({ g, p: probabilities[i] }));
  const games = scored.map((x) => x.g);
  const ours = gameForecasts(
    games,
    scored.map((x) => x.p),
  );
  const theirs = gameForecasts(
    games,
    games.map((g) => g.elo538 ?? Number.NaN),
  );
  const plain = plainNflElo(nfl);
  const plainForecasts = gameForecasts(
    games,
    scored.map(({ g }) => plain.probabilities[nfl.indexOf(g)]),
  );
  const { k, homeAdvantage, carryOver } = plain.params;
  const nflReport: SportReport = {
    title: `NFL ${NFL_SEASON} (regular season and playoffs)`,
    games: ours.length,
    models: [
      score('Elo (this model)', ours),
      score("FiveThirtyEight's elo_prob1", theirs),
      score(
        `plain Elo from 2010, fitted on 2010-19 (K ${k}, home ${homeAdvantage}, carry-over ${carryOver})`,
        plainForecasts,
      ),
      ...baselines(ours),
    ],
  };
  return {
    sports: [mlb, nba, nflReport],
    nflGapTo538: brierScore(ours) - brierScore(theirs),
    nflGapToPlain: brierScore(ours) - brierScore(plainForecasts),
    nflMeanDifference: scored.reduce((sum, x) => sum + Math.abs(x.p - (x.g.elo538 ?? 0)), 0) / scored.length,
    players: playerReport(),
  };
}

/** The report as Markdown. */
export function formatCalibration(report: ReturnType<typeof calibrate>): string {
  const out: string[] = [
    '# Pick odds calibration',
    '',
    "Forecasts use only results known before each game (week odds: before the week's deadline).",
  ];
  const table = (models: readonly ModelScore[]) => [
    line(['model', 'Brier', 'log loss']),
    line(['---', '---:', '---:']),
    ...models.map((m) => line([m.name, fixed(m.brier), fixed(m.logLoss)])),
  ];
  for (const sport of report.sports) {
    out.push(
      '',
      `### ${sport.title}: game win probabilities (${sport.games} games)`,
      '',
      ...table(sport.models),
    );
    const weeks = sport.weeks;
    if (!weeks) continue;
    out.push(
      '',
      `### ${sport.title}: week survival odds (${weeks.teamWeeks} team-weeks, ${weeks.weeks} weeks)`,
      '',
      ...table(weeks.models),
      '',
      `Reliability of P(advance) by decile (${sport.title}):`,
      '',
      line(['forecast', 'team-weeks', 'mean forecast', 'happened']),
      line(['---', '---:', '---:', '---:']),
      ...weeks.reliability.map((bin) =>
        line([
          `${bin.from.toFixed(1)}-${bin.to.toFixed(1)}`,
          bin.count,
          percent(bin.meanForecast),
          percent(bin.observed),
        ]),
      ),
    );
    if (weeks.moon.possible > 0) {
      out.push(
        '',
        `Moons (0 wins, 6+ losses): ${fixed(weeks.moon.expected, 1)} expected over the season, ` +
          `${weeks.moon.happened} happened (${weeks.moon.possible} team-weeks of 6+ games could be one); ` +
          `Brier ${fixed(weeks.moon.brier, 5)}.`,
      );
    }
  }
  const gap = report.nflGapTo538;
  out.push(
    '',
    `Brier gap to FiveThirtyEight: ${gap >= 0 ? '+' : ''}${fixed(gap)}, to the plain Elo: ` +
      `${report.nflGapToPlain >= 0 ? '+' : ''}${fixed(report.nflGapToPlain)} (target: below both, the ` +
      `ratings starting from every season since 1920); the forecasts differ from FiveThirtyEight's by ` +
      `${fixed(report.nflMeanDifference, 3)} on average per game.`,
  );
  const players = report.players;
  const [model, base] = players.models;
  const gapToBase = model.brier - base.brier;
  out.push(
    '',
    `### NFL TD player odds: scores a touchdown (${players.playerWeeks} player-weeks, recorded week ${players.weeks.join(', ')} of 2023)`,
    '',
    ...table(players.models),
    '',
    line(['position', 'players', 'scored', 'mean forecast']),
    line(['---', '---:', '---:', '---:']),
    ...players.positions.map((p) =>
      line([p.position, p.players, percent(p.scored / p.players), percent(p.meanForecast)]),
    ),
    '',
    `${gapToBase > 0 ? 'Worse than' : 'Better than'} the per-position base rate by ${fixed(Math.abs(gapToBase))} Brier. ` +
      "The weeks before are the replay's generated lines and the depth ranks come from the recorded week's " +
      'usage; the base rate is known only afterwards.',
  );
  return `${out.join('\n')}\n`;
}

function gameScores(
  params: EloParams,
  games: readonly ScoredGame[],
  keep: (g: ScoredGame) => boolean,
): number {
  const replay = replayElo(params, games);
  const kept = games.map((g, i) => ({ g, p: replay.homeWinProbabilities[i] })).filter(({ g }) => keep(g));
  return brierScore(
    gameForecasts(
      kept.map((k) => k.g),
      kept.map((k) => k.p),
    ),
  );
}

/** The grid the parameters were chosen on: the best few by Brier score. */
function printFit(
  name: string,
  base: EloParams,
  games: readonly ScoredGame[],
  keep: (g: ScoredGame) => boolean,
  heldOut?: (g: ScoredGame) => boolean,
): void {
  const ks = name.startsWith('mlb') ? [2, 3, 4, 5, 6, 8] : [10, 15, 20, 25, 30];
  const homes = name.startsWith('mlb')
    ? [0, 12, 24, 36]
    : name.startsWith('nba')
      ? [60, 80, 100, 120]
      : [35, 50, 65, 80];
  const carries = name === 'nfl' ? [0.5, 2 / 3, 0.75] : [base.carryOver];
  const margins: MarginRule[] = ['none', 'log', 'power'];
  const results: { params: EloParams; brier: number }[] = [];
  for (const k of ks)
    for (const homeAdvantage of homes)
      for (const carryOver of carries)
        for (const margin of margins) {
          const params = { ...base, k, homeAdvantage, carryOver, margin };
          results.push({ params, brier: gameScores(params, games, keep) });
        }
  results.sort((a, b) => a.brier - b.brier);
  console.log(`\n### Fit ${name}: best of ${results.length} (Brier on the fitted games)\n`);
  console.log(line(['K', 'home', 'carry-over', 'margin', 'Brier']));
  console.log(line(['---:', '---:', '---:', '---', '---:']));
  for (const r of results.slice(0, 5)) {
    console.log(
      line([
        r.params.k,
        r.params.homeAdvantage,
        fixed(r.params.carryOver, 2),
        r.params.margin,
        fixed(r.brier),
      ]),
    );
  }
  console.log(
    `Chosen: K ${base.k}, home ${base.homeAdvantage}, carry-over ${fixed(base.carryOver, 2)}, margin ${base.margin}: Brier ${fixed(gameScores(base, games, keep))}.`,
  );
  if (heldOut) {
    const best = results[0].params;
    console.log(
      `Held out (${describeHeldOut(name)}): the best of the grid above ${fixed(gameScores(best, games, heldOut))}, ` +
        `the chosen ${fixed(gameScores(base, games, heldOut))}.`,
    );
  }
}

function describeHeldOut(name: string): string {
  return name.startsWith('nfl') ? `NFL ${NFL_SEASON}` : 'the second half of the season';
}

/** The first half of a season's games by start (the fit), and the second (held out). */
function halves(games: readonly ScoredGame[]): [(g: ScoredGame) => boolean, (g: ScoredGame) => boolean] {
  const middle = [...games].sort((a, b) => a.start - b.start)[Math.floor(games.length / 2)].start;
  return [(g) => g.start < middle, (g) => g.start >= middle];
}

function main(): void {
  const started = Date.now();
  process.stdout.write(formatCalibration(calibrate()));
  if (process.argv.includes('--fit')) {
    const mlbGames = toEloGames(loadMlbReplay());
    const nbaGames = toEloGames(loadNbaReplay());
    const nfl = loadNflEloHistory();
    // MLB and NBA are fitted on their whole season (the chosen parameters); fitting on the first half
    // alone and scoring the second shows how much of that is in-sample luck.
    printFit('mlb', ELO_PARAMS.mlb, mlbGames, () => true);
    printFit('mlb (first half)', ELO_PARAMS.mlb, mlbGames, ...halves(mlbGames));
    printFit('nba', ELO_PARAMS.nba, nbaGames, () => true);
    printFit('nba (first half)', ELO_PARAMS.nba, nbaGames, ...halves(nbaGames));
    const [from, to] = NFL_FIT_SEASONS;
    printFit(
      'nfl',
      ELO_PARAMS.nfl,
      nfl,
      (g) => g.season >= from && g.season <= to,
      (g) => g.season === NFL_SEASON,
    );
  }
  console.error(`\n(calibrated in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
