import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type EntryPick, type PickEntry, type PickPool, validatePickAction } from '../picks';
import { createRandom } from '../season/random';
import {
  type FixedPick,
  FlowGraph,
  type PlannedPick,
  type PlannerWeek,
  type PlanPath,
  type PlanRules,
  pathOf,
  plannableOptions,
  planSeason,
} from './planner';

/** A small season under some pick rules, with the entry's used options and fixed picks. */
interface Case {
  weeks: PlannerWeek[];
  used: Set<string>;
  perWeek: number;
  maxPerTeam: number;
  team: Map<string, string>;
  fixed: FixedPick[];
}

const rulesOf = (c: Case): PlanRules => ({
  perWeek: c.perWeek,
  maxPerTeam: c.maxPerTeam,
  teamOf: (option) => c.team.get(option) ?? option,
  fixed: c.fixed,
});

/** What the planner maximises: the most picks, then the largest product of their odds. */
function planValue(path: PlanPath): { picks: number; product: number } {
  const made = path.picks.filter((p) => p.pick !== null);
  return { picks: made.length, product: made.reduce((product, p) => product * p.probability, 1) };
}

/** The best value over every plan the rules allow (fixed picks included), found by trying them all. */
function bruteForce(c: Case): { picks: number; product: number } {
  let best = { picks: -1, product: 0 };
  const teamOf = (option: string) => c.team.get(option) ?? option;
  const taken = new Set([...c.used, ...c.fixed.map((f) => f.pick)]);
  const walk = (i: number, picks: number, product: number) => {
    if (i === c.weeks.length) {
      if (picks > best.picks || (picks === best.picks && product > best.product)) best = { picks, product };
      return;
    }
    const week = c.weeks[i];
    const fixed = c.fixed.filter((f) => f.week === week.week).map((f) => f.pick);
    const options = [...week.odds.keys()].filter((o) => !taken.has(o));
    // every set of at most perWeek - fixed options of the week, within the team cap
    const choose = (from: number, chosen: string[]) => {
      const counts = new Map<string, number>();
      for (const o of [...fixed, ...chosen]) counts.set(teamOf(o), (counts.get(teamOf(o)) ?? 0) + 1);
      if ([...counts.values()].some((n) => n > c.maxPerTeam)) return;
      const weekProduct = [...fixed, ...chosen].reduce((p, o) => p * (week.odds.get(o) ?? 0), 1);
      for (const o of chosen) taken.add(o);
      walk(i + 1, picks + fixed.length + chosen.length, product * weekProduct);
      for (const o of chosen) taken.delete(o);
      if (fixed.length + chosen.length === c.perWeek) return;
      for (let j = from; j < options.length; j++) choose(j + 1, [...chosen, options[j]]);
    };
    choose(0, []);
  };
  walk(0, 0, 1);
  return best;
}

/** Makes the plan's picks week by week through Make Picks' own validation; fails on the first refused. */
function followThroughMakePicks(c: Case, picks: readonly PlannedPick[]): void {
  const future = new Date('2030-01-01T00:00:00Z');
  const past = new Date('2020-01-01T00:00:00Z');
  const teamOf = (option: string) => c.team.get(option) ?? option;
  const lastWeek = Math.max(...c.weeks.map((w) => w.week));
  const pool: PickPool = {
    game: 'nfl-td',
    weekCount: lastWeek,
    playersPerWeek: c.perWeek,
    maxPlayersPerTeam: c.maxPerTeam,
    lockAtPickStart: false,
    entryDeadline: null,
    final: false,
    hasAliveEntries: true,
  };
  const held: EntryPick[] = [
    ...[...c.used].map((id) => ({ week: 1, id, teamAbb: teamOf(id), kickoff: past })),
    ...c.fixed.map((f) => ({ week: f.week, id: f.pick, teamAbb: teamOf(f.pick), kickoff: past })),
  ];
  const fixed = new Set(c.fixed.map((f) => `${f.week}:${f.pick}`));
  for (const planned of picks) {
    if (planned.pick === null || fixed.has(`${planned.week}:${planned.pick}`)) continue;
    const entry: PickEntry = { active: true, lives: 1, extinct: false, needsRebuy: false, picks: held };
    const week = c.weeks.find((w) => w.week === planned.week);
    const result = validatePickAction(
      {
        pool,
        viewer: { kind: 'user', entry },
        week: planned.week,
        weekLockAt: future,
        target: {
          id: planned.pick,
          name: planned.pick,
          teamAbb: teamOf(planned.pick),
          hasGame: week?.odds.has(planned.pick) ?? false,
          kickoff: future,
        },
        now: new Date('2026-01-01T00:00:00Z'),
      },
      'confirm',
    );
    expect({ planned, result }).toMatchObject({ result: { ok: true } });
    expect(planned.probability).toBe(week?.odds.get(planned.pick));
    held.push({ week: planned.week, id: planned.pick, teamAbb: teamOf(planned.pick), kickoff: future });
  }
  // the fixed picks stay where they are
  for (const f of c.fixed)
    expect(picks).toContainEqual(expect.objectContaining({ week: f.week, pick: f.pick }));
  // and every week has its perWeek places
  for (const w of c.weeks) expect(picks.filter((p) => p.week === w.week)).toHaveLength(c.perWeek);
}

