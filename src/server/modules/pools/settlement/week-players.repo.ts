import { sql } from 'drizzle-orm';
import { must } from '../../../../core/must';
import type { EntryState, WeekEntryOutcome } from '../../../../core/season';
import { type DbOrTx, rowsOf } from '../../../db/client';
import { ENTRY_STATUS_SQL } from '../../../db/entry-status';
import {
  type EntryWeekKind,
  emptyKindBytes,
  KIND_BYTES,
  kindAt,
  readWeekKinds,
  storeWeekKinds,
  WeekKinds,
} from '../entry-weeks.repo';
import type { LedgerRowInput } from '../ledger';
import { rankChangeOfPool } from '../standings/pool-rankings';

// A week of a big pool is a million entries: these read and write them column by column, set-based,
// never as a million row objects, and its entry weeks as kinds and one byte string (entry-weeks.repo.ts).

/** A SQL int[] of whole numbers computed on the server (never user text), as one short parameter. */
function intArray(values: readonly number[]): ReturnType<typeof sql> {
  return sql`string_to_array(${values.join(',')}, ',')::int[]`;
}

/** One entry's standing as a locked week is judged; entries alike share one object (see WeekPlayers). */
export interface WeekPlayer {
  lives: number;
  rebuysMade: number;
  needsRebuy: boolean;
  weeksAlive: number;
  inBonus: boolean;
  autoRebuy: boolean;
  /** The entry's own picks of the week (several for nfl-td, in their ids' order). */
  picks: string[];
  /** The kind the entry's week locked as (entry_week_kinds.kind). */
  lockedKind: number;
}

/**
 * The entries that play a locked week: their slots in ascending order and, aligned, who each one is. A
 * million entries come down to a few hundred different players (the same locked kind and pick): entries
 * alike share one WeekPlayer. `locked` is the week as it locked. Their ids are read only where needed
 * (readEntryIds): ledger rows and bonus events.
 */
export interface WeekPlayers {
  slots: number[];
  players: WeekPlayer[];
  locked: LockedWeek;
}

/** A locked week's kinds by number and which kind each slot locked as. */
export interface LockedWeek {
  kinds: ReadonlyMap<number, EntryWeekKind>;
  bytes: Buffer;
}

/** Separates pick ids in the read below: a control character no team or player id holds. */
const PICK_SEPARATOR = '\u001f';
/** A slot without a pick in the week, as its number in the read's pick ids (the empty pick). */
const NO_PICK = 0;
/** The characters of one row's standing in the lock's read: lives, rebuys, weeks alive and three flags. */
const STANDING_WIDTH = 6;
/** Small whole numbers travel as one character each, from '0' up (chr(48 + n)). */
const CHAR_ZERO = 48;
const COMMA = 44;

/**
 * Reads whole numbers joined by commas, digit by digit: a million of them in a few milliseconds, where a
 * split and a million strings would take a second.
 */
function readNumbers(text: string, each: (n: number, row: number) => void): void {
  let at = 0;
  for (let row = 0; at < text.length; row++) {
    let n = 0;
    while (at < text.length && text.charCodeAt(at) !== COMMA) {
      n = n * 10 + (text.charCodeAt(at) - CHAR_ZERO);
      at++;
    }
    at++;
    each(n, row);
  }
}

/**
 * The entries in play when a week locks (counted, with lives, signed up by the lock), in no order, with
 * the state they lock with and the settings in force for the week (the current value from its effective week on, the previous one before it): each one's standing
 * as STANDING_WIDTH characters, its bonus switch as 'b' whether or not the bonus pool runs.
 */
export interface EntriesInPlay {
  slots: number[];
  standings: string;
}

