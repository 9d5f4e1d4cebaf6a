import { describe, expect, it } from 'vitest';
import { brierScore, logLoss, reliabilityDeciles } from './scores';

describe('forecast scores', () => {
  const outcomes = [1, 0, 1, 1] as const;

  it('score a coin flip 0.25 (Brier) and ln 2 (log loss)', () => {
    const coin = outcomes.map((outcome) => ({ p: 0.5, outcome }));
    expect(brierScore(coin)).toBe(0.25);
    expect(logLoss(coin)).toBeCloseTo(Math.LN2, 15);
  });

  it('score a perfect forecast 0, and a sure miss finitely', () => {
    const perfect = outcomes.map((outcome) => ({ p: outcome, outcome }));
    expect(brierScore(perfect)).toBe(0);
    expect(logLoss(perfect)).toBeCloseTo(0, 12);
    expect(Number.isFinite(logLoss([{ p: 0, outcome: 1 }]))).toBe(true);
  });

  it('have no score without forecasts', () => {
    expect(brierScore([])).toBeNaN();
    expect(logLoss([])).toBeNaN();
  });

  it('group forecasts by decile, with how often each decile happened', () => {
    const bins = reliabilityDeciles([
      { p: 0.05, outcome: 0 },
      { p: 0.72, outcome: 1 },
      { p: 0.78, outcome: 0 },
      { p: 1, outcome: 1 },
    ]);
    expect(bins).toEqual([
      { from: 0, to: 0.1, count: 1, meanForecast: 0.05, observed: 0 },
      { from: 0.7, to: 0.8, count: 2, meanForecast: 0.75, observed: 0.5 },
      { from: 0.9, to: 1, count: 1, meanForecast: 1, observed: 1 },
    ]);
  });
});
