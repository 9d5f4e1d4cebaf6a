import { and, eq, sql } from 'drizzle-orm';
import { must } from '../../../../core/must';
import type { EntryState, WeekEntryOutcome } from '../../../../core/season';
import { type DbOrTx, rowsOf } from '../../../db/client';
import type { PoolRecord } from '../../../db/schema';
import { poolWeeks } from '../../../db/schema';
import { storeWeekKinds, WeekKinds } from '../store/entry-weeks.repo';
import { appendLedgerOfOwnEntries, type LedgerRowInput } from '../store/ledger.repo';
import { rankChangeOfPool } from '../store/rank-versions.repo';
import {
  planGenerically,
  readSlots,
  type SlotKinds,
  SlotList,
  WeekOutcomeBytes,
} from '../store/week-encoding';
import { countAliveByLives } from './judge-week.engine';
import type { WeekPlayers } from './week-players.repo';

// The verdicts' step of settling and re-judging: a judged week's entries' new states with the money they
// move (auto-rebuy charges, refunds), the judged week's kinds, and the week's stamp. Set-based, as the
// read of its players (week-players.repo.ts): byte strings indexed by slot, never a row per entry.

/**
 * Writes a judged week: the week's stamp (judged `at`, on the results of `digest`, with its point of the
 * Pool Health Report), then every played entry's new state with its auto-rebuy charges (storeWeekOutcomes).
 */
export async function writeWeekVerdicts(
  tx: DbOrTx,
  pool: PoolRecord,
  week: number,
  played: WeekPlayers,
  outcomes: readonly WeekEntryOutcome[],
  judged: { now: Date; at: Date; digest: string | null },
): Promise<void> {
  await stampWeekJudged(tx, pool.id, week, countAliveByLives(outcomes), judged);
  // One rebuy's charge, repeated per rebuy bought (none when rebuys are free).
  const charge: LedgerRowInput | null =
    pool.rebuyPrice === 0
      ? null
      : {
          poolId: pool.id,
          entryId: 0,
          kind: 'rebuy',
          amount: -pool.rebuyPrice,
          week,
          notes: `Auto-rebuy after Week ${week}`,
        };
  await storeWeekOutcomes(tx, pool.id, week, played, outcomes, charge, judged.now);
}

/**
 * Marks a week judged: when (`at`), the digest of the results it was judged on (a different one later
 * is a correction) and its point of the Pool Health Report (`health`).
 */
export async function stampWeekJudged(
  tx: DbOrTx,
  poolId: number,
  week: number,
  health: Record<string, number>,
  judged: { at: Date; digest: string | null },
): Promise<void> {
  await tx
    .update(poolWeeks)
    .set({ settledAt: judged.at, resultsDigest: judged.digest, health })
    .where(and(eq(poolWeeks.poolId, poolId), eq(poolWeeks.week, week)));
}

/**
 * Writes every played entry's new state and the judged week, and appends one ledger row `rebuyCharge`
 * (the pool's rebuy charge, none when rebuys are free) per rebuy each entry bought in it. The new states
 * go over as one byte string with, per slot, whether the entry played (and then needs a rebuy, and how
 * many rebuys it bought) and its lives, rebuys and weeks alive: one update reads each entry's in place and
 * hands the charged ones to the ledger's insert in the same statement, in slot order. The judged week is
 * stored as its kinds (the kind it locked as with its outcome) and their bytes. `outcomes` are aligned with
 * `week.slots`; entries alike share theirs (settleWeek), and each different outcome is looked at once.
 */
export async function storeWeekOutcomes(
  tx: DbOrTx,
  poolId: number,
  weekNumber: number,
  week: WeekPlayers,
  outcomes: readonly WeekEntryOutcome[],
  rebuyCharge: LedgerRowInput | null,
  now: Date,
): Promise<void> {
  const { slotCount } = week.locked.slots;
  const { judged, kindOf, judgedSlots } = judgedWeekOf(week, outcomes);
  const states = new WeekOutcomeBytes(
    slotCount,
    WeekOutcomeBytes.widthFor(
      [...kindOf.keys()].map(({ state }) => Math.max(state.lives, state.rebuysMade, state.weeksAlive)),
    ),
  );
  for (let i = 0; i < outcomes.length; i++) {
    const outcome = outcomes[i];
    if (outcome.played) states.set(week.slots[i], outcome);
  }
  if (kindOf.size > 0) {
    const update = sql`
      update entries as e set needs_rebuy = ${states.needsRebuySql()}, lives = ${states.livesSql()},
        rebuys_made = ${states.rebuysMadeSql()}, weeks_alive = ${states.weeksAliveSql()}, version = e.version + 1
      from (select ${sql.param(states.bytes)}::bytea as b) as k
      where e.pool_id = ${poolId} and e.slot between 0 and ${slotCount - 1} and ${states.playedSql()}`;
    // Planned without looking at the byte string (planGenerically). The charged entries come from the
    // pool's own in this statement, so their ledger rows' keys hold (appendLedgerOfOwnEntries).
    // The whole pool's lives: its rank version moves once, not by a trigger run per row; each entry's own
    // version (a pick's compare-and-set) is moved here, so its trigger (migration 0039) runs nothing.
    await rankChangeOfPool(tx, poolId);
    await planGenerically(tx, async () => {
      if (rebuyCharge === null) {
        await tx.execute(update);
        return;
      }
      await appendLedgerOfOwnEntries(
        tx,
        sql`
        with judged as (${update} returning e.id, e.slot, ${states.rebuysBoughtSql()} as rebuys)
        insert into ledger (pool_id, entry_id, kind, amount, week, notes, created_at)
        select ${poolId}, j.id, ${rebuyCharge.kind}, ${rebuyCharge.amount}, ${rebuyCharge.week ?? null},
          ${rebuyCharge.notes ?? null}, ${now.toISOString()}::timestamptz
        from judged j cross join generate_series(1, j.rebuys)
        where j.rebuys > 0
        order by j.slot`,
      );
    });
  }
  await storeWeekKinds(tx, poolId, weekNumber, judged.list, judgedSlots);
}