export async function readEntriesInPlay(
  tx: DbOrTx,
  poolId: number,
  week: number,
  lockAt: Date,
): Promise<EntriesInPlay> {
  // One string per column, aligned: the slots joined by commas, and each entry's standing as
  // STANDING_WIDTH characters (its small numbers as characters from '0', its flags as letters). A million
  // row objects would cost seconds, and sorting them most of one.
  const [row] = rowsOf<{ slots: string | null; standings: string | null }>(
    await tx.execute(sql`
      select string_agg(slot::text, ',') as slots, string_agg(standing, '') as standings
      from (
        select e.slot,
          chr(${CHAR_ZERO} + e.lives) || chr(${CHAR_ZERO} + e.rebuys_made) || chr(${CHAR_ZERO} + e.weeks_alive)
            || (case when e.needs_rebuy then 'r' else '-' end)
            || (case when (case when ${week} >= e.bonus_eff_week then e.bonus else e.bonus_prev end)
              then 'b' else '-' end)
            || (case when (case when ${week} >= e.auto_rebuy_eff_week then e.auto_rebuy else e.auto_rebuy_prev end)
              then 'a' else '-' end) as standing
        from entries e
        where e.pool_id = ${poolId} and e.status = ${ENTRY_STATUS_SQL.active} and e.lives > 0 and e.created_at <= ${lockAt.toISOString()}::timestamptz
      ) as played`),
  );
  const slots: number[] = [];
  if (row?.slots) readNumbers(row.slots, (slot) => slots.push(slot));
  return { slots, standings: row?.standings ?? '' };
}

/**
 * Locks a week's entry weeks: the entries in play, each in the bonus pool when the pool runs and its
 * switch is on, stored as the week's kinds and byte string.
 */
export async function storeLockedWeek(
  tx: DbOrTx,
  poolId: number,
  week: number,
  inPlay: EntriesInPlay,
  bonusRunning: boolean,
): Promise<void> {
  const { slots, standings } = inPlay;
  const kinds = new WeekKinds();
  const byStanding = new Map<number, number>();
  let slotCount = 0;
  for (const slot of slots) slotCount = Math.max(slotCount, slot + 1);
  const bytes = emptyKindBytes(slotCount);
  for (let i = 0; i < slots.length; i++) {
    const at = i * STANDING_WIDTH;
    const code = standingCode(standings, at);
    let kind = byStanding.get(code);
    if (kind === undefined) {
      kind = kinds.numberOf({
        livesBefore: standings.charCodeAt(at) - CHAR_ZERO,
        rebuysBefore: standings.charCodeAt(at + 1) - CHAR_ZERO,
        weeksAliveBefore: standings.charCodeAt(at + 2) - CHAR_ZERO,
        needsRebuyBefore: standings[at + 3] === 'r',
        inBonus: bonusRunning && standings[at + 4] === 'b',
        autoRebuy: standings[at + 5] === 'a',
        result: null,
        lives: null,
        status: null,
        rebuysBought: 0,
        bonusNet: 0,
      });
      byStanding.set(code, kind);
    }
    bytes.writeUIntBE(kind, slots[i] * KIND_BYTES, KIND_BYTES);
  }
  await storeWeekKinds(tx, poolId, week, kinds.list, bytes);
}

/**
 * Reads who plays a locked week with the state judging starts from and their picks of that week: the
 * state the week locked with, which re-judging starts from too; a commissioner's change of lives while
 * the week is in play is written there as well (editUserLives).
 */
