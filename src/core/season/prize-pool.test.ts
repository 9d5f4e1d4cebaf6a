import { describe, expect, it } from 'vitest';
import { computePrizePool, toDecimalFraction } from './prize-pool';

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
    // 250 x (1 - 0.07) is 232.49999999999997 in doubles; the exact 232.5 rounds up.
    ['7% of 250 cents, exactly', { ...base, buyin: 250, entries: 1, rebuysMade: 0, alaPct: 0.07 }, 233],
    ['15% of 6170 cents', { ...base, buyin: 6170, entries: 1, rebuysMade: 0, alaPct: 0.15 }, 5245],
    [
      'a fraction in exponent form',
      { ...base, buyin: 10_000_000, entries: 1, rebuysMade: 0, alaPct: 1e-7 },
      9_999_999,
    ],
    ['the platform keeps everything', { ...base, alaPct: 1 }, 0],
  ])('%s', (_, input, expected) => {
    expect(computePrizePool(input)).toBe(expected);
  });
});

describe('toDecimalFraction', () => {
  it.each([
    [0, 0n, 1n],
    [0.05, 5n, 100n],
    [0.125, 125n, 1000n],
    [1, 1n, 1n],
    [1e-7, 1n, 10_000_000n],
  ])('%s', (value, numerator, denominator) => {
    expect(toDecimalFraction(value)).toEqual({ numerator, denominator });
  });

  it('refuses what is not a fraction', () => {
    expect(() => toDecimalFraction(Number.NaN)).toThrow(RangeError);
    expect(() => toDecimalFraction(-0.1)).toThrow(RangeError);
  });
});
