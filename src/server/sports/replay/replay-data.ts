import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ScheduleGame } from '../../../core/games';
import type { EloGame } from '../../../core/odds/elo';
import { packagePath } from '../../lib/package-dir';
import { buildSeasonCalendar, type SeasonCalendar } from '../calendar';
import type {
  FactsRecord,
  GameRecord,
  NflPlayerRecord,
  NflWeekStatRecord,
  ProviderBatch,
  SportsProvider,
} from '../model';
import { parseEspnNflRoster } from '../providers/espn';
import { teamAbbOrAsSent } from '../teams';
import { parseCsv } from './csv';
import { parseNbaLeagueGameLog } from './nba-gamelog';
import { withSimulatedNbaFacts } from './nba-simulated';
import { buildReplayNflPlayers, type KnownNflPlayer, knownPlayersOfEspnSummary } from './nfl-players';
import { buildReplayNflWeekStats, parseNfl538Season, type RecordedNflGame } from './nfl-replay';
import { type GameLogMlbFacts, type LineScore, parseRetrosheetGameLog } from './retrosheet';
import { readBundledEventFacts } from './retrosheet-events';

/** Bundled datasets of the replay (see data-seed/NOTICES.md). */
export const DATA_SEED_DIR = packagePath(import.meta.url, 'data-seed');

// Seasons are moved by whole 52-week steps (weekdays kept) so all three run in the 2023-24 window.
const NBA_DAY_SHIFT = 5 * 364;
const NFL_DAY_SHIFT = 3 * 364;
const NFL_SOURCE_SEASON = 2020;
const NFL_RECORDED_WEEK = 2;

/** One replayed season: its games (with pool weeks), facts and calendar. */
export interface ReplaySeason {
  game: ScheduleGame;
  season: number;
  games: GameRecord[];
  facts: FactsRecord[];
  calendar: SeasonCalendar;
  source: string;
  /** Runs per inning by gid (MLB), so a live game shows the innings played so far. */
  lineScores?: ReadonlyMap<string, LineScore>;
}

function read(file: string): string {
  return readFileSync(path.join(DATA_SEED_DIR, file), 'utf8');
}

function withPoolWeeks(
  game: ScheduleGame,
  games: GameRecord[],
): { games: GameRecord[]; calendar: SeasonCalendar } {
  const regular = games.filter((g) => g.seasonType === 'reg');
  const calendar = buildSeasonCalendar(game, regular);
  if (game === 'nfl-td') return { games, calendar };
  const weekOf = new Map<string, number>();
  calendar.deadlines.forEach((deadline, i) => {
    const from = Date.parse(deadline);
    const to =
      i + 1 < calendar.deadlines.length ? Date.parse(calendar.deadlines[i + 1]) : Number.POSITIVE_INFINITY;
    for (const g of regular) {
      const t = g.startTime.getTime();
      if (t >= from && t < to) weekOf.set(g.gid, i + 1);
    }
  });
  return { games: games.map((g) => ({ ...g, week: weekOf.get(g.gid) ?? g.week })), calendar };
}

/** An NFL game of FiveThirtyEight's file as the Elo model reads it, with FiveThirtyEight's own forecast. */
export interface NflHistoryGame extends EloGame {
  homeScore: number;
  awayScore: number;
  /** FiveThirtyEight's P(home wins). */
  elo538: number;
}

/**
 * Every NFL game from 1920 through the 2020 season (FiveThirtyEight's file), clubs under the site's
 * abbreviations (the Raiders are LV): the history an NFL season's Elo ratings start from
 * (`ratingsAtSeasonStart`), and what `npm run calibrate` scores.
 */
export function loadNflEloHistory(): NflHistoryGame[] {
  const [header, ...records] = parseCsv(read('nfl/nfl_games.csv'));
  const col = (name: string) => header.indexOf(name);
  const [cDate, cSeason, cNeutral, cHome, cAway, cProb, cHomeScore, cAwayScore] = [
    'date',
    'season',
    'neutral',
    'team1',
    'team2',
    'elo_prob1',
    'score1',
    'score2',
  ].map(col);
  return records.map((f) => ({
    // A club of long ago keeps the file's code; today's clubs take the site's.
    home: teamAbbOrAsSent('nfl-td', f[cHome]),
    away: teamAbbOrAsSent('nfl-td', f[cAway]),
    // The file has dates only; noon UTC keeps a day's games together, and a day's results known the next.
    start: Date.parse(`${f[cDate]}T12:00:00Z`),
    season: Number(f[cSeason]),
    neutral: f[cNeutral] === '1',
    homeScore: Number(f[cHomeScore]),
    awayScore: Number(f[cAwayScore]),
    elo538: Number(f[cProb]),
  }));
}

/**
 * MLB 2023 from the Retrosheet game log, with the plays (home runs, hit batters) and batters (near a
 * cycle) of the event files, bundled as derived facts (see scripts/build-retrosheet-facts.ts).
 */
export function loadMlbReplay(): ReplaySeason {
  const log = parseRetrosheetGameLog(read('retrosheet/gl2023.txt'));
  const events = readBundledEventFacts(read('retrosheet/events2023-facts.jsonl'));
  const games = log.games;
  const facts = log.facts.map((record): FactsRecord => {
    const detail = events.get(record.gid);
    if (!detail) return record;
    const f = record.facts as GameLogMlbFacts;
    const teams = { away: f.away.team_abb, home: f.home.team_abb };
    return { ...record, facts: { ...f, ...detail(teams) }, missing: [], source: 'retrosheet' };
  });
  return {
    game: 'mlb',
    season: 2023,
    ...withPoolWeeks('mlb', games),
    facts,
    source: 'retrosheet',
    lineScores: log.lineScores,
  };
}

