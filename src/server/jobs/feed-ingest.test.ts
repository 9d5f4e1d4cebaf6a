import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FeedSettings, loadConfig } from '../config';
import { feedFetches, gameFacts, games, seasonParams } from '../db/schema';
import { grantSiteAdmin } from '../modules/admin/site-admins.service';
import { createFeedProviders } from '../sports/feeds';
import type { SportsProvider } from '../sports/model';
import { registerUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { timeLimit } from '../test/time-limit';
import { pollDueFeeds, pollFeedsOnce, pollSeasonsOnce, startFeedIngest } from './feed-ingest';

// A real HTTP server on 127.0.0.1 serves the recorded responses of tests/fixtures/sports by path;
// the providers' base URLs point at it. Each feed can be told to misbehave.
const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../tests/fixtures/sports');
const recorded = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');

type Behaviour = 'ok' | 'hang' | '500' | 'html' | 'shape';
const behaviour: Record<'espn' | 'mlb' | 'nba', Behaviour> = { espn: 'ok', mlb: 'ok', nba: 'ok' };

type MlbScheduleGame = {
  gamePk: number;
  teams: Record<'home' | 'away', { score?: number; team: { id: number } }>;
};

/**
 * The recorded MLB schedule of 2024-07-01, or only its games whose live feed was recorded too; a
 * test can write bad values into a copy (the fixture stays as recorded).
 */
function mlbSchedule(onlyRecordedFeeds: boolean): string {
  const text = recorded('schedule_20240701.json');
  if (!onlyRecordedFeeds && !mlbScheduleEdit) return text;
  const json = JSON.parse(text) as { dates: { games: MlbScheduleGame[] }[] };
  if (onlyRecordedFeeds) {
    for (const date of json.dates) date.games = date.games.filter((g) => g.gamePk === 744914);
  }
  for (const g of json.dates.flatMap((d) => d.games)) mlbScheduleEdit?.(g);
  return JSON.stringify(json);
}
let mlbFullSchedule = false;
let mlbScheduleEdit: ((game: MlbScheduleGame) => void) | null = null;

function route(url: URL): string | null {
  const p = url.pathname;
  if (p === '/mlb/v1/schedule') return mlbSchedule(!mlbFullSchedule);
  if (p === '/mlb/v1.1/game/744914/feed/live') return recorded('feed_live_744914_HOU-at-TOR_20240701.json');
  if (p === '/nba/staticData/scheduleLeagueV2.json') return recorded('scheduleLeagueV2_2023-24.json');
  if (p === '/nba/liveData/scoreboard/todaysScoreboard_00.json') {
    // Today's scoreboard lists the game whose box score and play-by-play were recorded.
    return JSON.stringify({ scoreboard: { games: [{ gameId: '0022000001' }] } });
  }
  if (p === '/nba/liveData/boxscore/boxscore_0022000001.json') return recorded('boxscore_0022000001.json');
  if (p === '/nba/liveData/playbyplay/playbyplay_0022000001.json')
    return recorded('playbyplay_0022000001.json');
  if (p === '/espn/football/nfl/scoreboard') {
    // Week 1 of 2025 was recorded before kickoff; the other weeks answer an empty board.
    const week = url.searchParams.get('week');
    return week === null || week === '1' ? recorded('scoreboard_2025_wk1_pregame.json') : '{"events":[]}';
  }
  return null;
}

function handle(request: IncomingMessage, response: ServerResponse): void {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const feed = url.pathname.split('/')[1] as keyof typeof behaviour;
  const how = behaviour[feed] ?? 'ok';
  if (how === 'hang') return; // never answers
  if (how === '500') {
    response.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
    return;
  }
  if (how === 'html') {
    response.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Maintenance</body></html>');
    return;
  }
  if (how === 'shape') {
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"message":"hello"}');
    return;
  }
  const body = route(url);
  if (body === null) {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
    return;
  }
  response.writeHead(200, { 'content-type': 'application/json' }).end(body);
}

