// How good forecasts were, once the outcomes are known: the scores `npm run calibrate` prints.

/** A forecast probability and what happened (1 it did, 0 it did not). */
export interface Forecast {
  p: number;
  outcome: 0 | 1;
}

// Log loss of a forecast of exactly 0 or 1 that misses is infinite; forecasts are clipped this far in.
const LOG_LOSS_CLIP = 1e-15;

/** Brier score: mean (p - outcome)^2; 0.25 for a coin flip, lower is better. */
export function brierScore(forecasts: readonly Forecast[]): number {
  if (forecasts.length === 0) return Number.NaN;
  let sum = 0;
  for (const f of forecasts) sum += (f.p - f.outcome) ** 2;
  return sum / forecasts.length;
}

/** Log loss: mean -ln(probability given to what happened); ln 2 (0.693) for a coin flip, lower is better. */
export function logLoss(forecasts: readonly Forecast[]): number {
  if (forecasts.length === 0) return Number.NaN;
  let sum = 0;
  for (const f of forecasts) {
    const p = Math.min(1 - LOG_LOSS_CLIP, Math.max(LOG_LOSS_CLIP, f.p));
    sum -= f.outcome === 1 ? Math.log(p) : Math.log(1 - p);
  }
  return sum / forecasts.length;
}

/** One decile of a reliability table: forecasts in [from, to), their mean and how often it happened. */
export interface ReliabilityBin {
  from: number;
  to: number;
  count: number;
  meanForecast: number;
  observed: number;
}

/** Forecasts grouped by decile of p (the last decile includes 1); empty deciles are left out. */
export function reliabilityDeciles(forecasts: readonly Forecast[]): ReliabilityBin[] {
  const bins = Array.from({ length: 10 }, (_, i) => ({ i, count: 0, p: 0, hits: 0 }));
  for (const f of forecasts) {
    const bin = bins[Math.min(9, Math.max(0, Math.floor(f.p * 10)))];
    bin.count++;
    bin.p += f.p;
    bin.hits += f.outcome;
  }
  return bins
    .filter((b) => b.count > 0)
    .map((b) => ({
      from: b.i / 10,
      to: (b.i + 1) / 10,
      count: b.count,
      meanForecast: b.p / b.count,
      observed: b.hits / b.count,
    }));
}
