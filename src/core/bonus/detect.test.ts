import { describe, expect, it } from 'vitest';
import type { MlbGameFacts, MlbPlay } from '../facts/mlb-facts';
import type { NbaGameFacts, NbaPlayerLine } from '../facts/nba-facts';
import {
  type BonusEvent,
  detectMlbGameBonuses,
  detectNbaGameBonuses,
  detectPerfectWeeks,
  detectWeekBonuses,
  filterActiveBonusEvents,
} from './detect';
import { getDefaultBonusOptions } from './options';

function nbaGame(overrides: Partial<NbaGameFacts> = {}): NbaGameFacts {
  return {
    gid: 'n1',
    start: '2024-11-02T00:00:00Z',
    status: 'final',
    home: { team_abb: 'LAL', score: 110 },
    away: { team_abb: 'BOS', score: 104 },
    periods: 4,
    players: [],
    longest_runs: [],
    deciding_shot: null,
    ...overrides,
  };
}

function nbaLine(overrides: Partial<NbaPlayerLine> = {}): NbaPlayerLine {
  return {
    player_id: 'p1',
    name: 'A. Davis',
    team_abb: 'LAL',
    points: 12,
    rebounds: 5,
    assists: 3,
    steals: 1,
    blocks: 1,
    ...overrides,
  };
}

function mlbGame(overrides: Partial<MlbGameFacts> = {}): MlbGameFacts {
  return {
    gid: 'm1',
    start: '2024-06-01T23:05:00Z',
    status: 'final',
    home: { team_abb: 'HOU', runs: 4, hits: 8, baserunners: 11 },
    away: { team_abb: 'SEA', runs: 2, hits: 5, baserunners: 7 },
    innings: 9,
    plays: [],
    batters: [],
    ...overrides,
  };
}

function play(overrides: Partial<MlbPlay> = {}): MlbPlay {
  return {
    inning: 5,
    half: 'top',
    batter: 'J. Rodriguez',
    batter_team_abb: 'SEA',
    event: 'home_run',
    runners_on_base: 0,
    rbi: 1,
    ...overrides,
  };
}

const summarize = (events: BonusEvent[]) => events.map((e) => [e.bonus_id, e.team_abb, e.player]);

