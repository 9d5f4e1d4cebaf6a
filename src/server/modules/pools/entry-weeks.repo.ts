import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';
import { entryWeekKinds } from '../../db/schema';
import { asBuffer, DID_NOT_PLAY, entryWeekKindOf, intArray, kindAt, SlotKinds } from './week-encoding';

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
