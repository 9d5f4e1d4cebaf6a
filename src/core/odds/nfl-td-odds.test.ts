import { describe, expect, it } from 'vitest';
import {
  entryAdvanceProbability,
  type PlayerSeasonToDate,
  PRIOR_GAMES,
  playerAdvanceProbability,
  playerWeekOdds,
  poissonBelow,
  positionRates,
  shrunkRates,
} from './nfl-td-odds';

function player(
  id: string,
  position: string,
  games: number,
  otherTds: number,
  passTds = 0,
): PlayerSeasonToDate {
  return { id, position, games, otherTds, passTds };
}

describe('poissonBelow', () => {
  it('sums the Poisson terms below k', () => {
    expect(poissonBelow(1.5, 0)).toBe(0);
    expect(poissonBelow(1.5, 1)).toBeCloseTo(Math.exp(-1.5), 15);
    expect(poissonBelow(1.5, 3)).toBeCloseTo(Math.exp(-1.5) * (1 + 1.5 + 1.5 ** 2 / 2), 15);
    expect(poissonBelow(0, 2)).toBe(1);
  });
});

describe('playerAdvanceProbability', () => {
  it('is P(at least one non-passing TD) when passing TDs are ignored (nfl_pass_tds 0)', () => {
    expect(playerAdvanceProbability({ other: 0.5, passing: 2 }, 0)).toBeCloseTo(1 - Math.exp(-0.5), 15);
  });

  it('also counts passing TDs reaching the threshold', () => {
    const rates = { other: 0.1, passing: 1.6 };
    // no rushing TD and fewer than 2 passing TDs
    const miss = Math.exp(-0.1) * Math.exp(-1.6) * (1 + 1.6);
    expect(playerAdvanceProbability(rates, 2)).toBeCloseTo(1 - miss, 15);
    expect(playerAdvanceProbability(rates, 1)).toBeGreaterThan(playerAdvanceProbability(rates, 2));
    expect(playerAdvanceProbability(rates, 5)).toBeLessThan(playerAdvanceProbability(rates, 2));
  });

  it('is 0 for a player who never scores', () => {
    expect(playerAdvanceProbability({ other: 0, passing: 0 }, 2)).toBe(0);
  });
});

describe('shrinking toward the position', () => {
  const league = [
    player('rb1', 'RB', 4, 4),
    player('rb2', 'RB', 4, 0),
    player('qb1', 'QB', 2, 0, 6),
    player('new', 'WR', 0, 0),
  ];

  it('averages each position per player-game', () => {
    const rates = positionRates(league);
    expect(rates.get('RB')).toEqual({ other: 0.5, passing: 0 });
    expect(rates.get('QB')).toEqual({ other: 0, passing: 3 });
    expect(rates.get('WR')).toEqual({ other: 0, passing: 0 });
  });

  it('gives a player with no games his position average, and weighs his own games more as they add up', () => {
    const position = { other: 0.5, passing: 0 };
    expect(shrunkRates(player('x', 'RB', 0, 0), position)).toEqual(position);
    const early = shrunkRates(player('x', 'RB', 1, 2), position).other;
    const late = shrunkRates(player('x', 'RB', 12, 24), position).other;
    expect(early).toBeCloseTo((2 + PRIOR_GAMES * 0.5) / (1 + PRIOR_GAMES), 15);
    expect(late).toBeCloseTo((24 + PRIOR_GAMES * 0.5) / (12 + PRIOR_GAMES), 15);
    expect(Math.abs(late - 2)).toBeLessThan(Math.abs(early - 2));
  });

  it('gives a player on a bye no chance, the others their shrunk odds', () => {
    const odds = playerWeekOdds(league, (p) => p.id !== 'rb2', 0);
    expect(odds.find((o) => o.id === 'rb2')?.advance).toBe(0);
    const rb1 = (4 + PRIOR_GAMES * 0.5) / (4 + PRIOR_GAMES);
    expect(odds.find((o) => o.id === 'rb1')?.advance).toBeCloseTo(1 - Math.exp(-rb1), 15);
    // passing TDs ignored: a QB with no rushing TD and a league of such QBs has no chance
    expect(odds.find((o) => o.id === 'qb1')?.advance).toBe(0);
    expect(playerWeekOdds(league, () => true, 2).find((o) => o.id === 'qb1')?.advance).toBeGreaterThan(0.5);
  });
});

describe('entryAdvanceProbability', () => {
  it('advances when any pick advances: 1 minus the chance that none does', () => {
    expect(entryAdvanceProbability([])).toBe(0);
    expect(entryAdvanceProbability([0.4])).toBeCloseTo(0.4, 15);
    expect(entryAdvanceProbability([0.4, 0.5])).toBeCloseTo(1 - 0.6 * 0.5, 15);
    // enumeration of the 8 outcomes of three picks
    const picks = [0.3, 0.6, 0.45];
    let advance = 0;
    for (let mask = 1; mask < 8; mask++) {
      advance += picks.reduce((p, q, i) => p * ((mask >> i) & 1 ? q : 1 - q), 1);
    }
    expect(entryAdvanceProbability(picks)).toBeCloseTo(advance, 15);
    expect(entryAdvanceProbability([1, 0.2])).toBe(1);
  });
});

describe('a player with no stats line (issue 41)', () => {
  it('rates a backup QB by his role, below starters and below a receiver who scored each week', () => {
    const players: PlayerSeasonToDate[] = [];
    for (let i = 0; i < 32; i++) {
      players.push({
        id: `qb1-${i}`,
        position: 'QB',
        depthRank: 1,
        weeks: 2,
        games: 2,
        otherTds: 0,
        passTds: 3,
      });
      players.push({
        id: `qb2-${i}`,
        position: 'QB',
        depthRank: 2,
        weeks: 2,
        games: 0,
        otherTds: 0,
        passTds: 0,
      });
      players.push({
        id: `wr-${i}`,
        position: 'WR',
        depthRank: 1,
        weeks: 2,
        games: 2,
        otherTds: i === 0 ? 2 : 0,
        passTds: 0,
      });
    }
    // One backup came in once and threw a touchdown: the role's rate per listed week stays small.
    players[1] = { ...players[1], games: 1, passTds: 1 };
    const odds = new Map(playerWeekOdds(players, () => true, 1).map((o) => [o.id, o.advance]));
    const backup = odds.get('qb2-5') ?? 1;
    expect(backup).toBeLessThan(0.05);
    expect(backup).toBeLessThan(odds.get('qb1-5') ?? 0);
    expect(backup).toBeLessThan(odds.get('wr-0') ?? 0);
  });
});
