import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ScenarioError, simulateScenarioText } from '../../src/core/season';
import { randomScenario } from './random-scenario';
import { simulateReference } from './simulate-reference';

const SEASONS_PER_GAME = 400;

function engineOutcome(scenario: unknown) {
  try {
    return { ok: true as const, report: simulateScenarioText(JSON.stringify(scenario)) };
  } catch (error) {
    if (!(error instanceof ScenarioError)) throw error;
    return { ok: false as const, entry: error.entry, week: error.week, rule: error.rule };
  }
}

describe.each(['nba', 'mlb', 'nfl-td', 'nfl'] as const)(
  'engine agrees with the reference on random %s seasons',
  (game) => {
    it(`${SEASONS_PER_GAME} seasons`, () => {
      const tally = { played: 0, broken: 0 };
      for (let seed = 1; seed <= SEASONS_PER_GAME; seed++) {
        const scenario = randomScenario(seed * 7919 + game.length, game);
        const expected = simulateReference(scenario);
        const actual = engineOutcome(scenario);
        // JSON round trip: the reference builds plain objects, the engine may add undefined-free shapes.
        expect(JSON.parse(JSON.stringify(actual)), `seed ${seed}`).toEqual(expected);
        tally[expected.ok ? 'played' : 'broken']++;
      }
      // Guard against a generator that only ever produces broken files.
      expect(tally.played).toBeGreaterThan(SEASONS_PER_GAME / 2);
    });
  },
);

describe('the reference agrees with every golden report', () => {
  const dir = join(import.meta.dirname, '..', 'scenarios');
  const goldens = readdirSync(dir).filter((name) => name.endsWith('.expected.json'));
  it.each(goldens)('%s', (name) => {
    const scenario = JSON.parse(readFileSync(join(dir, name.replace('.expected.json', '.json')), 'utf8'));
    const expected = JSON.parse(readFileSync(join(dir, name), 'utf8'));
    expect(simulateReference(scenario)).toEqual({ ok: true, report: expected });
  });
});
