import { chargeAt, settleBonusEvent } from './bonus-money';
import { applyLock, applyVerdict, type EntryState, isInPlay } from './entries';
import {
  countPicks,
  drawRandomTeam,
  type InsuranceOption,
  pickMostPopular,
  rankByPopularity,
} from './insurance';
import { drawUnusedTeams, favouritesUnused, mostPopularUnused, teamsOf } from './nfl-team';
import type { Random } from './random';
import { judgeNflPick, judgePlayerPick, judgeTeamPick, type PickVerdict } from './results';
import type {
  BonusEvent,
  PlayerStats,
  ScenarioGame,
  TeamRecord,
  TieRule,
  WeekResult,
} from './scenario.schema';
import { ScenarioError } from './validate';

/** A week's pick: a team code (nba, mlb, nfl), player ids (nfl-td), teams (an nfl multi-pick week), or null for none. */
export type Pick = string | readonly string[] | null;

/** The pool settings that judging a week depends on. */
export interface WeekRules {
  game: ScenarioGame;
  /** Paid rebuys the pool allows (lives at start = rebuys + 1). */
  rebuys: number;
  /** MLB shoot the moon; ignored for other games. */
  shootMoon: boolean;
  /** 0 none, 1 most popular pick, 2 random pick; ignored for nfl-td. */
  insuranceOption: InsuranceOption;
  /** Passing TDs that make an NFL player advance; 0 ignores passing TDs. */
  nflPassTds: number;
  /** nfl: how a tied game counts (default loss). */
  tieRule?: TieRule;
  /** nfl: the teams this week asks for (default 1; 2 or 3 in a multi-pick week). */
  picksAsked?: number;
  /** nfl: a missed pick not filled by insurance takes the week's unused favourites. */
  autoPick?: boolean;
}

/** What happened in the week's games. */
export interface WeekFacts {
  /** 1-based week number. */
  week: number;
  /** nba/mlb: [wins, losses] of every team that played this week; only these teams can be picked or assigned. */
  teams: Readonly<Record<string, TeamRecord>>;
  /** nfl-td: touchdowns per player id; a player with no line scored nothing. */
  stats: Readonly<Record<string, Partial<PlayerStats>>>;
  /** nba/mlb bonus events, settled in this order. */
  bonusEvents: readonly BonusEvent[];
  /** nfl: each team's pre-kickoff win probability (auto-pick ranks by it). */
  odds?: Readonly<Record<string, number>>;
}

/** One entry as the week locks. */
export interface WeekEntryInput {
  id: string;
  state: EntryState;
  autoRebuy: boolean;
  insured: boolean;
  /** The entrant's own pick for this week; an empty player list counts as none. */
  pick: Pick;
  /** Teams or players this entry used in earlier weeks, insurance assignments included. */
  used: readonly string[];
  /** The entrant paid a rebuy before this week locked (only matters while waiting for one). */
  rebuyBeforeLock: boolean;
  /** The entry opted in to this week's bonus pool. */
  inBonusPool: boolean;
}

/** Everything settleWeek needs: pure data plus the injected randomness for insurance option 2. */
export interface SettleWeekInput {
  rules: WeekRules;
  facts: WeekFacts;
  /** Entries in a stable order (bonus remainder cents follow it). */
  entries: readonly WeekEntryInput[];
  /** Required only for insurance option 2; called once per assigned random pick, in entries order. */
  random?: Random;
}

/**
 * What the week did to one entry, aligned with the input entries. Entries given one input object (a
 * caller's entries alike, never insured ones) share one outcome object, its id the first one's, until
 * bonus money sets one apart: a million entries alike cost one outcome, not a million.
 */
export interface WeekEntryOutcome {
  id: string;
  /** False for an entry already eliminated before this week: nothing changed and nothing is reported. */
  played: boolean;
  /** The state after the week (lives, rebuys made, status, weeks alive). */
  state: EntryState;
  /** The pick that was judged (assigned by insurance when `assigned`); null for none or no-rebuy. */
  pick: Pick;
  assigned: boolean;
  /** null when not played. */
  result: WeekResult | null;
  /** Paid rebuys made this week, each charged rebuy_price: up to 2 (a manual one at the lock, an automatic one after a loss). */
  rebuysBought: number;
  /** Bonus money this week in cents: + prizes won, - shares paid. */
  bonusNet: number;
}

/** One bonus event's money; indexes point into the input entries. */
export interface WeekBonusSettlement {
  team: string;
  prize: number;
  total: number;
  winners: number[];
  /** Payers in entries order; the first `extraCentPayers` pay `share + 1`, the rest `share`. */
  payers: number[];
  share: number;
  extraCentPayers: number;
}

