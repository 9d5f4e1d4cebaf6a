import { describe, expect, it } from 'vitest';
import { timeLimit } from '../src/server/test/time-limit';
import { calibrate, formatCalibration, playerReport } from './calibrate';

// The targets, measured on the bundled seasons: the odds must beat a coin flip and the home
// team in every sport, and come within 0.01 Brier of FiveThirtyEight's NFL Elo.
describe('npm run calibrate', () => {
  it('beats both baselines in every sport and stays within 0.01 Brier of FiveThirtyEight', {
    timeout: timeLimit(120_000),
  }, () => {
    const report = calibrate();
    expect(report.sports.map((s) => s.title)).toEqual([
      'MLB 2023',
      'NBA 2018-19',
      'NFL 2020 (regular season and playoffs)',
    ]);
    for (const sport of report.sports) {
      const [ours, ...others] = sport.models;
      expect(ours.name).toBe('Elo (this model)');
      const [coin, home] = others.slice(-2);
      expect(ours.brier).toBeLessThan(coin.brier);
      expect(ours.brier).toBeLessThan(home.brier);
      expect(ours.logLoss).toBeLessThan(coin.logLoss);
      expect(ours.logLoss).toBeLessThan(home.logLoss);
      if (sport.weeks) {
        expect(sport.weeks.models[0].brier).toBeLessThan(sport.weeks.models[1].brier);
        expect(sport.weeks.reliability.reduce((n, bin) => n + bin.count, 0)).toBe(sport.weeks.teamWeeks);
      }
    }
    expect(report.sports[0].games).toBe(2430);
    expect(report.sports[1].games).toBe(1230);
    expect(Math.abs(report.nflGapTo538)).toBeLessThan(0.01);
    // Ratings from history beat both FiveThirtyEight's own and a plain Elo fitted on 2010-19 (issue 43).
    expect(report.nflGapTo538).toBeLessThan(0);
    expect(report.nflGapToPlain).toBeLessThan(0);
    // MLB has 0-6 weeks to forecast; expected and observed moons are of the same size
    const moon = report.sports[0].weeks?.moon;
    expect(moon?.happened).toBeGreaterThan(0);
    expect(moon?.expected).toBeGreaterThan((moon?.happened ?? 0) / 2);
    expect(moon?.expected).toBeLessThan((moon?.happened ?? 0) * 2);
    expect(formatCalibration(report)).toContain("FiveThirtyEight's elo_prob1");
  });

  it("scores the NFL TD player odds on the recorded week against each position's base rate, and says which is better", {
    timeout: timeLimit(120_000),
  }, () => {
    const players = playerReport();
    // 2023 week 2 is the one week of real player lines; every club played it
    expect(players.weeks).toEqual([2]);
    expect(players.positions.map((p) => p.position).sort()).toEqual(['QB', 'RB', 'TE', 'WR']);
    expect(players.positions.reduce((n, p) => n + p.players, 0)).toBe(players.playerWeeks);
    expect(players.positions.reduce((n, p) => n + p.scored, 0)).toBe(players.scored);
    expect(players.playerWeeks).toBeGreaterThan(250);
    expect(players.scored).toBeGreaterThan(0);
    const [model, base] = players.models;
    // a constant share r within each position scores r(1 - r) there
    const expected =
      players.positions.reduce((sum, p) => sum + p.scored * (1 - p.scored / p.players), 0) /
      players.playerWeeks;
    expect(base.brier).toBeCloseTo(expected, 12);
    expect(model.brier).toBeGreaterThan(0);
    expect(model.brier).toBeLessThan(0.25);
    // the report says plainly whether the model beats the base rate
    const text = formatCalibration(calibrate());
    expect(text).toContain('### NFL TD player odds: scores a touchdown');
    expect(text).toContain(
      model.brier > base.brier
        ? 'Worse than the per-position base rate'
        : 'Better than the per-position base rate',
    );
  });
});
