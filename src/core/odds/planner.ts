// The season planner: which unused team (or player) to pick in each remaining week so that the chance
// of surviving them all is the largest. Surviving every week is the product of the weeks' odds, so
// the best plan minimises the sum of -log p over distinct picks: an assignment problem, solved
// exactly by the Hungarian algorithm (weeks x options, O(weeks^2 x options)). Greedy "best pick this
// week" is reported beside it, since it spends the strong teams early.

/** One remaining week: each pickable option's P(surviving the week with it). */
export interface PlannerWeek {
  week: number;
  /** Options that can be picked this week (a team with no game is absent) and their odds. */
  odds: ReadonlyMap<string, number>;
}

/** One week of a plan. */
export interface PlannedPick {
  week: number;
  /** null when no unused option is left for the week. */
  pick: string | null;
  probability: number;
}

/** A path through the remaining weeks. */
export interface PlanPath {
  picks: PlannedPick[];
  /** P(surviving every remaining week), the weeks taken as independent. */
  survival: number;
  /** Expected number of remaining weeks survived before the first loss: sum over k of P(surviving weeks 1..k). */
  expectedWeeks: number;
}

/** The best plan and the greedy one. */
export interface SeasonPlan {
  best: PlanPath;
  greedy: PlanPath;
}

// -log of odds this small is as bad as a loss; the floor keeps costs finite.
const FLOOR = 1e-12;
// An option a week does not offer: far dearer than any real pick, so it is used only when nothing else is left.
const UNAVAILABLE = 1e6;

/**
 * Plans the remaining weeks (in the order given) for an entry: the assignment of distinct options not
 * in `used` that maximises the probability of surviving them all, and the greedy path.
 */
export function planSeason(weeks: readonly PlannerWeek[], used: Iterable<string>): SeasonPlan {
  const usedSet = new Set(used);
  const options = [...new Set(weeks.flatMap((w) => [...w.odds.keys()]))]
    .filter((option) => !usedSet.has(option))
    .sort(compareCodes);
  return { best: bestPath(weeks, options), greedy: greedyPath(weeks, options) };
}

function bestPath(weeks: readonly PlannerWeek[], allOptions: readonly string[]): PlanPath {
  const rows = weeks.length;
  if (rows === 0) return pathOf([]);
  const options = candidates(weeks, allOptions);
  // Missing options (more weeks than options left) are padded with columns no week offers.
  const columns = Math.max(options.length, rows);
  const cost: number[][] = weeks.map((w) =>
    Array.from({ length: columns }, (_, j) => {
      const p = j < options.length ? w.odds.get(options[j]) : undefined;
      return p === undefined ? UNAVAILABLE : -Math.log(Math.max(p, FLOOR));
    }),
  );
  const assigned = assignMinCost(cost);
  return pathOf(
    weeks.map((w, i) => {
      const j = assigned[i];
      const pick = j < options.length ? options[j] : undefined;
      const probability = pick === undefined ? undefined : w.odds.get(pick);
      return probability === undefined
        ? { week: w.week, pick: null, probability: 0 }
        : { week: w.week, pick: pick ?? null, probability };
    }),
  );
}

/**
 * The options that can be in a best plan: each week's `weeks` best. A week planned with an option
 * outside its own top n could swap to one of them that no other week (n - 1 of them) holds, and be no
 * worse. With many options (NFL TD players) this keeps the matrix at most weeks x weeks^2.
 */
function candidates(weeks: readonly PlannerWeek[], options: readonly string[]): string[] {
  const rows = weeks.length;
  if (options.length <= rows * rows) return [...options];
  const open = new Set(options);
  const keep = new Set<string>();
  for (const w of weeks) {
    const offered = [...w.odds].filter(([option]) => open.has(option));
    offered.sort(([a, p], [b, q]) => q - p || compareCodes(a, b));
    for (const [option] of offered.slice(0, rows)) keep.add(option);
  }
  return options.filter((o) => keep.has(o));
}

function greedyPath(weeks: readonly PlannerWeek[], options: readonly string[]): PlanPath {
  const left = new Set(options);
  return pathOf(
    weeks.map((w) => {
      let pick: string | null = null;
      let probability = 0;
      // options are in code order, so ties go to the first code
      for (const option of options) {
        const p = w.odds.get(option);
        if (!left.has(option) || p === undefined) continue;
        if (pick === null || p > probability) {
          pick = option;
          probability = p;
        }
      }
      if (pick !== null) left.delete(pick);
      return { week: w.week, pick, probability };
    }),
  );
}

/** Survival and expected weeks of a list of picks. */
export function pathOf(picks: PlannedPick[]): PlanPath {
  let alive = 1;
  let expectedWeeks = 0;
  for (const pick of picks) {
    alive *= pick.probability;
    expectedWeeks += alive;
  }
  return { picks, survival: picks.length === 0 ? 1 : alive, expectedWeeks };
}

/**
 * The Hungarian algorithm (potentials, shortest augmenting paths) on a rows x columns cost matrix with
 * rows <= columns: the column of each row in a minimum-cost assignment of distinct columns.
 */
export function assignMinCost(cost: readonly (readonly number[])[]): number[] {
  const n = cost.length;
  if (n === 0) return [];
  const m = cost[0].length;
  if (m < n) throw new Error('assignMinCost needs at least as many columns as rows.');
  // 1-based, column 0 a sentinel: u, v potentials; match[j] the row in column j; way[j] the path back.
  const u = new Float64Array(n + 1);
  const v = new Float64Array(m + 1);
  const match = new Int32Array(m + 1);
  const way = new Int32Array(m + 1);
  for (let i = 1; i <= n; i++) {
    match[0] = i;
    let j0 = 0;
    const minv = new Float64Array(m + 1).fill(Number.POSITIVE_INFINITY);
    const done = new Uint8Array(m + 1);
    do {
      done[j0] = 1;
      const i0 = match[j0];
      let delta = Number.POSITIVE_INFINITY;
      let j1 = 0;
      const row = cost[i0 - 1];
      for (let j = 1; j <= m; j++) {
        if (done[j]) continue;
        const reduced = row[j - 1] - u[i0] - v[j];
        if (reduced < minv[j]) {
          minv[j] = reduced;
          way[j] = j0;
        }
        if (minv[j] < delta) {
          delta = minv[j];
          j1 = j;
        }
      }
      for (let j = 0; j <= m; j++) {
        if (done[j]) {
          u[match[j]] += delta;
          v[j] -= delta;
        } else {
          minv[j] -= delta;
        }
      }
      j0 = j1;
    } while (match[j0] !== 0);
    do {
      const j1 = way[j0];
      match[j0] = match[j1];
      j0 = j1;
    } while (j0 !== 0);
  }
  const columnOfRow = new Array<number>(n);
  for (let j = 1; j <= m; j++) if (match[j] !== 0) columnOfRow[match[j] - 1] = j - 1;
  return columnOfRow;
}

function compareCodes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
