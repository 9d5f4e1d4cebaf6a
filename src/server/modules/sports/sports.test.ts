import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nflPlayers } from '../../db/schema';
import { buildSeasonCalendar } from '../../sports/calendar';
import type { GameRecord } from '../../sports/model';
import {
  setGameWeeks,
  upsertGames,
  upsertNflWeekStats,
  upsertSeasonParams,
  upsertTeams,
} from '../../sports/sports.repo';
import { listTeamSeeds } from '../../sports/teams';
import { createTestApp, type TestApp } from '../../test/harness';

const mlbGame = (
  gid: string,
  start: string,
  away: string,
  home: string,
  score?: [number, number],
): GameRecord => ({
  game: 'mlb',
  gid,
  season: 2023,
  seasonType: 'reg',
  week: null,
  home,
  away,
  startTime: new Date(start),
  status: score ? 'final' : 'scheduled',
  awayScore: score?.[0] ?? null,
  homeScore: score?.[1] ?? null,
  periods: score ? 9 : null,
});

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: new Date('2023-04-04T12:00:00Z') });
  const db = t.ctx.db;
  const now = t.ctx.clock.now();
  await upsertTeams(db, [...listTeamSeeds('mlb', 2023), ...listTeamSeeds('nba', 2023)]);
  const games = [
    mlbGame('g1', '2023-03-30T17:05:00Z', 'HOU', 'TOR', [3, 1]),
    mlbGame('g2', '2023-04-01T17:05:00Z', 'HOU', 'TOR', [2, 2]),
    mlbGame('g3', '2023-04-03T23:10:00Z', 'TOR', 'NYY', [5, 4]),
    { ...mlbGame('g4', '2023-04-03T23:10:00Z', 'HOU', 'SEA'), status: 'postponed' as const },
    // Stored final (a replayed season) but after the clock's now: shown without a score.
    mlbGame('g5', '2023-04-05T23:10:00Z', 'HOU', 'NYY', [7, 0]),
  ];
  const { ids } = await upsertGames(db, games, 'test', now);
  expect(ids.size).toBe(5);
  const calendar = buildSeasonCalendar('mlb', games);
  await upsertSeasonParams(
    db,
    { game: 'mlb', season: 2023, seasonType: 'reg', active: true, final: false },
    calendar,
    now,
  );
  await setGameWeeks(db, 'mlb', [
    ['g1', 1],
    ['g2', 1],
    ['g3', 2],
    ['g4', 2],
    ['g5', 2],
  ]);
  await db.insert(nflPlayers).values({
    id: 'p1',
    name: 'Jordan Love',
    displayName: 'Jordan Love',
    shortName: 'J. Love',
    position: 'QB',
    teamAbb: 'GB',
    depthRank: 1,
    headshot: null,
  });
  await upsertSeasonParams(
    db,
    { game: 'nfl-td', season: 2023, seasonType: 'reg', active: true, final: false },
    buildSeasonCalendar('nfl-td', [
      { startTime: new Date('2023-03-01T00:00:00Z'), week: 1 },
      { startTime: new Date('2023-05-01T00:00:00Z'), week: 2 },
    ]),
    now,
  );
  const line = {
    pass_cmp: 14,
    pass_att: 25,
    pass_yds: 151,
    pass_td: 3,
    pass_int: 0,
    rush_att: 0,
    rush_yds: 0,
  };
  const rest = { rush_td: 0, rec: 0, rec_yds: 0, rec_td: 0, st_td: 0, def_td: 0 };
  await upsertNflWeekStats(db, [
    { player_id: 'p1', season: 2023, week: 1, simulated: false, ...line, ...rest },
    { player_id: 'p1', season: 2023, week: 2, simulated: true, ...line, ...rest },
  ]);
});

afterAll(async () => {
  await t.app.close();
});

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
};

