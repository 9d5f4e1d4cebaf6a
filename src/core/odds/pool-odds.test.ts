import { describe, expect, it } from 'vitest';
import { must } from '../must';
import { applyResult, ELO_PARAMS, homeWinProbability } from './elo';
import { futureValue, type OddsGame, playersSeasonToDate, poolSeasonOdds } from './pool-odds';
import { weekOdds } from './week-odds';

const PARAMS = ELO_PARAMS.mlb;
const deadlines = ['2023-04-03T17:00:00Z', '2023-04-10T17:00:00Z'];
const seasonEnd = '2023-04-16T23:00:00Z';

function g(home: string, away: string, utc: string, score?: [number, number]): OddsGame {
  return { home, away, utc, season: 2023, homeScore: score?.[0] ?? null, awayScore: score?.[1] ?? null };
}

// Week 1: BOS wins twice at home. Week 2: the same teams meet again, not played yet.
const games = [
  g('BOS', 'NYY', '2023-04-03T17:00:00Z', [9, 1]),
  g('BOS', 'TB', '2023-04-04T23:00:00Z', [5, 4]),
  g('NYY', 'TB', '2023-04-05T23:00:00Z', [2, 3]),
  g('NYY', 'BOS', '2023-04-10T17:00:00Z'),
  g('TB', 'BOS', '2023-04-12T23:00:00Z'),
  // before the first deadline: in no week, though its result counts for the ratings
  g('TB', 'NYY', '2023-03-30T23:00:00Z', [1, 0]),
];

describe('poolSeasonOdds', () => {
  it('forecasts a locked week from what was known at its deadline, a later week from now', () => {
    const now = new Date('2023-04-08T12:00:00Z');
    const [week1, week2] = poolSeasonOdds({
      params: PARAMS,
      games,
      season: 2023,
      deadlines,
      seasonEnd,
      now,
      shootMoon: false,
    });
    // At week 1's deadline only the March game was known.
    const atLock = applyResult(new Map(), PARAMS, { ...games[5], start: 0, homeScore: 1, awayScore: 0 });
    const bosNyy = homeWinProbability(atLock, PARAMS, 'BOS', 'NYY');
    const bosTb = homeWinProbability(atLock, PARAMS, 'BOS', 'TB');
    expect(week1.week).toBe(1);
    expect(must(week1.teams.get('BOS')).advance).toBeCloseTo(
      weekOdds([{ win: bosNyy }, { win: bosTb }]).advance,
      15,
    );
    // At now, week 1's results are in too.
    let known = atLock;
    for (const game of games.slice(0, 3)) {
      known = applyResult(known, PARAMS, {
        ...game,
        start: 0,
        homeScore: game.homeScore,
        awayScore: game.awayScore,
      });
    }
    const nyyBos = homeWinProbability(known, PARAMS, 'NYY', 'BOS');
    const tbBos = homeWinProbability(known, PARAMS, 'TB', 'BOS');
    const bos2 = must(week2.teams.get('BOS'));
    expect(bos2.advance).toBeCloseTo(weekOdds([{ win: 1 - nyyBos }, { win: 1 - tbBos }]).advance, 15);
    expect(bos2.survival).toBe(bos2.advance);
    expect([...week2.teams.keys()].sort()).toEqual(['BOS', 'NYY', 'TB']);
  });

  it('counts a postponed game for neither side, and the moon as survival when the pool shoots the moon', () => {
    const postponed = { ...g('NYY', 'BOS', '2023-04-11T17:00:00Z'), postponed: true };
    const sixLosses = Array.from({ length: 6 }, (_, i) => g('LAD', 'OAK', `2023-04-1${i}T20:00:00Z`));
    const [, week2] = poolSeasonOdds({
      params: PARAMS,
      games: [...games, postponed, ...sixLosses],
      season: 2023,
      deadlines,
      seasonEnd,
      now: new Date('2023-04-01T00:00:00Z'),
      shootMoon: true,
    });
    const oak = must(week2.teams.get('OAK'));
    expect(oak.moon).toBeGreaterThan(0);
    expect(oak.survival).toBeCloseTo(oak.advance + oak.moon, 15);
    // NYY: one real game (v BOS) and one postponed
    const nyy = must(week2.teams.get('NYY'));
    const p = homeWinProbability(
      applyResult(new Map(), PARAMS, { ...games[5], start: 0, homeScore: 1, awayScore: 0 }),
      PARAMS,
      'NYY',
      'BOS',
    );
    expect(nyy.advance).toBeCloseTo(p, 15);
  });
});

describe('futureValue', () => {
  it("is a team's best survival odds over the weeks given", () => {
    const week = (n: number, bos: number) => ({
      week: n,
      teams: new Map([['BOS', { advance: bos, moon: 0, survival: bos }]]),
    });
    expect(futureValue([week(3, 0.4), week(4, 0.7), week(5, 0.55)], 'BOS')).toBe(0.7);
    expect(futureValue([week(3, 0.4)], 'NYY')).toBe(0);
  });
});

describe('playersSeasonToDate', () => {
  it('adds up the lines of the weeks before the one forecast', () => {
    const players = [
      { id: 'p1', position: 'RB' },
      { id: 'p2', position: 'QB' },
    ];
    const lines = [
      { week: 1, playerId: 'p1', stats: { rush_td: 1, rec_td: 1 } },
      { week: 2, playerId: 'p1', stats: { rush_td: 0 } },
      { week: 3, playerId: 'p1', stats: { rush_td: 2 } },
      { week: 1, playerId: 'p2', stats: { pass_td: 3, rush_td: 1 } },
      { week: 1, playerId: 'gone', stats: { rush_td: 1 } },
    ];
    expect(playersSeasonToDate(players, lines, 3)).toEqual([
      { id: 'p1', position: 'RB', depthRank: null, weeks: 2, games: 2, otherTds: 2, passTds: 0 },
      { id: 'p2', position: 'QB', depthRank: null, weeks: 2, games: 1, otherTds: 1, passTds: 3 },
    ]);
  });
});