/**
 * A judged week's kinds: each played entry's judged kind (the kind it locked as with its outcome), the
 * kinds by number (the locked ones kept, so the byte string stays true) and each slot's. `outcomes` are
 * aligned with `week.slots`; entries alike share theirs, and each different outcome is looked at once.
 */
export function judgedWeekOf(
  week: WeekPlayers,
  outcomes: readonly WeekEntryOutcome[],
): { judged: WeekKinds; kindOf: Map<WeekEntryOutcome, number>; judgedSlots: SlotKinds } {
  const judged = WeekKinds.of(week.locked.kinds);
  /** The judged kind of each different outcome played. */
  const kindOf = new Map<WeekEntryOutcome, number>();
  /** Judged kinds by the kind locked as and then the outcome's key. */
  const judgedKinds = new Map<number, Map<number | string, number>>();
  for (let i = 0; i < outcomes.length; i++) {
    const outcome = outcomes[i];
    if (!outcome.played || kindOf.has(outcome)) continue;
    const { state } = outcome;
    const lockedKind = week.players[i].lockedKind;
    const key = outcomeKey(outcome);
    let byOutcome = judgedKinds.get(lockedKind);
    if (byOutcome === undefined) {
      byOutcome = new Map();
      judgedKinds.set(lockedKind, byOutcome);
    }
    let kind = byOutcome.get(key);
    if (kind === undefined) {
      kind = judged.numberOf({
        ...must(week.locked.kinds.get(lockedKind)),
        result: outcome.result ?? 'no-pick',
        lives: state.lives,
        status: state.status,
        rebuysBought: outcome.rebuysBought,
        bonusNet: outcome.bonusNet,
      });
      byOutcome.set(key, kind);
    }
    kindOf.set(outcome, kind);
  }
  const judgedSlots = week.locked.slots.copy();
  for (let i = 0; i < outcomes.length; i++) {
    const outcome = outcomes[i];
    if (outcome.played) judgedSlots.set(week.slots[i], must(kindOf.get(outcome)));
  }
  return { judged, kindOf, judgedSlots };
}

/** Whether n is a whole number from 0 up to below limit. */
function isSmall(n: number, limit: number): boolean {
  return Number.isInteger(n) && n >= 0 && n < limit;
}

const STATUS_INDEX: Record<string, number> = { alive: 0, 'needs-rebuy': 1, eliminated: 2 };
const RESULT_INDEX: Record<string, number> = { advance: 1, loss: 2, moon: 3, 'no-pick': 4, 'no-rebuy': 5 };

/**
 * What tells one outcome from another: a number made of its columns when they are small and it moved no
 * bonus money (nearly every entry, and no string made for each), its columns as text otherwise.
 */
export function outcomeKey(outcome: WeekEntryOutcome): number | string {
  const { lives, rebuysMade, weeksAlive, status } = outcome.state;
  const statusIndex = STATUS_INDEX[status];
  const resultIndex = outcome.result === null ? 0 : RESULT_INDEX[outcome.result];
  if (
    outcome.bonusNet === 0 &&
    statusIndex !== undefined &&
    resultIndex !== undefined &&
    isSmall(lives, 64) &&
    isSmall(rebuysMade, 64) &&
    isSmall(weeksAlive, 1024) &&
    isSmall(outcome.rebuysBought, 64)
  ) {
    return (
      ((((lives * 64 + rebuysMade) * 1024 + weeksAlive) * 4 + statusIndex) * 8 + resultIndex) * 64 +
      outcome.rebuysBought
    );
  }
  return `${lives},${rebuysMade},${status},${weeksAlive},${outcome.result},${outcome.rebuysBought},${outcome.bonusNet}`;
}

