import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectMlbGameBonuses } from '../../../core/bonus/detect';
import type { MlbGameFacts } from '../../../core/facts';
import { must } from '../../../core/must';
import { ELO_PARAMS, ratingsAtSeasonStart } from '../../../core/odds/elo';
import { createTestApp, type TestApp } from '../../test/harness';
import { timeLimit } from '../../test/time-limit';
import { parseCsv } from './csv';
import { ReplayClock } from './replay-clock';
import {
  createReplayProvider,
  gameAsOf,
  loadMlbReplay,
  loadNbaReplay,
  loadNflEloHistory,
  loadNflReplay,
  REPLAY_LIVE_MS,
} from './replay-data';
import { countInnings, type GameLogMlbFacts, parseLineScore } from './retrosheet';
import { seedSportsData } from './seed-sports';

describe('Retrosheet game log 2023', () => {
  const mlb = loadMlbReplay();
  it('holds the whole season with pool weeks', () => {
    expect(mlb.games).toHaveLength(2430);
    expect(mlb.games.every((g) => g.week !== null)).toBe(true);
    expect(mlb.calendar.deadlines[0]).toBe('2023-03-30T17:10:00.000Z');
  });

  it('finds the no-hitters and the perfect game', () => {
    const noHit = mlb.facts
      .map((f) => f.facts as MlbGameFacts)
      .flatMap((f) => detectMlbGameBonuses(f, 1))
      .filter((e) => /No-hitter|Perfect game/.test(e.desc))
      .map((e) => `${e.team_abb} ${e.desc}`);
    expect(noHit.sort()).toEqual(
      [
        'NYY Perfect game against OAK',
        'DET No-hitter against TOR',
        'HOU No-hitter against CLE',
        'PHI No-hitter against WSH',
      ].sort(),
    );
  });

  it("names each final game's pitchers of record: Germán's perfect game has a winner and no save", () => {
    const perfect = mlb.facts.find((f) => {
      const facts = f.facts as GameLogMlbFacts;
      return facts.home.hits === 0 && facts.home.baserunners === 0 && facts.home.team_abb === 'OAK';
    });
    expect((must(perfect).facts as GameLogMlbFacts).pitchers).toEqual({
      win: 'Domingo German',
      loss: expect.any(String),
      save: null,
    });
    const decided = mlb.facts.filter((f) => (f.facts as GameLogMlbFacts).pitchers.win !== null);
    expect(decided).toHaveLength(mlb.facts.length);
  });

  it('counts 44 team-games of 15+ runs and 72 hit Astros batters', () => {
    const facts = mlb.facts.map((f) => f.facts as GameLogMlbFacts);
    const big = facts.flatMap((f) => [f.home.runs, f.away.runs]).filter((r) => r >= 15);
    expect(big).toHaveLength(44);
    const hou = facts.reduce(
      (n, f) =>
        n +
        (f.home.team_abb === 'HOU' ? f.team_counts.home.hbp : 0) +
        (f.away.team_abb === 'HOU' ? f.team_counts.away.hbp : 0),
      0,
    );
    expect(hou).toBe(72);
  });

  it('splits quoted fields and counts innings', () => {
    expect(parseCsv('"a","b,c",3\n\nx\n')).toEqual([['a', 'b,c', '3'], ['x']]);
    expect(countInnings('0(10)0000001')).toBe(9);
  });
});

describe('NBA 2018-19 and NFL 2020 replays', () => {
  it('pairs the league game log into 1230 games', () => {
    const nba = loadNbaReplay();
    expect(nba.games).toHaveLength(1230);
    const big = nba.games.flatMap((g) => [g.homeScore ?? 0, g.awayScore ?? 0]).filter((p) => p >= 140);
    expect(big).toHaveLength(45);
    expect(nba.games.filter((g) => (g.periods ?? 0) > 4)).toHaveLength(67);
  });

  it('derives 17 NFL weeks and keeps the recorded week real', () => {
    const nfl = loadNflReplay();
    expect(nfl.games.filter((g) => g.seasonType === 'reg')).toHaveLength(256);
    expect(nfl.calendar.deadlines).toHaveLength(17);
    // No club plays twice in a week, the games moved midweek in 2020 included.
    const reg = nfl.games.filter((g) => g.seasonType === 'reg');
    for (let week = 1; week <= 17; week++) {
      const clubs = reg.filter((g) => g.week === week).flatMap((g) => [g.home, g.away]);
      expect(new Set(clubs).size).toBe(clubs.length);
    }
    const weekOf = (away: string, home: string) =>
      reg.find((g) => g.away === away && g.home === home && g.startTime.getUTCDay() === 2)?.week;
    expect(weekOf('BUF', 'TEN')).toBe(5);
    expect(weekOf('DAL', 'BAL')).toBe(13);
    // Week 6 of 2020 began on Sunday 10/18 (2023-10-15 on replay dates): KC at BUF moved to Monday.
    expect(nfl.calendar.deadlines[5]).toBe('2023-10-15T17:00:00.000Z');
    const love = nfl.stats.find(
      (s) => s.player_id === nfl.players.find((p) => p.name === 'Jordan Love')?.id && s.week === 2,
    );
    expect(love).toMatchObject({ pass_td: 3, simulated: false });
    expect(nfl.stats.filter((s) => s.week === 5).every((s) => s.simulated)).toBe(true);
  });
});

