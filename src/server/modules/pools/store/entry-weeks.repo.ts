import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../../db/client';
import { entryWeekKinds } from '../../../db/schema';
import {
  asBuffer,
  DID_NOT_PLAY,
  entryWeekKindOf,
  intArray,
  KIND_BYTES,
  kindAt,
  SlotKinds,
} from './week-encoding';

// An entry's week (the bonus pool and auto-rebuy in force, the state it locked with, and once judged its
// result and state after) is kept per pool week, not per entry (docs/decisions/009): the week's different
// entry weeks as numbered kinds (entry_week_kinds, a few hundred for a million entries) and, in
// pool_weeks.entry_kinds, which kind each entry's week is, KIND_BYTES bytes at the entry's slot (0: it did
// not play; week-encoding.ts). A week of a million entries so writes one byte string, not a million rows.

/** What tells one entry's week from another's: every column of entry_week_kinds but its key. */
export interface EntryWeekKind {
  inBonus: boolean;
  autoRebuy: boolean;
  livesBefore: number;
  rebuysBefore: number;
  needsRebuyBefore: boolean;
  weeksAliveBefore: number;
  /** advance, loss, moon, no-pick, no-rebuy; null until settled. */
  result: string | null;
  /** Lives and status (alive, needs-rebuy, eliminated) after the week; null until settled. */
  lives: number | null;
  status: string | null;
  rebuysBought: number;
  bonusNet: number;
}

/** One entry's week of a pool. */
export interface EntryWeekRow extends EntryWeekKind {
  poolId: number;
  entryId: number;
  week: number;
}

function kindKey(kind: EntryWeekKind): string {
  return [
    kind.inBonus,
    kind.autoRebuy,
    kind.livesBefore,
    kind.rebuysBefore,
    kind.needsRebuyBefore,
    kind.weeksAliveBefore,
    kind.result,
    kind.lives,
    kind.status,
    kind.rebuysBought,
    kind.bonusNet,
  ].join(',');
}

/** A week's kinds as they are built: the same entry week gets the same number, from 1 up. */
export class WeekKinds {
  readonly list: EntryWeekKind[] = [];
  private readonly numbers = new Map<string, number>();

  /** The kinds a week already holds, by their numbers (kept, so its byte string stays true). */
  static of(existing: ReadonlyMap<number, EntryWeekKind>): WeekKinds {
    const kinds = new WeekKinds();
    // Not Math.max(...keys): a spread passes each key as an argument, and a call takes only so many.
    let highest = 0;
    for (const n of existing.keys()) highest = Math.max(highest, n);
    for (let n = 1; n <= highest; n++) {
      const kind = existing.get(n);
      // A number no longer used keeps its place with a kind no entry week can have.
      kinds.add(kind ?? { ...PLACEHOLDER, bonusNet: -n });
    }
    return kinds;
  }

  numberOf(kind: EntryWeekKind): number {
    const key = kindKey(kind);
    return this.numbers.get(key) ?? this.add(kind);
  }

  private add(kind: EntryWeekKind): number {
    this.list.push(kind);
    this.numbers.set(kindKey(kind), this.list.length);
    return this.list.length;
  }
}

const PLACEHOLDER: EntryWeekKind = {
  inBonus: false,
  autoRebuy: false,
  livesBefore: -1,
  rebuysBefore: 0,
  needsRebuyBefore: false,
  weeksAliveBefore: 0,
  result: null,
  lives: null,
  status: null,
  rebuysBought: 0,
  bonusNet: 0,
};

/**
 * Stores a week's entry weeks, replacing what it held: its kinds (`kinds[n - 1]` is kind n) and each
 * slot's kind. Kinds no slot names are left out.
 */
export async function storeWeekKinds(
  tx: DbOrTx,
  poolId: number,
  week: number,
  kinds: readonly EntryWeekKind[],
  slots: SlotKinds,
): Promise<void> {
  const used = slots.usedKinds(kinds.length);
  await tx.execute(sql`delete from entry_week_kinds where pool_id = ${poolId} and week = ${week}`);
  const rows = kinds
    .map((kind, i) => ({ ...kind, poolId, week, kind: i + 1 }))
    .filter((row) => used[row.kind] === 1);
  for (let start = 0; start < rows.length; start += 2000) {
    await tx.insert(entryWeekKinds).values(rows.slice(start, start + 2000));
  }
  await tx.execute(
    sql`update pool_weeks set entry_kinds = ${sql.param(slots.bytes)}::bytea where pool_id = ${poolId} and week = ${week}`,
  );
}

interface KindRow {
  week: number;
  kind: number;
  in_bonus: boolean;
  auto_rebuy: boolean;
  lives_before: number;
  rebuys_before: number;
  needs_rebuy_before: boolean;
  weeks_alive_before: number;
  result: string | null;
  lives: number | null;
  status: string | null;
  rebuys_bought: number;
  bonus_net: number;
}

