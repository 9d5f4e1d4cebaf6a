import { describe, expect, it } from 'vitest';
import { createRandom } from '../season/random';
import { assignMinCost, type PlannerWeek, pathOf, planSeason } from './planner';

/** The best survival over every assignment of distinct unused options (weeks may go without). */
function bruteForce(weeks: readonly PlannerWeek[], used: ReadonlySet<string>): number {
  let best = 0;
  const walk = (i: number, taken: Set<string>, product: number) => {
    if (product <= best) return;
    if (i === weeks.length) {
      best = product;
      return;
    }
    for (const [option, p] of weeks[i].odds) {
      if (used.has(option) || taken.has(option)) continue;
      taken.add(option);
      walk(i + 1, taken, product * p);
      taken.delete(option);
    }
  };
  walk(0, new Set(), 1);
  return best;
}

function randomSeason(random: () => number, weekCount: number, teamCount: number): PlannerWeek[] {
  const teams = Array.from({ length: teamCount }, (_, i) => `T${String(i).padStart(2, '0')}`);
  return Array.from({ length: weekCount }, (_, w) => ({
    week: w + 3,
    // about one team in six has no game that week
    odds: new Map(teams.filter(() => random() > 0.16).map((t) => [t, Math.round(random() * 1000) / 1000])),
  }));
}

describe('planSeason', () => {
  it('finds the best product of random small seasons, as brute force does', () => {
    const random = createRandom(2026);
    for (let trial = 0; trial < 400; trial++) {
      const weekCount = 1 + Math.floor(random() * 5);
      const teamCount = 1 + Math.floor(random() * 7);
      const weeks = randomSeason(random, weekCount, teamCount);
      const used = new Set([...weeks[0].odds.keys()].filter(() => random() < 0.2));
      const { best, greedy } = planSeason(weeks, used);
      const exact = bruteForce(weeks, used);
      expect(best.survival).toBeCloseTo(exact, 12);
      expect(best.survival).toBeGreaterThanOrEqual(greedy.survival - 1e-12);
      const picked = best.picks.flatMap((p) => (p.pick === null ? [] : [p.pick]));
      expect(new Set(picked).size).toBe(picked.length);
      for (const pick of best.picks) {
        expect(pick.pick === null || !used.has(pick.pick)).toBe(true);
        const offered =
          pick.pick === null ? undefined : weeks.find((w) => w.week === pick.week)?.odds.get(pick.pick);
        if (exact > 0) expect(offered).toBe(pick.probability);
      }
    }
  });

  it('finds the best plan among many more options than weeks, as brute force does', () => {
    const random = createRandom(600);
    for (let trial = 0; trial < 60; trial++) {
      const weeks = randomSeason(random, 2 + Math.floor(random() * 2), 10 + Math.floor(random() * 4));
      const used = new Set(['T00', 'T03']);
      expect(planSeason(weeks, used).best.survival).toBeCloseTo(bruteForce(weeks, used), 12);
    }
  });

  it('saves a team that is strong in a later week, where greedy spends it at once', () => {
    const weeks: PlannerWeek[] = [
      {
        week: 1,
        odds: new Map([
          ['BOS', 0.9],
          ['NYY', 0.85],
        ]),
      },
      {
        week: 2,
        odds: new Map([
          ['BOS', 0.8],
          ['NYY', 0.3],
        ]),
      },
    ];
    const { best, greedy } = planSeason(weeks, []);
    expect(best.picks.map((p) => p.pick)).toEqual(['NYY', 'BOS']);
    expect(best.survival).toBeCloseTo(0.85 * 0.8, 15);
    expect(greedy.picks.map((p) => p.pick)).toEqual(['BOS', 'NYY']);
    expect(greedy.survival).toBeCloseTo(0.9 * 0.3, 15);
    expect(best.expectedWeeks).toBeCloseTo(0.85 + 0.85 * 0.8, 15);
    expect(greedy.expectedWeeks).toBeCloseTo(0.9 + 0.9 * 0.3, 15);
  });

  it('never plans a used team, and leaves a week empty when no unused team plays in it', () => {
    const weeks: PlannerWeek[] = [
      {
        week: 7,
        odds: new Map([
          ['LAD', 0.7],
          ['SF', 0.6],
        ]),
      },
      { week: 8, odds: new Map([['LAD', 0.9]]) },
    ];
    const { best, greedy } = planSeason(weeks, ['LAD']);
    expect(best.picks).toEqual([
      { week: 7, pick: 'SF', probability: 0.6 },
      { week: 8, pick: null, probability: 0 },
    ]);
    expect(best.survival).toBe(0);
    expect(best.expectedWeeks).toBeCloseTo(0.6, 15);
    expect(greedy.picks).toEqual(best.picks);
  });

  it('plans nothing when no week is left', () => {
    expect(planSeason([], [])).toEqual({
      best: { picks: [], survival: 1, expectedWeeks: 0 },
      greedy: { picks: [], survival: 1, expectedWeeks: 0 },
    });
  });
});

describe('pathOf', () => {
  it('expected weeks survived sums the chance of being alive after each week', () => {
    const path = pathOf([
      { week: 1, pick: 'A', probability: 0.5 },
      { week: 2, pick: 'B', probability: 0.5 },
      { week: 3, pick: 'C', probability: 1 },
    ]);
    expect(path.survival).toBeCloseTo(0.25, 15);
    expect(path.expectedWeeks).toBeCloseTo(0.5 + 0.25 + 0.25, 15);
  });
});

describe('assignMinCost', () => {
  it('finds the cheapest assignment of distinct columns', () => {
    expect(
      assignMinCost([
        [4, 1, 3],
        [2, 0, 5],
        [3, 2, 2],
      ]),
    ).toEqual([1, 0, 2]);
    expect(assignMinCost([[5, 1, 9]])).toEqual([1]);
  });

  it('refuses more rows than columns', () => {
    expect(() => assignMinCost([[1], [2]])).toThrow();
  });
});
