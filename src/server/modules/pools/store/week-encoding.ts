import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../../db/client';

// The encodings that let a week of a million entries travel between the server and the database as a
// few strings instead of a million rows (decisions 009 and 013). Every one of them lives here, each with
// both of its ends (what SQL writes and what the server reads, or the other way round), so that the
// repositories speak of weeks, slots and outcomes and never of bytes or characters.
//
// - Each entry's week of a pool week is a kind number, KIND_BYTES bytes at the entry's slot in
//   pool_weeks.entry_kinds (0: the entry did not play).
// - A list of slots comes from SQL as their numbers joined by commas (readSlots).
// - The standing an entry locks a week with comes from SQL as STANDING_WIDTH characters (lockStandingSql,
//   standingAt).
// - A week's picks come from SQL as their ids joined by PICK_SEPARATOR (readPickCodes).
// - A judged week's new entry states go to SQL as one byte string indexed by slot (WeekOutcomeBytes).
// - Values for some slots go to SQL as one byte string of slots and values (SlotList).

/** A SQL int[] of whole numbers computed on the server (never user text), as one short parameter. */
export function intArray(values: readonly number[]): SQL {
  return sql`string_to_array(${values.join(',')}, ',')::int[]`;
}

// ---------------------------------------------------------------------------------------------------
// Each entry's kind of a week, by slot.

/** The bytes of one entry's kind in pool_weeks.entry_kinds: up to 16,777,215 kinds a week. */
export const KIND_BYTES = 3;

/** The kind of a slot whose entry did not play the week (kinds that played are numbered from 1). */
export const DID_NOT_PLAY = 0;

/** A byte string read from either driver (node-postgres gives a Buffer, PGlite a Uint8Array). */
export function asBuffer(value: Uint8Array | null | undefined): Buffer {
  if (!value) return Buffer.alloc(0);
  return Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
}

/** The number of slots a week's byte string covers. */
export function slotCountOf(bytes: Buffer): number {
  return Math.floor(bytes.length / KIND_BYTES);
}

/** The kind at a slot of a week's byte string (0 when the slot is past its end: the entry did not play). */
export function kindAt(bytes: Buffer, slot: number): number {
  const at = slot * KIND_BYTES;
  return at + KIND_BYTES <= bytes.length ? bytes.readUIntBE(at, KIND_BYTES) : 0;
}

/** A week's byte string for slots 0 to `slots` - 1, every entry out of play. */
export function emptyKindBytes(slots: number): Buffer {
  return Buffer.alloc(slots * KIND_BYTES);
}

/** Sets the kind at a slot of a byte string that covers it. */
export function setKindAt(bytes: Buffer, slot: number, kind: number): void {
  bytes.writeUIntBE(kind, slot * KIND_BYTES, KIND_BYTES);
}

/** Sets the kind at a slot, growing the byte string when the slot is past its end. */
export function withKindAt(bytes: Buffer, slot: number, kind: number): Buffer {
  const at = slot * KIND_BYTES;
  const out =
    at + KIND_BYTES <= bytes.length
      ? bytes
      : Buffer.concat([bytes, Buffer.alloc(at + KIND_BYTES - bytes.length)]);
  out.writeUIntBE(kind, at, KIND_BYTES);
  return out;
}

/**
 * Which kind each slot's week is: a week's byte string behind the words of a week (a slot played or
 * not, as which kind). Settling and re-judging speak only these; the bytes are the store's.
 */
export class SlotKinds {
  private constructor(private stored: Buffer) {}

  /** As stored (either driver's byte string). */
  static read(value: Uint8Array | null | undefined): SlotKinds {
    return new SlotKinds(asBuffer(value));
  }

  /** Slots 0 to `slotCount` - 1, every entry out of play. */
  static empty(slotCount: number): SlotKinds {
    return new SlotKinds(emptyKindBytes(slotCount));
  }

  /** A copy to change (the week as it was stays as it was). */
  copy(): SlotKinds {
    return new SlotKinds(Buffer.from(this.stored));
  }

  /** The slots the week covers (an entry signed up after it is past its end: it did not play). */
  get slotCount(): number {
    return slotCountOf(this.stored);
  }

  /** The kind of a slot's week, or DID_NOT_PLAY. */
  kindAt(slot: number): number {
    return kindAt(this.stored, slot);
  }

  /** Sets a slot's kind; the week grows when the slot is past its end. */
  set(slot: number, kind: number): void {
    if ((slot + 1) * KIND_BYTES <= this.stored.length) setKindAt(this.stored, slot, kind);
    else this.stored = withKindAt(this.stored, slot, kind);
  }

