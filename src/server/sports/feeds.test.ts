import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createFeedProviders, currentSeasonOf, replayedGames } from './feeds';

const real = { DATABASE_URL: 'postgres://x/y', DEMO: '0' };

describe('feed settings', () => {
  it('replay in the demo, embedded or on PostgreSQL, and the real providers on a real server', () => {
    expect(loadConfig({}).feeds).toMatchObject({ mlb: 'replay', nba: 'replay', nfl: 'replay' });
    expect(replayedGames(loadConfig({}).feeds)).toEqual(['mlb', 'nba', 'nfl-td']);
    const feeds = loadConfig(real).feeds;
    expect(feeds).toMatchObject({ mlb: 'mlb-statsapi', nba: 'nba-cdn', nfl: 'espn', timeoutMs: 10_000 });
    expect(createFeedProviders(feeds).map((p) => `${p.game}:${p.name}`)).toEqual([
      'mlb:mlb-statsapi',
      'nba:nba-cdn',
      'nfl-td:espn',
    ]);
    const demoOnPostgres = loadConfig({ DATABASE_URL: 'postgres://x/y', DEMO: '1' }).feeds;
    expect(demoOnPostgres).toMatchObject({ mlb: 'replay', nba: 'replay', nfl: 'replay' });
    expect(() => loadConfig({ DATABASE_URL: 'postgres://x/y', DEMO: '1', FEED_NBA: 'espn' })).toThrow(
      /replay or off/,
    );
  });

  it('takes a choice per game and a base URL per provider, and refuses what cannot work', () => {
    const feeds = loadConfig({
      ...real,
      FEED_NBA: 'espn',
      FEED_MLB: 'off',
      FEED_ESPN_URL: 'http://127.0.0.1:9/',
    }).feeds;
    expect(feeds.espnUrl).toBe('http://127.0.0.1:9');
    expect(createFeedProviders(feeds).map((p) => `${p.game}:${p.name}`)).toEqual(['nba:espn', 'nfl-td:espn']);
    expect(() => loadConfig({ ...real, FEED_NFL: 'nfl-shield' })).toThrow(/FEED_NFL must be one of espn/);
    expect(() => loadConfig({ ...real, FEED_MLB: 'replay' })).toThrow(/only in the demo/);
    expect(() => loadConfig({ FEED_MLB: 'espn' })).toThrow(/replay or off/);
    expect(loadConfig({ FEED_MLB: 'off' }).feeds.mlb).toBe('off');
    expect(() => loadConfig({ ...real, FEED_TIMEOUT_MS: 'soon' })).toThrow(/FEED_TIMEOUT_MS/);
  });

  it('knows the season under way by the year it starts', () => {
    expect(currentSeasonOf('mlb', new Date('2025-01-10T00:00:00Z'))).toBe(2025);
    expect(currentSeasonOf('nba', new Date('2025-05-10T00:00:00Z'))).toBe(2024);
    expect(currentSeasonOf('nba', new Date('2025-08-10T00:00:00Z'))).toBe(2025);
    expect(currentSeasonOf('nfl-td', new Date('2026-02-01T00:00:00Z'))).toBe(2025);
    expect(currentSeasonOf('nfl-td', new Date('2026-04-01T00:00:00Z'))).toBe(2026);
  });
});
