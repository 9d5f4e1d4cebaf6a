// The season planner: which unused teams (or players) to pick in each remaining week so that the chance
// of surviving them all is the largest, within the pool's pick rules: so many picks a week, at most so
// many of one team in a week (NFL TD's max players per NFL team), each option once a season. Surviving
// every week is the product of the weeks' odds, so the best plan minimises the sum of -log p over its
// picks: a min-cost flow, option -> (week, team) -> week, whose capacities are those rules (an
// assignment cannot hold the per-team cap). Greedy "best pick this week" is reported beside it, since
// it spends the strong options early.

/** One remaining week: each pickable option's P(surviving the week with it). */
export interface PlannerWeek {
  week: number;
  /** Options that can be picked this week (a team with no game is absent) and their odds. */
  odds: ReadonlyMap<string, number>;
}

/** One pick the entry holds in a planned week and can no longer change (its player's game started). */
export interface FixedPick {
  week: number;
  pick: string;
}

/** The pool's pick rules, as the plan obeys them. */
export interface PlanRules {
  /** Picks each week holds (NFL TD's players per week); 1 when absent. */
  perWeek?: number;
  /** Most picks of one team in one week (NFL TD's max players per NFL team); no cap when absent. */
  maxPerTeam?: number;
  /** An option's team (an NFL player's club); an option is its own team when absent. */
  teamOf?: (option: string) => string;
  /** Picks already held in planned weeks that stay: they fill their week's places and count for its teams. */
  fixed?: readonly FixedPick[];
}

/** One pick of a plan: `perWeek` of them per week. */
export interface PlannedPick {
  week: number;
  /** null when no option is left for this place of the week. */
  pick: string | null;
  probability: number;
}

/** A path through the remaining weeks. */
export interface PlanPath {
  picks: PlannedPick[];
  /** The product of every pick's odds: P(surviving every remaining week) when a week holds one pick. */
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

/** The rules with their defaults filled in. */
interface Rules {
  perWeek: number;
  maxPerTeam: number;
  teamOf: (option: string) => string;
}

/** A planned week: its fixed picks, how many places are left, and its unused options best first. */
interface WeekToPlan {
  week: number;
  odds: ReadonlyMap<string, number>;
  fixed: string[];
  open: number;
  /** Picks of each team the fixed ones already take. */
  fixedTeams: Map<string, number>;
  ranked: [string, number][];
}

/**
 * Plans the remaining weeks (in the order given) for an entry: the picks of options not in `used`
 * that fill the most places and, among those, have the largest product of odds, within `rules`; and
 * the greedy path under the same rules.
 */
export function planSeason(
  weeks: readonly PlannerWeek[],
  used: Iterable<string>,
  rules: PlanRules = {},
): SeasonPlan {
  const perWeek = Math.max(1, Math.floor(rules.perWeek ?? 1));
  const full: Rules = {
    perWeek,
    maxPerTeam: Math.max(1, Math.min(perWeek, Math.floor(rules.maxPerTeam ?? perWeek))),
    teamOf: rules.teamOf ?? ((option) => option),
  };
  const fixed = rules.fixed ?? [];
  const taken = new Set([...used, ...fixed.map((f) => f.pick)]);
  const toPlan: WeekToPlan[] = weeks.map((w) => {
    const own = fixed.filter((f) => f.week === w.week).map((f) => f.pick);
    const fixedTeams = new Map<string, number>();
    for (const pick of own) fixedTeams.set(full.teamOf(pick), (fixedTeams.get(full.teamOf(pick)) ?? 0) + 1);
    const ranked = [...w.odds].filter(([option]) => !taken.has(option)).sort(byOdds);
    return {
      week: w.week,
      odds: w.odds,
      fixed: own,
      open: Math.max(0, perWeek - own.length),
      fixedTeams,
      ranked,
    };
  });
  const places = toPlan.reduce((sum, w) => sum + w.open, 0);
  for (const w of toPlan) w.ranked = plannableOptions(w.ranked, places, full);
  return { best: bestPath(toPlan, full), greedy: greedyPath(toPlan, full) };
}

/**
 * Of one week's options ranked best first, those a best plan can hold among `places` places in all.
 * A pick x of team T is never needed when, of the options ranked above it, more than `places` - 1
 * remain once the teams that could be full that week without T are set aside (the week's other
 * perWeek - 1 picks fill at most (perWeek - 1) / maxPerTeam teams): one of them is then free for the
 * week and no worse. With one pick a week this is the week's `places` best; it keeps a long NFL TD
 * list short.
 */
export function plannableOptions<T extends readonly [string, number]>(
  ranked: readonly T[],
  places: number,
  rules: Pick<Rules, 'perWeek' | 'maxPerTeam' | 'teamOf'>,
): T[] {
  const fullTeams = Math.floor((rules.perWeek - 1) / rules.maxPerTeam);
  const counts = new Map<string, number>();
  // The teams with the most options ranked so far, most first: fullTeams + 1 of them are enough.
  const top: string[] = [];
  const kept: T[] = [];
  for (let above = 0; above < ranked.length; above++) {
    const entry = ranked[above];
    const team = rules.teamOf(entry[0]);
    let setAside = 0;
    let setAsideAny = 0;
    let teams = 0;
    for (const t of top) {
      if (teams === fullTeams) break;
      teams++;
      setAsideAny += counts.get(t) ?? 0;
    }
    // No option further down can be kept once even the largest teams leave `places` above it.
    if (above - setAsideAny >= places) break;
    teams = 0;
    for (const t of top) {
      if (teams === fullTeams) break;
      if (t === team) continue;
      teams++;
      setAside += counts.get(t) ?? 0;
    }
    if (above - setAside < places) kept.push(entry);
    const count = (counts.get(team) ?? 0) + 1;
    counts.set(team, count);
    if (!top.includes(team)) top.push(team);
    top.sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0));
    if (top.length > fullTeams + 1) top.length = fullTeams + 1;
  }
  return kept;
}

