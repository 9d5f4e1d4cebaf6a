import { describe, expect, it } from 'vitest';
import { netBonusCents, settleBonusEvent, splitBonusCharge } from './bonus-money';

describe('splitBonusCharge', () => {
  it.each([
    [10000, 4, { base: 2500, extra: 0 }],
    [10000, 3, { base: 3333, extra: 1 }],
    [5000, 7, { base: 714, extra: 2 }],
    [1, 3, { base: 0, extra: 1 }],
    [100, 0, { base: 0, extra: 0 }],
  ])('%i over %i payers', (total, payers, expected) => {
    expect(splitBonusCharge(total, payers)).toEqual(expected);
  });
});

describe('settleBonusEvent', () => {
  it.each<[string, (string | null)[], number[]]>([
    [
      'one winner, three payers, remainder to the first',
      ['BOS', 'LAL', null, 'MIA'],
      [5000, -1667, -1667, -1666],
    ],
    ['two winners share nothing: each gets the prize', ['BOS', 'BOS', 'LAL'], [5000, 5000, -10000]],
    ['no winners: nothing moves', ['LAL', 'MIA'], [0, 0]],
    ['no payers: nothing moves', ['BOS', 'BOS'], [0, 0]],
    ['an empty pool: nothing moves', [], []],
  ])('%s', (_, picks, net) => {
    const settled = settleBonusEvent(picks, 'BOS', 5000);
    const cents = netBonusCents(settled, picks.length);
    expect(cents).toEqual(net);
    expect(cents.reduce((a, b) => a + b, 0)).toBe(0);
  });
});
