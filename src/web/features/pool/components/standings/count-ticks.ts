/** Steps a count axis may take: 1, 2, 5 and their multiples of ten. */
const STEPS = [1, 2, 5];

/**
 * Whole, evenly spaced ticks from 0 to at least `top` (a count of entries), at most `maxTicks` of them:
 * 7 entries read 0, 2, 4, 6, 8, never 0, 2, 4, 8.
 */
export function getCountTicks(top: number, maxTicks = 6): number[] {
  const target = Math.max(1, Math.ceil(top));
  let step = 1;
  for (let scale = 1; ; scale *= 10) {
    const fit = STEPS.map((base) => base * scale).find(
      (candidate) => Math.ceil(target / candidate) + 1 <= maxTicks,
    );
    if (fit !== undefined) {
      step = fit;
      break;
    }
  }
  const count = Math.ceil(target / step);
  return Array.from({ length: count + 1 }, (_, index) => index * step);
}
