import { and, asc, eq, gt, gte, isNotNull, sql } from 'drizzle-orm';
import { must } from '../../../../core/must';
import type { EntryState, WeekEnd, WeekEntryInput, WeekEntryOutcome } from '../../../../core/season';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import type { PoolRecord } from '../../../db/schema';
import { poolWeeks } from '../../../db/schema';
import { postPoolEvent } from '../feed/feed.service';
import {
  type EntryWeekKind,
  readWeekKinds,
  type StoredWeekKinds,
  storeWeekKinds,
  WeekKinds,
} from '../store/entry-weeks.repo';
import { DID_NOT_PLAY, kindPair, SlotKinds } from '../store/week-encoding';
import { replaceWeekBonuses } from './bonus-events.repo';
import { type CorrectedStart, countAliveByLives, judgeWeekVerdict } from './judge-week.engine';
import { endRuleOf, readPoolEnd, rejudgeEnd } from './season-end.service';
import { SETTLEMENT_EVENT_TYPES } from './settlement-events';
import { detectPoolWeekBonuses, digestWeekResults, readWeekResults } from './week-facts.repo';
import { readWeekPlayers } from './week-players.repo';
import { weekRulesOf } from './week-rules';
import {
  appendRebuysBySlot,
  lockPaidRebuys,
  outcomeKey,
  stampWeekJudged,
  writeEntryStates,
} from './week-verdicts.repo';

// Re-judging a pool's settled weeks after a result correction, as one command: each week read, judged
// again by the pure engine from its corrected start (judge-week.engine.ts) and written back with compensating
// money; then the entries' states and the weeks locked since.

/**
 * The first settled week of a pool whose results or facts changed after it was judged, or null. `digests`:
 * its season's current ones, when the caller read them for many pools at once.
 */
export async function findCorrectedWeek(
  db: DbOrTx,
  pool: PoolRecord,
  digests?: Promise<Map<number, string>>,
): Promise<number | null> {
  const settled = await db
    .select({ week: poolWeeks.week, digest: poolWeeks.resultsDigest })
    .from(poolWeeks)
    .where(and(eq(poolWeeks.poolId, pool.id), isNotNull(poolWeeks.settledAt)))
    .orderBy(asc(poolWeeks.week));
  if (settled.length === 0) return null;
  const current = await (digests ?? digestWeekResults(db, pool));
  const changed = settled.find((row) => row.digest !== null && current.get(row.week) !== row.digest);
  return changed?.week ?? null;
}

/**
 * The corrected states of the entries that played the last re-judged week, by slot: a week's distinct
 * states (a few hundred for a million entries) and each slot's number in them (0: it did not play).
 */
class SlotStates {
  readonly list: EntryState[] = [];
  readonly bySlot: Int32Array;
  private readonly numbers = new Map<EntryState, number>();
  private readonly byCode = new Map<number | string, number>();

  constructor(slotCount: number) {
    this.bySlot = new Int32Array(slotCount);
  }

  set(slot: number, state: EntryState): void {
    let n = this.numbers.get(state);
    if (n === undefined) {
      const code = stateCode(state);
      n = this.byCode.get(code);
      if (n === undefined) {
        n = this.list.push(state);
        this.byCode.set(code, n);
      }
      this.numbers.set(state, n);
    }
    this.bySlot[slot] = n;
  }

  /** The state at a slot, or undefined when it did not play. */
  at(slot: number): EntryState | undefined {
    const n = slot < this.bySlot.length ? this.bySlot[slot] : 0;
    return n === 0 ? undefined : this.list[n - 1];
  }
}

const STATUS_CODE: Record<string, number> = { alive: 0, 'needs-rebuy': 1, eliminated: 2 };

/** What tells one state from another: a number when its counts are small, text otherwise. */
function stateCode({ lives, rebuysMade, weeksAlive, status }: EntryState): number | string {
  const s = STATUS_CODE[status];
  if (s === undefined || lives > 1023 || rebuysMade > 1023 || weeksAlive > 1023)
    return `${lives},${rebuysMade},${weeksAlive},${status}`;
  return ((lives * 1024 + rebuysMade) * 1024 + weeksAlive) * 4 + s;
}

