import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { must } from '../../core/must';
import type { GameRecord } from './model';
import { parseEspnScoreboard } from './providers/espn';
import { loadFixture } from './providers/fixtures';
import { parseMlbSchedule } from './providers/mlb-statsapi';
import { parseNbaBoxscore } from './providers/nba-cdn';
import { loadReplaySeasons } from './replay/replay-data';
import { factsProblems, gameProblems, SPORT_BOUNDS, screenGames } from './sanity';

// Recorded boards, copied with bad values inline (the fixtures stay as recorded).
const mlbBoard = parseEspnScoreboard('mlb', loadFixture('scoreboard_20250604_mixed_status.json'));
const nbaBox = parseNbaBoxscore(loadFixture('boxscore_0022000001.json')).game;
const nflBoard = parseEspnScoreboard('nfl-td', loadFixture('scoreboard_2024_post_wk5_superbowl.json'));
const nbaBoard = parseEspnScoreboard('nba', loadFixture('scoreboard_20241215.json'));
const LATER = new Date('2100-01-01T00:00:00Z');
const final = must(mlbBoard.find((g) => g.status === 'final'));

describe('game sanity checks', () => {
  it('passes every recorded game of the three sports', () => {
    expect(screenGames('mlb', mlbBoard, LATER).rejected).toEqual([]);
    expect(
      screenGames('mlb', parseMlbSchedule(loadFixture('schedule_20240701.json')), LATER).rejected,
    ).toEqual([]);
    expect(screenGames('nba', [nbaBox, ...nbaBoard], LATER).rejected).toEqual([]);
    expect(screenGames('nfl-td', nflBoard, LATER).rejected).toEqual([]);
  });

  it('passes every game of the replayed seasons', () => {
    const seasons = loadReplaySeasons();
    for (const season of [seasons.mlb, seasons.nba, seasons.nfl]) {
      expect(screenGames(season.game, season.games, LATER).rejected).toEqual([]);
    }
  });

  it('rejects a negative score in words', () => {
    const bad: GameRecord = { ...final, home: 'NYY', away: 'BOS', homeScore: -5, gid: '746001' };
    bad.startTime = new Date('2026-05-01T17:05:00Z');
    const { accepted, rejected } = screenGames('mlb', [bad, ...mlbBoard], LATER);
    expect(accepted).toEqual(mlbBoard);
    expect(rejected).toHaveLength(1);
    expect(rejected[0].message).toMatch(/^NYY vs BOS on 2026-05-01 rejected: home score -5 is impossible/);
    expect(rejected[0].message).toMatch(/\(feed game 746001\)$/);
  });

  it('rejects scores out of the sport bounds, fractions and overflows, in progress too', () => {
    for (const score of [99999999999, 100, 2.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(gameProblems('mlb', { ...final, awayScore: score }, LATER)).toEqual([
        expect.stringMatching(new RegExp(`^away score ${score} is impossible`)),
      ]);
    }
    expect(gameProblems('mlb', { ...final, status: 'in_progress', homeScore: 150 }, LATER)).toHaveLength(1);
    expect(gameProblems('nba', { ...nbaBox, homeScore: 300 }, LATER)).toHaveLength(1);
    expect(gameProblems('nba', { ...nbaBox, homeScore: 186 }, LATER)).toEqual([]);
    expect(gameProblems('nfl-td', { ...nflBoard[0], awayScore: 200 }, LATER)).toHaveLength(1);
    expect(gameProblems('nfl-td', { ...nflBoard[0], awayScore: 73 }, LATER)).toEqual([]);
  });

  it('rejects a club playing itself and clubs the sport does not know', () => {
    expect(gameProblems('mlb', { ...final, home: 'CHC', away: 'CHC' }, LATER)).toEqual([
      'CHC cannot play itself',
    ]);
    expect(gameProblems('mlb', { ...final, home: 'LAL' }, LATER)).toEqual(['LAL is not a known MLB club']);
    expect(gameProblems('nba', { ...nbaBox, away: 'NYY' }, LATER)).toEqual(['NYY is not a known NBA club']);
    expect(gameProblems('mlb', { ...final, away: '' }, LATER)).toEqual(['a team is missing']);
  });

  it('reads a board with a club it does not know, and rejects that game alone', () => {
    const espn = structuredClone(loadFixture('scoreboard_20250604_mixed_status.json')) as {
      events: Array<{ competitions: Array<{ competitors: Array<{ team: { abbreviation: string } }> }> }>;
    };
    espn.events[0].competitions[0].competitors[0].team.abbreviation = 'xyz';
    const espnScreened = screenGames('mlb', parseEspnScoreboard('mlb', espn), LATER);
    expect(espnScreened.accepted).toHaveLength(mlbBoard.length - 1);
    expect(espnScreened.rejected[0].message).toMatch(/rejected: XYZ is not a known MLB club/);

    const schedule = structuredClone(loadFixture('schedule_20240701.json')) as {
      dates: Array<{ games: Array<{ teams: { home: { team: { id: number } } } }> }>;
    };
    schedule.dates[0].games[1].teams.home.team.id = 999;
    const mlbScreened = screenGames('mlb', parseMlbSchedule(schedule), LATER);
    expect(mlbScreened.accepted).toHaveLength(2);
    expect(mlbScreened.rejected[0].message).toMatch(
      /^team 999 vs NYM on 2024-07-01 rejected: team 999 is not a known MLB club/,
    );
  });

  it('rejects a final before its scheduled start, and takes a live game at any time', () => {
    const start = new Date('2026-05-01T19:10:00Z');
    const early = new Date(start.getTime() - 20 * 60_000);
    const game = { ...final, startTime: start };
    expect(gameProblems('mlb', game, early)).toEqual([
      '"Final" before its scheduled start at 19:10 UTC is impossible',
    ]);
    expect(gameProblems('mlb', game, start)).toEqual([]);
    expect(gameProblems('mlb', { ...game, status: 'in_progress' }, early)).toEqual([]);
  });

  it('checks periods for the sport: a final needs a regulation game, overtimes have an end', () => {
    expect(gameProblems('mlb', { ...final, periods: 4 }, LATER)).toEqual([
      '4 innings is impossible for a final (5 to 30)',
    ]);
    expect(gameProblems('mlb', { ...final, periods: 19 }, LATER)).toEqual([]);
    expect(gameProblems('mlb', { ...final, status: 'in_progress', periods: 2 }, LATER)).toEqual([]);
    expect(gameProblems('nba', { ...nbaBox, periods: 3 }, LATER)).toEqual([
      '3 periods is impossible for a final (4 to 14)',
    ]);
    expect(gameProblems('nba', { ...nbaBox, periods: 10 }, LATER)).toEqual([]);
    expect(gameProblems('nba', { ...nbaBox, status: 'in_progress', periods: 40 }, LATER)).toHaveLength(1);
    expect(gameProblems('nfl-td', { ...nflBoard[0], periods: 11 }, LATER)).toHaveLength(1);
    expect(gameProblems('mlb', { ...final, periods: null }, LATER)).toEqual([]);
  });

  it('rejects a final without both scores and a tied NBA final; an NFL tie stands', () => {
    expect(gameProblems('mlb', { ...final, homeScore: null }, LATER)).toEqual([
      'it is final without both scores',
    ]);
    expect(gameProblems('nba', { ...nbaBox, homeScore: 99, awayScore: 99 }, LATER)).toEqual([
      'an NBA game cannot end tied',
    ]);
    expect(gameProblems('nfl-td', { ...nflBoard[0], homeScore: 20, awayScore: 20 }, LATER)).toEqual([]);
  });

  it("rejects a game whose detail's score cannot be true (bonuses are read from it)", () => {
    const box = parseNbaBoxscore(loadFixture('boxscore_0022000001.json'));
    const record = {
      game: 'nba' as const,
      gid: box.game.gid,
      facts: box.facts,
      missing: [],
      source: 'nba-cdn',
    };
    expect(factsProblems('nba', record)).toEqual([]);
    const bad = { ...record, facts: { ...box.facts, home: { ...box.facts.home, score: 99999999999 } } };
    expect(factsProblems('nba', bad)).toEqual([
      expect.stringMatching(/^its detail's home score 99999999999 is impossible/),
    ]);
    const mlb = {
      game: 'mlb' as const,
      gid: '1',
      facts: { home: { team_abb: 'NYY', runs: 3 }, away: { team_abb: 'BOS', runs: -1 } },
      missing: [],
      source: 'x',
    } as unknown as Parameters<typeof factsProblems>[1];
    expect(factsProblems('mlb', mlb)).toEqual([
      expect.stringMatching(/^its detail's away score -1 is impossible/),
    ]);
  });

  it('takes a sane correction of a final score', () => {
    const corrected = { ...final, homeScore: must(final.homeScore) + 1 };
    expect(gameProblems('mlb', corrected, LATER)).toEqual([]);
  });

  it('rejects impossible seasons and weeks (they would overflow the columns too)', () => {
    expect(gameProblems('mlb', { ...final, season: 99999999999 }, LATER)).toEqual([
      'season 99999999999 is impossible',
    ]);
    expect(gameProblems('nfl-td', { ...nflBoard[0], week: 99999999999 }, LATER)).toEqual([
      'week 99999999999 is impossible',
    ]);
  });

  it('never throws, and accepts only games within the bounds (fuzz)', () => {
    const score = fc.oneof(
      fc.constant(null),
      fc.integer({ min: -10, max: 400 }),
      fc.double(),
      fc.constantFrom(99999999999, -1, 2 ** 31),
    );
    const sport = fc.constantFrom(...(Object.keys(SPORT_BOUNDS) as Array<keyof typeof SPORT_BOUNDS>));
    fc.assert(
      fc.property(
        sport,
        fc.constantFrom('NYY', 'BOS', 'CHC', 'LAL', 'GSW', 'KC', 'PHI', '', 'XXX'),
        fc.constantFrom('NYY', 'BOS', 'CHC', 'LAL', 'GSW', 'KC', 'PHI', '', 'XXX'),
        score,
        score,
        fc.oneof(fc.constant(null), fc.integer({ min: -3, max: 50 })),
        fc.constantFrom('scheduled', 'in_progress', 'final', 'postponed'),
        fc.integer({ min: -300, max: 300 }),
        (game, home, away, homeScore, awayScore, periods, status, minutesToStart) => {
          const now = new Date('2026-05-01T19:00:00Z');
          const g: GameRecord = {
            ...final,
            game,
            home,
            away,
            homeScore,
            awayScore,
            periods,
            status: status as GameRecord['status'],
            startTime: new Date(now.getTime() + minutesToStart * 60_000),
          };
          const { accepted, rejected } = screenGames(game, [g], now);
          expect(accepted.length + rejected.length).toBe(1);
          if (accepted.length === 0) return;
          const bounds = SPORT_BOUNDS[game];
          for (const s of [homeScore, awayScore]) {
            if (s !== null) expect(Number.isInteger(s) && s >= 0 && s <= bounds.maxScore).toBe(true);
          }
          expect(home).not.toBe(away);
          if (status === 'final') expect(minutesToStart).toBeLessThanOrEqual(0);
        },
      ),
      { numRuns: 500 },
    );
  });
});