  /** The kinds some slot names, as a set of their numbers' flags (index n: kind n is used). */
  usedKinds(kindCount: number): Uint8Array {
    const used = new Uint8Array(kindCount + 1);
    for (let at = 0; at + KIND_BYTES <= this.stored.length; at += KIND_BYTES)
      used[this.stored.readUIntBE(at, KIND_BYTES)] = 1;
    return used;
  }

  /** How many slots are of one of some kinds. */
  countOfKinds(kinds: ReadonlySet<number>): number {
    let count = 0;
    for (let at = 0; at + KIND_BYTES <= this.stored.length; at += KIND_BYTES)
      if (kinds.has(this.stored.readUIntBE(at, KIND_BYTES))) count++;
    return count;
  }

  /** The byte string to store (the store's alone: entry-weeks.repo.ts). */
  get bytes(): Buffer {
    return this.stored;
  }
}

/**
 * A number naming a pair of a week's kinds (a kind and the kind it was before), for a map keyed by both:
 * kinds fit in KIND_BYTES bytes, so the pair is exact.
 */
export function kindPair(kind: number, other: number): number {
  return kind * 2 ** (8 * KIND_BYTES) + other;
}

/**
 * SQL: the kind of the entry at `slot` in a week's stored byte string, read in place (one entry's bytes
 * of an uncompressed value, not the whole of it); 0 when it did not play (migration 0025).
 */
export function entryWeekKindOf(kinds: SQL, slot: SQL): SQL {
  return sql`entry_week_kind(${kinds}, ${slot})`;
}

// ---------------------------------------------------------------------------------------------------
// Lists of slots from SQL: string_agg(slot::text, ',').

const CHAR_ZERO = 48;
const COMMA = 44;

/**
 * Reads slots joined by commas, digit by digit: a million of them in a few milliseconds, where a split
 * and a million strings would take a second.
 */
export function readSlots(text: string, each: (slot: number) => void): void {
  let at = 0;
  while (at < text.length) {
    let n = 0;
    while (at < text.length && text.charCodeAt(at) !== COMMA) {
      n = n * 10 + (text.charCodeAt(at) - CHAR_ZERO);
      at++;
    }
    at++;
    each(n);
  }
}

// ---------------------------------------------------------------------------------------------------
// The standing each entry locks a week with, from SQL.

/** The characters of one entry's standing: lives, rebuys, weeks alive and three flags. */
export const STANDING_WIDTH = 6;

/** The state and switches an entry locks a week with. */
export interface LockStanding {
  lives: number;
  rebuysMade: number;
  weeksAlive: number;
  needsRebuy: boolean;
  /** Its bonus switch in force for the week, whether or not the bonus pool runs. */
  bonus: boolean;
  autoRebuy: boolean;
}

/**
 * SQL: the standing of the entry `e` as it locks `week`, STANDING_WIDTH characters: its small numbers as
 * characters from '0' (chr(48 + n)), its flags as letters, the switches as in force for the week (the
 * current value from its effective week on, the previous one before it).
 */
export function lockStandingSql(week: number): SQL {
  return sql`chr(${CHAR_ZERO} + e.lives) || chr(${CHAR_ZERO} + e.rebuys_made) || chr(${CHAR_ZERO} + e.weeks_alive)
    || (case when e.needs_rebuy then 'r' else '-' end)
    || (case when (case when ${week} >= e.bonus_eff_week then e.bonus else e.bonus_prev end)
      then 'b' else '-' end)
    || (case when (case when ${week} >= e.auto_rebuy_eff_week then e.auto_rebuy else e.auto_rebuy_prev end)
      then 'a' else '-' end)`;
}

/** A standing as lockStandingSql writes it (for tests and the few written on the server). */
export function encodeLockStanding(standing: LockStanding): string {
  return (
    String.fromCharCode(CHAR_ZERO + standing.lives) +
    String.fromCharCode(CHAR_ZERO + standing.rebuysMade) +
    String.fromCharCode(CHAR_ZERO + standing.weeksAlive) +
    (standing.needsRebuy ? 'r' : '-') +
    (standing.bonus ? 'b' : '-') +
    (standing.autoRebuy ? 'a' : '-')
  );
}