export async function readWeekPlayers(tx: DbOrTx, poolId: number, week: number): Promise<WeekPlayers> {
  const locked = (await readWeekKinds(tx, poolId, week)) ?? { kinds: new Map(), bytes: Buffer.alloc(0) };
  const slots: number[] = [];
  const players: WeekPlayer[] = [];
  const slotCount = Math.floor(locked.bytes.length / KIND_BYTES);
  if (slotCount === 0) return { slots, players, locked };
  // The week's picks with their entries' slots, each column as one string, in whatever order they come
  // (sorting a million rows cost most of a second), read by pool and week without the entries. An entry
  // with several picks (nfl-td) comes once per pick; one that plays without a pick, not at all.
  const [row] = rowsOf<{ slots: string | null; pick_ids: string | null }>(
    await tx.execute(sql`
      select string_agg(p.slot::text, ',') as slots, string_agg(p.pick_id, ${PICK_SEPARATOR}) as pick_ids
      from picks p where p.pool_id = ${poolId} and p.week = ${week} and p.slot between 0 and ${slotCount - 1}`),
  );
  // Each slot's first pick as its number in `pickIds`, the few entries with more picks (nfl-td) keeping
  // the rest apart; NO_PICK for none (pickIds[0] is the empty pick).
  const pickIds: string[] = [''];
  const firstPick = new Int32Array(slotCount).fill(NO_PICK);
  const morePicks = new Map<number, number[]>();
  const pickCodes = readCodes(row?.pick_ids ?? '', pickIds);
  readNumbers(row?.slots ?? '', (slot) => {
    const code = pickCodes.next();
    if (firstPick[slot] === NO_PICK) firstPick[slot] = code;
    else morePicks.set(slot, [...(morePicks.get(slot) ?? []), code]);
  });
  // Entries alike (the same locked kind and picks) share one player, found by a number made of the kind
  // and the pick, or for several picks by text (in one order: which was made first does not change a
  // week's result). Nothing is made per entry but its slot.
  const alike = new Map<number | string, WeekPlayer>();
  for (let slot = 0; slot < slotCount; slot++) {
    const kind = kindAt(locked.bytes, slot);
    if (kind === 0) continue;
    const first = firstPick[slot];
    const more = morePicks.get(slot);
    const picks = more === undefined ? null : [first, ...more].map((code) => pickIds[code]).sort();
    const key =
      picks === null
        ? kind * pickIds.length + first
        : `${kind}${PICK_SEPARATOR}${picks.join(PICK_SEPARATOR)}`;
    let player = alike.get(key);
    if (player === undefined) {
      const before = must(locked.kinds.get(kind), `kind ${kind} of week ${week} of pool ${poolId}`);
      const pick = pickIds[first];
      player = {
        lives: before.livesBefore,
        rebuysMade: before.rebuysBefore,
        weeksAlive: before.weeksAliveBefore,
        needsRebuy: before.needsRebuyBefore,
        inBonus: before.inBonus,
        autoRebuy: before.autoRebuy,
        picks: picks ?? (pick === '' ? [] : [pick]),
        lockedKind: kind,
      };
      alike.set(key, player);
    }
    slots.push(slot);
    players.push(player);
  }
  return { slots, players, locked };
}

/**
 * Reads values joined by a separator (PICK_SEPARATOR) one after the other, each as its number in
 * `values`, which a value's first reading adds to: a million picks of a few dozen teams or players come
 * out as numbers, without a string made for each.
 */
function readCodes(text: string, values: string[]): { next(): number } {
  const separator = PICK_SEPARATOR.charCodeAt(0);
  /** The values' numbers by a hash of their characters. */
  const byHash = new Map<number, number[]>();
  const hashOf = (value: string, from: number, to: number) => {
    let hash = 0;
    for (let i = from; i < to; i++) hash = (Math.imul(hash, 31) + value.charCodeAt(i)) | 0;
    return hash;
  };
  values.forEach((value, code) => {
    const hash = hashOf(value, 0, value.length);
    byHash.set(hash, [...(byHash.get(hash) ?? []), code]);
  });
  let at = 0;
  return {
    next() {
      const start = at;
      while (at < text.length && text.charCodeAt(at) !== separator) at++;
      const length = at - start;
      const hash = hashOf(text, start, at);
      at++;
      const candidates = byHash.get(hash);
      if (candidates !== undefined) {
        for (const code of candidates) {
          if (values[code].length === length && text.startsWith(values[code], start)) return code;
        }
      }
      const code = values.push(text.slice(start, start + length)) - 1;
      if (candidates === undefined) byHash.set(hash, [code]);
      else candidates.push(code);
      return code;
    },
  };
}

/** The ids of the entries at some slots of a pool, aligned with `slots`. */
export async function readEntryIds(tx: DbOrTx, poolId: number, slots: readonly number[]): Promise<number[]> {
  if (slots.length === 0) return [];
  const rows = rowsOf<{ slot: number; id: number }>(
    await tx.execute(sql`
      select e.slot, e.id from entries e
      where e.pool_id = ${poolId} and e.slot = any(${intArray([...new Set(slots)])})`),
  );
  const idAt = new Map(rows.map((row) => [Number(row.slot), Number(row.id)]));
  return slots.map((slot) => must(idAt.get(slot)));
}

