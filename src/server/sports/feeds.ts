import type { ScheduleGame } from '../../core/games';
import type { FeedSettings } from '../config';
import type { FetchJsonOptions } from './http';
import type { SportsProvider } from './model';
import { createEspnProvider, ESPN_BASE_URL } from './providers/espn';
import { createMlbStatsApiProvider, MLB_STATSAPI_BASE_URL } from './providers/mlb-statsapi';
import { createNbaCdnProvider, NBA_CDN_BASE_URL } from './providers/nba-cdn';

/** The real providers the settings choose, one per game (replayed and switched-off games have none). */
export function createFeedProviders(
  settings: FeedSettings,
  http: Omit<FetchJsonOptions, 'timeoutMs'> = {},
): SportsProvider[] {
  const options: FetchJsonOptions = { ...http, timeoutMs: settings.timeoutMs };
  const espn = (game: ScheduleGame) => createEspnProvider(game, options, settings.espnUrl ?? ESPN_BASE_URL);
  const providers: SportsProvider[] = [];
  if (settings.mlb === 'mlb-statsapi') {
    providers.push(createMlbStatsApiProvider(options, settings.mlbStatsApiUrl ?? MLB_STATSAPI_BASE_URL));
  } else if (settings.mlb === 'espn') {
    providers.push(espn('mlb'));
  }
  if (settings.nba === 'nba-cdn') {
    providers.push(createNbaCdnProvider(options, settings.nbaCdnUrl ?? NBA_CDN_BASE_URL));
  } else if (settings.nba === 'espn') {
    providers.push(espn('nba'));
  }
  if (settings.nfl === 'espn') providers.push(espn('nfl-td'));
  return providers;
}

/** The games the settings replay (the demo). */
export function replayedGames(settings: FeedSettings): ScheduleGame[] {
  const games: ScheduleGame[] = [];
  if (settings.mlb === 'replay') games.push('mlb');
  if (settings.nba === 'replay') games.push('nba');
  if (settings.nfl === 'replay') games.push('nfl-td');
  return games;
}

/**
 * The league season under way on a date, by the season's starting year: MLB plays within a year,
 * the NBA's season starts in October and the NFL's in September, each running into the next year.
 * From the month the next season's schedule usually appears, the "upcoming" season is the next one.
 */
export function currentSeasonOf(game: ScheduleGame, now: Date): number {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  if (game === 'mlb') return year;
  // NBA seasons end in June, NFL seasons in February.
  const lastMonth = game === 'nba' ? 6 : 2;
  return month <= lastMonth ? year - 1 : year;
}
