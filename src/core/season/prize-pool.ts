/** The money that feeds a pool's prize pool, all in cents except the fraction. */
export interface PrizePoolInput {
  buyin: number;
  entries: number;
  insurance: number;
  insuredEntries: number;
  rebuyPrice: number;
  rebuysMade: number;
  /** Fraction the platform keeps (0.05 = 5%). */
  alaPct: number;
}

/**
 * prize_pool = round((buyin x entries + insurance x insured + rebuy_price x rebuys) x (1 - ala_pct)), half cents up.
 * Computed exactly on the fraction as written (0.07 is 7/100), not in floating point: 250 x 0.93 is 232.49999999999997
 * in doubles, but the pool keeps 232.5 cents, which rounds to 233.
 */
export function computePrizePool(input: PrizePoolInput): number {
  const collected =
    input.buyin * input.entries +
    input.insurance * input.insuredEntries +
    input.rebuyPrice * input.rebuysMade;
  return keptOf(collected, input.alaPct);
}

/** `collected` cents less the fraction `alaPct`, exactly, half cents up. */
function keptOf(collected: number, alaPct: number): number {
  const { numerator, denominator } = toDecimalFraction(alaPct);
  const kept = BigInt(collected) * (denominator - numerator);
  // Half up: floor(kept / denominator + 1/2).
  return Number((2n * kept + denominator) / (2n * denominator));
}

/** A pool's counted entries (status 1) as its prize pool counts them. */
export interface PrizePoolCounts {
  entrants: number;
  insured: number;
  /** Rebuys the counted entries have made. */
  rebuys: number;
  /**
   * Cents the counted entries paid in, as their ledger holds it: buy-ins, rebuys and insurance at the price
   * charged, less refunds. A price changed later (rebuy price, a buy-in not made retroactive) never rewrites it.
   */
  paidIn: number;
}

/** A pool's prize pool: what its counted entries paid in (the ledger), less the platform's share. */
export function poolPrizePool(pool: { alaPct: number }, counts: Pick<PrizePoolCounts, 'paidIn'>): number {
  return keptOf(counts.paidIn, pool.alaPct);
}

/** A finite non-negative number as the exact decimal fraction of its shortest representation (0.07 → 7/100). */
export function toDecimalFraction(value: number): { numerator: bigint; denominator: bigint } {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`not a fraction: ${value}`);
  const [mantissa = '0', exponentText = '0'] = String(value).toLowerCase().split('e');
  const [whole = '0', decimals = ''] = mantissa.split('.');
  const exponent = Number(exponentText) - decimals.length;
  const digits = BigInt(whole + decimals);
  return exponent >= 0
    ? { numerator: digits * 10n ** BigInt(exponent), denominator: 1n }
    : { numerator: digits, denominator: 10n ** BigInt(-exponent) };
}
