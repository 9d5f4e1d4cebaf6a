import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeFinanceTotal,
  formatDollars,
  formatEntryLabel,
  formatFinanceStatus,
  LEDGER_KIND_LABELS,
  type LedgerEntry,
  parseDollarsToCents,
  summarizeFinances,
} from './finances';

describe('summarizeFinances', () => {
  it('sums each column and applies the Finances total', () => {
    const ledger: LedgerEntry[] = [
      { kind: 'buyin', amount: 5000 },
      { kind: 'rebuy', amount: 2500 },
      { kind: 'rebuy', amount: 2500 },
      { kind: 'insurance', amount: 1000 },
      { kind: 'bonus', amount: 5000 },
      { kind: 'bonus', amount: -1250 },
      { kind: 'payment', amount: 11000 },
      { kind: 'prize', amount: 20000 },
      { kind: 'prize_paid', amount: 15000 },
    ];
    expect(summarizeFinances(ledger)).toEqual({
      buyin: 5000,
      rebuys: 5000,
      insurance: 1000,
      bonus: 3750,
      prizes: 20000,
      paid: 11000,
      prizesPaidTo: 15000,
      total: -5000 - 1000 - 5000 + 3750 + 11000 + 20000 - 15000,
    });
  });

  it('is zero for an empty ledger', () => {
    expect(summarizeFinances([]).total).toBe(0);
  });

  it('total is the signed sum of the columns', () => {
    const cents = fc.integer({ min: -1_000_000, max: 1_000_000 });
    fc.assert(
      fc.property(cents, cents, cents, cents, cents, cents, cents, (a, b, c, d, e, f, g) => {
        const row = { buyin: a, rebuys: b, insurance: c, bonus: d, prizes: e, paid: f, prizesPaidTo: g };
        expect(computeFinanceTotal(row)).toBe(-a - b - c + d + e + f - g);
      }),
    );
  });

  it('labels every ledger kind with its Finances column', () => {
    expect(Object.values(LEDGER_KIND_LABELS)).toEqual([
      'Buy-in',
      'Rebuys',
      'Insurance',
      'Bonus',
      'Paid',
      'Prizes',
      'Prizes Paid To',
    ]);
  });
});

describe('formatting', () => {
  it.each([
    [{ champion: true, eliminated: false, lives: 2 }, 'CHAMPION'],
    [{ champion: false, eliminated: true, lives: 0 }, 'ELIMINATED'],
    [{ champion: false, eliminated: false, lives: 0 }, 'ELIMINATED'],
    [{ champion: false, eliminated: false, lives: 2 }, '2'],
  ])('status %o is %s', (entrant, status) => {
    expect(formatFinanceStatus(entrant)).toBe(status);
  });

  it.each([
    ['sam', 1, 'sam'],
    ['sam', 2, 'sam [2]'],
  ])('entry label %s %i', (username, entryNum, label) => {
    expect(formatEntryLabel(username, entryNum)).toBe(label);
  });

  it.each([
    [123450, {}, '$1,234.50'],
    [-550, {}, '-$5.50'],
    [-500, {}, '-$5'],
    [0, {}, '$0'],
    [5000, {}, '$50'],
    [1, {}, '$0.01'],
    [123450, { whole: true }, '$1,235'],
  ])('%i cents is %s', (cents, options, text) => {
    expect(formatDollars(cents, options)).toBe(text);
  });

  it.each([
    ['12.34', 1234],
    ['$5', 500],
    ['0.5', 50],
    ['.05', 5],
    ['-3.10', -310],
    ['1.234', null],
    ['abc', null],
    ['', null],
  ])('parses %s as %o cents', (text, cents) => {
    expect(parseDollarsToCents(text)).toBe(cents);
  });
});
