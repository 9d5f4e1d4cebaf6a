import {
  type EndRule,
  type EntryState,
  judgeWeekEnd,
  type SettleWeekOutput,
  settleWeek,
  type WeekEnd,
  type WeekEntryInput,
  type WeekEntryOutcome,
  type WeekFacts,
  type WeekRules,
} from '../../../../core/season';
import type { PoolRecord } from '../../../db/schema';
import type { PoolWeekBonus } from './week-facts.repo';
import type { WeekPlayer, WeekPlayers } from './week-players.repo';
import { type PoolWeekRules, weekRulesOf } from './week-rules';

// The judging step of settling and re-judging a week (settle-week.command.ts, rejudge.command.ts): the
// rules engine's input built from the week's players, the engine run, and the end rule's verdict. Pure:
// it reads and writes nothing.

/** How an entry starts a week judged again, when a corrected week before it changed its state. */
export interface CorrectedStart {
  /** Entries of one player alike in this too share an input: a small number telling starts apart. */
  variant: number;
  state: EntryState;
  /** It paid a rebuy before this week's lock that its corrected state needs. */
  rebuyBeforeLock: boolean;
}

/** The state a player locked the week with, as the rules engine reads it. */
export function lockedState(player: WeekPlayer): EntryState {
  const { lives } = player;
  return {
    lives,
    rebuysMade: player.rebuysMade,
    status: lives <= 0 ? 'eliminated' : player.needsRebuy ? 'needs-rebuy' : 'alive',
    weeksAlive: player.weeksAlive,
  };
}

/** What the week's games and bonuses were, as the judging reads them. */
export interface WeekVerdictFacts {
  teams: WeekFacts['teams'];
  stats: WeekFacts['stats'];
  bonuses: readonly PoolWeekBonus[];
}

/** A week judged: the engine's input and outcome (with the end rule's, when it judged) and the end rule's verdict. */
export interface WeekVerdict {
  /** The engine's input, aligned with the week's players (entries alike share one). */
  inputs: WeekEntryInput[];
  outcome: SettleWeekOutput;
  /** The end rule's verdict on the week; null when it did not judge (a pool already decided). */
  end: WeekEnd | null;
}

/**
 * Judges a week by the pool's `rules` for it: the rules engine on its players and, with an `endRule`, the end rule on what the engine
 * answered (a revive's entries come back alive with 1 life). `startOf` says how an entry starts a week
 * judged again (null: from the state it locked with).
 */
export function judgeWeekVerdict(
  rules: PoolWeekRules,
  week: number,
  facts: WeekVerdictFacts,
  played: WeekPlayers,
  endRule: EndRule | null,
  startOf?: (i: number) => CorrectedStart | null,
): WeekVerdict {
  const inputs = engineInputs(rules, played, startOf);
  const judged = runEngine(rules.rules, week, facts, inputs);
  const end = endRule ? judgeWeekEnd(endRule, judged.entries, rules.lastWeek) : null;
  return { inputs, outcome: end ? { ...judged, entries: end.outcomes } : judged, end };
}

/**
 * The rules engine's input, aligned with the week's players: entries alike share their player, and so
 * their input (and outcome): the engine reads an input's fields and answers by position, and what it
 * answers is matched to the entries by position too (`played.slots`). An input's id names its first
 * entry's slot, only in an engine error.
 */
function engineInputs(
  rules: PoolWeekRules,
  played: WeekPlayers,
  startOf?: (i: number) => CorrectedStart | null,
): WeekEntryInput[] {
  const { slots, players } = played;
  const shared = new Map<WeekPlayer, WeekEntryInput>();
  const corrected = new Map<WeekPlayer, Map<number, WeekEntryInput>>();
  const inputs: WeekEntryInput[] = new Array(players.length);
  for (let i = 0; i < players.length; i++) {
    const player = players[i];
    const start = startOf?.(i) ?? null;
    if (start === null) {
      let input = shared.get(player);
      if (input === undefined) {
        input = inputOf(rules, player, slots[i], lockedState(player), false);
        shared.set(player, input);
      }
      inputs[i] = input;
      continue;
    }
    let variants = corrected.get(player);
    if (variants === undefined) {
      variants = new Map();
      corrected.set(player, variants);
    }
    let input = variants.get(start.variant);
    if (input === undefined) {
      input = inputOf(rules, player, slots[i], start.state, start.rebuyBeforeLock);
      variants.set(start.variant, input);
    }
    inputs[i] = input;
  }
  return inputs;
}