function bestPath(weeks: readonly WeekToPlan[], rules: Rules): PlanPath {
  // source -> option (once a season) -> (week, team) (the cap) -> week (its places) -> sink
  const graph = new FlowGraph();
  const source = graph.addNode();
  const sink = graph.addNode();
  const optionNode = new Map<string, number>();
  const pickEdges: { edge: number; week: number; option: string; probability: number }[] = [];
  weeks.forEach((w, index) => {
    const weekNode = graph.addNode();
    graph.addEdge(weekNode, sink, w.open, 0);
    const teamNodes = new Map<string, number>();
    // a cap no week can reach needs no (week, team) nodes
    const capped = rules.maxPerTeam < rules.perWeek;
    for (const [option, probability] of w.ranked) {
      const team = rules.teamOf(option);
      let teamNode = capped ? teamNodes.get(team) : weekNode;
      if (teamNode === undefined) {
        teamNode = graph.addNode();
        teamNodes.set(team, teamNode);
        graph.addEdge(teamNode, weekNode, rules.maxPerTeam - (w.fixedTeams.get(team) ?? 0), 0);
      }
      let from = optionNode.get(option);
      if (from === undefined) {
        from = graph.addNode();
        optionNode.set(option, from);
        graph.addEdge(source, from, 1, 0);
      }
      const cost = -Math.log(Math.max(probability, FLOOR));
      pickEdges.push({ edge: graph.addEdge(from, teamNode, 1, cost), week: index, option, probability });
    }
  });
  graph.minCostMaxFlow(source, sink);
  const chosen: [string, number][][] = weeks.map(() => []);
  for (const { edge, week, option, probability } of pickEdges)
    if (graph.flowOf(edge) > 0) chosen[week].push([option, probability]);
  return pathOf(weeks.flatMap((w, index) => weekPicks(w, chosen[index].sort(byOdds), rules.perWeek)));
}

function greedyPath(weeks: readonly WeekToPlan[], rules: Rules): PlanPath {
  const left = new Set(weeks.flatMap((w) => w.ranked.map(([option]) => option)));
  return pathOf(
    weeks.flatMap((w) => {
      const teams = new Map(w.fixedTeams);
      const chosen: [string, number][] = [];
      // ranked is best first, ties by code: the first that fits is the greedy pick
      for (const [option, probability] of w.ranked) {
        if (chosen.length === w.open) break;
        const team = rules.teamOf(option);
        if (!left.has(option) || (teams.get(team) ?? 0) >= rules.maxPerTeam) continue;
        chosen.push([option, probability]);
        teams.set(team, (teams.get(team) ?? 0) + 1);
        left.delete(option);
      }
      return weekPicks(w, chosen, rules.perWeek);
    }),
  );
}