function kindOfRow(row: KindRow): EntryWeekKind {
  return {
    inBonus: row.in_bonus,
    autoRebuy: row.auto_rebuy,
    livesBefore: Number(row.lives_before),
    rebuysBefore: Number(row.rebuys_before),
    needsRebuyBefore: row.needs_rebuy_before,
    weeksAliveBefore: Number(row.weeks_alive_before),
    result: row.result,
    lives: row.lives === null ? null : Number(row.lives),
    status: row.status,
    rebuysBought: Number(row.rebuys_bought),
    bonusNet: Number(row.bonus_net),
  };
}

const KIND_COLUMNS = sql.raw(`k.week, k.kind, k.in_bonus, k.auto_rebuy, k.lives_before, k.rebuys_before,
  k.needs_rebuy_before, k.weeks_alive_before, k.result, k.lives, k.status, k.rebuys_bought, k.bonus_net`);

/** A stored week's kinds by number and which kind each slot is. */
export interface StoredWeekKinds {
  kinds: ReadonlyMap<number, EntryWeekKind>;
  slots: SlotKinds;
}

/** A locked week's kinds by number and its slots' kinds; null when the week has not locked. */
export async function readWeekKinds(
  db: DbOrTx,
  poolId: number,
  week: number,
  options: { forUpdate?: boolean } = {},
): Promise<StoredWeekKinds | null> {
  const [row] = rowsOf<{ entry_kinds: Uint8Array | null }>(
    await db.execute(sql`
      select entry_kinds from pool_weeks where pool_id = ${poolId} and week = ${week}
      ${options.forUpdate ? sql`for update` : sql``}`),
  );
  if (!row) return null;
  const kinds = rowsOf<KindRow>(
    await db.execute(sql`
      select ${KIND_COLUMNS} from entry_week_kinds k where k.pool_id = ${poolId} and k.week = ${week}`),
  );
  return {
    kinds: new Map(kinds.map((kind) => [Number(kind.kind), kindOfRow(kind)])),
    slots: SlotKinds.read(row.entry_kinds),
  };
}

/** A pool's week, as several are read or written together (small pools settled together). */
export interface PoolWeekKey {
  poolId: number;
  week: number;
}

/** The pairs of pool and week as a SQL relation `d(pool_id, week)`, two array parameters whatever their number. */
export function poolWeekPairs(weeks: readonly PoolWeekKey[]): SQL {
  return sql`unnest(${intArray(weeks.map((w) => w.poolId))}, ${intArray(weeks.map((w) => w.week))}) as d(pool_id, week)`;
}

/**
 * Several pools' locked weeks not judged yet, as readWeekKinds reads one, their pool_weeks rows held until
 * the transaction ends (the judging's). A week judged meanwhile, or never locked, is left out. Each pool's
 * rows by its own index probe (lateral), never a hash of the whole table.
 */
export async function readOpenWeeksKindsOf(
  db: DbOrTx,
  weeks: readonly PoolWeekKey[],
): Promise<Map<number, StoredWeekKinds>> {
  const found = new Map<number, StoredWeekKinds>();
  if (weeks.length === 0) return found;
  const rows = rowsOf<{ pool_id: number; entry_kinds: Uint8Array | null }>(
    await db.execute(sql`
      select w.pool_id, w.entry_kinds from ${poolWeekPairs(weeks)}
      cross join lateral (
        select w.pool_id, w.entry_kinds from pool_weeks w
        where w.pool_id = d.pool_id and w.week = d.week and w.settled_at is null
        for update
      ) w`),
  );
  const kinds = rowsOf<KindRow & { pool_id: number }>(
    await db.execute(sql`
      select k.pool_id, ${KIND_COLUMNS} from ${poolWeekPairs(weeks)}
      cross join lateral (
        select * from entry_week_kinds k where k.pool_id = d.pool_id and k.week = d.week offset 0
      ) k`),
  );
  const byPool = new Map<number, Map<number, EntryWeekKind>>();
  for (const row of kinds) {
    const poolId = Number(row.pool_id);
    const list = byPool.get(poolId) ?? new Map<number, EntryWeekKind>();
    list.set(Number(row.kind), kindOfRow(row));
    byPool.set(poolId, list);
  }
  for (const row of rows) {
    const poolId = Number(row.pool_id);
    found.set(poolId, { kinds: byPool.get(poolId) ?? new Map(), slots: SlotKinds.read(row.entry_kinds) });
  }
  return found;
}

/** Entries from which their weeks are read by probing each one's bytes rather than decoding whole weeks. */
const PROBED_ENTRIES = 200;

