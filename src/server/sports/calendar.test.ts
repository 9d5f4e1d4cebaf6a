import { describe, expect, it } from 'vitest';
import { assignWeeks, buildSeasonCalendar, countPassedDeadlines, deriveNflWeeks, mondayOf } from './calendar';
import { parseEspnScoreboard } from './providers/espn';
import { loadFixture } from './providers/fixtures';

const at = (iso: string) => ({ startTime: new Date(iso) });

describe('season calendar', () => {
  it('finds Mondays', () => {
    expect(mondayOf('2023-04-02')).toBe('2023-03-27'); // Sunday
    expect(mondayOf('2023-04-03')).toBe('2023-04-03'); // Monday
    expect(mondayOf('2023-03-30')).toBe('2023-03-27'); // Thursday
  });

  it('locks MLB weeks (Monday to Sunday) at their first game', () => {
    const games = [
      at('2023-03-30T17:05:00Z'), // Thu of opening week
      at('2023-04-02T20:10:00Z'), // Sun, same week
      at('2023-04-03T23:10:00Z'), // Mon, week 2
      at('2023-04-03T17:05:00Z'), // Mon earlier game, week 2 deadline
      // Sunday 7:10 pm Pacific is Monday in UTC but still Sunday's game.
      at('2023-04-10T02:10:00Z'),
    ];
    const calendar = buildSeasonCalendar('mlb', games);
    expect(calendar.deadlines).toEqual(['2023-03-30T17:05:00.000Z', '2023-04-03T17:05:00.000Z']);
    expect(calendar.dashedDateArrays[0]).toEqual([]);
    expect(calendar.dashedDateArrays[1][0]).toBe('2023-03-27');
    expect(calendar.dashedDateArrays[2]).toContain('2023-04-09');
    const weeks = assignWeeks(games, calendar).map((g) => g.week);
    expect(weeks).toEqual([1, 1, 2, 2, 2]);
  });

  it('skips weeks without games', () => {
    const calendar = buildSeasonCalendar('nba', [at('2019-02-11T00:30:00Z'), at('2019-02-26T00:30:00Z')]);
    expect(calendar.deadlines).toHaveLength(2);
  });

  it('locks NFL weeks at their first kickoff, as the league numbers them', () => {
    const games = parseEspnScoreboard('nfl-td', loadFixture('scoreboard_2024_post_wk5_superbowl.json'));
    const calendar = buildSeasonCalendar('nfl-td', [
      { startTime: new Date('2023-09-08T00:20:00Z'), week: 1 },
      { startTime: new Date('2023-09-10T17:00:00Z'), week: 1 },
      { startTime: new Date('2023-09-15T00:15:00Z'), week: 2 },
      ...games.map((g) => ({ startTime: g.startTime, week: 3 })),
    ]);
    expect(calendar.deadlines.slice(0, 2)).toEqual(['2023-09-08T00:20:00.000Z', '2023-09-15T00:15:00.000Z']);
  });

  it('derives NFL weeks from dates (Tuesday to Monday)', () => {
    // 2020 season: Thu 9/10 kickoff, Mon 9/14 still week 1, Thu 9/17 week 2.
    expect(deriveNflWeeks(['2020-09-10', '2020-09-13', '2020-09-14', '2020-09-17', '2021-01-03'])).toEqual([
      1, 1, 1, 2, 17,
    ]);
  });

  it('keeps the 2020 games moved to a Tuesday or Wednesday in their league week', () => {
    // BUF at TEN (Tue 10/13) was week 5, BAL at PIT (Wed 12/2) week 12 and DAL at BAL (Tue 12/8)
    // week 13; each team played again in the following Tuesday-to-Monday window.
    const games: Array<[string, string, string]> = [
      ['2020-10-11', 'KC', 'LV'],
      ['2020-10-13', 'TEN', 'BUF'],
      ['2020-10-18', 'TEN', 'HOU'],
      ['2020-10-19', 'BUF', 'KC'],
      ['2020-11-26', 'DAL', 'WSH'],
      ['2020-12-02', 'PIT', 'BAL'],
      ['2020-12-07', 'PIT', 'WSH'],
      ['2020-12-08', 'BAL', 'DAL'],
      ['2020-12-13', 'CIN', 'DAL'],
      ['2020-12-14', 'CLE', 'BAL'],
    ];
    const weeks = deriveNflWeeks(
      ['2020-09-10', ...games.map((g) => g[0])],
      [['KC', 'HOU'], ...games.map((g) => [g[1], g[2]] as const)],
    );
    expect(weeks).toEqual([1, 5, 5, 6, 6, 12, 12, 13, 13, 14, 14]);
  });

  it('counts passed deadlines', () => {
    const deadlines = ['2023-03-30T17:05:00.000Z', '2023-04-03T17:05:00.000Z'];
    expect(countPassedDeadlines(deadlines, new Date('2023-03-01T00:00:00Z'))).toBe(0);
    expect(countPassedDeadlines(deadlines, new Date('2023-03-30T17:05:00Z'))).toBe(1);
    expect(countPassedDeadlines(deadlines, new Date('2023-05-01T00:00:00Z'))).toBe(2);
  });
});