/**
 * NBA 2018-19 from the league game log, moved to the 2023-24 dates, with box lines, runs and
 * deciding shots generated per game (the log has none) and marked simulated.
 */
export function loadNbaReplay(): ReplaySeason {
  const { games, facts, totals } = parseNbaLeagueGameLog(
    JSON.parse(read('nba/leaguegamelog_2018-19_regular_season.json')),
    NBA_DAY_SHIFT,
  );
  return {
    game: 'nba',
    season: games[0].season,
    ...withPoolWeeks('nba', games),
    facts: withSimulatedNbaFacts(facts, totals),
    source: 'nba-leaguegamelog',
  };
}

/** NFL 2020 from the FiveThirtyEight games file (moved to 2023 dates), with its player pool and week lines. */
export function loadNflReplay(): ReplaySeason & { players: NflPlayerRecord[]; stats: NflWeekStatRecord[] } {
  const games = parseNfl538Season(read('nfl/nfl_games.csv'), NFL_SOURCE_SEASON, NFL_DAY_SHIFT);
  const season = games[0].season;
  const recorded = JSON.parse(read('nfl/2023_wk02_player_lines.json')) as RecordedNflGame[];
  const known = [
    ...parseEspnNflRoster(JSON.parse(read('nfl/team_roster_KC.json'))).map(
      (p): KnownNflPlayer => ({ ...p, espnId: p.id }),
    ),
    ...knownPlayersOfEspnSummary(JSON.parse(read('nfl/summary_401547417_GB-at-ATL_2023wk2.json'))),
  ];
  const players = buildReplayNflPlayers(
    recorded.flatMap((g) => g.players),
    known,
  );
  const stats = buildReplayNflWeekStats(recorded, players, games, {
    season,
    recordedWeek: NFL_RECORDED_WEEK,
  });
  return {
    game: 'nfl-td',
    season,
    ...withPoolWeeks('nfl-td', games),
    facts: [],
    players,
    stats,
    source: 'fivethirtyeight',
  };
}

/** The three replayed seasons. */
export interface ReplaySeasons {
  mlb: ReplaySeason;
  nba: ReplaySeason;
  nfl: ReturnType<typeof loadNflReplay>;
}

let loaded: ReplaySeasons | undefined;

/** The three replayed seasons, parsed once per process (about a second) and shared by the seed and the job. */
export function loadReplaySeasons(): ReplaySeasons {
  loaded ??= { mlb: loadMlbReplay(), nba: loadNbaReplay(), nfl: loadNflReplay() };
  return loaded;
}

/** How long a replayed game is live before it turns final. */
export const REPLAY_LIVE_MS = 3 * 3_600_000;

/**
 * A game as it stood at now: unstarted games have no score, started ones are in progress for 3
 * hours, then final. With a line score (MLB), a live game shows the runs of the half innings
 * completed so far: its innings are spread evenly over the 3 hours (20 minutes an inning for nine,
 * top then bottom), so the score climbs to the final line as the game turns final and never jumps.
 * Without one (NBA, NFL: the logs hold only final scores) a live game shows 0-0. Only the final
 * status carries the final score.
 */
export function gameAsOf(g: GameRecord, now: Date, line?: LineScore): GameRecord {
  const elapsed = now.getTime() - g.startTime.getTime();
  if (elapsed < 0) return { ...g, status: 'scheduled', homeScore: null, awayScore: null, periods: null };
  if (elapsed >= REPLAY_LIVE_MS) return g;
  const live = { ...g, status: 'in_progress' as const, homeScore: 0, awayScore: 0, periods: 1 };
  if (!line) return live;
  const innings = Math.max(line.away.length, line.home.length, 1);
  const halves = Math.floor(elapsed / (REPLAY_LIVE_MS / (2 * innings)));
  const sum = (runs: number[], played: number) => runs.slice(0, played).reduce((n, r) => n + r, 0);
  return {
    ...live,
    awayScore: sum(line.away, Math.ceil(halves / 2)),
    homeScore: sum(line.home, Math.floor(halves / 2)),
    periods: Math.min(innings, Math.floor(halves / 2) + 1),
  };
}

/** A provider over a bundled season that tells only what was known at the clock's now. */
export function createReplayProvider(season: ReplaySeason, now: () => Date): SportsProvider {
  const factsOf = new Map(season.facts.map((f) => [f.gid, f]));
  const batch = (games: GameRecord[]): ProviderBatch => {
    const at = now();
    const shown = games.map((g) => gameAsOf(g, at, season.lineScores?.get(g.gid)));
    return {
      games: shown,
      facts: shown.filter((g) => g.status === 'final').flatMap((g) => factsOf.get(g.gid) ?? []),
    };
  };
  return {
    name: `replay-${season.source}`,
    game: season.game,
    async fetchDay(date: string) {
      return batch(season.games.filter((g) => g.startTime.toISOString().slice(0, 10) === date));
    },
    async fetchGame(gid: string) {
      return batch(season.games.filter((g) => g.gid === gid));
    },
  };
}
