import { describe, expect, it } from 'vitest';
import { copyPoolName, defaultPoolName } from './creation';

describe('copyPoolName', () => {
  it.each([
    [null, 'MLB', ''],
    ['Dog Days 2023', 'MLB', 'Dog Days'],
    ['2023-24 Hoops Club', 'NBA', 'Hoops Club'],
    ['Office Pool - 2022', 'NFL TD', 'Office Pool'],
    ['MLB #2', 'MLB', ''],
    ['MLB 2023 #3', 'MLB', ''],
    ['nba', 'NBA', ''],
    ['The 500 Club', 'NBA', 'The 500 Club'],
    ['Club 2023/24', 'NBA', 'Club'],
  ])('%o in a %s pool becomes %o', (name, game, expected) => {
    expect(copyPoolName(name, game)).toBe(expected);
  });
});

describe('defaultPoolName', () => {
  it('numbers further pools of a season', () => {
    expect(defaultPoolName('MLB', 0)).toBe('MLB');
    expect(defaultPoolName('MLB', 2)).toBe('MLB #3');
  });
});