/** The settled week. */
export interface SettleWeekOutput {
  week: number;
  entries: WeekEntryOutcome[];
  bonusEvents: WeekBonusSettlement[];
}

/**
 * Settles one week for a list of entries: lock (pending rebuys), picks (insurance fills missing ones), results and
 * lives, then bonus money. Pure; throws ScenarioError if a pick is not playable
 * (a team without games this week, or a team or player already used).
 */
export function settleWeek(input: SettleWeekInput): SettleWeekOutput {
  const { rules, facts, entries } = input;
  const isNfl = rules.game === 'nfl-td';
  const outcomes = new Array<WeekEntryOutcome>(entries.length);

  // Lock: everyone still in play either plays or, waiting for an unpaid rebuy, is eliminated now.
  // Entries given one input object (a caller's entries alike) share its outcome: without insurance to
  // assign, the same input makes the same pick and the same verdict, judged once below.
  const playing: number[] = [];
  const sameInput = new Map<WeekEntryInput, { outcome: WeekEntryOutcome; plays: boolean }>();
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    const same = entry.insured ? undefined : sameInput.get(entry);
    if (same !== undefined) {
      outcomes[i] = same.outcome;
      if (same.plays) playing.push(i);
      continue;
    }
    const outcome = notPlayed(entry);
    outcomes[i] = outcome;
    let plays = false;
    if (isInPlay(entry.state)) {
      outcome.played = true;
      outcome.state = applyLock(entry.state, entry.rebuyBeforeLock);
      outcome.rebuysBought = outcome.state.rebuysMade - entry.state.rebuysMade;
      if (outcome.state.status === 'eliminated') outcome.result = 'no-rebuy';
      else plays = true;
    }
    if (plays) playing.push(i);
    if (!entry.insured) sameInput.set(entry, { outcome, plays });
  }

  const insuranceOption = isNfl ? 0 : rules.insuranceOption;
  let popularity: string[] | null = null;
  const weekTeams = Object.keys(facts.teams);
  const judged = new Set<WeekEntryOutcome>();

  for (const i of playing) {
    const entry = entries[i];
    const outcome = outcomes[i];
    if (judged.has(outcome)) continue;
    judged.add(outcome);
    if (rules.game === 'nfl') {
      popularity ??= rankByPopularity(countPicks(playing.flatMap((j) => ownTeams(entries[j].pick))));
      settleNflPick(rules, facts, entry, outcome, popularity, input.random);
      continue;
    }
    let pick = ownPick(entry.pick);
    let assigned = false;
    if (pick !== null) {
      assertPickable(entry, pick, facts, isNfl);
    } else if (entry.insured && insuranceOption === 1) {
      // Only the entrants' own picks count: an assignment never feeds another assignment.
      popularity ??= rankByPopularity(countPicks(playing.map((j) => ownTeamPick(entries[j].pick))));
      pick = pickMostPopular(popularity, entry.used);
      assigned = pick !== null;
    } else if (entry.insured && insuranceOption === 2) {
      if (!input.random) throw new Error('settleWeek: insurance option 2 needs a random source');
      pick = drawRandomTeam(weekTeams, entry.used, input.random);
      assigned = pick !== null;
    }

    const verdict: PickVerdict =
      pick === null
        ? 'loss'
        : typeof pick === 'string'
          ? judgeTeamPick(facts.teams[pick], rules.shootMoon && rules.game === 'mlb')
          : judgePlayerPick(pick, facts.stats, rules.nflPassTds);
    outcome.state = applyVerdict(outcome.state, verdict, rules.rebuys, entry.autoRebuy);
    outcome.rebuysBought = outcome.state.rebuysMade - entry.state.rebuysMade;
    outcome.pick = pick;
    outcome.assigned = assigned;
    outcome.result = pick === null ? 'no-pick' : verdict;
  }

  // Performance bonuses are NBA and MLB's alone.
  const bonusEvents = isNfl || rules.game === 'nfl' ? [] : settleBonuses(facts, entries, outcomes, playing);
  return { week: facts.week, entries: outcomes, bonusEvents };
}

/**
 * One entry's classic NFL week: its own pick, else insurance, else auto-pick (k teams each), judged as a
 * whole: every team the week asks for must advance, and the week costs one life at most.
 */