describe('detectNbaGameBonuses', () => {
  it.each<[string, Partial<NbaGameFacts>, Array<[number, string, string | null]>]>([
    ['a quiet game', {}, []],
    ['50 points', { players: [nbaLine({ points: 50 })] }, [[1, 'LAL', 'A. Davis']]],
    ['49 points', { players: [nbaLine({ points: 49 })] }, []],
    ['20-20', { players: [nbaLine({ points: 20, rebounds: 20 })] }, [[2, 'LAL', 'A. Davis']]],
    ['20-19', { players: [nbaLine({ points: 20, rebounds: 19 })] }, []],
    [
      '140 points in regulation',
      { home: { team_abb: 'LAL', score: 140 }, away: { team_abb: 'BOS', score: 120 } },
      [[3, 'LAL', null]],
    ],
    [
      '140 points in overtime does not count',
      { periods: 5, home: { team_abb: 'LAL', score: 141 }, away: { team_abb: 'BOS', score: 139 } },
      [],
    ],
    ['20-0 run', { longest_runs: [{ team_abb: 'BOS', points: 20 }] }, [[4, 'BOS', null]]],
    ['19-0 run', { longest_runs: [{ team_abb: 'BOS', points: 19 }] }, []],
    [
      '30-point win by the visitors',
      { home: { team_abb: 'LAL', score: 90 }, away: { team_abb: 'BOS', score: 120 } },
      [[6, 'BOS', null]],
    ],
    ['29-point win', { home: { team_abb: 'LAL', score: 119 }, away: { team_abb: 'BOS', score: 90 } }, []],
    ['one overtime (5 periods)', { periods: 5 }, []],
    ['two overtimes (6 periods)', { periods: 6 }, [[7, 'LAL', null]]],
    ['three overtimes', { periods: 7 }, [[7, 'LAL', null]]],
    [
      'buzzer-beater by the winner',
      {
        deciding_shot: {
          team_abb: 'LAL',
          player: 'L. James',
          period: 4,
          seconds_remaining: 0,
          made: true,
          decided_game: true,
        },
      },
      [[8, 'LAL', 'L. James']],
    ],
    [
      'deciding shot with 5 seconds left',
      {
        deciding_shot: {
          team_abb: 'LAL',
          player: 'L. James',
          period: 4,
          seconds_remaining: 5,
          made: true,
          decided_game: true,
        },
      },
      [],
    ],
    [
      'buzzer shot that did not decide the game',
      {
        deciding_shot: {
          team_abb: 'LAL',
          player: 'L. James',
          period: 2,
          seconds_remaining: 0,
          made: true,
          decided_game: false,
        },
      },
      [],
    ],
    [
      'triple-double',
      { players: [nbaLine({ points: 10, rebounds: 10, assists: 10 })] },
      [[9, 'LAL', 'A. Davis']],
    ],
    [
      'triple-double with steals and blocks',
      { players: [nbaLine({ points: 12, rebounds: 4, assists: 2, steals: 10, blocks: 10 })] },
      [[9, 'LAL', 'A. Davis']],
    ],
    ['double-double', { players: [nbaLine({ points: 10, rebounds: 10, assists: 9 })] }, []],
  ])('%s', (_, overrides, expected) => {
    expect(summarize(detectNbaGameBonuses(nbaGame(overrides), 3))).toEqual(expected);
  });

  it('detects nothing before the game is final', () => {
    const game = nbaGame({ status: 'in_progress', players: [nbaLine({ points: 55 })] });
    expect(detectNbaGameBonuses(game, 3)).toEqual([]);
    expect(detectNbaGameBonuses({ ...game, status: 'postponed' }, 3)).toEqual([]);
  });

  it('describes events and keys them stably', () => {
    const [event] = detectNbaGameBonuses(nbaGame({ players: [nbaLine({ points: 52 })] }), 3);
    expect(event).toEqual({
      key: '3:1:n1:LAL:A. Davis:1',
      bonus_id: 1,
      team_abb: 'LAL',
      player: 'A. Davis',
      desc: 'A. Davis scored 52 points',
      gid: 'n1',
      week: 3,
    });
  });
});

