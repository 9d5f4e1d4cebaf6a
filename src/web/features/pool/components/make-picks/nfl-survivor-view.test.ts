import { describe, expect, it } from 'vitest';
import type { TeamSchedulesResponse } from '../../../../../core/contracts/sports';
import {
  describeDeadlineLines,
  describeSurvivorRuleLines,
  getPickLockAt,
  getSurvivorNotice,
  groupGamesByDay,
  listByeTeams,
  listWeekGames,
  teamFullName,
  teamNameParts,
} from './nfl-survivor-view';

const game = (gid: string, matchup: string, utc: string, status = 'scheduled' as const) => ({
  gid,
  matchup,
  utc,
  status,
});
// Week 3: Thursday NYG at SF, Sunday PHI at CIN (a tie in 2020's replay), KC on a bye.
const schedules: TeamSchedulesResponse = {
  SF: { '3': [game('g1', 'vs. NYG', '2023-09-22T00:15:00Z')] },
  NYG: { '3': [game('g1', '@ SF', '2023-09-22T00:15:00Z')] },
  CIN: { '3': [game('g2', 'vs. PHI', '2023-09-24T17:00:00Z')], '4': [] },
  PHI: { '3': [game('g2', '@ CIN', '2023-09-24T17:00:00Z')] },
  KC: { '4': [game('g3', 'vs. BAL', '2023-10-01T20:25:00Z')] },
};

describe('the NFL Survivor week', () => {
  it('lists each game once, away at home, in kickoff order', () => {
    expect(listWeekGames(schedules, 3).map((g) => [g.gid, g.away, g.home, g.kickoff.toISOString()])).toEqual([
      ['g1', 'NYG', 'SF', '2023-09-22T00:15:00.000Z'],
      ['g2', 'PHI', 'CIN', '2023-09-24T17:00:00.000Z'],
    ]);
  });

  it('reads a side missing from the schedules from its opponent matchup', () => {
    expect(listWeekGames({ KC: schedules.KC }, 4).map((g) => [g.away, g.home])).toEqual([['BAL', 'KC']]);
    expect(listWeekGames(undefined, 3)).toEqual([]);
  });

  it('names the teams without a game in the week as on a bye', () => {
    expect(listByeTeams(['CIN', 'KC', 'NYG', 'PHI', 'SF'], schedules, 3)).toEqual(['KC']);
    expect(listByeTeams(['CIN', 'KC'], schedules, 4)).toEqual(['CIN']);
  });

  it('groups the games by the day their kickoff falls on', () => {
    const days = groupGamesByDay(listWeekGames(schedules, 3), (kickoff) =>
      kickoff.toISOString().slice(0, 10),
    );
    expect(days.map((d) => [d.day, d.games.map((g) => g.gid)])).toEqual([
      ['2023-09-22', ['g1']],
      ['2023-09-24', ['g2']],
    ]);
  });

  it('locks a pick at its kickoff or the week lock, whichever comes first', () => {
    const thursday = new Date('2023-09-22T00:15:00Z');
    const sunday = new Date('2023-09-24T17:00:00Z');
    const lock = new Date('2023-09-24T17:00:00Z');
    expect(getPickLockAt(thursday, lock)).toBe(thursday);
    expect(getPickLockAt(new Date('2023-09-26T00:15:00Z'), lock)).toBe(lock);
    expect(getPickLockAt(sunday, null)).toBe(sunday);
    expect(getPickLockAt(null, lock)).toBe(lock);
  });

  it('names a full team, keeping a name that holds its city', () => {
    expect(teamFullName({ c: 'Kansas City', n: 'Chiefs' }, 'KC')).toBe('Kansas City Chiefs');
    expect(teamFullName({ c: 'Kansas City', n: 'Kansas City Chiefs' }, 'KC')).toBe('Kansas City Chiefs');
    expect(teamFullName(undefined, 'KC')).toBe('KC');
    expect(teamNameParts({ c: 'Kansas City', n: 'Kansas City Chiefs' }, 'KC')).toEqual({
      city: 'Kansas City',
      nickname: 'Chiefs',
    });
    expect(teamNameParts({ c: 'Los Angeles', n: 'Rams' }, 'LAR')).toEqual({
      city: 'Los Angeles',
      nickname: 'Rams',
    });
  });
});

describe('the NFL Survivor rule lines', () => {
  it('say the picks of the week, the tie rule and once a season', () => {
    expect(describeSurvivorRuleLines({ tie_rule: 'loss' }, 1)).toEqual([
      'PICK 1 TEAM THIS WEEK',
      'A TIE COUNTS AS A LOSS',
      'EACH TEAM ONCE A SEASON',
    ]);
    expect(describeSurvivorRuleLines({ tie_rule: 'win' }, 2).slice(0, 2)).toEqual([
      'PICK 2 TEAMS THIS WEEK: ALL MUST WIN',
      'A TIE COUNTS AS A WIN',
    ]);
  });

  it('say the deadline under its lock mode, and that each pick locks at its kickoff', () => {
    expect(describeDeadlineLines('SUN 9/24 10:00 AM PDT', 'Sunday Early Slate (10 AM PT)')).toEqual([
      'DEADLINE SUN 9/24 10:00 AM PDT (SUNDAY EARLY SLATE)',
      "EACH PICK ALSO LOCKS AT ITS OWN GAME'S KICKOFF",
    ]);
    expect(describeDeadlineLines(null, 'Last Game')).toEqual([]);
  });
});

describe('the notice above an entry’s games', () => {
  const now = new Date('2023-09-23T12:00:00Z');
  const started = new Date('2023-09-22T00:15:00Z');
  const later = new Date('2023-09-24T17:00:00Z');
  const notice = (overrides: Partial<Parameters<typeof getSurvivorNotice>[0]>) =>
    getSurvivorNotice({ week: 3, picksAsked: 1, pickKickoffs: [], weekLocked: false, now, ...overrides });

  it('says nothing while the entry may still pick or swap', () => {
    expect(notice({})).toBeNull();
    expect(notice({ pickKickoffs: [later] })).toBeNull();
    expect(notice({ picksAsked: 2, pickKickoffs: [later] })).toBeNull();
  });

  it('says the week locked, a kicked-off pick cannot be swapped, and a multi-pick week is full', () => {
    expect(notice({ weekLocked: true })).toBe(
      'Sorry, your selections for Week 3 are locked and can no longer be changed.',
    );
    expect(notice({ pickKickoffs: [started] })).toBe(
      'Your Week 3 pick has kicked off: it is locked and cannot be swapped.',
    );
    expect(notice({ picksAsked: 2, pickKickoffs: [started, later] })).toBe(
      "You've maxed out your picks for Week 3.",
    );
  });
});