describe('replay clock and provider', () => {
  it('runs from its start at its speed', () => {
    let real = 1_000;
    const clock = new ReplayClock(new Date('2023-07-01T00:00:00Z'), 60, () => real);
    real += 60_000;
    expect(clock.now().toISOString()).toBe('2023-07-01T01:00:00.000Z');
  });

  it('follows a shared line, never going back', () => {
    let real = 0;
    const clock = new ReplayClock(new Date('2023-07-01T00:00:00Z'), 60, () => real);
    real = 1_000;
    expect(clock.now().toISOString()).toBe('2023-07-01T00:01:00.000Z');
    // The line says a little earlier (its answer took a moment): the clock holds still until it catches up.
    clock.follow(new Date('2023-07-01T00:00:30Z'), 60);
    expect(clock.now().toISOString()).toBe('2023-07-01T00:01:00.000Z');
    real = 2_000;
    expect(clock.now().toISOString()).toBe('2023-07-01T00:01:30.000Z');
    // Another speed, from a later instant.
    clock.follow(new Date('2023-07-02T00:00:00Z'), 3_600, 2_000);
    real = 3_000;
    expect(clock.now().toISOString()).toBe('2023-07-02T01:00:00.000Z');
    expect(clock.speed).toBe(3_600);
  });

  it('tells only what was known at now', async () => {
    const mlb = loadMlbReplay();
    const provider = createReplayProvider(mlb, () => new Date('2023-07-01T18:00:00Z'));
    const day = await provider.fetchDay('2023-07-01');
    expect(day.games.some((g) => g.status === 'in_progress')).toBe(true); // 17:10 day games
    expect(day.games.filter((g) => g.status === 'final')).toHaveLength(0);
    expect(day.games.every((g) => g.status !== 'scheduled' || g.homeScore === null)).toBe(true);
    expect(day.facts).toHaveLength(0);
  });

  it('reads the runs per inning of a line score', () => {
    expect(parseLineScore('00(11)001100')).toEqual([0, 0, 11, 0, 0, 1, 1, 0, 0]);
    expect(parseLineScore('00000002x')).toEqual([0, 0, 0, 0, 0, 0, 0, 2, 0]);
  });

  it('shows a live MLB game through the innings played, final only at the end', async () => {
    const mlb = loadMlbReplay();
    // LAA at OAK, 2023-04-01: 13-1, line scores 00(11)001100 and 000010000.
    const gid = 'OAK202304010';
    const game = must(mlb.games.find((g) => g.gid === gid));
    const line = must(must(mlb.lineScores).get(gid));
    const at = (minutes: number) =>
      gameAsOf(game, new Date(game.startTime.getTime() + minutes * 60_000), line);
    const shown = (minutes: number) => {
      const g = at(minutes);
      return [g.status, g.awayScore, g.homeScore, g.periods];
    };
    expect(shown(-1)).toEqual(['scheduled', null, null, null]);
    expect(shown(0)).toEqual(['in_progress', 0, 0, 1]);
    // Nine innings over three hours: 20 minutes an inning, top then bottom.
    expect(shown(50)).toEqual(['in_progress', 11, 0, 3]); // top of the 3rd done
    expect(shown(90)).toEqual(['in_progress', 11, 0, 5]); // bottom of the 5th in play
    expect(shown(100)).toEqual(['in_progress', 11, 1, 6]); // the 5th done
    expect(shown(179)).toEqual(['in_progress', 13, 1, 9]);
    expect(shown(180)).toEqual(['final', 13, 1, 9]);
    // The score only climbs, and no live moment carries the final status.
    let last = [0, 0];
    for (let m = 0; m < 180; m += 5) {
      const g = at(m);
      expect(g.status).toBe('in_progress');
      expect(must(g.awayScore) >= last[0] && must(g.homeScore) >= last[1]).toBe(true);
      last = [must(g.awayScore), must(g.homeScore)];
    }
  });

  it('ends every line score of the season at the final score', () => {
    const mlb = loadMlbReplay();
    const late = (g: (typeof mlb.games)[number]) => new Date(g.startTime.getTime() + REPLAY_LIVE_MS - 1);
    for (const g of mlb.games) {
      const line = must(must(mlb.lineScores).get(g.gid));
      const sum = (runs: number[]) => runs.reduce((n, r) => n + r, 0);
      expect([sum(line.away), sum(line.home)]).toEqual([g.awayScore, g.homeScore]);
      const live = gameAsOf(g, late(g), line);
      expect(live.status).toBe('in_progress');
      expect(live.awayScore).toBe(g.awayScore);
      expect(must(live.homeScore) <= must(g.homeScore)).toBe(true);
    }
  });

  it('serves live MLB scores from the provider without facts until final', async () => {
    const mlb = loadMlbReplay();
    const provider = createReplayProvider(mlb, () => new Date('2023-04-01T18:00:00Z'));
    const day = await provider.fetchGame('OAK202304010');
    expect(day.games[0]).toMatchObject({ status: 'in_progress', awayScore: 11, homeScore: 0, periods: 3 });
    expect(day.facts).toHaveLength(0);
  });
});