/** The i-th standing of a string of them. */
export function standingAt(standings: string, i: number): LockStanding {
  const at = i * STANDING_WIDTH;
  return {
    lives: standings.charCodeAt(at) - CHAR_ZERO,
    rebuysMade: standings.charCodeAt(at + 1) - CHAR_ZERO,
    weeksAlive: standings.charCodeAt(at + 2) - CHAR_ZERO,
    needsRebuy: standings[at + 3] === 'r',
    bonus: standings[at + 4] === 'b',
    autoRebuy: standings[at + 5] === 'a',
  };
}

/**
 * The i-th standing as one number, the same for equal standings: its three counts (characters, each
 * under 65,536) and its three flags, 51 bits at most, so the number is exact. No object is made.
 */
export function standingKey(standings: string, i: number): number {
  const at = i * STANDING_WIDTH;
  const flags =
    (standings[at + 3] === 'r' ? 4 : 0) +
    (standings[at + 4] === 'b' ? 2 : 0) +
    (standings[at + 5] === 'a' ? 1 : 0);
  const counts =
    (standings.charCodeAt(at) * 65_536 + standings.charCodeAt(at + 1)) * 65_536 +
    standings.charCodeAt(at + 2);
  return counts * 8 + flags;
}

// ---------------------------------------------------------------------------------------------------
// A week's picks from SQL: string_agg(pick_id, PICK_SEPARATOR).

/** Separates pick ids: a control character no team or player id holds. */
export const PICK_SEPARATOR = '\u001f';

/**
 * Reads pick ids joined by PICK_SEPARATOR one after the other, each as its number in `pickIds`, which a
 * value's first reading adds to: a million picks of a few dozen teams or players come out as numbers,
 * without a string made for each.
 */
