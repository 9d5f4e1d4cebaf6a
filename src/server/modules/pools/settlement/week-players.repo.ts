import { sql } from 'drizzle-orm';
import { must } from '../../../../core/must';
import { type DbOrTx, rowsOf } from '../../../db/client';
import { ENTRY_STATUS_SQL } from '../../../db/entry-status';
import {
  type EntryWeekKind,
  type PoolWeekKey,
  poolWeekPairs,
  readOpenWeeksKindsOf,
  readWeekKinds,
  type StoredWeekKinds,
  storeWeekKinds,
  WeekKinds,
} from '../store/entry-weeks.repo';
import {
  DID_NOT_PLAY,
  intArray,
  lockStandingSql,
  PICK_SEPARATOR,
  readPickCodes,
  readSlots,
  SlotKinds,
  standingAt,
  standingKey,
} from '../store/week-encoding';

// Who plays a week and what it did to them. A week of a big pool is a million entries: these read and
// write them column by column, set-based, never as a million row objects (the encodings: week-encoding.ts),
// and its entry weeks as kinds and one byte string (entry-weeks.repo.ts).

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
export type LockedWeek = StoredWeekKinds;

/**
 * The entries in play when a week locks (counted, with lives, signed up by the lock), in no order, with
 * the state they lock with and the settings in force for the week: each one's standing as
 * lockStandingSql writes it, its bonus switch whether or not the bonus pool runs.
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
  // One string per column, aligned: the slots, and each entry's standing. A million row objects would
  // cost seconds, and sorting them most of one.
  const [row] = rowsOf<{ slots: string | null; standings: string | null }>(
    await tx.execute(sql`
      select string_agg(slot::text, ',') as slots, string_agg(standing, '') as standings
      from (
        select e.slot, ${lockStandingSql(week)} as standing
        from entries e
        where e.pool_id = ${poolId} and e.status = ${ENTRY_STATUS_SQL.active} and e.lives > 0 and e.created_at <= ${lockAt.toISOString()}::timestamptz
      ) as played`),
  );
  const slots: number[] = [];
  if (row?.slots) readSlots(row.slots, (slot) => slots.push(slot));
  return { slots, standings: row?.standings ?? '' };
}

/**
 * The entries in play of several pools locking the same week at the same instant (small pools locked
 * together): as readEntriesInPlay, one statement for them all. A pool without any is left out.
 */
export async function readEntriesInPlayOf(
  tx: DbOrTx,
  poolIds: readonly number[],
  week: number,
  lockAt: Date,
): Promise<Map<number, EntriesInPlay>> {
  const rows = rowsOf<{ pool_id: number; slots: string | null; standings: string | null }>(
    await tx.execute(sql`
      select pool_id, string_agg(slot::text, ',') as slots, string_agg(standing, '') as standings
      from (
        select e.pool_id, e.slot, ${lockStandingSql(week)} as standing
        from entries e
        where e.pool_id = any(${intArray(poolIds)}) and e.status = ${ENTRY_STATUS_SQL.active} and e.lives > 0
          and e.created_at <= ${lockAt.toISOString()}::timestamptz
      ) as played
      group by pool_id`),
  );
  const found = new Map<number, EntriesInPlay>();
  for (const row of rows) {
    const slots: number[] = [];
    if (row.slots) readSlots(row.slots, (slot) => slots.push(slot));
    found.set(Number(row.pool_id), { slots, standings: row.standings ?? '' });
  }
  return found;
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
  const locked = lockedWeekOf(inPlay, bonusRunning);
  await storeWeekKinds(tx, poolId, week, locked.kinds, locked.slots);
}

/**
 * A week as it locks, from the entries in play: its kinds (`kinds[n - 1]` is kind n: the standing locked
 * with, in the bonus pool when it runs and the entry's switch is on) and each slot's kind.
 */
export function lockedWeekOf(
  inPlay: EntriesInPlay,
  bonusRunning: boolean,
): { kinds: EntryWeekKind[]; slots: SlotKinds } {
  const { slots, standings } = inPlay;
  const kinds = new WeekKinds();
  const byStanding = new Map<number, number>();
  let slotCount = 0;
  for (const slot of slots) slotCount = Math.max(slotCount, slot + 1);
  const locked = SlotKinds.empty(slotCount);
  for (let i = 0; i < slots.length; i++) {
    const code = standingKey(standings, i);
    let kind = byStanding.get(code);
    if (kind === undefined) {
      const standing = standingAt(standings, i);
      kind = kinds.numberOf({
        livesBefore: standing.lives,
        rebuysBefore: standing.rebuysMade,
        weeksAliveBefore: standing.weeksAlive,
        needsRebuyBefore: standing.needsRebuy,
        inBonus: bonusRunning && standing.bonus,
        autoRebuy: standing.autoRebuy,
        result: null,
        lives: null,
        status: null,
        rebuysBought: 0,
        bonusNet: 0,
      });
      byStanding.set(code, kind);
    }
    locked.set(slots[i], kind);
  }
  return { kinds: kinds.list, slots: locked };
}

/** A slot without a pick in the week, as its number in the read's pick ids (the empty pick). */
const NO_PICK = 0;