function settleNflPick(
  rules: WeekRules,
  facts: WeekFacts,
  entry: WeekEntryInput,
  outcome: WeekEntryOutcome,
  popularity: readonly string[],
  random: Random | undefined,
): void {
  const asked = rules.picksAsked ?? 1;
  let pick = ownPick(entry.pick);
  let assigned = false;
  if (pick !== null) {
    for (const team of teamsOf(pick)) assertTeamPickable(entry, team, facts);
  } else {
    let teams: string[] = [];
    if (entry.insured && rules.insuranceOption === 1) {
      // Only the entrants' own picks count: an assignment never feeds another assignment.
      teams = mostPopularUnused(popularity, entry.used, asked);
    } else if (entry.insured && rules.insuranceOption === 2) {
      if (!random) throw new Error('settleWeek: insurance option 2 needs a random source');
      teams = drawUnusedTeams(Object.keys(facts.teams), entry.used, asked, random);
    }
    if (teams.length === 0 && rules.autoPick) {
      teams = favouritesUnused(facts.odds ?? {}, facts.teams, entry.used, asked);
    }
    if (teams.length > 0) {
      // A multi-pick week's assignment is a list, as its picks are; a single pick is a team.
      pick = asked > 1 ? teams : teams[0];
      assigned = true;
    }
  }
  const verdict: PickVerdict =
    pick === null ? 'loss' : judgeNflPick(teamsOf(pick), facts.teams, asked, rules.tieRule ?? 'loss');
  outcome.state = applyVerdict(outcome.state, verdict, rules.rebuys, entry.autoRebuy);
  outcome.rebuysBought = outcome.state.rebuysMade - entry.state.rebuysMade;
  outcome.pick = pick;
  outcome.assigned = assigned;
  outcome.result = pick === null ? 'no-pick' : verdict;
}

function assertTeamPickable(entry: WeekEntryInput, team: string, facts: WeekFacts): void {
  if (!Object.hasOwn(facts.teams, team)) {
    throw new ScenarioError(
      'team-not-in-week',
      entry.id,
      facts.week,
      `${team} has no game this week (a bye)`,
    );
  }
  if (entry.used.includes(team)) {
    throw new ScenarioError('team-used-twice', entry.id, facts.week, `${team} was already used`);
  }
}

/** Every team of an entrant's own pick (none for no pick). */
function ownTeams(pick: Pick): readonly string[] {
  return pick === null ? [] : teamsOf(pick);
}

function notPlayed(entry: WeekEntryInput): WeekEntryOutcome {
  return {
    id: entry.id,
    played: false,
    state: entry.state,
    pick: null,
    assigned: false,
    result: null,
    rebuysBought: 0,
    bonusNet: 0,
  };
}

function ownPick(pick: Pick): Pick {
  if (pick === null) return null;
  if (typeof pick !== 'string' && pick.length === 0) return null;
  return pick;
}

function ownTeamPick(pick: Pick): string | null {
  return typeof pick === 'string' ? pick : null;
}

function assertPickable(
  entry: WeekEntryInput,
  pick: string | readonly string[],
  facts: WeekFacts,
  isNfl: boolean,
): void {
  const week = facts.week;
  if (typeof pick === 'string' && !Object.hasOwn(facts.teams, pick)) {
    throw new ScenarioError('team-not-in-week', entry.id, week, `${pick} has no entry in this week's teams`);
  }
  const reused =
    typeof pick === 'string'
      ? entry.used.includes(pick)
        ? pick
        : undefined
      : pick.find((id) => entry.used.includes(id));
  if (reused === undefined) return;
  const rule = isNfl ? 'player-used-twice' : 'team-used-twice';
  throw new ScenarioError(rule, entry.id, week, `${reused} was already used (insurance assigned it)`);
}

function settleBonuses(
  facts: WeekFacts,
  entries: readonly WeekEntryInput[],
  outcomes: WeekEntryOutcome[],
  playing: readonly number[],
): WeekBonusSettlement[] {
  if (facts.bonusEvents.length === 0) return [];
  // Members are fixed at the lock: an entry eliminated by this week's result still takes part in this week.
  const members = playing.filter((i) => entries[i].inBonusPool);
  const memberPicks = members.map((i) => ownTeamPick(outcomes[i].pick));
  // An entry's bonus money is its own: its outcome is copied out of the one it shares before any moves.
  const own = new Set<WeekEntryOutcome>();
  const ownOutcome = (i: number): WeekEntryOutcome => {
    let outcome = outcomes[i];
    if (!own.has(outcome)) {
      outcome = { ...outcome };
      outcomes[i] = outcome;
      own.add(outcome);
    }
    return outcome;
  };
  return facts.bonusEvents.map((event) => {
    const settled = settleBonusEvent(memberPicks, event.team, event.prize);
    if (settled.total > 0) {
      for (const m of settled.winners) ownOutcome(members[m]).bonusNet += settled.prize;
      settled.payers.forEach((m, order) => {
        ownOutcome(members[m]).bonusNet -= chargeAt(settled.charge, order);
      });
    }
    return {
      team: event.team,
      prize: event.prize,
      total: settled.total,
      winners: settled.winners.map((m) => members[m]),
      payers: settled.payers.map((m) => members[m]),
      share: settled.charge.base,
      extraCentPayers: settled.charge.extra,
    };
  });
}
