/** A probability as a whole (or, below 10%, one-decimal) percentage. */
export function formatChance(p: number): string {
  const pct = p * 100;
  if (pct > 0 && pct < 0.1) return '<0.1%';
  return `${pct < 10 ? pct.toFixed(1) : pct.toFixed(0)}%`;
}