/** Random small seasons: up to 6 places, options spread over up to 3 teams, some used, some fixed. */
const smallCase: fc.Arbitrary<Case> = fc
  .record({
    perWeek: fc.integer({ min: 1, max: 3 }),
    cap: fc.integer({ min: 1, max: 3 }),
    teams: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 7 }),
    odds: fc.array(
      fc.array(fc.option(fc.integer({ min: 0, max: 1000 }), { freq: 5 }), { minLength: 7, maxLength: 7 }),
      {
        minLength: 1,
        maxLength: 4,
      },
    ),
    usedMask: fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }),
    fixedMask: fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }),
  })
  .map(({ perWeek, cap, teams, odds, usedMask, fixedMask }) => {
    const options = teams.map((_, i) => `P${i}`);
    const team = new Map(options.map((o, i) => [o, `T${teams[i]}`]));
    const weekCount = Math.min(odds.length, Math.floor(6 / perWeek));
    const weeks = odds.slice(0, weekCount).map((row, w) => ({
      week: w + 2,
      odds: new Map(
        options.flatMap((o, i) => {
          const p = row[i];
          return p === null ? [] : [[o, p / 1000] as const];
        }),
      ),
    }));
    const used = new Set(options.filter((_, i) => usedMask[i] && !fixedMask[i]));
    // a few of the first week's options held and locked, within the rules
    const fixed: FixedPick[] = [];
    const maxPerTeam = Math.min(cap, perWeek);
    for (const [i, o] of options.entries()) {
      const sameTeam = fixed.filter((f) => team.get(f.pick) === team.get(o)).length;
      if (fixedMask[i] && weeks[0].odds.has(o) && fixed.length < perWeek - 1 && sameTeam < maxPerTeam)
        fixed.push({ week: weeks[0].week, pick: o });
    }
    return { weeks, used, perWeek, maxPerTeam, team, fixed };
  });

function randomSeason(random: () => number, weekCount: number, teamCount: number): PlannerWeek[] {
  const teams = Array.from({ length: teamCount }, (_, i) => `T${String(i).padStart(2, '0')}`);
  return Array.from({ length: weekCount }, (_, w) => ({
    week: w + 3,
    // about one team in six has no game that week
    odds: new Map(teams.filter(() => random() > 0.16).map((t) => [t, Math.round(random() * 1000) / 1000])),
  }));
}

