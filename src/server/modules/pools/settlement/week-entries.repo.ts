import { type SQL, sql } from 'drizzle-orm';
import type { WeekEntryOutcome } from '../../../../core/season';
import { type DbOrTx, rowsOf } from '../../../db/client';
import type { LedgerRowInput } from '../ledger';

// A week of a big pool is a million entries: these read and write them column by column, set-based,
// never as a million row objects.

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
  /** The entry's own picks of the week in the order they were made (several for nfl-td). */
  picks: string[];
}

/**
 * The entries that play a locked week: their ids in ascending order and, aligned, who each one is.
 * A million entries come down to a few hundred different players (the same lives, settings and
 * pick): entries alike share one WeekPlayer.
 */
export interface WeekPlayers {
  ids: number[];
  players: WeekPlayer[];
}

/** Separates pick ids in the read below: a control character no team or player id holds. */
const PICK_SEPARATOR = '\u001f';
/** The characters of one row's standing in the read below: lives, rebuys, weeks alive and three flags. */
const STANDING_WIDTH = 6;
/** Small whole numbers travel as one character each, from '0' up (chr(48 + n)). */
const CHAR_ZERO = 48;

/**
 * Reads who plays a locked week with the state judging starts from and their picks of that week: the
 * state the week locked with (entry_weeks.*_before), which re-judging starts from too; a commissioner's
 * change of lives while the week is in play is written there as well (editUserLives).
 */
export async function readWeekPlayers(tx: DbOrTx, poolId: number, week: number): Promise<WeekPlayers> {
  // Each column comes as one string from a sorted subquery (PostgreSQL keeps that order): the ids
  // joined by commas, the picks by PICK_SEPARATOR, and each row's standing as STANDING_WIDTH characters
  // (its small numbers as characters from '0', its flags as letters). A million rows, or a million-
  // element array literal, cost seconds to parse; this is a split and character codes. An entry with
  // several picks comes once per pick; an entry with none, once with an empty pick.
  const [row] = rowsOf<{ ids: string | null; standings: string | null; pick_ids: string | null }>(
    await tx.execute(sql`
      select string_agg(id::text, ',') as ids, string_agg(standing, '') as standings,
        string_agg(coalesce(pick_id, ''), ${PICK_SEPARATOR}) as pick_ids
      from (
        select w.entry_id as id, p.pick_id,
          chr(${CHAR_ZERO} + w.lives_before) || chr(${CHAR_ZERO} + w.rebuys_before)
            || chr(${CHAR_ZERO} + w.weeks_alive_before) || (case when w.needs_rebuy_before then 'r' else '-' end)
            || (case when w.in_bonus then 'b' else '-' end) || (case when w.auto_rebuy then 'a' else '-' end) as standing
        from entry_weeks w
        left join picks p on p.entry_id = w.entry_id and p.week = w.week
        where w.pool_id = ${poolId} and w.week = ${week}
        order by w.entry_id, p.id
      ) as played`),
  );
  const ids: number[] = [];
  const players: WeekPlayer[] = [];
  if (!row?.ids) return { ids, players };
  const idText = row.ids;
  const standings = row.standings ?? '';
  const pickIds = (row.pick_ids ?? '').split(PICK_SEPARATOR);
  // Entries alike (the same standing and picks) share one player, found by the standing's code and
  // then the picks. Nothing is made per entry but its id: a million strings or arrays cost a second.
  const alike = new Map<number, Map<string, WeekPlayer>>();
  const share = (row: number, morePicks: string[] | null): WeekPlayer => {
    const at = row * STANDING_WIDTH;
    const code = standingCode(standings, at);
    const first = pickIds[row] ?? '';
    const key = morePicks === null ? first : [first, ...morePicks].join(PICK_SEPARATOR);
    let byPicks = alike.get(code);
    if (byPicks === undefined) {
      byPicks = new Map();
      alike.set(code, byPicks);
    }
    let player = byPicks.get(key);
    if (player === undefined) {
      player = {
        lives: standings.charCodeAt(at) - CHAR_ZERO,
        rebuysMade: standings.charCodeAt(at + 1) - CHAR_ZERO,
        weeksAlive: standings.charCodeAt(at + 2) - CHAR_ZERO,
        needsRebuy: standings[at + 3] === 'r',
        inBonus: standings[at + 4] === 'b',
        autoRebuy: standings[at + 5] === 'a',
        picks: first === '' ? [] : [first, ...(morePicks ?? [])],
      };
      byPicks.set(key, player);
    }
    return player;
  };
  // The rows one by one: an id read digit by digit, then the entry's first row or one more pick of it.
  let entryRow = -1;
  let morePicks: string[] | null = null;
  let at = 0;
  for (let row = 0; at < idText.length; row++) {
    let id = 0;
    while (at < idText.length && idText.charCodeAt(at) !== COMMA) {
      id = id * 10 + (idText.charCodeAt(at) - CHAR_ZERO);
      at++;
    }
    at++;
    if (entryRow >= 0 && ids[ids.length - 1] === id) {
      morePicks = [...(morePicks ?? []), pickIds[row]];
      continue;
    }
    if (entryRow >= 0) players.push(share(entryRow, morePicks));
    ids.push(id);
    entryRow = row;
    morePicks = null;
  }
  players.push(share(entryRow, morePicks));
  return { ids, players };
}

const COMMA = 44;

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
 * Writes every played entry's new state and its judged week. The outcomes go over as the distinct
 * outcomes and, per entry, which one it is (its kind): a week has a few hundred distinct outcomes at most.
 */