/** Whether the entry at a slot needed a rebuy after a week as it was first judged. */
function neededRebuy(week: StoredWeekKinds | null, slot: number): boolean {
  if (week === null) return false;
  const kind = week.slots.kindAt(slot);
  return kind !== DID_NOT_PLAY && week.kinds.get(kind)?.status === 'needs-rebuy';
}

/**
 * Re-judges a pool's settled weeks from `fromWeek` on after a result correction, in one transaction:
 * each week is played again through the rules engine from the state its entries locked with, later
 * weeks from the corrected outcome (a rebuy paid that is no longer needed is refunded, one that is now
 * needed but was not paid eliminates at that lock, as at any lock). Money is never edited: auto-rebuy
 * charges and bonus money that changed get compensating ledger rows, and a bonus that no longer stands
 * is voided with its rows reversed. Returns the weeks re-judged (none while a week's games are not all final).
 *
 * Set-based as the settlement is (decision 009): a week's players are read by slot from its byte string,
 * entries alike share one rules-engine input, the entries' states and the money go back as byte strings
 * indexed by slot. No statement names entries one by one, so a million entries cost what a few do in
 * statements.
 */
export async function rejudgeFromWeek(
  ctx: AppContext,
  pool: PoolRecord,
  fromWeek: number,
): Promise<number[]> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const settled = await tx
      .select()
      .from(poolWeeks)
      .where(
        and(eq(poolWeeks.poolId, pool.id), gte(poolWeeks.week, fromWeek), isNotNull(poolWeeks.settledAt)),
      )
      .orderBy(asc(poolWeeks.week))
      .for('update');
    if (settled.length === 0) return [];
    // As the settlement: memory for the big statements' hashes and sorts, and no JIT compiling.
    await tx.execute(sql`select set_config('work_mem', '128MB', true), set_config('jit', 'off', true)`);
    const weeksDone: number[] = [];
    /** The corrected states after the previous re-judged week, by slot. */
    let carried: SlotStates | null = null;
    /** The previous re-judged week as first judged (did the entry then need a rebuy?). */
    let previous: StoredWeekKinds | null = null;
    /** Which entries (by slot) the last re-judged week judged otherwise than it first did. */
    let changed = new Uint8Array(0);
    // The end rule judges the weeks again too: a decision already taken before the corrected week stands.
    const standing = await readPoolEnd(tx, pool.id);
    const judgesEnd = standing === null || standing.week >= fromWeek;
    let decision: { week: number; end: WeekEnd; slots: readonly number[] } | null = null;

    for (const settledWeek of settled) {
      const week = settledWeek.week;
      // Read: the week's results and who played it, each from the state it locked with.
      const results = await readWeekResults(tx, pool, week);
      if (results === null) break;
      const bonuses = settledWeek.bonusRunning
        ? await detectPoolWeekBonuses(tx, pool, week, results.games, results.teams)
        : [];
      const played = await readWeekPlayers(tx, pool.id, week);
      const { slots, players, locked } = played;
      const { slotCount } = locked.slots;
      /** Rebuys paid before this week's lock that a corrected result made unneeded: their slots. */
      const refunded: number[] = [];

      // Judge, each entry from its corrected state when the week before changed it.
      const startOf = (i: number): CorrectedStart | null => {
        const slot = slots[i];
        const player = players[i];
        const corrected = carried?.at(slot);
        if (corrected === undefined) return null;
        // It paid a rebuy before this lock when it needed one after last week and locked without the need.
        const paid = neededRebuy(previous, slot) && !player.needsRebuy && player.lives > 0;
        const rebuyBeforeLock = corrected.status === 'needs-rebuy' && paid;
        if (corrected.status !== 'needs-rebuy' && paid) refunded.push(slot);
        const stateNumber = carried?.bySlot[slot] ?? 0;
        return { variant: stateNumber * 2 + (rebuyBeforeLock ? 1 : 0), state: corrected, rebuyBeforeLock };
      };
      const { inputs, outcome, end } = judgeWeekVerdict(
        weekRulesOf(pool, week),
        week,
        { teams: results.teams, stats: results.stats, bonuses },
        played,
        judgesEnd && decision === null ? endRuleOf(pool) : null,
        startOf,
      );
      if (end?.decided) decision = { week, end, slots };

      // The judged week anew: each entry's kind (the kind it locked as, its corrected starting state and
      // its outcome), the auto-rebuys it bought against those first charged, and its state after.
      const judged = new WeekKinds();
      const judgedSlots = SlotKinds.empty(slotCount);
      const charged: number[] = [];
      const chargedCounts: number[] = [];
      const next = new SlotStates(slotCount);
      /** The judged kind of each input's outcomes: by outcome object, then by what tells outcomes apart. */
      const kindOf = new Map<WeekEntryInput, Map<WeekEntryOutcome | number | string, number>>();
      /** Whether a new kind judges its entry as its kind before did, by the two kinds' pair. */
      const sameAsBefore = new Map<number, boolean>();
      changed = new Uint8Array(slotCount);
      for (let i = 0; i < slots.length; i++) {
        const slot = slots[i];
        const input = inputs[i];
        const result = outcome.entries[i];
        const lockedKind = players[i].lockedKind;
        const before = must(locked.kinds.get(lockedKind));
        const autoBought = result.rebuysBought - (input.rebuyBeforeLock ? 1 : 0);
        if (autoBought !== before.rebuysBought) {
          charged.push(slot);
          chargedCounts.push(autoBought - before.rebuysBought);
        }
        let byOutcome = kindOf.get(input);
        if (byOutcome === undefined) {
          byOutcome = new Map();
          kindOf.set(input, byOutcome);
        }
        let kind = byOutcome.get(result);
        if (kind === undefined) {
          const key = outcomeKey(result);
          kind = byOutcome.get(key);
          if (kind === undefined) {
            const { state } = input;
            kind = judged.numberOf({
              inBonus: before.inBonus,
              autoRebuy: before.autoRebuy,
              result: result.played ? (result.result ?? 'no-pick') : null,
              lives: result.state.lives,
              status: result.state.status,
              rebuysBought: autoBought,
              bonusNet: result.bonusNet,
              livesBefore: state.lives,
              rebuysBefore: state.rebuysMade,
              needsRebuyBefore: state.status === 'needs-rebuy',
              weeksAliveBefore: state.weeksAlive,
            });
            byOutcome.set(key, kind);
          }
          byOutcome.set(result, kind);
        }
        judgedSlots.set(slot, kind);
        next.set(slot, result.state);
        const pair = kindPair(kind, lockedKind);
        let same = sameAsBefore.get(pair);
        if (same === undefined) {
          same = judgesAlike(before, must(judged.list[kind - 1]));
          sameAsBefore.set(pair, same);
        }
        if (!same) changed[slot] = 1;
      }

      // Write: the money (compensating rows, never edits), the verdicts, the bonuses, the week's stamp.
      await appendRebuysBySlot(tx, pool, {
        slots: refunded,
        counts: refunded.map(() => -1),
        week,
        notes: `Rebuy before Week ${week} refunded: a corrected result`,
        now,
      });
      await appendRebuysBySlot(tx, pool, {
        slots: charged,
        counts: chargedCounts,
        week,
        notes: `Auto-rebuy after Week ${week}: a corrected result`,
        now,
      });
      await storeWeekKinds(tx, pool.id, week, judged.list, judgedSlots);
      await replaceWeekBonuses(tx, pool, week, bonuses, outcome.bonusEvents, slots, now);
      await stampWeekJudged(tx, pool.id, week, countAliveByLives(outcome.entries), {
        at: now,
        digest: results.digest,
      });

      previous = locked;
      carried = next;
      weeksDone.push(week);
    }
    if (weeksDone.length === 0 || carried === null) return [];
    if (judgesEnd) await rejudgeEnd(tx, pool, standing, decision, now);
    const lastWeek = weeksDone[weeksDone.length - 1];
    const last = carried;

    // The entries as the last re-judged week left them, with a rebuy paid since then kept (or refunded
    // when the corrected week no longer needs it). An entry the week judges as before is left as it is
    // (its state, any rebuy paid since and its later locked week are already right): only the others
    // are read, locked and written.
    const moved: number[] = [];
    const candidates: number[] = [];
    for (let slot = 0; slot < changed.length; slot++) {
      if (changed[slot] === 0 || last.bySlot[slot] === 0) continue;
      moved.push(slot);
      if (neededRebuy(previous, slot)) candidates.push(slot);
    }
    const paidSince = await lockPaidRebuys(tx, pool.id, candidates);
    const refundedSince: number[] = [];
    const final = new SlotStates(last.bySlot.length);
    const finalStates: EntryState[] = new Array(moved.length);
    moved.forEach((slot, i) => {
      const state = must(last.at(slot));
      let nextState = state;
      if (paidSince.has(slot) && state.status === 'needs-rebuy') {
        nextState = { ...state, status: 'alive', rebuysMade: state.rebuysMade + 1 };
      } else if (paidSince.has(slot)) {
        refundedSince.push(slot);
      }
      final.set(slot, nextState);
      finalStates[i] = nextState;
    });
    await writeEntryStates(tx, pool.id, moved, finalStates);
    await appendRebuysBySlot(tx, pool, {
      slots: refundedSince,
      counts: refundedSince.map(() => -1),
      week: lastWeek + 1,
      notes: 'Rebuy refunded: a corrected result',
      now,
    });

    // A week locked after the last re-judged one starts from the corrected state.
    const laterWeeks = await tx
      .select({ week: poolWeeks.week })
      .from(poolWeeks)
      .where(and(eq(poolWeeks.poolId, pool.id), gt(poolWeeks.week, lastWeek)))
      .orderBy(asc(poolWeeks.week));
    for (const { week } of laterWeeks) await restartLockedWeek(tx, pool.id, week, final);

    await postPoolEvent(
      tx,
      {
        poolId: pool.id,
        type: SETTLEMENT_EVENT_TYPES.correction,
        summary: 'Results corrected',
        desc:
          weeksDone.length === 1
            ? `A corrected result re-judged Week ${weeksDone[0]}.`
            : `A corrected result re-judged Weeks ${weeksDone[0]} to ${lastWeek}.`,
      },
      now,
    );
    return weeksDone;
  });
}