describe('seedSportsData', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: new Date('2023-09-20T16:00:00Z') });
    await seedSportsData(t.ctx);
  }, timeLimit(60_000));
  afterAll(async () => t.app.close());

  it('gives the demo seasons, teams and results up to the clock', async () => {
    const index = (await t.app.inject('/api/seasonParams/index')).json();
    expect(index.map((s: { game: string; season: number }) => `${s.game} ${s.season}`).sort()).toEqual([
      'mlb 2023',
      'nba 2023',
      'nfl-td 2023',
    ]);
    const week = (await t.app.inject('/api/activeWeek/nfl-td/2023/reg')).json();
    expect(week.activeGameWeek).toBe(2);
    const results = (await t.app.inject('/api/results/mlb/2023/reg')).json();
    expect(results.records.HOU['1']).toBeDefined();
    const lastWeek = (await t.app.inject('/api/weekSchedules/mlb/2023/reg/27')).json();
    expect(lastWeek.length).toBeGreaterThan(0);
    expect(lastWeek.every((g: { final: boolean }) => !g.final)).toBe(true);
    const players = (await t.app.inject('/api/nflPlayers')).json();
    expect(players.find((p: { name: string }) => p.name === 'Patrick Mahomes')).toMatchObject({
      short_name: 'P. Mahomes',
      position: 'QB',
      depth_rank: 1,
      simulated: false,
      headshot: expect.stringMatching(/^https:/),
    });
    expect(players.filter((p: { simulated: boolean }) => p.simulated).length).toBeGreaterThan(0);
    const stats = (await t.app.inject('/api/nflPlayers/weeklyStats/2')).json();
    expect(stats.length).toBeGreaterThan(100);
    expect((await t.app.inject('/api/nflPlayers/weeklyStats/5')).json()).toEqual([]);
  });

  it('names the 2023 Athletics OAK, Oakland Athletics, in the team list and the games', async () => {
    const teams = (await t.app.inject('/api/teams/details/mlb')).json();
    expect(teams.abbs).toHaveLength(30);
    expect(teams.abbs).not.toContain('ATH');
    expect(teams.data.OAK).toMatchObject({ n: 'Athletics', c: 'Oakland' });
    const schedules = (await t.app.inject('/api/teamSchedules/mlb/2023/reg')).json();
    expect(schedules.ATH).toBeUndefined();
    expect(schedules.OAK['1'].map((g: { matchup: string }) => g.matchup)).toContain('vs. LAA');
  });
});

describe("FiveThirtyEight's NFL history", () => {
  it("holds every season since 1920 under the site's clubs, and the ratings a season starts from", () => {
    const history = loadNflEloHistory();
    expect(history[0].season).toBe(1920);
    expect(history.at(-1)?.season).toBe(2020);
    const clubs2020 = new Set(history.filter((g) => g.season === 2020).flatMap((g) => [g.home, g.away]));
    expect(clubs2020.size).toBe(32);
    expect(clubs2020.has('LV')).toBe(true);
    expect(clubs2020.has('OAK')).toBe(false);
    // 2020 starts from a century of results, not level: the champions above the mean, the worst below.
    const start = ratingsAtSeasonStart(ELO_PARAMS.nfl, history, 2020);
    expect(must(start.get('KC'))).toBeGreaterThan(ELO_PARAMS.nfl.mean + 50);
    expect(must(start.get('CIN'))).toBeLessThan(ELO_PARAMS.nfl.mean - 30);
  });
});