/**
 * A pool's entry weeks, by week and then entry id: of the given weeks (every locked week when none are
 * given) and entries (every entry). A few entries' weeks are read in place, by their slots; more, by
 * reading each week's byte string once.
 */
export async function readEntryWeeks(
  db: DbOrTx,
  poolId: number,
  options: { weeks?: readonly number[]; entryIds?: readonly number[] } = {},
): Promise<EntryWeekRow[]> {
  const { weeks, entryIds } = options;
  if (entryIds?.length === 0 || weeks?.length === 0) return [];
  const weekFilter = weeks ? sql`and pw.week = any(${intArray(weeks)})` : sql``;
  if (entryIds && entryIds.length <= PROBED_ENTRIES) {
    const rows = rowsOf<KindRow & { entry_id: number }>(
      await db.execute(sql`
        select e.id as entry_id, ${KIND_COLUMNS}
        from entries e
        join pool_weeks pw on pw.pool_id = e.pool_id ${weekFilter}
        join entry_week_kinds k on k.pool_id = pw.pool_id and k.week = pw.week
          and k.kind = ${entryWeekKindOf(sql`pw.entry_kinds`, sql`e.slot`)}
        where e.pool_id = ${poolId} and e.id = any(${intArray(entryIds)})
        order by k.week, e.id`),
    );
    return rows.map((row) => ({
      poolId,
      entryId: Number(row.entry_id),
      week: Number(row.week),
      ...kindOfRow(row),
    }));
  }
  const wanted = entryIds ? new Set(entryIds) : null;
  const slots = rowsOf<{ id: number; slot: number }>(
    await db.execute(sql`select id, slot from entries where pool_id = ${poolId} order by id`),
  )
    .map((row) => ({ id: Number(row.id), slot: Number(row.slot) }))
    .filter((row) => wanted === null || wanted.has(row.id));
  const weekRows = rowsOf<{ week: number; entry_kinds: Uint8Array | null }>(
    await db.execute(sql`
      select pw.week, pw.entry_kinds from pool_weeks pw where pw.pool_id = ${poolId} ${weekFilter}
      order by pw.week`),
  );
  const kindRows = rowsOf<KindRow>(
    await db.execute(sql`
      select ${KIND_COLUMNS} from entry_week_kinds k
      join pool_weeks pw on pw.pool_id = k.pool_id and pw.week = k.week
      where k.pool_id = ${poolId} ${weekFilter}`),
  );
  const kinds = new Map(kindRows.map((row) => [`${row.week}:${row.kind}`, kindOfRow(row)]));
  const out: EntryWeekRow[] = [];
  for (const { week, entry_kinds } of weekRows) {
    const bytes = asBuffer(entry_kinds);
    for (const { id, slot } of slots) {
      const n = kindAt(bytes, slot);
      const kind = n === 0 ? undefined : kinds.get(`${week}:${n}`);
      if (kind) out.push({ poolId, entryId: id, week: Number(week), ...kind });
    }
  }
  return out;
}

/**
 * Rewrites some entries' weeks of one locked week (null takes an entry out of it): re-judging after a
 * correction, a commissioner's change, the tests' factories. The week's row is locked while it changes.
 */
export async function rewriteEntryWeeks(
  tx: DbOrTx,
  poolId: number,
  week: number,
  changes: ReadonlyArray<{ entryId: number; kind: EntryWeekKind | null }>,
): Promise<void> {
  if (changes.length === 0) return;
  const stored = await readWeekKinds(tx, poolId, week, { forUpdate: true });
  if (!stored) throw new Error(`Week ${week} of pool ${poolId} has not locked.`);
  const slots = new Map(
    rowsOf<{ id: number; slot: number }>(
      await tx.execute(sql`
        select id, slot from entries
        where pool_id = ${poolId} and id = any(${intArray(changes.map((change) => change.entryId))})`),
    ).map((row) => [Number(row.id), Number(row.slot)]),
  );
  const kinds = WeekKinds.of(stored.kinds);
  const changed = stored.slots.copy();
  for (const { entryId, kind } of changes) {
    const slot = slots.get(entryId);
    if (slot === undefined) throw new Error(`Entry ${entryId} is not in pool ${poolId}.`);
    changed.set(slot, kind === null ? DID_NOT_PLAY : kinds.numberOf(kind));
  }
  await storeWeekKinds(tx, poolId, week, kinds.list, changed);
}

// ---------------------------------------------------------------------------------------------------
// The entries' kinds as the other areas read them (standings, news, exports, pushes, the bonus pool tool):
// SQL fragments and decoded readers, so that none of them sees a week's byte string.

/**
 * SQL: the kind of the entry at `slot` in the week of the pool_weeks row `weekAlias` (0: it did not play),
 * read in place: the entry's bytes of the week, not the whole of it.
 */
