import { describe, expect, it } from 'vitest';
import {
  filterWeekGames,
  getDeadlineCutoff,
  getLiveWeek,
  getPoolState,
  getWeekDeadline,
  getWeekOfGame,
  getWeekWindow,
  isOpenForEntry,
  isWeekDeadlinePassed,
  POOL_STATE_LABELS,
  toInstant,
} from './weeks';

const deadlines = ['2024-10-21T23:00:00Z', '2024-10-28T23:00:00Z', '2024-11-04T23:00:00Z'];
const seasonEnd = '2024-11-10T23:00:00Z';

describe('getLiveWeek', () => {
  it.each([
    ['before the first deadline', '2024-10-21T22:59:59Z', 0],
    ['at the first deadline', '2024-10-21T23:00:00Z', 1],
    ['between deadlines 2 and 3', '2024-11-01T00:00:00Z', 2],
    ['after the last deadline', '2024-12-01T00:00:00Z', 3],
  ])('nba %s', (_, now, expected) => {
    expect(getLiveWeek(deadlines, new Date(now), 'nba')).toBe(expected);
  });

  // 2024-09-06T00:20Z is Thursday 17:20 PDT; its Pacific day starts at 2024-09-05T07:00Z.
  const nflDeadlines = ['2024-09-06T00:20:00Z', '2024-09-13T00:15:00Z'];
  it.each([
    ['before the deadline day starts', '2024-09-05T06:59:59Z', 0],
    ['at Pacific midnight of the deadline day', '2024-09-05T07:00:00Z', 1],
    ['hours before the kickoff deadline', '2024-09-05T20:00:00Z', 1],
  ])('nfl-td compares at the start of the Pacific day: %s', (_, now, expected) => {
    expect(getLiveWeek(nflDeadlines, new Date(now), 'nfl-td')).toBe(expected);
  });

  it('nfl-td cutoff follows daylight saving (PST midnight is 08:00Z)', () => {
    expect(getDeadlineCutoff('2024-11-08T01:15:00Z', 'nfl-td').toISOString()).toBe(
      '2024-11-07T08:00:00.000Z',
    );
    expect(getDeadlineCutoff('2024-11-08T01:15:00Z', 'mlb').toISOString()).toBe('2024-11-08T01:15:00.000Z');
  });

  it('handles an empty season', () => {
    expect(getLiveWeek([], new Date(), 'nba')).toBe(0);
  });
});

describe('week deadlines and windows', () => {
  it('week n locks at deadlines[n-1]', () => {
    expect(getWeekDeadline(deadlines, 1)?.toISOString()).toBe('2024-10-21T23:00:00.000Z');
    expect(getWeekDeadline(deadlines, 3)?.toISOString()).toBe('2024-11-04T23:00:00.000Z');
    expect(getWeekDeadline(deadlines, 0)).toBeNull();
    expect(getWeekDeadline(deadlines, 4)).toBeNull();
  });

  it('reports whether a week has locked', () => {
    expect(isWeekDeadlinePassed(deadlines, 2, new Date('2024-10-28T22:00:00Z'))).toBe(false);
    expect(isWeekDeadlinePassed(deadlines, 2, new Date('2024-10-28T23:00:00Z'))).toBe(true);
    expect(isWeekDeadlinePassed(deadlines, 9, new Date('2000-01-01T00:00:00Z'))).toBe(true);
  });

  it('runs the last week to the season end, inclusive', () => {
    expect(getWeekWindow(deadlines, 3, seasonEnd)).toEqual({
      week: 3,
      start: new Date('2024-11-04T23:00:00Z'),
      end: new Date(seasonEnd),
      endInclusive: true,
    });
    expect(getWeekWindow(deadlines, 1, seasonEnd)?.endInclusive).toBe(false);
  });

  it.each([
    ['2024-10-20T23:00:00Z', null],
    ['2024-10-21T23:00:00Z', 1],
    ['2024-10-28T22:59:59Z', 1],
    ['2024-10-28T23:00:00Z', 2],
    ['2024-11-10T23:00:00Z', 3],
    ['2024-11-10T23:00:01Z', null],
  ])('game at %s belongs to week %s', (utc, week) => {
    expect(getWeekOfGame(deadlines, utc, seasonEnd)).toBe(week);
  });

  it('filters the games of a week', () => {
    const games = [
      { gid: 'a', utc: '2024-10-22T00:00:00Z' },
      { gid: 'b', utc: '2024-10-29T00:00:00Z' },
      { gid: 'c', utc: '2024-10-23T00:00:00Z' },
    ];
    expect(filterWeekGames(games, deadlines, 1, seasonEnd).map((g) => g.gid)).toEqual(['a', 'c']);
    expect(filterWeekGames(games, deadlines, 7, seasonEnd)).toEqual([]);
  });

  it('rejects unparseable instants', () => {
    expect(() => toInstant('not a date')).toThrow('Invalid instant');
  });
});

describe('getPoolState', () => {
  const entryDeadline = '2024-10-21T23:00:00Z';
  it.each([
    [{ entryDeadline, final: false }, '2024-10-21T22:00:00Z', 'open', 'Open For Entry'],
    [{ entryDeadline, final: false }, '2024-10-21T23:00:00Z', 'in_progress', 'In Progress'],
    [{ entryDeadline, final: true }, '2024-10-21T22:00:00Z', 'concluded', 'Completed'],
    [{ entryDeadline: null, final: false }, '2024-10-21T22:00:00Z', 'open', 'Open For Entry'],
  ] as const)('%o at %s is %s', (pool, now, state, label) => {
    expect(getPoolState(pool, new Date(now))).toBe(state);
    expect(POOL_STATE_LABELS[getPoolState(pool, new Date(now))]).toBe(label);
    expect(isOpenForEntry(pool, new Date(now))).toBe(state === 'open');
  });
});
