// A tiny seeded generator, so insurance option 2 draws are reproducible from a scenario's `seed`
// (or a seed the server stores per pool) and the engine never touches Math.random.

/** A source of numbers in [0, 1), injected wherever the rules need chance. */
export type Random = () => number;

/** mulberry32: a 32-bit state PRNG; the seed is taken modulo 2^32. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The generator for one week: each week gets its own stream so a week can be re-settled alone. */
export function createWeekRandom(seed: number, week: number): Random {
  return createRandom((seed ^ Math.imul(week, 0x9e3779b1)) >>> 0);
}

/** Picks one item uniformly: index floor(random() * length); an empty list draws nothing. */
export function drawOne<T>(items: readonly T[], random: Random): T | undefined {
  if (items.length === 0) return undefined;
  return items[Math.floor(random() * items.length)];
}