export function entryWeekKindSql(weekAlias: string, slot: SQL): SQL {
  return entryWeekKindOf(sql.raw(`${weekAlias}.entry_kinds`), slot);
}

/** SQL: the kind of the entry at `slot` in a pool's week (0: it did not play), read in place. */
export function poolWeekKindSql(poolId: number, week: number, slot: SQL): SQL {
  return entryWeekKindOf(
    sql`(select pw.entry_kinds from pool_weeks pw where pw.pool_id = ${poolId} and pw.week = ${week})`,
    slot,
  );
}

/** SQL: how many slots the week of the pool_weeks row `weekAlias` covers. */
export function weekSlotCountSql(weekAlias: string): SQL {
  return sql`octet_length(${sql.raw(`${weekAlias}.entry_kinds`)}) / ${KIND_BYTES}`;
}

/** An entry's kind by week and slot, from the part of the weeks that was read (0: it did not play). */
export type SlotRangeKinds = (week: number, slot: number) => number;

/**
 * The kinds of the entries of slots `first` to `last` in the given weeks (every week of the pool when
 * none are given): that part of each week's byte string, not the whole of it. A slot or week outside
 * what was read answers 0.
 */
export async function readSlotRangeKinds(
  db: DbOrTx,
  poolId: number,
  slots: { first: number; last: number },
  weeks?: readonly number[],
): Promise<SlotRangeKinds> {
  const from = Math.max(0, slots.first);
  if (weeks?.length === 0 || slots.last < from) return () => DID_NOT_PLAY;
  const weekFilter = weeks ? sql` and week = any(${intArray(weeks)})` : sql``;
  const rows = rowsOf<{ week: number; part: Uint8Array | null }>(
    await db.execute(sql`
      select week, substring(entry_kinds from ${from * KIND_BYTES + 1} for ${(slots.last - from + 1) * KIND_BYTES}) as part
      from pool_weeks where pool_id = ${poolId}${weekFilter}`),
  );
  const parts = new Map(rows.map((row) => [Number(row.week), asBuffer(row.part)]));
  return (week, slot) => {
    const part = parts.get(week);
    return part && slot >= from ? kindAt(part, slot - from) : DID_NOT_PLAY;
  };
}

/** SQL over the part of one week's byte string that holds the kinds of slots [lo, hi). */
export interface WeekSlotRangeSql {
  /** A select of the part as `b`: make it a materialized CTE, so that it is read once, not per entry. */
  part: SQL;
  /** Whether the part (as `<alias>.b`) holds the slot's kind: a slot past the week's end did not play. */
  holds(slot: SQL): SQL;
  /** The slot's kind, read from the part (as `<alias>.b`). */
  kindOf(slot: SQL): SQL;
}

/** The part of a pool week's byte string that holds slots [lo, hi), read in SQL as `alias`. */
export function weekSlotRangeSql(
  poolId: number,
  week: number,
  range: { lo: number; hi: number },
  alias: string,
): WeekSlotRangeSql {
  const { lo, hi } = range;
  const bytes = sql.raw(`${alias}.b`);
  const width = sql.raw(String(KIND_BYTES));
  return {
    part: sql`select substring(entry_kinds from ${lo * KIND_BYTES + 1} for ${(hi - lo) * KIND_BYTES}) as b
      from pool_weeks where pool_id = ${poolId} and week = ${week}`,
    holds: (slot) => sql`(${slot} - ${lo}) * ${KIND_BYTES} + ${KIND_BYTES} <= length(${bytes})`,
    // Big-endian, as kindAt reads it: each byte times 256 to the power of the bytes after it.
    kindOf: (slot) =>
      sql.join(
        Array.from({ length: KIND_BYTES }, (_, n) => {
          const at = sql.raw(n === 0 ? '' : ` + ${n}`);
          const scale = sql.raw(n === KIND_BYTES - 1 ? '' : ` * ${256 ** (KIND_BYTES - 1 - n)}`);
          return sql`get_byte(${bytes}, (${slot} - ${lo}) * ${width}${at})${scale}`;
        }),
        sql` + `,
      ),
  };
}

/**
 * How many entries played a locked week with a kind `counted` accepts (0 when it has not locked): the
 * week's byte string read once and looked at slot by slot, never an SQL read per entry.
 */
export async function countWeekEntries(
  db: DbOrTx,
  poolId: number,
  week: number,
  counted: (kind: EntryWeekKind) => boolean,
): Promise<number> {
  const stored = await readWeekKinds(db, poolId, week);
  if (!stored) return 0;
  const numbers = new Set([...stored.kinds].filter(([, kind]) => counted(kind)).map(([n]) => n));
  if (numbers.size === 0) return 0;
  return stored.slots.countOfKinds(numbers);
}