/**
 * A row's standing (STANDING_WIDTH characters from `at`) as one number: its three counts (characters,
 * each under 65,536) and its three flags, 51 bits at most, so the number is exact.
 */
function standingCode(standings: string, at: number): number {
  const flags =
    (standings[at + 3] === 'r' ? 4 : 0) +
    (standings[at + 4] === 'b' ? 2 : 0) +
    (standings[at + 5] === 'a' ? 1 : 0);
  const counts =
    (standings.charCodeAt(at) * 65_536 + standings.charCodeAt(at + 1)) * 65_536 +
    standings.charCodeAt(at + 2);
  return counts * 8 + flags;
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
  const slotCount = Math.floor(week.locked.bytes.length / KIND_BYTES);
  const judged = WeekKinds.of(week.locked.kinds);
  /** The judged kind of each different outcome played. */
  const kindOf = new Map<WeekEntryOutcome, number>();
  /** Judged kinds by the kind locked as and then the outcome's key. */
  const judgedKinds = new Map<number, Map<number | string, number>>();
  // One byte a count, or two when one is past 255 (never in a real season, but never wrong either).
  let width = 1;
  for (let i = 0; i < outcomes.length; i++) {
    const outcome = outcomes[i];
    if (!outcome.played || kindOf.has(outcome)) continue;
    const { state } = outcome;
    if (Math.max(state.lives, state.rebuysMade, state.weeksAlive) > 255) width = 2;
    if (!isSmall(outcome.rebuysBought, 64))
      throw new Error(`${outcome.rebuysBought} rebuys bought in a week`);
    // The kind it locked as and its outcome make its judged kind.
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
  const stride = 1 + 3 * width;
  const states = Buffer.alloc(slotCount * stride);
  const judgedBytes = Buffer.from(week.locked.bytes);
  for (let i = 0; i < outcomes.length; i++) {
    const outcome = outcomes[i];
    if (!outcome.played) continue;
    const slot = week.slots[i];
    const { state } = outcome;
    const at = slot * stride;
    states[at] = (state.status === 'needs-rebuy' ? 2 : 1) + 4 * outcome.rebuysBought;
    states.writeUIntBE(state.lives, at + 1, width);
    states.writeUIntBE(state.rebuysMade, at + 1 + width, width);
    states.writeUIntBE(state.weeksAlive, at + 1 + 2 * width, width);
    judgedBytes.writeUIntBE(must(kindOf.get(outcome)), slot * KIND_BYTES, KIND_BYTES);
  }
  if (kindOf.size > 0) {
    const at = (offset: number) => sql.raw(`${stride} * e.slot + ${offset}`);
    const count = (n: number) => {
      const offset = 1 + n * width;
      return width === 1
        ? sql`get_byte(k.b, ${at(offset)})`
        : sql`(get_byte(k.b, ${at(offset)}) * 256 + get_byte(k.b, ${at(offset + 1)}))`;
    };
    const update = sql`
      update entries as e set needs_rebuy = get_byte(k.b, ${at(0)}) & 3 = 2, lives = ${count(0)},
        rebuys_made = ${count(1)}, weeks_alive = ${count(2)}
      from (select ${sql.param(states)}::bytea as b) as k
      where e.pool_id = ${poolId} and e.slot between 0 and ${slotCount - 1} and get_byte(k.b, ${at(0)}) > 0`;
    // Planned without looking at the byte string (planGenerically). The charged entries come from the
    // pool's own in this statement: the ledger's check of each new row's entry (migration 0023) is told
    // their keys hold (migration 0028), for this statement only.
    // The whole pool's lives: its rank version moves once, not by a trigger run per row.
    await rankChangeOfPool(tx, poolId);
    await planGenerically(tx, async () => {
      if (rebuyCharge === null) {
        await tx.execute(update);
        return;
      }
      await tx.execute(sql`select set_config('ala.ledger_keys_held', 'on', true)`);
      await tx.execute(sql`
        with judged as (${update} returning e.id, e.slot, get_byte(k.b, ${at(0)}) >> 2 as rebuys)
        insert into ledger (pool_id, entry_id, kind, amount, week, notes, created_at)
        select ${poolId}, j.id, ${rebuyCharge.kind}, ${rebuyCharge.amount}, ${rebuyCharge.week ?? null},
          ${rebuyCharge.notes ?? null}, ${now.toISOString()}::timestamptz
        from judged j cross join generate_series(1, j.rebuys)
        where j.rebuys > 0
        order by j.slot`);
      await tx.execute(sql`select set_config('ala.ledger_keys_held', 'off', true)`);
    });
  }
  await storeWeekKinds(tx, poolId, weekNumber, judged.list, judgedBytes);
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

/** The usernames of some entries, by entry id. */
export async function readUsernames(tx: DbOrTx, entryIds: readonly number[]): Promise<Map<number, string>> {
  if (entryIds.length === 0) return new Map();
  const rows = rowsOf<{ id: number; username: string }>(
    await tx.execute(sql`
      select e.id, u.username from entries e join users u on u.id = e.user_id
      where e.id = any(${intArray(entryIds)})`),
  );
  return new Map(rows.map((row) => [Number(row.id), row.username]));
}

/**
 * Runs statements planned without looking at their values: a custom plan copies a byte string of a
 * million entries' states as a constant (0.15 s of planning for 4 MB). For these statements only.
 */
async function planGenerically(tx: DbOrTx, run: () => Promise<void>): Promise<void> {
  const [{ previous }] = rowsOf<{ previous: string }>(
    await tx.execute(sql`select current_setting('plan_cache_mode') as previous`),
  );
  await tx.execute(sql`select set_config('plan_cache_mode', 'force_generic_plan', true)`);
  await run();
  await tx.execute(sql`select set_config('plan_cache_mode', ${previous}, true)`);
}

/** Bytes of a slot in a list of slots (slots go up to 16,777,215, as kinds do). */
const SLOT_BYTES = 3;

/**
 * Some slots of a pool and values for each, sent as one byte string: per slot, its number in SLOT_BYTES
 * bytes and then `width` bytes of its own. `rows` gives SQL: the list as `s(i)` (its place) joined to
 * the pool's entries `e` by their (pool_id, slot) index, and `value(n)` reads the slot's n-th byte.
 * A list of a hundred thousand entries is one parameter and one join, never a parameter per entry.
 */
class SlotList {
  readonly bytes: Buffer;
  private readonly stride: number;

  constructor(
    readonly count: number,
    width: number,
  ) {
    this.stride = SLOT_BYTES + width;
    this.bytes = Buffer.alloc(count * this.stride);
  }

  /** Writes the i-th slot; its values are written at `valueAt(i)`. */
  setSlot(i: number, slot: number): void {
    this.bytes.writeUIntBE(slot, i * this.stride, SLOT_BYTES);
  }

  valueAt(i: number): number {
    return i * this.stride + SLOT_BYTES;
  }

  /** SQL: the n-th value byte of the list's row `s.i`. */
  value(n: number): ReturnType<typeof sql> {
    return sql`get_byte(k.b, ${sql.raw(`${this.stride} * s.i + ${SLOT_BYTES + n}`)})`;
  }

  /** SQL: the slot of the list's row `s.i`. */
  slot(): ReturnType<typeof sql> {
    const at = (n: number) => sql.raw(`${this.stride} * s.i + ${n}`);
    return sql`(get_byte(k.b, ${at(0)}) * 65536 + get_byte(k.b, ${at(1)}) * 256 + get_byte(k.b, ${at(2)}))`;
  }

  /** SQL (a FROM list): the list's rows `s(i)` and its bytes `k.b`. */
  rows(): ReturnType<typeof sql> {
    return sql`generate_series(0, ${this.count - 1}::int) as s(i) cross join (select ${sql.param(this.bytes)}::bytea as b) as k`;
  }
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
  readNumbers(found, (slot) => {
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
  let width = 1;
  for (const state of states) if (Math.max(state.lives, state.rebuysMade, state.weeksAlive) > 255) width = 2;
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
        weeks_alive = n.weeks_alive
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