function inputOf(
  rules: PoolWeekRules,
  player: WeekPlayer,
  slot: number,
  state: EntryState,
  rebuyBeforeLock: boolean,
): WeekEntryInput {
  return {
    id: `slot ${slot}`,
    state,
    autoRebuy: player.autoRebuy,
    // Insurance and auto-picks were assigned when the week locked; they are the entry's picks now.
    insured: false,
    pick: rules.picksAsList ? player.picks : (player.picks[0] ?? null),
    // The once-per-season check is all `used` serves here, and the picks' unique index already refuses
    // an entrant's pick of a team or player they used before (a commissioner's may repeat).
    used: NOTHING_USED,
    // A manual rebuy is applied to the entry when it is paid (POST /user/rebuy), before the lock; one
    // paid before a re-judged week's lock is the corrected start's.
    rebuyBeforeLock,
    inBonusPool: player.inBonus,
  };
}

/** The rules engine on one week (insurance picks were assigned at the lock, so none here). */
function runEngine(
  rules: WeekRules,
  week: number,
  facts: WeekVerdictFacts,
  inputs: WeekEntryInput[],
): SettleWeekOutput {
  // A commissioner may pick a team without a game that week (Edit Picks bypasses the rules): it plays 0-0.
  const weekTeams = { ...facts.teams };
  const teamGame = rules.game !== 'nfl-td';
  for (const input of inputs) {
    if (typeof input.pick === 'string') weekTeams[input.pick] ??= [0, 0];
    else if (teamGame && input.pick) for (const team of input.pick) weekTeams[team] ??= [0, 0];
  }
  return settleWeek({
    rules,
    facts: {
      week,
      teams: weekTeams,
      stats: facts.stats,
      bonusEvents: facts.bonuses.map((bonus) => ({ team: bonus.detected.team_abb, prize: bonus.prize })),
    },
    entries: inputs,
  });
}

/** How long after its start a game's result is taken to be in (the longest of the games' usual lengths). */
const RESULT_AFTER_START_MS = 4 * 60 * 60_000;

/**
 * When a week's results were in: soon after its last game started, never later than now. A week judged
 * late (a restart catching up on weeks, the demo's first start, a late feed) is then dated when it
 * happened in the season, and its news never reads "just now" for a week long past. Only what people
 * read is dated so (settled_at and the news); money and locks keep the instant they were written.
 */
export function resultsInstant(weekGames: readonly { startTime: Date }[], now: Date): Date {
  let last = Number.NEGATIVE_INFINITY;
  for (const game of weekGames) last = Math.max(last, game.startTime.getTime());
  if (!Number.isFinite(last)) return now;
  return new Date(Math.min(now.getTime(), last + RESULT_AFTER_START_MS));
}

/**
 * The entries that played a judged week and are alive after it, by their lives ({ "3": 120 }): the
 * week's point of the Pool Health Report, kept with the week (pool_weeks.health).
 */
export function countAliveByLives(outcomes: readonly WeekEntryOutcome[]): Record<string, number> {
  // Counted by number first: a million entries looked up by text key cost a tenth of a second.
  const byLives = new Map<number, number>();
  for (const { played, state } of outcomes) {
    if (!played || state.lives <= 0 || state.status === 'eliminated') continue;
    byLives.set(state.lives, (byLives.get(state.lives) ?? 0) + 1);
  }
  return Object.fromEntries([...byLives].sort(([a], [b]) => a - b));
}

/** No used picks: the picks' unique index refuses an entrant's reuse of a team or player already. */
const NOTHING_USED: readonly string[] = [];

/** The rules engine on one week of a pool, on inputs made elsewhere (a test's). */
export function judgeWeek(
  pool: PoolRecord,
  week: number,
  teams: WeekFacts['teams'],
  stats: WeekFacts['stats'],
  bonuses: readonly PoolWeekBonus[],
  inputs: WeekEntryInput[],
): SettleWeekOutput {
  return runEngine(weekRulesOf(pool, week).rules, week, { teams, stats, bonuses }, inputs);
}