export async function writeEntryOutcomes(
  tx: DbOrTx,
  poolId: number,
  week: number,
  outcomes: readonly WeekEntryOutcome[],
): Promise<void> {
  const distinct = new Map<number | string, number>();
  const kinds: WeekEntryOutcome[] = [];
  const ids: number[] = [];
  const kindOf: number[] = [];
  for (const outcome of outcomes) {
    if (!outcome.played) continue;
    const key = outcomeKey(outcome);
    let kind = distinct.get(key);
    if (kind === undefined) {
      kind = kinds.length + 1;
      distinct.set(key, kind);
      kinds.push(outcome);
    }
    ids.push(Number(outcome.id));
    kindOf.push(kind);
  }
  if (ids.length === 0) return;
  const kindByRow = kindLookup(ids, kindOf, kinds.length);
  // Each column of the outcome, looked up by the row's kind in the array of distinct outcomes.
  const of = <T>(pick: (outcome: WeekEntryOutcome) => T, type: string, entryId: SQL) =>
    sql`(${sql.param(kinds.map(pick))}::${sql.raw(type)}[])[${kindByRow.kindOf(entryId)}]`;
  const e = sql.raw('e.id');
  await tx.execute(sql`
    update entries as e set lives = ${of((o) => o.state.lives, 'int', e)},
      rebuys_made = ${of((o) => o.state.rebuysMade, 'int', e)},
      needs_rebuy = ${of((o) => o.state.status === 'needs-rebuy', 'boolean', e)},
      weeks_alive = ${of((o) => o.state.weeksAlive, 'int', e)}
    from ${kindByRow.from}
    where e.pool_id = ${poolId} and ${kindByRow.where(e)}`);
  const w = sql.raw('w.entry_id');
  await tx.execute(sql`
    update entry_weeks as w set result = ${of((o) => o.result ?? 'no-pick', 'text', w)},
      lives = ${of((o) => o.state.lives, 'int', w)}, status = ${of((o) => o.state.status, 'text', w)},
      rebuys_bought = ${of((o) => o.rebuysBought, 'int', w)}, bonus_net = ${of((o) => o.bonusNet, 'int', w)}
    from ${kindByRow.from}
    where w.pool_id = ${poolId} and w.week = ${week} and ${kindByRow.where(w)}`);
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
function outcomeKey(outcome: WeekEntryOutcome): number | string {
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
 * How an update finds each row's kind (1 and up) by the row's entry id: the FROM item it adds, the
 * kind of an entry id, and the condition that keeps the rows that have one.
 */
interface KindLookup {
  from: SQL;
  kindOf: (entryId: SQL) => SQL;
  where: (entryId: SQL) => SQL;
}

/** The most distinct kinds a byte string below can carry: two bytes each. */
const MOST_DENSE_KINDS = 0xffff;

/**
 * Entry ids and their kinds, ascending by id. Where the ids are close together (a big pool's entries
 * mostly are), the kinds travel as one byte string indexed by id (two bytes per id from the lowest),
 * read in place by each row of one scan: joining a million rows to a million-row list would cost a
 * second per table. Sparse ids (a small pool among many) travel as a list joined by id instead.
 */
function kindLookup(ids: readonly number[], kindOf: readonly number[], kindCount: number): KindLookup {
  const lowest = ids[0];
  const span = ids[ids.length - 1] - lowest + 1;
  if (span <= 4 * ids.length + 65_536 && kindCount <= MOST_DENSE_KINDS) {
    const bytes = Buffer.alloc(span * 2);
    for (let i = 0; i < ids.length; i++) bytes.writeUInt16BE(kindOf[i], (ids[i] - lowest) * 2);
    const at = (entryId: SQL) => sql`2 * (${entryId} - ${lowest})`;
    const kind = (entryId: SQL) =>
      sql`(get_byte(k.kinds, ${at(entryId)}) * 256 + get_byte(k.kinds, ${at(entryId)} + 1))`;
    return {
      from: sql`(select ${sql.param(bytes)}::bytea as kinds) as k`,
      kindOf: kind,
      where: (entryId) => sql`${entryId} between ${lowest} and ${lowest + span - 1} and ${kind(entryId)} > 0`,
    };
  }
  return {
    from: sql`unnest(${intArray(ids)}, ${intArray(kindOf)}) as o(id, kind)`,
    kindOf: () => sql`o.kind`,
    where: (entryId) => sql`${entryId} = o.id`,
  };
}

/**
 * Appends one ledger row per rebuy each entry bought in its judged week, each row `charge` (the pool's
 * rebuy charge), in entry order.
 */
export async function appendWeekRebuyCharges(
  tx: DbOrTx,
  outcomes: readonly WeekEntryOutcome[],
  charge: LedgerRowInput,
  now: Date,
): Promise<void> {
  const charged: number[] = [];
  for (const outcome of outcomes) {
    for (let n = 0; n < outcome.rebuysBought; n++) charged.push(Number(outcome.id));
  }
  if (charged.length === 0) return;
  await tx.execute(sql`
    insert into ledger (pool_id, entry_id, kind, amount, week, notes, created_at)
    select ${charge.poolId}, c.entry_id, ${charge.kind}, ${charge.amount}, ${charge.week ?? null}, ${charge.notes ?? null},
      ${now.toISOString()}::timestamptz
    from unnest(${intArray(charged)}) with ordinality as c(entry_id, n)
    order by c.n`);
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
