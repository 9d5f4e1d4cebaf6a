import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocateByShares,
  computeSplitAmount,
  getRemainingPrizes,
  hasRemainingPrizes,
  NO_REMAINING_PRIZES_MESSAGE,
  parseShare,
  parseSplitPercent,
  planPrizeSplit,
  planSplitTotals,
  splitEvenly,
} from './prize-split';

describe('parsing', () => {
  it.each([
    [1, 1],
    ['2', 2],
    [' 1.5 ', 1.5],
    ['abc', 0],
    ['', 0],
    [-1, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    [null, 0],
    [undefined, 0],
    [true, 0],
  ])('share %o is %o', (value, expected) => {
    expect(parseShare(value)).toBe(expected);
  });

  it.each([
    [50, 5000],
    ['12.34', 1234],
    [0, 0],
    [100, 10000],
    [33.333, 3333],
    [-1, null],
    [100.01, null],
    ['x', null],
    ['', null],
  ])('percent %o is %o hundredths', (value, expected) => {
    expect(parseSplitPercent(value)).toBe(expected);
  });
});

describe('remaining prizes', () => {
  it.each([
    [10000, 2500, 7500],
    [10000, 12000, 0],
  ])('pool %i allocated %i leaves %i', (pool, allocated, remaining) => {
    expect(getRemainingPrizes(pool, allocated)).toBe(remaining);
  });
  it.each([
    [0, false],
    [1, false],
    [2, true],
  ])('%i cents remaining: available %s', (cents, expected) => {
    expect(hasRemainingPrizes(cents)).toBe(expected);
  });
  it('takes a percentage in cents', () => {
    expect(computeSplitAmount(10001, 5000)).toBe(5001);
    expect(computeSplitAmount(10000, 1234)).toBe(1234);
  });
});

describe('allocateByShares', () => {
  it.each([
    [100, [1, 1, 1], [34, 33, 33]],
    [101, [1, 1, 1], [34, 34, 33]],
    [100, [2, 1, 1], [50, 25, 25]],
    [10, [1.5, 1], [6, 4]],
    [5, [0, 1], [0, 5]],
    [5, [0, 0], [0, 0]],
    [0, [1, 1], [0, 0]],
  ])('%i cents over %o', (amount, shares, expected) => {
    expect(allocateByShares(amount, shares)).toEqual(expected);
  });

  it('splits evenly with leftover cents to the first', () => {
    expect(splitEvenly(1000, 3)).toEqual([334, 333, 333]);
    expect(splitEvenly(0, 2)).toEqual([0, 0]);
  });

  it('always sums to the amount when some share is positive', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.array(fc.oneof(fc.integer({ min: 0, max: 20 }), fc.double({ min: 0, max: 10, noNaN: true })), {
          minLength: 1,
          maxLength: 40,
        }),
        (amount, shares) => {
          fc.pre(shares.some((share) => Math.round(share * 1_000_000) > 0));
          const parts = allocateByShares(amount, shares);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(amount);
          expect(parts.every((part) => Number.isInteger(part) && part >= 0)).toBe(true);
        },
      ),
    );
  });

  it('never moves a part more than one cent from its exact share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.integer({ min: 0, max: 10 }), { minLength: 1, maxLength: 20 }),
        (amount, shares) => {
          const total = shares.reduce((a, b) => a + b, 0);
          fc.pre(total > 0);
          allocateByShares(amount, shares).forEach((part, i) => {
            expect(Math.abs(part - (amount * shares[i]) / total)).toBeLessThan(1);
          });
        },
      ),
    );
  });
});

describe('planPrizeSplit', () => {
  const entrants = [
    { id: 'a', share: 1 },
    { id: 'b', share: '2' },
    { id: 'c', share: 'n/a' },
  ];
  it('splits a percentage of the remaining prizes by share', () => {
    const plan = planPrizeSplit({ remainingCents: 30000, percent: 50, entrants });
    expect(plan).toEqual({
      ok: true,
      percentHundredths: 5000,
      amount: 15000,
      totalShares: 3,
      awards: [
        { id: 'a', share: 1, fraction: 1 / 3, amount: 5000 },
        { id: 'b', share: 2, fraction: 2 / 3, amount: 10000 },
        { id: 'c', share: 0, fraction: 0, amount: 0 },
      ],
    });
  });

  it.each([
    ['no entrants', { remainingCents: 30000, percent: 50, entrants: [] }, 'no_entrants'],
    ['one cent left', { remainingCents: 1, percent: 50, entrants }, 'no_remaining'],
    ['bad percent', { remainingCents: 30000, percent: 120, entrants }, 'invalid_percent'],
    ['zero percent', { remainingCents: 30000, percent: 0, entrants }, 'zero_percent'],
    ['no shares', { remainingCents: 30000, percent: 10, entrants: [{ id: 'a', share: 'x' }] }, 'no_shares'],
  ])('rejects %s', (_, input, reason) => {
    expect(planPrizeSplit(input)).toMatchObject({ ok: false, reason });
  });

  it('uses the spec message when nothing remains', () => {
    expect(planPrizeSplit({ remainingCents: 0, percent: 10, entrants })).toMatchObject({
      message: 'You have no remaining prizes available in your prize pool to allocate to entrants.',
    });
    expect(NO_REMAINING_PRIZES_MESSAGE).toBe(
      'You have no remaining prizes available in your prize pool to allocate to entrants.',
    );
  });

  it('awards exactly the split amount, never more than remains', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10000 }),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 30 }),
        (remainingCents, hundredths, shares) => {
          const plan = planPrizeSplit({
            remainingCents,
            percent: hundredths / 100,
            entrants: shares.map((share, i) => ({ id: String(i), share })),
          });
          if (!plan.ok) throw new Error(plan.message);
          expect(plan.awards.reduce((sum, award) => sum + award.amount, 0)).toBe(plan.amount);
          expect(plan.amount).toBeLessThanOrEqual(remainingCents);
        },
      ),
    );
  });
});

describe('planSplitTotals (shares added up in SQL)', () => {
  it('checks as planPrizeSplit does and comes to the same amount', () => {
    const input = { remainingCents: 9999, percent: 33.33 };
    expect(planSplitTotals({ ...input, entrants: 3, totalShares: 3.5 })).toEqual({
      ok: true,
      percentHundredths: 3333,
      amount: 3333,
    });
    const reason = (change: object) =>
      (planSplitTotals({ ...input, entrants: 3, totalShares: 3, ...change }) as { reason?: string }).reason;
    expect(reason({ entrants: 0 })).toBe('no_entrants');
    expect(reason({ remainingCents: 1 })).toBe('no_remaining');
    expect(reason({ percent: 'half' })).toBe('invalid_percent');
    expect(reason({ percent: 0 })).toBe('zero_percent');
    expect(reason({ totalShares: 0 })).toBe('no_shares');
  });

  it('stays exact past 2^31 cents', () => {
    const plan = planSplitTotals({
      remainingCents: 30_001_000_000_000,
      percent: 50,
      entrants: 1,
      totalShares: 1,
    });
    expect(plan).toMatchObject({ ok: true, amount: 15_000_500_000_000 });
  });
});
