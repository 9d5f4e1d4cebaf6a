import { describe, expect, it } from 'vitest';
import type { ScheduleGame } from '../../../../../core/contracts/sports';
import { type BoardGame, describePickCount, getLosingSide, listBoardGames } from './nfl-week-games-view';

function scheduleGame(overrides: Partial<ScheduleGame>): ScheduleGame {
  return {
    gid: 'g1',
    week: 2,
    home: 'KC',
    away: 'DET',
    utc: '2023-09-17T17:00:00.000Z',
    status: 'scheduled',
    final: false,
    score_home: null,
    score_away: null,
    periods: null,
    ...overrides,
  };
}

function boardGame(overrides: Partial<BoardGame>): BoardGame {
  return {
    gid: 'g1',
    away: 'DET',
    home: 'KC',
    kickoff: new Date('2023-09-17T17:00:00.000Z'),
    status: 'final',
    awayScore: 21,
    homeScore: 20,
    overtime: false,
    ...overrides,
  };
}

describe('listBoardGames', () => {
  it('lists the week by kickoff, then home team, with scores and overtime', () => {
    const games = listBoardGames([
      scheduleGame({ gid: 'late', utc: '2023-09-17T20:25:00.000Z', home: 'SF', away: 'LAR' }),
      scheduleGame({ gid: 'b', home: 'NYJ', away: 'BUF' }),
      scheduleGame({
        gid: 'a',
        home: 'ATL',
        away: 'GB',
        status: 'final',
        final: true,
        score_home: 25,
        score_away: 24,
        periods: 5,
      }),
    ]);
    expect(games.map((game) => [game.gid, game.away, game.home, game.kickoff.toISOString()])).toEqual([
      ['a', 'GB', 'ATL', '2023-09-17T17:00:00.000Z'],
      ['b', 'BUF', 'NYJ', '2023-09-17T17:00:00.000Z'],
      ['late', 'LAR', 'SF', '2023-09-17T20:25:00.000Z'],
    ]);
    expect(games[0]).toMatchObject({ status: 'final', awayScore: 24, homeScore: 25, overtime: true });
    expect(games[1]).toMatchObject({
      status: 'scheduled',
      awayScore: null,
      homeScore: null,
      overtime: false,
    });
    expect(listBoardGames([])).toEqual([]);
  });
});

describe('getLosingSide', () => {
  it('names the loser of a final game only', () => {
    expect(getLosingSide(boardGame({}))).toBe('home');
    expect(getLosingSide(boardGame({ awayScore: 3 }))).toBe('away');
    expect(getLosingSide(boardGame({ awayScore: 20 }))).toBeNull();
    expect(getLosingSide(boardGame({ status: 'in_progress' }))).toBeNull();
    expect(getLosingSide(boardGame({ status: 'postponed', awayScore: null, homeScore: null }))).toBeNull();
  });
});

describe('describePickCount', () => {
  it("counts a side's picks and its share of the week's, a team left out drawing none", () => {
    const counts = { KC: 3, DET: 1 };
    expect(describePickCount(counts, 'KC')).toEqual({ count: 3, label: '3 picks', share: '75%' });
    expect(describePickCount(counts, 'DET')).toEqual({ count: 1, label: '1 pick', share: '25%' });
    expect(describePickCount(counts, 'NYJ')).toEqual({ count: 0, label: '0 picks', share: '0%' });
    expect(describePickCount({}, 'KC')).toEqual({ count: 0, label: '0 picks', share: null });
  });
});
