import { describe, expect, it } from 'vitest';
import { computePrizePool } from './prize-pool';

const base = {
  buyin: 5000,
  entries: 4,
  insurance: 0,
  insuredEntries: 0,
  rebuyPrice: 2500,
  rebuysMade: 1,
  alaPct: 0.05,
};

describe('computePrizePool', () => {
  it.each([
    ['buy-ins and rebuys less 5%', base, 21375],
    ['insurance proceeds count', { ...base, insurance: 1000, insuredEntries: 2 }, 23275],
    ['nothing taken at 0%', { ...base, alaPct: 0 }, 22500],
    ['free pool', { ...base, buyin: 0, rebuyPrice: 0 }, 0],
    [
      'rounds half cents to the nearest',
      { ...base, buyin: 1001, entries: 1, rebuysMade: 0, alaPct: 0.5 },
      501,
    ],
    ['12.5% of 1001 cents', { ...base, buyin: 1001, entries: 1, rebuysMade: 0, alaPct: 0.125 }, 876],
  ])('%s', (_, input, expected) => {
    expect(computePrizePool(input)).toBe(expected);
  });
});