let server: Server;
let t: TestApp;
let providers: SportsProvider[];
const provider = (game: string) => providers.find((p) => p.game === game) as SportsProvider;
const quiet = { info: () => {}, warn: () => {} };
// Short, so that the hanging feed's tests are quick, yet long enough for the healthy local feeds to answer
// on a machine busy with other tests (at 300 ms one of them once timed out there); stretched with the other
// limits for a busy lane.
const FEED_TIMEOUT_MS = timeLimit(1_000);

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const env = {
    DATABASE_URL: 'postgres://unused/only-for-the-feed-defaults',
    DEMO: '0',
    FEED_ESPN_URL: `${base}/espn`,
    FEED_MLB_STATSAPI_URL: `${base}/mlb`,
    FEED_NBA_CDN_URL: `${base}/nba`,
    FEED_TIMEOUT_MS: String(FEED_TIMEOUT_MS),
  };
  const settings: FeedSettings = loadConfig(env).feeds;
  expect(settings).toMatchObject({ mlb: 'mlb-statsapi', nba: 'nba-cdn', nfl: 'espn' });
  // A short timeout and one quick retry keep the failure tests fast.
  providers = createFeedProviders(settings, { retries: 1, backoffMs: 10 });
  t = await createTestApp({ now: new Date('2024-07-02T04:00:00Z') });
}, timeLimit(30_000));

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t?.app.close();
});

beforeEach(() => {
  behaviour.espn = 'ok';
  behaviour.mlb = 'ok';
  behaviour.nba = 'ok';
  mlbFullSchedule = false;
  mlbScheduleEdit = null;
});

const gameRow = async (game: string, gid: string) =>
  (
    await t.ctx.db
      .select()
      .from(games)
      .where(and(eq(games.game, game), eq(games.gid, gid)))
  )[0];
const snapshot = async () => ({
  games: await t.ctx.db.select().from(games).orderBy(asc(games.id)),
  facts: await t.ctx.db.select().from(gameFacts).orderBy(asc(gameFacts.gameId)),
  seasons: await t.ctx.db.select().from(seasonParams).orderBy(asc(seasonParams.id)),
});

