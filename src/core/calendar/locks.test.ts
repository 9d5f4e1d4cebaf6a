import { describe, expect, it } from 'vitest';
import {
  getNflPickLock,
  getNflWeekLock,
  getWeekLockAt,
  getWeekSunday,
  isTeamWeekLocked,
  NflLockTimeSchema,
} from './locks';

// Week 9 of 2024: DST ended on Sunday 2024-11-03 at 02:00 Pacific, between the Thursday and Sunday games.
const dstEndWeek = [
  '2024-11-01T00:15:00Z', // Thu 10-31 17:15 PDT
  '2024-11-03T18:00:00Z', // Sun 10:00 PST
  '2024-11-03T21:25:00Z', // Sun 13:25 PST
  '2024-11-05T01:15:00Z', // Mon 17:15 PST
];
// The week before, all in daylight time.
const pdtWeek = ['2024-10-25T00:15:00Z', '2024-10-27T17:00:00Z', '2024-10-29T00:15:00Z'];
// DST began on Sunday 2025-03-09; a Friday start makes that the week's Sunday.
const dstStartWeek = ['2025-03-07T20:00:00Z', '2025-03-10T20:00:00Z'];
// The Sunday before it, still standard time.
const pstMarchWeek = ['2025-02-28T20:00:00Z', '2025-03-03T20:00:00Z'];

describe('getNflWeekLock', () => {
  it.each([
    ['first_game', dstEndWeek, '2024-11-01T00:15:00.000Z'],
    ['last_game', dstEndWeek, '2024-11-05T01:15:00.000Z'],
    ['early_slate', dstEndWeek, '2024-11-03T18:00:00.000Z'],
    ['late_slate', dstEndWeek, '2024-11-03T21:00:00.000Z'],
    ['early_slate', pdtWeek, '2024-10-27T17:00:00.000Z'],
    ['late_slate', pdtWeek, '2024-10-27T20:00:00.000Z'],
    ['early_slate', dstStartWeek, '2025-03-09T17:00:00.000Z'],
    ['late_slate', dstStartWeek, '2025-03-09T20:00:00.000Z'],
    ['early_slate', pstMarchWeek, '2025-03-02T18:00:00.000Z'],
    ['late_slate', pstMarchWeek, '2025-03-02T21:00:00.000Z'],
  ] as const)('%s of %o locks at %s', (mode, kickoffs, expected) => {
    expect(getNflWeekLock(mode, kickoffs)?.toISOString()).toBe(expected);
  });

  it('has no lock for a week without games', () => {
    for (const mode of NflLockTimeSchema.options) expect(getNflWeekLock(mode, [])).toBeNull();
  });

  it('takes the Sunday of a week that starts on Sunday, and uses Pacific dates', () => {
    // 2024-11-04T03:00Z is still Sunday 11-03 in Pacific time.
    expect(getWeekSunday(['2024-11-04T03:00:00Z'])).toBe('2024-11-03');
    expect(getWeekSunday(['2024-12-21T21:30:00Z', '2024-12-19T01:15:00Z'])).toBe('2024-12-22');
    expect(getWeekSunday([])).toBeNull();
  });
});

describe('getNflPickLock', () => {
  const base = {
    weekLockAt: new Date('2024-11-03T18:00:00Z'),
    playerKickoff: new Date('2024-11-03T21:25:00Z'),
    selectionKickoffs: [new Date('2024-11-01T00:15:00Z'), new Date('2024-11-03T21:25:00Z')],
    lockAtPickStart: false,
    now: new Date('2024-11-02T12:00:00Z'),
  };
  it.each([
    ['open before anything starts', {}, null],
    ['locked at the week lock', { now: new Date('2024-11-03T18:00:00Z') }, 'week_lock'],
    [
      "locked by the player's own kickoff",
      { weekLockAt: null, now: new Date('2024-11-03T21:25:00Z') },
      'game_started',
    ],
    [
      'locked once any selection started with lock_at_pick_start',
      { weekLockAt: null, lockAtPickStart: true, now: new Date('2024-11-01T00:15:00Z') },
      'pick_started',
    ],
    [
      'open when another selection started without lock_at_pick_start',
      { weekLockAt: null, now: new Date('2024-11-01T00:15:00Z') },
      null,
    ],
    ['open for a bye player with no week lock', { weekLockAt: null, playerKickoff: null }, null],
  ] as const)('%s', (_, overrides, expected) => {
    expect(getNflPickLock({ ...base, ...overrides })).toBe(expected);
  });
});

describe('isTeamWeekLocked', () => {
  it.each([
    ['2024-10-21T22:59:59Z', false],
    ['2024-10-21T23:00:00Z', true],
  ])('at %s locked=%s', (now, expected) => {
    expect(isTeamWeekLocked(new Date('2024-10-21T23:00:00Z'), new Date(now))).toBe(expected);
  });
  it('treats a missing deadline as locked', () => {
    expect(isTeamWeekLocked(null, new Date())).toBe(true);
  });
});

describe('getWeekLockAt', () => {
  const deadlines = ['2024-10-31T23:00:00Z', '2024-11-07T23:00:00Z'];
  it('uses the deadline for nba and mlb', () => {
    const lock = getWeekLockAt({
      game: 'mlb',
      deadlines,
      week: 2,
      nflLockTime: 'late_slate',
      weekKickoffs: dstEndWeek,
    });
    expect(lock?.toISOString()).toBe('2024-11-07T23:00:00.000Z');
  });
  it("uses the pool's lock mode for nfl-td", () => {
    const lock = getWeekLockAt({
      game: 'nfl-td',
      deadlines,
      week: 1,
      nflLockTime: 'late_slate',
      weekKickoffs: dstEndWeek,
    });
    expect(lock?.toISOString()).toBe('2024-11-03T21:00:00.000Z');
  });
});