/**
 * Whether a week judged anew leaves an entry as it was first judged: the same state to start from (with
 * the same rebuy before the lock: a week locked waiting for one is played only with it, 'no-rebuy'
 * otherwise), the same settings and the same result. The rules engine is deterministic, so the entry
 * ends the week in the same state. Bonus money does not change a state.
 */
function judgesAlike(before: EntryWeekKind, after: EntryWeekKind): boolean {
  return (
    before.livesBefore === after.livesBefore &&
    before.rebuysBefore === after.rebuysBefore &&
    before.needsRebuyBefore === after.needsRebuyBefore &&
    before.weeksAliveBefore === after.weeksAliveBefore &&
    before.autoRebuy === after.autoRebuy &&
    before.result === after.result &&
    before.lives === after.lives &&
    before.status === after.status &&
    before.rebuysBought === after.rebuysBought
  );
}

/**
 * Rewrites the state a later week's entries locked with, for those whose corrected state is known
 * (`states`, by slot): their kinds take the corrected state as the one they locked with.
 */
async function restartLockedWeek(
  tx: DbOrTx,
  poolId: number,
  week: number,
  states: SlotStates,
): Promise<void> {
  const stored = await readWeekKinds(tx, poolId, week, { forUpdate: true });
  if (!stored) return;
  const kinds = WeekKinds.of(stored.kinds);
  const restarted = stored.slots.copy();
  const { slotCount } = restarted;
  /** The new kind by the kind it was and the corrected state's number. */
  const renumbered = new Map<number, number>();
  const stateCount = states.list.length + 1;
  let changed = false;
  for (let slot = 0; slot < slotCount; slot++) {
    const kind = restarted.kindAt(slot);
    if (kind === DID_NOT_PLAY) continue;
    const state = states.at(slot);
    if (state === undefined) continue;
    const key = kind * stateCount + states.bySlot[slot];
    let again = renumbered.get(key);
    if (again === undefined) {
      again = kinds.numberOf({
        ...must(stored.kinds.get(kind)),
        livesBefore: state.lives,
        rebuysBefore: state.rebuysMade,
        needsRebuyBefore: state.status === 'needs-rebuy',
        weeksAliveBefore: state.weeksAlive,
      });
      renumbered.set(key, again);
    }
    if (again !== kind) {
      restarted.set(slot, again);
      changed = true;
    }
  }
  if (changed) await storeWeekKinds(tx, poolId, week, kinds.list, restarted);
}
