import { z } from 'zod';

/**
 * Ledger entry kinds; every money movement is one row. Amounts are cents: the entrant's costs (buyin, rebuy,
 * insurance), money they paid the commissioner (payment), prizes awarded to them (prize: splits, champions) and
 * prizes the commissioner paid out to them (prize_paid) are positive; bonus rows carry dollars_total's sign
 * (+ prize won, - payout charged). Adjustments (a retroactive buy-in change) are rows with the opposite sign.
 */
export const LedgerKindSchema = z.enum([
  'buyin',
  'rebuy',
  'insurance',
  'bonus',
  'payment',
  'prize',
  'prize_paid',
]);
export type LedgerKind = z.infer<typeof LedgerKindSchema>;

export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  buyin: 'Buy-in',
  rebuy: 'Rebuys',
  insurance: 'Insurance',
  bonus: 'Bonus',
  payment: 'Paid',
  prize: 'Prizes',
  prize_paid: 'Prizes Paid To',
};

export const LedgerEntrySchema = z.object({
  kind: LedgerKindSchema,
  amount: z.number().int(),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

/** One entrant's Finances row, in cents; each column is the sum of its ledger rows. */
export interface FinanceRow {
  buyin: number;
  rebuys: number;
  insurance: number;
  bonus: number;
  prizes: number;
  paid: number;
  prizesPaidTo: number;
  total: number;
}

/** Finances total: minus buy-in, insurance and rebuys, plus bonus total, paid and prizes, minus prizes paid to. */
export function computeFinanceTotal(row: Omit<FinanceRow, 'total'>): number {
  return -row.buyin - row.insurance - row.rebuys + row.bonus + row.paid + row.prizes - row.prizesPaidTo;
}

/** Recomputes an entrant's Finances row from their ledger rows. */
export function summarizeFinances(entries: readonly LedgerEntry[]): FinanceRow {
  const sum = (kind: LedgerKind) =>
    entries.filter((entry) => entry.kind === kind).reduce((total, entry) => total + entry.amount, 0);
  const row = {
    buyin: sum('buyin'),
    rebuys: sum('rebuy'),
    insurance: sum('insurance'),
    bonus: sum('bonus'),
    prizes: sum('prize'),
    paid: sum('payment'),
    prizesPaidTo: sum('prize_paid'),
  };
  return { ...row, total: computeFinanceTotal(row) };
}

/** Status cell of the Finances table: CHAMPION, ELIMINATED, or the lives left. */
export function formatFinanceStatus(entrant: {
  champion: boolean;
  eliminated: boolean;
  lives: number;
}): string {
  if (entrant.champion) return 'CHAMPION';
  if (entrant.eliminated || entrant.lives <= 0) return 'ELIMINATED';
  return String(entrant.lives);
}

/** Entry label: the username, with [n] for a user's second and later entries. */
export function formatEntryLabel(username: string, entryNum: number): string {
  return entryNum > 1 ? `${username} [${entryNum}]` : username;
}

/**
 * Cents as dollars, the one way the app writes money (pages, audit log, feed, mails): whole dollars bare ($50,
 * -$5), cents when there are any ($1,234.50); `whole` rounds to whole dollars. Storage and arithmetic stay in cents.
 */
export function formatDollars(cents: number, options: { whole?: boolean } = {}): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = options.whole || abs % 100 === 0;
  const text = whole
    ? Math.round(abs / 100).toLocaleString('en-US')
    : (abs / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${sign}$${text}`;
}

/** A typed dollar amount (step 0.01) in cents, or null when it is not a number with at most two decimals. */
export function parseDollarsToCents(text: string): number | null {
  const trimmed = text.trim().replace(/^\$/, '');
  if (!/^-?\d+(\.\d{1,2})?$/.test(trimmed) && !/^-?\.\d{1,2}$/.test(trimmed)) return null;
  const negative = trimmed.startsWith('-');
  const [whole, fraction = ''] = trimmed.replace('-', '').split('.');
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  return negative ? -cents : cents;
}
