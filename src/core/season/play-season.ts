import { must } from '../must';
import { decideEnd, type EndGroup, type EndRule } from './end-rule';
import { type EntryState, startEntry } from './entries';
import { picksAskedIn } from './nfl-team';
import { computePrizePool } from './prize-pool';
import { createWeekRandom } from './random';
import type { Report, ReportEntry, ReportWeek, Scenario } from './scenario.schema';
import { type Pick, settleWeek, type WeekEntryInput, type WeekRules } from './settle-week';
import { assertValidScenario, parseScenarioText } from './validate';

/** Seed used for insurance option 2 when a scenario gives none. */
export const DEFAULT_SEED = 0;

interface EntryRun {
  state: EntryState;
  used: string[];
  weeks: ReportWeek[];
  bonusNet: number;
}

/** Plays a whole validated season week by week and reports every entry; throws ScenarioError on a broken pick. */
export function playSeason(scenario: Scenario): Report {
  assertValidScenario(scenario);
  const { pool } = scenario;
  const rules: WeekRules = {
    game: pool.game,
    rebuys: pool.rebuys,
    shootMoon: pool.shoot_moon,
    insuranceOption: pool.insurance_option,
    nflPassTds: pool.nfl_pass_tds,
    tieRule: pool.tie_rule,
    autoPick: pool.auto_pick,
  };
  const runs: EntryRun[] = scenario.entries.map(() => ({
    state: startEntry(pool.rebuys),
    used: [],
    weeks: [],
    bonusNet: 0,
  }));

  let decision: { week: number; champions: number[] } | null = null;
  for (const [weekIndex, week] of scenario.weeks.entries()) {
    const key = String(week.week);
    const entries: WeekEntryInput[] = scenario.entries.map((entry, i) => ({
      id: entry.id,
      state: runs[i].state,
      autoRebuy: entry.auto_rebuy,
      insured: entry.insured,
      pick: Object.hasOwn(entry.picks, key) ? entry.picks[key] : null,
      used: runs[i].used,
      rebuyBeforeLock: entry.rebuy_before_weeks.includes(week.week),
      inBonusPool: entry.bonus_weeks.includes(week.week),
    }));
    const settled = settleWeek({
      rules: { ...rules, picksAsked: picksAskedIn(pool.picks_per_week, week.week) },
      facts: {
        week: week.week,
        teams: week.teams,
        stats: week.stats,
        bonusEvents: week.bonus_events,
        odds: week.odds,
      },
      entries,
      random: createWeekRandom(scenario.seed ?? DEFAULT_SEED, week.week),
    });
    settled.entries.forEach((outcome, i) => {
      const run = runs[i];
      if (!outcome.played) return;
      run.state = outcome.state;
      run.bonusNet += outcome.bonusNet;
      run.used.push(...pickedIds(outcome.pick));
      run.weeks.push(
        reportWeek(
          week.week,
          outcome.pick,
          outcome.assigned,
          must(outcome.result, 'week result'),
          outcome.state,
        ),
      );
    });
    if (pool.end_rule) {
      const lastWeek = weekIndex === scenario.weeks.length - 1;
      const champions = applyEndRule(pool.end_rule, runs, week.week, lastWeek);
      if (champions) {
        decision = { week: week.week, champions };
        break;
      }
    }
  }

  const reportEntries: ReportEntry[] = scenario.entries.map((entry, i) => {
    const run = runs[i];
    return {
      id: entry.id,
      weeks: run.weeks,
      lives: run.state.lives,
      rebuys: run.state.rebuysMade,
      status: run.state.status,
      weeks_alive: run.state.weeksAlive,
      bonus_net: run.bonusNet,
    };
  });
  const prizePool = computePrizePool({
    buyin: pool.buyin,
    entries: scenario.entries.length,
    insurance: pool.insurance,
    insuredEntries: scenario.entries.filter((entry) => entry.insured).length,
    rebuyPrice: pool.rebuy_price,
    rebuysMade: reportEntries.reduce((sum, entry) => sum + entry.rebuys, 0),
    alaPct: pool.ala_pct,
  });
  const report: Report = { entries: reportEntries, prize_pool: prizePool };
  if (!pool.end_rule) return report;
  return {
    ...report,
    champions: (decision?.champions ?? []).map((i) => scenario.entries[i].id),
    decided_week: decision?.week ?? null,
  };
}

/**
 * Takes the end rule's verdict on the week just judged: revives the wipeout's entries (their week's row
 * says so) or answers the champions' indexes when the pool is decided, null when it plays on.
 */
function applyEndRule(rule: EndRule, runs: EntryRun[], week: number, lastWeek: boolean): number[] | null {
  const groups: Record<EndGroup, number[]> = { 'still-in': [], 'out-by-result': [], 'out-at-lock': [] };
  runs.forEach((run, i) => {
    const group = endGroupOf(run, week);
    if (group) groups[group].push(i);
  });
  const verdict = decideEnd(rule, {
    stillIn: groups['still-in'].length,
    outByResult: groups['out-by-result'].length,
    outAtLock: groups['out-at-lock'].length,
    lastWeek,
  });
  if (verdict.kind === 'wipeout-revive') {
    for (const i of groups[verdict.revived]) {
      const run = runs[i];
      // A new object: entries alike may share one state (settleWeek's outcomes).
      run.state = { ...run.state, lives: 1, status: 'alive', weeksAlive: run.state.weeksAlive + 1 };
      const row = must(run.weeks.at(-1), 'the revived week');
      run.weeks[run.weeks.length - 1] = { ...row, lives: 1, status: 'alive', revived: true };
    }
    return null;
  }
  if (verdict.kind === 'play-on') return null;
  return groups[verdict.champions];
}

/** Where an entry stands for the end rule after a week: still in, out this week (and how), or neither. */
function endGroupOf(run: EntryRun, week: number): EndGroup | null {
  if (run.state.status !== 'eliminated') return 'still-in';
  const row = run.weeks.at(-1);
  if (row?.week !== week) return null;
  return row.result === 'no-rebuy' ? 'out-at-lock' : 'out-by-result';
}

/** The simulate command's whole job on text: parse, validate, play; throws ScenarioError when broken. */
export function simulateScenarioText(text: string): Report {
  return playSeason(parseScenarioText(text));
}

function pickedIds(pick: Pick): readonly string[] {
  if (pick === null) return [];
  return typeof pick === 'string' ? [pick] : pick;
}

function reportWeek(
  week: number,
  pick: Pick,
  assigned: boolean,
  result: ReportWeek['result'],
  state: EntryState,
): ReportWeek {
  return {
    week,
    pick: pick === null ? null : typeof pick === 'string' ? pick : [...pick],
    ...(assigned ? { assigned: true as const } : {}),
    result,
    lives: state.lives,
    status: state.status,
  };
}
