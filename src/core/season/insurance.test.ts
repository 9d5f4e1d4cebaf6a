import { describe, expect, it } from 'vitest';
import { countPicks, drawRandomTeam, pickMostPopular, rankByPopularity } from './insurance';
import { createRandom } from './random';

describe('pickMostPopular', () => {
  it.each<[string, (string | null)[], string[], string | null]>([
    ['the most picked team', ['BOS', 'LAL', 'BOS', null], [], 'BOS'],
    ['ties go alphabetical', ['LAL', 'BOS', 'MIA', 'LAL', 'BOS'], [], 'BOS'],
    ['a used team is skipped', ['BOS', 'BOS', 'LAL'], ['BOS'], 'LAL'],
    ['used ties fall to the next letter', ['BOS', 'LAL', 'MIA'], ['BOS'], 'LAL'],
    ['nobody picked: nothing to assign', [null, null], [], null],
    ['every picked team used: nothing to assign', ['BOS'], ['BOS'], null],
    ['alphabetical means code units: uppercase before lowercase', ['bos', 'BOS'], [], 'BOS'],
  ])('%s', (_, picks, used, expected) => {
    expect(pickMostPopular(rankByPopularity(countPicks(picks)), used)).toBe(expected);
  });
});

describe('drawRandomTeam', () => {
  it('draws index floor(r * n) among unused teams sorted by code', () => {
    const draws = [0, 0.34, 0.99];
    const expected = ['BOS', 'LAL', 'NYK'];
    draws.forEach((r, i) => {
      expect(drawRandomTeam(['NYK', 'BOS', 'MIA', 'LAL'], ['MIA'], () => r)).toBe(expected[i]);
    });
  });

  it('returns null and draws nothing when every team is used', () => {
    let calls = 0;
    expect(drawRandomTeam(['BOS'], ['BOS'], () => calls++)).toBeNull();
    expect(calls).toBe(0);
  });

  it('is the same for the same seed', () => {
    const teams = ['ATL', 'BOS', 'CHI', 'DAL', 'DEN'];
    expect(drawRandomTeam(teams, [], createRandom(42))).toBe(drawRandomTeam(teams, [], createRandom(42)));
  });
});