export function readPickCodes(text: string, pickIds: string[]): { next(): number } {
  const separator = PICK_SEPARATOR.charCodeAt(0);
  /** The values' numbers by a hash of their characters. */
  const byHash = new Map<number, number[]>();
  const hashOf = (value: string, from: number, to: number) => {
    let hash = 0;
    for (let i = from; i < to; i++) hash = (Math.imul(hash, 31) + value.charCodeAt(i)) | 0;
    return hash;
  };
  pickIds.forEach((value, code) => {
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
          if (pickIds[code].length === length && text.startsWith(pickIds[code], start)) return code;
        }
      }
      const code = pickIds.push(text.slice(start, start + length)) - 1;
      if (candidates === undefined) byHash.set(hash, [code]);
      else candidates.push(code);
      return code;
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// A judged week's new entry states, to SQL, indexed by slot.

/** What a judged week leaves an entry with, as the entries' rewrite needs it. */
export interface SlotOutcome {
  needsRebuy: boolean;
  /** Auto-rebuys bought in the week, under 64. */
  rebuysBought: number;
  lives: number;
  rebuysMade: number;
  weeksAlive: number;
}

/** A played entry's outcome as the rules engine gives it (WeekEntryOutcome), what the rewrite needs of it. */
export interface JudgedOutcome {
  rebuysBought: number;
  state: { status: string; lives: number; rebuysMade: number; weeksAlive: number };
}

/**
 * The new states of a week's entries as one byte string: per slot, a byte saying whether the entry played
 * (and then whether it needs a rebuy, and how many rebuys it bought), then its lives, rebuys and weeks
 * alive, `width` bytes each (one, or two when a count passes 255: never in a real season, never wrong
 * either). Read in place by one update of the entries `e` joined to the byte string `k.b`.
 */
export class WeekOutcomeBytes {
  readonly bytes: Buffer;
  private readonly stride: number;

  constructor(
    slotCount: number,
    readonly width: 1 | 2,
  ) {
    this.stride = 1 + 3 * width;
    this.bytes = Buffer.alloc(slotCount * this.stride);
  }

  /** The width that holds these counts. */
  static widthFor(counts: Iterable<number>): 1 | 2 {
    for (const n of counts) if (n > 255) return 2;
    return 1;
  }

  /**
   * Writes a played entry's outcome at its slot (the rules engine's outcome as it is: a million entries
   * share a few hundred, and nothing is made per entry).
   */
  set(slot: number, outcome: JudgedOutcome): void {
    const { state, rebuysBought } = outcome;
    if (!Number.isInteger(rebuysBought) || rebuysBought < 0 || rebuysBought >= 64)
      throw new Error(`${rebuysBought} rebuys bought in a week`);
    const at = slot * this.stride;
    this.bytes[at] = (state.status === 'needs-rebuy' ? 2 : 1) + 4 * rebuysBought;
    this.bytes.writeUIntBE(state.lives, at + 1, this.width);
    this.bytes.writeUIntBE(state.rebuysMade, at + 1 + this.width, this.width);
    this.bytes.writeUIntBE(state.weeksAlive, at + 1 + 2 * this.width, this.width);
  }

  /** The outcome at a slot, or null when the entry did not play (what the SQL below reads). */
  get(slot: number): SlotOutcome | null {
    const at = slot * this.stride;
    const head = this.bytes[at];
    if (!head) return null;
    return {
      needsRebuy: (head & 3) === 2,
      rebuysBought: head >> 2,
      lives: this.bytes.readUIntBE(at + 1, this.width),
      rebuysMade: this.bytes.readUIntBE(at + 1 + this.width, this.width),
      weeksAlive: this.bytes.readUIntBE(at + 1 + 2 * this.width, this.width),
    };
  }

  /** SQL: whether the entry `e` played. */
  playedSql(): SQL {
    return sql`${this.byte(0)} > 0`;
  }

  /** SQL: whether the entry `e` needs a rebuy after the week. */
  needsRebuySql(): SQL {
    return sql`${this.byte(0)} & 3 = 2`;
  }

  /** SQL: the auto-rebuys the entry `e` bought in the week. */
  rebuysBoughtSql(): SQL {
    return sql`${this.byte(0)} >> 2`;
  }

  /** SQL: the entry `e`'s lives, rebuys made and weeks alive after the week. */
  livesSql(): SQL {
    return this.count(0);
  }

  rebuysMadeSql(): SQL {
    return this.count(1);
  }

  weeksAliveSql(): SQL {
    return this.count(2);
  }

  private byte(offset: number): SQL {
    return sql`get_byte(k.b, ${sql.raw(`${this.stride} * e.slot + ${offset}`)})`;
  }

  private count(n: number): SQL {
    const offset = 1 + n * this.width;
    return this.width === 1
      ? this.byte(offset)
      : sql`(${this.byte(offset)} * 256 + ${this.byte(offset + 1)})`;
  }
}

// ---------------------------------------------------------------------------------------------------
// Values for some slots, to SQL.

/** Bytes of a slot in a list of slots (slots go up to 16,777,215, as kinds do). */
const SLOT_BYTES = 3;

/**
 * Some slots of a pool and values for each, sent as one byte string: per slot, its number in SLOT_BYTES
 * bytes and then `width` bytes of its own. `rows` gives SQL: the list as `s(i)` (its place) with its
 * bytes `k.b`, to be joined to the pool's entries `e` by their (pool_id, slot) index on `slot()`, and
 * `value(n)` reads the slot's n-th byte. A list of a hundred thousand entries is one parameter and one
 * join, never a parameter per entry.
 */
export class SlotList {
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

  /** The i-th slot (what `slot()` reads). */
  slotAt(i: number): number {
    return this.bytes.readUIntBE(i * this.stride, SLOT_BYTES);
  }

  valueAt(i: number): number {
    return i * this.stride + SLOT_BYTES;
  }

  /** SQL: the n-th value byte of the list's row `s.i`. */
  value(n: number): SQL {
    return sql`get_byte(k.b, ${sql.raw(`${this.stride} * s.i + ${SLOT_BYTES + n}`)})`;
  }

  /** SQL: the slot of the list's row `s.i`. */
  slot(): SQL {
    const at = (n: number) => sql.raw(`${this.stride} * s.i + ${n}`);
    return sql`(get_byte(k.b, ${at(0)}) * 65536 + get_byte(k.b, ${at(1)}) * 256 + get_byte(k.b, ${at(2)}))`;
  }

  /** SQL (a FROM list): the list's rows `s(i)` and its bytes `k.b`. */
  rows(): SQL {
    return sql`generate_series(0, ${this.count - 1}::int) as s(i) cross join (select ${sql.param(this.bytes)}::bytea as b) as k`;
  }
}

/**
 * Runs statements planned without looking at their values: a custom plan copies a byte string of a
 * million entries' states into the plan as a constant, work a generic plan skips. For the statements that carry these encodings only.
 */
export async function planGenerically(tx: DbOrTx, run: () => Promise<void>): Promise<void> {
  const [{ previous }] = rowsOf<{ previous: string }>(
    await tx.execute(sql`select current_setting('plan_cache_mode') as previous`),
  );
  await tx.execute(sql`select set_config('plan_cache_mode', 'force_generic_plan', true)`);
  await run();
  await tx.execute(sql`select set_config('plan_cache_mode', ${previous}, true)`);
}
