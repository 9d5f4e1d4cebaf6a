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

/** prize_pool = round((buyin x entries + insurance x insured + rebuy_price x rebuys) x (1 - ala_pct)). */
export function computePrizePool(input: PrizePoolInput): number {
  const collected =
    input.buyin * input.entries +
    input.insurance * input.insuredEntries +
    input.rebuyPrice * input.rebuysMade;
  return Math.round(collected * (1 - input.alaPct));
}
