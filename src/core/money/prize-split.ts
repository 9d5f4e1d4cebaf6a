export const NO_REMAINING_PRIZES_MESSAGE =
  'You have no remaining prizes available in your prize pool to allocate to entrants.';

/** Remaining prizes at or below one cent (the spec's $0.01) count as none left. */
export const REMAINING_PRIZE_THRESHOLD_CENTS = 1;

/** Default split share of an entrant. */
export const DEFAULT_SPLIT_SHARE = 1;

// Shares may be fractional; they are scaled to integers so the split is exact in BigInt arithmetic.
const SHARE_SCALE = 1_000_000;

/** Prize money not yet allocated (prize_pool - allocated), never below zero. */
export function getRemainingPrizes(prizePool: number, allocated: number): number {
  return Math.max(0, prizePool - allocated);
}

/** Whether anything above the $0.01 threshold is left to allocate. */
export function hasRemainingPrizes(remainingCents: number): boolean {
  return remainingCents > REMAINING_PRIZE_THRESHOLD_CENTS;
}

/** A typed share as a number: anything non-numeric, negative or infinite is 0. */
export function parseShare(value: unknown): number {
  if (typeof value !== 'number' && typeof value !== 'string') return 0;
  if (typeof value === 'string' && value.trim() === '') return 0;
  const share = Number(value);
  return Number.isFinite(share) && share > 0 ? share : 0;
}

/** A split percentage (0-100, step 0.01) in hundredths of a percent, or null when it is not one. */
export function parseSplitPercent(value: unknown): number | null {
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  const percent = Number(value);
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) return null;
  return Math.round(percent * 100);
}

/** The cents a percentage (in hundredths of a percent) of the remaining prizes comes to. */
export function computeSplitAmount(remainingCents: number, percentHundredths: number): number {
  return Math.round((remainingCents * percentHundredths) / 10_000);
}

/**
 * Divides cents in proportion to shares: each gets the floor of its exact part, and the leftover cents go one each
 * to the largest fractional parts, ties to the earlier entry, so the parts always sum to the amount.
 */
export function allocateByShares(amountCents: number, shares: readonly number[]): number[] {
  const scaled = shares.map((share) => BigInt(Math.round(Math.max(0, share) * SHARE_SCALE)));
  const total = scaled.reduce((sum, share) => sum + share, 0n);
  if (total === 0n || amountCents <= 0) return shares.map(() => 0);
  const amount = BigInt(amountCents);
  const parts = scaled.map((share) => ({ floor: (amount * share) / total, rest: (amount * share) % total }));
  let leftover = Number(amount - parts.reduce((sum, part) => sum + part.floor, 0n));
  const order = parts
    .map((part, index) => ({ index, rest: part.rest }))
    .sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  const result = parts.map((part) => Number(part.floor));
  for (const { index } of order) {
    if (leftover === 0) break;
    result[index] += 1;
    leftover -= 1;
  }
  return result;
}

/** Splits cents evenly; the leftover cents go one each to the first recipients in the given order. */
export function splitEvenly(amountCents: number, count: number): number[] {
  return allocateByShares(amountCents, new Array<number>(count).fill(1));
}

export interface SplitEntrantInput {
  id: string;
  /** As typed in the split table; non-numeric means 0. */
  share: unknown;
}

export interface SplitAward {
  id: string;
  share: number;
  /** share / total shares. */
  fraction: number;
  amount: number;
}

export type PrizeSplitRejection =
  | 'no_entrants'
  | 'no_remaining'
  | 'invalid_percent'
  | 'zero_percent'
  | 'no_shares';

export type PrizeSplitPlan =
  | { ok: true; percentHundredths: number; amount: number; totalShares: number; awards: SplitAward[] }
  | { ok: false; reason: PrizeSplitRejection; message: string };

const SPLIT_MESSAGES: Record<PrizeSplitRejection, string> = {
  no_entrants: 'There are no entrants to split prizes among.',
  no_remaining: NO_REMAINING_PRIZES_MESSAGE,
  invalid_percent: 'The percentage must be a number from 0 to 100.',
  zero_percent: 'Enter a percentage above 0 to split prizes.',
  no_shares: 'At least one entrant needs a share above 0.',
};

/** Plans a prize split: a percentage of the remaining prizes, divided by share / total shares in exact cents. */
export function planPrizeSplit(input: {
  remainingCents: number;
  percent: unknown;
  entrants: readonly SplitEntrantInput[];
}): PrizeSplitPlan {
  if (input.entrants.length === 0) return rejectSplit('no_entrants');
  if (!hasRemainingPrizes(input.remainingCents)) return rejectSplit('no_remaining');
  const percentHundredths = parseSplitPercent(input.percent);
  if (percentHundredths === null) return rejectSplit('invalid_percent');
  if (percentHundredths === 0) return rejectSplit('zero_percent');
  const shares = input.entrants.map((entrant) => parseShare(entrant.share));
  const totalShares = shares.reduce((sum, share) => sum + share, 0);
  if (totalShares === 0) return rejectSplit('no_shares');
  const amount = computeSplitAmount(input.remainingCents, percentHundredths);
  const amounts = allocateByShares(amount, shares);
  const awards = input.entrants.map((entrant, index) => ({
    id: entrant.id,
    share: shares[index],
    fraction: shares[index] / totalShares,
    amount: amounts[index],
  }));
  return { ok: true, percentHundredths, amount, totalShares, awards };
}

function rejectSplit(reason: PrizeSplitRejection): {
  ok: false;
  reason: PrizeSplitRejection;
  message: string;
} {
  return { ok: false, reason, message: SPLIT_MESSAGES[reason] };
}

export type SplitTotalsPlan =
  | { ok: true; percentHundredths: number; amount: number }
  | { ok: false; reason: PrizeSplitRejection; message: string };

/**
 * planPrizeSplit's checks and amount for a split whose shares are added up elsewhere (in SQL, over a big
 * pool's entries): `entrants` counts the entries with a share, `totalShares` adds their shares.
 */
export function planSplitTotals(input: {
  remainingCents: number;
  percent: unknown;
  entrants: number;
  totalShares: number;
}): SplitTotalsPlan {
  if (input.entrants === 0) return rejectSplit('no_entrants');
  if (!hasRemainingPrizes(input.remainingCents)) return rejectSplit('no_remaining');
  const percentHundredths = parseSplitPercent(input.percent);
  if (percentHundredths === null) return rejectSplit('invalid_percent');
  if (percentHundredths === 0) return rejectSplit('zero_percent');
  if (!(input.totalShares > 0)) return rejectSplit('no_shares');
  return { ok: true, percentHundredths, amount: computeSplitAmount(input.remainingCents, percentHundredths) };
}