describe('planSeason', () => {
  it('finds the best plan the pick rules allow, as brute force does, and Make Picks takes it', () => {
    fc.assert(
      fc.property(smallCase, (c) => {
        const { best, greedy } = planSeason(c.weeks, c.used, rulesOf(c));
        const exact = bruteForce(c);
        const found = planValue(best);
        expect(found.picks).toBe(exact.picks);
        expect(found.product).toBeCloseTo(exact.product, 12);
        const fromGreedy = planValue(greedy);
        expect(fromGreedy.picks <= found.picks).toBe(true);
        if (fromGreedy.picks === found.picks)
          expect(fromGreedy.product).toBeLessThanOrEqual(found.product + 1e-12);
        followThroughMakePicks(c, best.picks);
        followThroughMakePicks(c, greedy.picks);
      }),
      { numRuns: 400 },
    );
  });

  it('finds the best plan among many more players than places, under a team cap, as brute force does', () => {
    const random = createRandom(41);
    for (let trial = 0; trial < 40; trial++) {
      const players = 10 + Math.floor(random() * 5);
      const team = new Map(Array.from({ length: players }, (_, i) => [`P${i}`, `T${i % 3}`]));
      const weeks = Array.from({ length: 2 }, (_, w) => ({
        week: w + 2,
        odds: new Map([...team.keys()].map((p) => [p, Math.round(random() * 1000) / 1000])),
      }));
      const c: Case = {
        weeks,
        used: new Set(['P0']),
        perWeek: 2 + Math.floor(random() * 2),
        maxPerTeam: 1,
        team,
        fixed: [],
      };
      const { best, greedy } = planSeason(c.weeks, c.used, rulesOf(c));
      const exact = bruteForce(c);
      expect(planValue(best).picks).toBe(exact.picks);
      expect(planValue(best).product).toBeCloseTo(exact.product, 12);
      followThroughMakePicks(c, best.picks);
      followThroughMakePicks(c, greedy.picks);
    }
  });

  it('finds the best plan among many more teams than weeks, as brute force does', () => {
    const random = createRandom(600);
    for (let trial = 0; trial < 60; trial++) {
      const weeks = randomSeason(random, 2 + Math.floor(random() * 2), 10 + Math.floor(random() * 4));
      const c: Case = {
        weeks,
        used: new Set(['T00', 'T03']),
        perWeek: 1,
        maxPerTeam: 1,
        team: new Map(),
        fixed: [],
      };
      const best = planSeason(weeks, c.used).best;
      expect(best.survival).toBeCloseTo(bruteForce(c).product, 12);
    }
  });

  it('holds at most the cap of one NFL team in a week, where the two best are teammates (issue 41)', () => {
    const team = new Map([
      ['watson', 'CLE'],
      ['ford', 'CLE'],
      ['henry', 'BAL'],
      ['kelce', 'KC'],
    ]);
    const weeks: PlannerWeek[] = [
      {
        week: 3,
        odds: new Map([
          ['watson', 0.5],
          ['ford', 0.45],
          ['henry', 0.4],
          ['kelce', 0.2],
        ]),
      },
    ];
    const rules = { perWeek: 2, maxPerTeam: 1, teamOf: (p: string) => team.get(p) ?? p };
    const { best, greedy } = planSeason(weeks, [], rules);
    expect(best.picks.map((p) => p.pick)).toEqual(['watson', 'henry']);
    expect(greedy.picks.map((p) => p.pick)).toEqual(['watson', 'henry']);
    // two of a team when the pool allows two
    expect(planSeason(weeks, [], { ...rules, maxPerTeam: 2 }).best.picks.map((p) => p.pick)).toEqual([
      'watson',
      'ford',
    ]);
    // a held, locked CLE pick leaves room for no other CLE player
    const fixed = planSeason(weeks, [], { ...rules, fixed: [{ week: 3, pick: 'ford' }] });
    expect(fixed.best.picks.map((p) => p.pick)).toEqual(['ford', 'henry']);
    expect(fixed.greedy.picks.map((p) => p.pick)).toEqual(['ford', 'henry']);
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

describe('plannableOptions', () => {
  const teamOf = (option: string) => option.slice(0, 3);
  const ranked = (...ids: string[]) => ids.map((id, i): [string, number] => [id, 1 - i / 100]);

  it("keeps a week's best `places` options when it holds one pick", () => {
    const kept = plannableOptions(ranked('CLE1', 'CLE2', 'BAL1', 'KC_1', 'NYJ1'), 3, {
      perWeek: 1,
      maxPerTeam: 1,
      teamOf,
    });
    expect(kept.map(([id]) => id)).toEqual(['CLE1', 'CLE2', 'BAL1']);
  });

  it('keeps options below a full team, which the cap may leave the week needing', () => {
    // two picks a week, one per team: the week's other pick may fill CLE, so both BAL players stay;
    // KC's is never needed, since of BAL's two one is free
    const kept = plannableOptions(ranked('CLE1', 'CLE2', 'CLE3', 'BAL1', 'BAL2', 'KC_1', 'NYJ1'), 2, {
      perWeek: 2,
      maxPerTeam: 1,
      teamOf,
    });
    expect(kept.map(([id]) => id)).toEqual(['CLE1', 'CLE2', 'BAL1', 'BAL2']);
  });
});

describe('FlowGraph', () => {
  it('sends the most flow at the least cost', () => {
    // two units from 0 to 3: the cheap path 0-1-3 holds one, so the second takes 0-2-3
    const graph = new FlowGraph();
    for (let i = 0; i < 4; i++) graph.addNode();
    const cheap = graph.addEdge(0, 1, 1, 1);
    graph.addEdge(1, 3, 2, 0);
    const dear = graph.addEdge(0, 2, 5, 4);
    graph.addEdge(2, 3, 5, 0);
    graph.addEdge(1, 2, 1, 0);
    expect(graph.minCostMaxFlow(0, 3)).toEqual({ flow: 6, cost: 1 + 5 * 4 });
    expect(graph.flowOf(cheap)).toBe(1);
    expect(graph.flowOf(dear)).toBe(5);
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
