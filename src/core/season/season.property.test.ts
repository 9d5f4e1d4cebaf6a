import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { randomScenario } from '../../../tests/reference/random-scenario';
import { netBonusCents, settleBonusEvent } from './bonus-money';
import { simulateScenarioText } from './play-season';
import type { Report } from './scenario.schema';
import { ScenarioError } from './validate';

const NUM_RUNS = 300;

/** A random season's report, or null for the few generated files that break a rule on purpose. */
function reportFor(seed: number): { scenario: Record<string, unknown>; report: Report } | null {
  const scenario = randomScenario(seed);
  try {
    return { scenario, report: simulateScenarioText(JSON.stringify(scenario)) };
  } catch (error) {
    if (error instanceof ScenarioError) return null;
    throw error;
  }
}

const seeds = fc.integer({ min: 0, max: 2 ** 31 - 1 });

describe('season properties', () => {
  it('never uses a team or player twice for one entry', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const run = reportFor(seed);
        if (!run) return;
        for (const entry of run.report.entries) {
          const ids = entry.weeks.flatMap((w) =>
            w.pick === null ? [] : typeof w.pick === 'string' ? [w.pick] : w.pick,
          );
          expect(new Set(ids).size).toBe(ids.length);
        }
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('keeps lives at or below rebuys + 1 plus moon lives won so far', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const run = reportFor(seed);
        if (!run) return;
        const rebuys = ((run.scenario.pool as { rebuys: number }).rebuys ?? 0) as number;
        for (const entry of run.report.entries) {
          let moons = 0;
          for (const week of entry.weeks) {
            if (week.result === 'moon') moons++;
            expect(week.lives).toBeLessThanOrEqual(rebuys + 1 + moons);
          }
          expect(entry.rebuys).toBeLessThanOrEqual(rebuys);
        }
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('gives eliminated entries 0 lives and alive ones at least 1', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const run = reportFor(seed);
        if (!run) return;
        for (const entry of run.report.entries) {
          for (const row of [...entry.weeks, entry]) {
            if (row.status === 'eliminated') expect(row.lives).toBe(0);
            else expect(row.lives).toBeGreaterThan(0);
          }
          // Nothing is reported after the week an entry is eliminated.
          const out = entry.weeks.findIndex((w) => w.status === 'eliminated');
          if (out >= 0) expect(out).toBe(entry.weeks.length - 1);
        }
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('moves bonus money zero-sum over the season', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const run = reportFor(seed);
        if (!run) return;
        expect(run.report.entries.reduce((sum, e) => sum + e.bonus_net, 0)).toBe(0);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('gives the same report for the same input', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        expect(reportFor(seed)).toEqual(reportFor(seed));
      }),
      { numRuns: 100 },
    );
  });
});

describe('bonus event properties', () => {
  it('sums to zero per event and charges payers within one cent of each other', () => {
    const picks = fc.array(fc.constantFrom('BOS', 'LAL', 'MIA', null), { maxLength: 40 });
    fc.assert(
      fc.property(picks, fc.integer({ min: 0, max: 1_000_000 }), (memberPicks, prize) => {
        const settled = settleBonusEvent(memberPicks, 'BOS', prize);
        const net = netBonusCents(settled, memberPicks.length);
        expect(net.reduce((a, b) => a + b, 0)).toBe(0);
        const charges = settled.payers.map((i) => -net[i]);
        if (charges.length > 0) expect(Math.max(...charges) - Math.min(...charges)).toBeLessThanOrEqual(1);
        // Bigger charges come first: the remainder goes to the first payers in entries order.
        expect([...charges].sort((a, b) => b - a)).toEqual(charges);
      }),
    );
  });
});