describe('detectMlbGameBonuses', () => {
  it.each<[string, Partial<MlbGameFacts>, Array<[number, string, string | null]>]>([
    ['a quiet game', {}, []],
    [
      'perfect game by the home side',
      { away: { team_abb: 'SEA', runs: 0, hits: 0, baserunners: 0 } },
      [[10, 'HOU', null]],
    ],
    [
      'no-hitter with walks',
      { away: { team_abb: 'SEA', runs: 0, hits: 0, baserunners: 3 } },
      [[11, 'HOU', null]],
    ],
    [
      'no hits over 8 innings is not a no-hitter',
      { innings: 8, away: { team_abb: 'SEA', runs: 0, hits: 0, baserunners: 0 } },
      [],
    ],
    [
      'cycle',
      {
        batters: [{ batter: 'J. Altuve', team_abb: 'HOU', singles: 1, doubles: 1, triples: 1, home_runs: 1 }],
      },
      [[12, 'HOU', 'J. Altuve']],
    ],
    [
      'no triple, no cycle',
      {
        batters: [{ batter: 'J. Altuve', team_abb: 'HOU', singles: 2, doubles: 1, triples: 0, home_runs: 1 }],
      },
      [],
    ],
    ['grand slam', { plays: [play({ runners_on_base: 3, rbi: 4 })] }, [[13, 'SEA', 'J. Rodriguez']]],
    ['three-run homer', { plays: [play({ runners_on_base: 2, rbi: 3 })] }, []],
    ['15 runs', { home: { team_abb: 'HOU', runs: 15, hits: 18, baserunners: 22 } }, [[14, 'HOU', null]]],
    ['14 runs', { home: { team_abb: 'HOU', runs: 14, hits: 18, baserunners: 22 } }, []],
    [
      'an Astros batter hit by a pitch earns the pitching side',
      {
        plays: [play({ event: 'hit_by_pitch', batter: 'J. Altuve', batter_team_abb: 'HOU', half: 'bottom' })],
      },
      [[15, 'SEA', 'J. Altuve']],
    ],
    [
      'another team hit by a pitch earns nothing',
      { plays: [play({ event: 'hit_by_pitch', batter_team_abb: 'SEA' })] },
      [],
    ],
  ])('%s', (_, overrides, expected) => {
    expect(summarize(detectMlbGameBonuses(mlbGame(overrides), 9))).toEqual(expected);
  });

  it('uses a configured beaned team', () => {
    const game = mlbGame({ plays: [play({ event: 'hit_by_pitch', batter_team_abb: 'SEA' })] });
    expect(summarize(detectMlbGameBonuses(game, 9, 'SEA'))).toEqual([[15, 'HOU', 'J. Rodriguez']]);
  });

  it('keeps repeated beanings of one batter as separate events', () => {
    const hbp = play({ event: 'hit_by_pitch', batter: 'J. Altuve', batter_team_abb: 'HOU', half: 'bottom' });
    const events = detectMlbGameBonuses(mlbGame({ plays: [hbp, { ...hbp, inning: 7 }] }), 9);
    expect(events.map((e) => e.key)).toEqual(['9:15:m1:SEA:J. Altuve:1', '9:15:m1:SEA:J. Altuve:2']);
    expect(events[1].desc).toBe('SEA hit J. Altuve of HOU (Bottom 7)');
  });

  it('detects nothing before the game is final', () => {
    expect(detectMlbGameBonuses(mlbGame({ status: 'in_progress', plays: [play({ rbi: 4 })] }), 9)).toEqual(
      [],
    );
  });
});

describe('detectPerfectWeeks', () => {
  const records = [
    { week: 2, team_abb: 'LAL', wins: 4, losses: 0 },
    { week: 2, team_abb: 'BOS', wins: 3, losses: 0 },
    { week: 2, team_abb: 'NYY', wins: 6, losses: 0 },
    { week: 2, team_abb: 'HOU', wins: 6, losses: 1 },
    { week: 3, team_abb: 'MIA', wins: 7, losses: 0 },
  ];
  it.each([
    ['nba', ['LAL', 'NYY']],
    ['mlb', ['NYY']],
  ] as const)('%s', (game, teams) => {
    const events = detectPerfectWeeks(game, records, 2);
    expect(events.map((e) => e.team_abb)).toEqual(teams);
    expect(events.every((e) => e.bonus_id === 5 && e.gid === null)).toBe(true);
  });
});

describe('detectWeekBonuses and filterActiveBonusEvents', () => {
  it('orders game events by start, then perfect weeks, and filters inactive options', () => {
    const late = nbaGame({ gid: 'late', start: '2024-11-03T00:00:00Z', periods: 6 });
    const early = nbaGame({
      gid: 'early',
      start: '2024-11-02T00:00:00Z',
      players: [nbaLine({ points: 50 })],
    });
    const events = detectWeekBonuses({
      game: 'nba',
      week: 2,
      games: [late, early],
      records: [{ week: 2, team_abb: 'LAL', wins: 4, losses: 0 }],
    });
    expect(events.map((e) => [e.gid, e.bonus_id])).toEqual([
      ['early', 1],
      ['late', 7],
      [null, 5],
    ]);
    const options = getDefaultBonusOptions('nba');
    options['7'] = { ...options['7'], active: false };
    expect(filterActiveBonusEvents(events, options).map((e) => e.bonus_id)).toEqual([1, 5]);
  });

  it('passes the beaned team through for mlb', () => {
    const game = mlbGame({ plays: [play({ event: 'hit_by_pitch', batter_team_abb: 'SEA' })] });
    const events = detectWeekBonuses({ game: 'mlb', week: 1, games: [game], records: [], beanedTeam: 'SEA' });
    expect(summarize(events)).toEqual([[15, 'HOU', 'J. Rodriguez']]);
  });
});