/** A week's perWeek rows: its fixed picks, the planned ones, then empty places. */
function weekPicks(w: WeekToPlan, chosen: readonly [string, number][], perWeek: number): PlannedPick[] {
  const rows: PlannedPick[] = [
    ...w.fixed.map((pick) => ({ week: w.week, pick, probability: w.odds.get(pick) ?? 0 })),
    ...chosen.map(([pick, probability]) => ({ week: w.week, pick, probability })),
  ];
  while (rows.length < perWeek) rows.push({ week: w.week, pick: null, probability: 0 });
  return rows;
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
 * A flow network solved by successive shortest paths (Dijkstra on reduced costs, Johnson potentials):
 * the most flow from source to sink, at the least cost among flows that large. Costs must not be negative.
 */
export class FlowGraph {
  private nodes = 0;
  private readonly edgeTo: number[] = [];
  private readonly edgeFrom: number[] = [];
  private readonly edgeCapacity: number[] = [];
  private readonly edgeCost: number[] = [];
  private flows: Int32Array | null = null;

  /** Adds a node and returns its index. */
  addNode(): number {
    return this.nodes++;
  }

  /** Adds an edge of whole-number capacity and returns its index, for flowOf. */
  addEdge(from: number, to: number, capacity: number, cost: number): number {
    this.edgeFrom.push(from);
    this.edgeTo.push(to);
    this.edgeCapacity.push(Math.max(0, capacity));
    this.edgeCost.push(cost);
    return this.edgeTo.length - 1;
  }

  /** The flow an edge carries once solved. */
  flowOf(edge: number): number {
    return this.flows?.[edge] ?? 0;
  }

  /** Sends the most flow at the least cost; returns the flow and its cost. */
  minCostMaxFlow(source: number, sink: number): { flow: number; cost: number } {
    const n = this.nodes;
    const m = this.edgeTo.length;
    // Residual arcs 2e (forward) and 2e + 1 (back), listed per node in compact arrays.
    const start = new Int32Array(n + 1);
    for (let e = 0; e < m; e++) {
      start[this.edgeFrom[e] + 1]++;
      start[this.edgeTo[e] + 1]++;
    }
    for (let v = 0; v < n; v++) start[v + 1] += start[v];
    const arcs = new Int32Array(2 * m);
    const fill = start.slice(0, n);
    const to = new Int32Array(2 * m);
    const capacity = new Int32Array(2 * m);
    const cost = new Float64Array(2 * m);
    for (let e = 0; e < m; e++) {
      const from = this.edgeFrom[e];
      const target = this.edgeTo[e];
      to[2 * e] = target;
      to[2 * e + 1] = from;
      capacity[2 * e] = this.edgeCapacity[e];
      cost[2 * e] = this.edgeCost[e];
      cost[2 * e + 1] = -this.edgeCost[e];
      arcs[fill[from]++] = 2 * e;
      arcs[fill[target]++] = 2 * e + 1;
    }
    const potential = new Float64Array(n);
    const distance = new Float64Array(n);
    const settled = new Uint8Array(n);
    const via = new Int32Array(n);
    const heap = new MinHeap(n + 2 * m);
    let flow = 0;
    let total = 0;
    for (;;) {
      distance.fill(Number.POSITIVE_INFINITY);
      settled.fill(0);
      distance[source] = 0;
      heap.clear();
      heap.push(0, source);
      while (heap.size > 0) {
        const d = heap.topKey();
        const u = heap.pop();
        if (d > distance[u]) continue;
        settled[u] = 1;
        // Nodes farther than the sink do not change this path; their potentials are raised by the
        // sink's distance below, which keeps every reduced cost non-negative.
        if (u === sink) break;
        for (let i = start[u]; i < start[u + 1]; i++) {
          const arc = arcs[i];
          if (capacity[arc] <= 0) continue;
          const v = to[arc];
          // rounding can leave a reduced cost a hair below zero: a gain that small is no gain, so a
          // zero-cost cycle cannot keep improving
          const candidate = d + cost[arc] + potential[u] - potential[v];
          if (candidate < distance[v] - 1e-12) {
            distance[v] = candidate;
            via[v] = arc;
            heap.push(candidate, v);
          }
        }
      }
      if (distance[sink] === Number.POSITIVE_INFINITY) break;
      const reach = distance[sink];
      for (let v = 0; v < n; v++) potential[v] += settled[v] ? distance[v] : reach;
      let push = Number.POSITIVE_INFINITY;
      for (let v = sink; v !== source; v = to[via[v] ^ 1]) push = Math.min(push, capacity[via[v]]);
      for (let v = sink; v !== source; v = to[via[v] ^ 1]) {
        capacity[via[v]] -= push;
        capacity[via[v] ^ 1] += push;
        total += push * cost[via[v]];
      }
      flow += push;
    }
    this.flows = new Int32Array(m);
    for (let e = 0; e < m; e++) this.flows[e] = capacity[2 * e + 1];
    return { flow, cost: total };
  }
}

/** A binary heap of (key, node), smallest key first, on preallocated arrays. */
class MinHeap {
  private readonly keys: Float64Array;
  private readonly nodes: Int32Array;
  size = 0;

  constructor(capacity: number) {
    this.keys = new Float64Array(capacity);
    this.nodes = new Int32Array(capacity);
  }

  clear(): void {
    this.size = 0;
  }

  topKey(): number {
    return this.keys[0];
  }

  push(key: number, node: number): void {
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.keys[parent] <= key) break;
      this.keys[i] = this.keys[parent];
      this.nodes[i] = this.nodes[parent];
      i = parent;
    }
    this.keys[i] = key;
    this.nodes[i] = node;
  }

  /** Removes the smallest and returns its node. */
  pop(): number {
    const top = this.nodes[0];
    const n = --this.size;
    const key = this.keys[n];
    const node = this.nodes[n];
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && this.keys[child + 1] < this.keys[child]) child++;
      if (this.keys[child] >= key) break;
      this.keys[i] = this.keys[child];
      this.nodes[i] = this.nodes[child];
      i = child;
    }
    this.keys[i] = key;
    this.nodes[i] = node;
    return top;
  }
}

/** Best odds first, ties by code. */
function byOdds([a, p]: readonly [string, number], [b, q]: readonly [string, number]): number {
  return q - p || compareCodes(a, b);
}

function compareCodes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