/**
 * Appends rebuy rows for some slots: `counts[i]` rebuys for `slots[i]`, charged at the pool's price
 * (negative: refunded), none when rebuys are free. One statement (re-judging a big pool's week charges or
 * refunds the auto-rebuys of every entry whose result changed).
 */
export async function appendRebuysBySlot(
  tx: DbOrTx,
  pool: { id: number; rebuyPrice: number },
  rows: { slots: readonly number[]; counts: readonly number[]; week: number; notes: string; now: Date },
): Promise<void> {
  if (pool.rebuyPrice === 0 || rows.slots.length === 0) return;
  const list = new SlotList(rows.slots.length, 1);
  rows.slots.forEach((slot, i) => {
    if (!Number.isInteger(rows.counts[i]) || Math.abs(rows.counts[i]) > 127)
      throw new Error(`${rows.counts[i]} rebuys for one entry`);
    list.setSlot(i, slot);
    list.bytes[list.valueAt(i)] = rows.counts[i] + 128;
  });
  await planGenerically(tx, async () => {
    await tx.execute(sql`
      insert into ledger (pool_id, entry_id, kind, amount, week, notes, created_at)
      select ${pool.id}::int, c.id, 'rebuy', case when c.n > 0 then ${-pool.rebuyPrice}::int else ${pool.rebuyPrice}::int end,
        ${rows.week}::int, ${rows.notes}::text, ${rows.now.toISOString()}::timestamptz
      from (
        select e.id, e.slot, ${list.value(0)} - 128 as n
        from ${list.rows()} join entries e on e.pool_id = ${pool.id}::int and e.slot = ${list.slot()}
      ) as c
      cross join generate_series(1, abs(c.n))
      where c.n <> 0
      order by c.slot`);
  });
}

/**
 * Of the entries at some slots, the slots of those that paid a rebuy since (no rebuy needed now, lives
 * left); every one's row locked until the transaction ends, so no rebuy is paid between this read and
 * the entries' rewrite.
 */
export async function lockPaidRebuys(
  tx: DbOrTx,
  poolId: number,
  slots: readonly number[],
): Promise<Set<number>> {
  const paid = new Set<number>();
  if (slots.length === 0) return paid;
  const list = new SlotList(slots.length, 0);
  slots.forEach((slot, i) => {
    list.setSlot(i, slot);
  });
  let found = '';
  await planGenerically(tx, async () => {
    const [row] = rowsOf<{ slots: string | null }>(
      await tx.execute(sql`
        select string_agg(p.slot::text, ',') filter (where p.paid) as slots
        from (
          select e.slot, not e.needs_rebuy and e.lives > 0 as paid
          from ${list.rows()} join entries e on e.pool_id = ${poolId}::int and e.slot = ${list.slot()}
          for update of e
        ) as p`),
    );
    found = row?.slots ?? '';
  });
  readSlots(found, (slot) => {
    paid.add(slot);
  });
  return paid;
}

/**
 * Writes some entries' states: `states[i]` for the entry at `slots[i]`, in one update that reads each
 * row's from a byte string and rewrites only the rows whose state changed.
 */
export async function writeEntryStates(
  tx: DbOrTx,
  poolId: number,
  slots: readonly number[],
  states: readonly EntryState[],
): Promise<void> {
  if (slots.length === 0) return;
  const width = WeekOutcomeBytes.widthFor(
    states.map((state) => Math.max(state.lives, state.rebuysMade, state.weeksAlive)),
  );
  const list = new SlotList(slots.length, 1 + 3 * width);
  slots.forEach((slot, i) => {
    const state = states[i];
    const at = list.valueAt(i);
    list.setSlot(i, slot);
    list.bytes[at] = state.status === 'needs-rebuy' ? 1 : 0;
    list.bytes.writeUIntBE(state.lives, at + 1, width);
    list.bytes.writeUIntBE(state.rebuysMade, at + 1 + width, width);
    list.bytes.writeUIntBE(state.weeksAlive, at + 1 + 2 * width, width);
  });
  const count = (n: number) => {
    const offset = 1 + n * width;
    return width === 1 ? list.value(offset) : sql`(${list.value(offset)} * 256 + ${list.value(offset + 1)})`;
  };
  await rankChangeOfPool(tx, poolId);
  await planGenerically(tx, async () => {
    await tx.execute(sql`
      update entries as e set needs_rebuy = n.needs_rebuy, lives = n.lives, rebuys_made = n.rebuys_made,
        weeks_alive = n.weeks_alive, version = e.version + 1
      from (
        select ${list.slot()} as slot, ${list.value(0)} = 1 as needs_rebuy, ${count(0)} as lives,
          ${count(1)} as rebuys_made, ${count(2)} as weeks_alive
        from ${list.rows()}
      ) as n
      where e.pool_id = ${poolId}::int and e.slot = n.slot
        and (e.needs_rebuy, e.lives, e.rebuys_made, e.weeks_alive)
          is distinct from (n.needs_rebuy, n.lives, n.rebuys_made, n.weeks_alive)`);
  });
}