describe('real feeds over HTTP', () => {
  it('MLB Stats API: a poll stores the day with the final score and facts, the season its calendar', async () => {
    const [mlb] = await pollFeedsOnce(t.ctx, [provider('mlb')], quiet);
    expect(mlb).toMatchObject({ ok: true, gamesSeen: 1, wrote: true, detailsFetched: 1 });
    expect(await gameRow('mlb', '744914')).toMatchObject({
      home: 'TOR',
      away: 'HOU',
      final: true,
      homeScore: 1,
      awayScore: 3,
      provider: 'mlb-statsapi',
    });
    const seasons = await pollSeasonsOnce(t.ctx, [provider('mlb')], quiet);
    // 2024 is under way; 2025's schedule is not published yet, which is no failure.
    expect(seasons.map((s) => [s.season, s.ok, s.calendarWritten])).toEqual([
      [2024, true, true],
      [2025, true, false],
    ]);
    const [params] = await t.ctx.db.select().from(seasonParams).where(eq(seasonParams.game, 'mlb'));
    expect(params).toMatchObject({ season: 2024, seasonType: 'reg', active: true });
    expect(params.deadlines.length).toBeGreaterThan(0);
  });

  it('MLB Stats API: a final whose facts cannot be fetched fails the whole poll, writing nothing', async () => {
    mlbFullSchedule = true; // two of its three games have no recorded live feed (404)
    t.clock.set(new Date('2024-07-02T05:00:00Z'));
    const before = await snapshot();
    const [mlb] = await pollFeedsOnce(t.ctx, [provider('mlb')], quiet);
    expect(mlb.ok).toBe(false);
    expect(mlb.error).toMatch(/refused the request \(HTTP 404\)/);
    expect(await snapshot()).toEqual(before);
  });

  it('NBA CDN: a poll stores the final with its box and runs; the season schedule its calendar', async () => {
    t.clock.set(new Date('2023-09-20T16:00:00Z'));
    const [nba] = await pollFeedsOnce(t.ctx, [provider('nba')], quiet);
    expect(nba).toMatchObject({ ok: true, gamesSeen: 1, wrote: true });
    const game = await gameRow('nba', '0022000001');
    expect(game).toMatchObject({ home: 'BKN', away: 'GSW', homeScore: 125, awayScore: 99, final: true });
    const [facts] = await t.ctx.db.select().from(gameFacts).where(eq(gameFacts.gameId, game.id));
    expect(facts.source).toBe('nba-cdn');
    const seasons = await pollSeasonsOnce(t.ctx, [provider('nba')], quiet);
    expect(seasons.map((s) => [s.season, s.ok, s.gamesSeen > 1000])).toEqual([
      [2023, true, true],
      [2024, true, false],
    ]);
    const [params] = await t.ctx.db.select().from(seasonParams).where(eq(seasonParams.game, 'nba'));
    expect(params).toMatchObject({ season: 2023, active: true });
    expect(params.deadlines.length).toBeGreaterThan(20);
    // The pool weeks were set from the calendar.
    const [weeked] = await t.ctx.db.select().from(games).where(eq(games.gid, '0022300061'));
    expect(weeked.week).toBe(1);
  });

  it('ESPN NFL: a poll stores the scheduled week; the season poll its calendar with week 1', async () => {
    t.clock.set(new Date('2025-09-03T16:00:00Z'));
    const [nfl] = await pollFeedsOnce(t.ctx, [provider('nfl-td')], quiet);
    expect(nfl).toMatchObject({ ok: true, gamesSeen: 16, wrote: true, detailsFetched: 0 });
    const stored = await t.ctx.db.select().from(games).where(eq(games.game, 'nfl-td'));
    expect(stored).toHaveLength(16);
    expect(stored.every((g) => g.week === 1 && g.season === 2025 && !g.final && g.homeScore === null)).toBe(
      true,
    );
    const seasons = await pollSeasonsOnce(t.ctx, [provider('nfl-td')], quiet);
    expect(seasons[0]).toMatchObject({ season: 2025, ok: true, calendarWritten: true, gamesSeen: 16 });
    const [params] = await t.ctx.db.select().from(seasonParams).where(eq(seasonParams.game, 'nfl-td'));
    expect(params).toMatchObject({ season: 2025, active: true });
    expect(params.deadlines).toHaveLength(1);
  });

  it.each([
    ['hang', new RegExp(`did not answer in time.*timed out after ${FEED_TIMEOUT_MS} ms`)],
    ['500', /server error \(HTTP 500\)/],
    ['html', /not JSON/],
    ['shape', /not in the expected format/],
  ] as const)('a feed that answers %s changes nothing, says so, and the others go on', async (how, words) => {
    t.clock.set(new Date('2023-09-20T17:00:00Z'));
    behaviour.mlb = how;
    const before = await snapshot();
    const started = Date.now();
    const results = await pollFeedsOnce(t.ctx, providers, quiet);
    const seasons = await pollSeasonsOnce(t.ctx, [provider('mlb')], quiet);
    expect(Date.now() - started).toBeLessThan(timeLimit(8_000));
    const [mlb, nba, nfl] = results;
    expect(mlb).toMatchObject({ ok: false, wrote: false });
    expect(mlb.error).toMatch(words);
    expect(seasons.every((s) => !s.ok && words.test(s.error ?? ''))).toBe(true);
    expect(nba.ok && nfl.ok).toBe(true);
    // The other feeds were polled; nothing stored changed (they bring nothing new).
    expect(await snapshot()).toEqual(before);
  });

  it('the feeds page data says what is wrong and how long it has been failing', async () => {
    const admin = await registerUser(t.app, { username: 'feedadmin' });
    await grantSiteAdmin(t.ctx.db, 'feedadmin');
    const response = await t.app.inject({ url: '/admin/feeds', headers: { cookie: admin.cookie } });
    expect(response.statusCode).toBe(200);
    const rows = response.json() as Array<Record<string, unknown>>;
    const mlb = rows.find((r) => r.provider === 'mlb-statsapi');
    // The 404 poll, then four failing rounds (a day poll and two season polls each).
    expect(mlb).toMatchObject({ game: 'mlb', consecutive_failures: 13 });
    expect(mlb?.last_error).toMatch(/not in the expected format/);
    expect(rows.find((r) => r.provider === 'nba-cdn')).toMatchObject({ consecutive_failures: 0 });
    const logged = await t.ctx.db.select().from(feedFetches).where(eq(feedFetches.provider, 'espn'));
    expect(logged.every((f) => f.ok)).toBe(true);
  });

  it('the job polls every chosen feed and stops cleanly', async () => {
    behaviour.nba = 'hang';
    const before = (await t.ctx.db.select().from(feedFetches)).length;
    const stop = startFeedIngest(t.ctx, providers, quiet, { seasonEveryMs: 60_000 });
    const deadline = Date.now() + timeLimit(5_000);
    // Three day polls and six season polls.
    while ((await t.ctx.db.select().from(feedFetches)).length < before + 9 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await stop();
    const rows = (await t.ctx.db.select().from(feedFetches)).slice(before);
    expect(rows.filter((r) => r.provider === 'nba-cdn').every((r) => !r.ok)).toBe(true);
    expect(rows.filter((r) => r.provider === 'espn').some((r) => r.ok)).toBe(true);
  });
  it('the queue polls each feed when it is due: at once, then as its games call for, a minute after a failure', async () => {
    t.clock.set(new Date('2031-03-01T12:00:00Z'));
    behaviour.nba = '500';
    const polled = async () => (await pollDueFeeds(t.ctx, providers, quiet)).map((r) => [r.provider, r.ok]);
    // The first look polls every feed (none polled at this instant yet): NBA fails.
    const first = await polled();
    expect(first).toHaveLength(3);
    expect(first).toContainEqual(['nba-cdn', false]);
    // A moment later nothing is due; a minute later only the failed feed is tried again.
    t.clock.set(new Date('2031-03-01T12:00:30Z'));
    expect(await polled()).toEqual([]);
    behaviour.nba = 'ok';
    t.clock.set(new Date('2031-03-01T12:01:01Z'));
    expect(await polled()).toEqual([['nba-cdn', true]]);
    // Without live games the feeds wait a quarter of an hour.
    t.clock.set(new Date('2031-03-01T12:14:00Z'));
    expect(await polled()).toEqual([]);
    t.clock.set(new Date('2031-03-01T12:16:02Z'));
    expect((await polled()).map(([provider]) => provider).sort()).toEqual([
      'espn',
      'mlb-statsapi',
      'nba-cdn',
    ]);
  });
  it('MLB Stats API: impossible games are rejected alone, the good one stored, the page says why', async () => {
    t.clock.set(new Date('2024-07-02T05:00:00Z'));
    mlbFullSchedule = true; // the two games without a recorded live feed are the bad ones
    mlbScheduleEdit = (g) => {
      if (g.gamePk === 744840) g.teams.home.score = 99999999999; // NYM at WSH
      if (g.gamePk === 746535) g.teams.away.team.id = 115; // COL vs COL
    };
    const [mlb] = await pollFeedsOnce(t.ctx, [provider('mlb')], quiet);
    // No detail is asked for a rejected game (the good one's facts are stored already).
    expect(mlb).toMatchObject({ ok: true, wrote: true, gamesSeen: 3, detailsFetched: 0, error: null });
    expect(mlb.rejected).toEqual([
      'WSH vs NYM on 2024-07-01 rejected: home score 99999999999 is impossible (an MLB score is a whole number from 0 to 99) (feed game 744840)',
      'COL vs COL on 2024-07-02 rejected: COL cannot play itself (feed game 746535)',
    ]);
    expect(await gameRow('mlb', '744914')).toMatchObject({ final: true, homeScore: 1, awayScore: 3 });
    expect(await gameRow('mlb', '744840')).toBeUndefined();
    expect(await gameRow('mlb', '746535')).toBeUndefined();
    const admin = await registerUser(t.app, { username: 'rejectfeeds', email: 'rejectfeeds@example.com' });
    await grantSiteAdmin(t.ctx.db, 'rejectfeeds');
    const response = await t.app.inject({ url: '/admin/feeds', headers: { cookie: admin.cookie } });
    const rows = response.json() as Array<{ provider: string; rejected_games: string[] }>;
    expect(rows.find((r) => r.provider === 'mlb-statsapi')).toMatchObject({
      consecutive_failures: 0,
      rejected_games: mlb.rejected,
    });
  });
});