/**
 * Reads who plays a locked week with the state judging starts from and their picks of that week: the
 * state the week locked with, which re-judging starts from too; a commissioner's change of lives while
 * the week is in play is written there as well (editUserLives).
 */
export async function readWeekPlayers(tx: DbOrTx, poolId: number, week: number): Promise<WeekPlayers> {
  const locked = (await readWeekKinds(tx, poolId, week)) ?? { kinds: new Map(), slots: SlotKinds.empty(0) };
  const { slotCount } = locked.slots;
  if (slotCount === 0) return { slots: [], players: [], locked };
  // The week's picks with their entries' slots, each column as one string, in whatever order they come
  // (sorting a million rows cost most of a second), read by pool and week without the entries. An entry
  // with several picks (nfl-td) comes once per pick; one that plays without a pick, not at all.
  const [row] = rowsOf<{ slots: string | null; pick_ids: string | null }>(
    await tx.execute(sql`
      select string_agg(p.slot::text, ',') as slots, string_agg(p.pick_id, ${PICK_SEPARATOR}) as pick_ids
      from picks p where p.pool_id = ${poolId} and p.week = ${week} and p.slot between 0 and ${slotCount - 1}`),
  );
  return weekPlayersOf(locked, row?.slots ?? '', row?.pick_ids ?? '', { poolId, week });
}

/**
 * Several small pools' locked weeks not judged yet, as readWeekPlayers reads one (small pools settled
 * together): their pool_weeks rows held, three statements for them all. A week judged meanwhile is left out.
 * Each pool's rows are read by its own index probe (a lateral subquery): joined to the list of pools, the
 * planner once read the whole picks table by hash for every batch.
 */
export async function readOpenWeeksPlayersOf(
  tx: DbOrTx,
  weeks: readonly PoolWeekKey[],
): Promise<Map<number, WeekPlayers>> {
  const found = new Map<number, WeekPlayers>();
  const locked = await readOpenWeeksKindsOf(tx, weeks);
  if (locked.size === 0) return found;
  const rows = rowsOf<{ pool_id: number; slots: string | null; pick_ids: string | null }>(
    await tx.execute(sql`
      select d.pool_id, string_agg(p.slot::text, ',') as slots, string_agg(p.pick_id, ${PICK_SEPARATOR}) as pick_ids
      from ${poolWeekPairs(weeks)}
      cross join lateral (
        select p.slot, p.pick_id from picks p
        where p.pool_id = d.pool_id and p.week = d.week and p.slot >= 0 offset 0
      ) p
      group by d.pool_id`),
  );
  const picks = new Map(rows.map((row) => [Number(row.pool_id), row]));
  for (const { poolId, week } of weeks) {
    const kinds = locked.get(poolId);
    if (!kinds) continue;
    const row = picks.get(poolId);
    found.set(poolId, weekPlayersOf(kinds, row?.slots ?? '', row?.pick_ids ?? '', { poolId, week }));
  }
  return found;
}

/**
 * Who plays a locked week, from its kinds and its picks as read (`slots` and `pickIds`: each pick's slot
 * and id, aligned). Entries alike (the same locked kind and picks) share one player, found by a number
 * made of the kind and the pick, or for several picks by text (in one order: which was made first does
 * not change a week's result). Nothing is made per entry but its slot.
 */
function weekPlayersOf(
  locked: LockedWeek,
  slotsText: string,
  pickIdsText: string,
  of: PoolWeekKey,
): WeekPlayers {
  const slots: number[] = [];
  const players: WeekPlayer[] = [];
  const { slotCount } = locked.slots;
  if (slotCount === 0) return { slots, players, locked };
  // Each slot's first pick as its number in `pickIds`, the few entries with more picks (nfl-td) keeping
  // the rest apart; NO_PICK for none (pickIds[0] is the empty pick).
  const pickIds: string[] = [''];
  const firstPick = new Int32Array(slotCount).fill(NO_PICK);
  const morePicks = new Map<number, number[]>();
  const pickCodes = readPickCodes(pickIdsText, pickIds);
  readSlots(slotsText, (slot) => {
    const code = pickCodes.next();
    if (slot >= slotCount) return;
    if (firstPick[slot] === NO_PICK) firstPick[slot] = code;
    else morePicks.set(slot, [...(morePicks.get(slot) ?? []), code]);
  });
  const alike = new Map<number | string, WeekPlayer>();
  for (let slot = 0; slot < slotCount; slot++) {
    const kind = locked.slots.kindAt(slot);
    if (kind === DID_NOT_PLAY) continue;
    const first = firstPick[slot];
    const more = morePicks.get(slot);
    const picks = more === undefined ? null : [first, ...more].map((code) => pickIds[code]).sort();
    const key =
      picks === null
        ? kind * pickIds.length + first
        : `${kind}${PICK_SEPARATOR}${picks.join(PICK_SEPARATOR)}`;
    let player = alike.get(key);
    if (player === undefined) {
      const before = must(locked.kinds.get(kind), `kind ${kind} of week ${of.week} of pool ${of.poolId}`);
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
