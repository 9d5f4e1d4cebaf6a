import { createRandom } from '../../../core/season/random';

/** A small deterministic PRNG: the rules engine's mulberry32, so one generator serves the whole app. */
export const seededRandom: (seed: number) => () => number = createRandom;

/** A 32-bit seed from a text (FNV-1a), so each game or player gets its own stream. */
export function hashSeed(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** A Poisson draw (Knuth), for small means. */
export function poisson(rand: () => number, mean: number): number {
  const limit = Math.exp(-mean);
  let k = 0;
  let p = rand();
  while (p > limit) {
    k++;
    p *= rand();
  }
  return k;
}

/** A standard normal draw (Box-Muller). */
export function normal(rand: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
}

/** Splits a whole total into whole shares proportional to weights (largest remainder), summing to total. */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((n, w) => n + w, 0);
  if (weights.length === 0) return [];
  if (!(sum > 0))
    return allocate(
      total,
      weights.map(() => 1),
    );
  const exact = weights.map((w) => (total * w) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((n, s) => n + s, 0);
  const order = exact
    .map((x, i) => [x - Math.floor(x), i] as const)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) shares[order[k][1]]++;
  return shares;
}