describe('sports read API', () => {
  it('lists season params and answers one season with its live week', async () => {
    const index = await get('/api/seasonParams/index');
    expect(index.status).toBe(200);
    expect(index.body.map((s: { game: string }) => s.game).sort()).toEqual(['mlb', 'nfl-td']);
    const one = await get('/api/seasonParams/mlb/2023/reg');
    expect(one.status).toBe(200);
    expect(one.body.deadlines).toEqual(['2023-03-30T17:05:00.000Z', '2023-04-03T23:10:00.000Z']);
    expect(one.body.dashed_date_arrays[0][0]).toBe('2023-03-27');
    expect(one.body.activeGameWeek).toBe(2);
  });

  it('marks a season pending while pools can still be created, on the site clock', async () => {
    const pendingOf = async () =>
      (await get('/api/seasonParams/index')).body.find((s: { game: string }) => s.game === 'mlb').pending;
    t.clock.set(new Date('2022-12-01T00:00:00Z'));
    expect(await pendingOf()).toBe(true);
    t.clock.set(new Date('2030-01-01T00:00:00Z'));
    expect(await pendingOf()).toBe(false);
  });

  it('answers the active week per the clock', async () => {
    expect((await get('/api/activeWeek/mlb/2023/reg')).body).toEqual({ activeGameWeek: 2 });
    t.clock.set(new Date('2023-03-01T00:00:00Z'));
    expect((await get('/api/activeWeek/mlb/2023/reg')).body).toEqual({ activeGameWeek: 0 });
    t.clock.set(new Date('2023-04-04T12:00:00Z'));
  });

  it('gives team details in alphabetical order', async () => {
    const { body } = await get('/api/teams/details/mlb');
    expect(body.abbs).toHaveLength(30);
    expect(body.abbs).toEqual([...body.abbs].sort());
    expect(body.data.HOU).toMatchObject({ n: 'Astros', c: 'Houston', color_one: '002d62' });
    expect((await get('/api/teams/details/nba')).body.abbs).toContain('GSW');
  });

  it('gives a week schedule, hiding scores of games not started yet', async () => {
    const { body } = await get('/api/weekSchedules/mlb/2023/reg/2');
    expect(body.map((g: { gid: string }) => g.gid)).toEqual(['g3', 'g4', 'g5']);
    const g5 = body.find((g: { gid: string }) => g.gid === 'g5');
    expect(g5).toMatchObject({ status: 'scheduled', final: false, score_home: null });
    expect(body.find((g: { gid: string }) => g.gid === 'g4').status).toBe('postponed');
  });

  it('gives team schedules per week', async () => {
    const { body } = await get('/api/teamSchedules/mlb/2023/reg');
    expect(body.HOU['1'].map((g: { matchup: string }) => g.matchup)).toEqual(['@ TOR', '@ TOR']);
    expect(body.NYY['2'].map((g: { matchup: string }) => g.matchup)).toEqual(['vs. TOR', 'vs. HOU']);
  });

  it('gives one week of the team schedules when asked for it', async () => {
    const { body } = await get('/api/teamSchedules/mlb/2023/reg?week=2');
    expect(body.HOU['2'].map((g: { matchup: string }) => g.matchup)).toEqual(['@ SEA', '@ NYY']);
    expect(Object.values(body).every((weeks) => Object.keys(weeks as object).join() === '2')).toBe(true);
    expect((await get('/api/teamSchedules/mlb/2023/reg?week=0')).status).toBe(400);
  });

  it('counts wins and losses of final games only', async () => {
    const { body } = await get('/api/results/mlb/2023/reg');
    expect(body.records.HOU).toEqual({ '1': [1, 0] });
    expect(body.records.TOR).toEqual({ '1': [0, 1], '2': [1, 0] });
    expect(body.scores.TOR['1']).toEqual([
      [1, 3],
      [2, 2],
    ]);
    // Postponed g4 and unstarted g5 do not count.
    expect(body.records.SEA).toBeUndefined();
    expect(body.records.NYY).toEqual({ '2': [0, 1] });
  });

  it('lists NFL players and the stats of passed weeks only', async () => {
    const players = await get('/api/nflPlayers');
    expect(players.body).toEqual([
      expect.objectContaining({ id: 'p1', team_abb: 'GB', depth_rank: 1, simulated: false }),
    ]);
    const week1 = await get('/api/nflPlayers/weeklyStats/1');
    expect(week1.body).toEqual([expect.objectContaining({ player_id: 'p1', pass_td: 3, simulated: false })]);
    expect((await get('/api/nflPlayers/weeklyStats/2')).body).toEqual([]);
  });

  it('rejects bad paths with a message', async () => {
    const badGame = await get('/api/results/nhl/2023/reg');
    expect(badGame.status).toBe(400);
    expect(badGame.body.message).toMatch(/Unknown game/);
    const badWeek = await get('/api/weekSchedules/mlb/2023/reg/zero');
    expect(badWeek.status).toBe(400);
    expect(badWeek.body.message).toMatch(/week/);
    const badType = await get('/api/activeWeek/mlb/2023/post');
    expect(badType.status).toBe(400);
    const missing = await get('/api/results/nba/1999/reg');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/No nba 1999 reg season/);
  });
});
