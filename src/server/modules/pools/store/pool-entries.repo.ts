import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type PageQuery, pageOffset } from '../../../../core/contracts/paging';
import type { Entrant, MyEntry, PickRow } from '../../../../core/contracts/pools';
import { picksPlayers, scheduleOfKey } from '../../../../core/games';
import { ENTRY_STATUS } from '../../../../core/pool/entry-status';
import { type DbOrTx, rowsOf } from '../../../db/client';
import type { EntryRecord, PickRecord } from '../../../db/schema';
import { entries, nflPlayers, picks, teams, users } from '../../../db/schema';
import { containsPattern } from '../../../lib/paging';
import { paidInSql } from './ledger.repo';

/** The columns of a pick the API shows (toPickRow, toMyEntry). */
export type PickView = Pick<PickRecord, 'id' | 'entryId' | 'week' | 'pickId' | 'teamAbb' | 'byInsurance'>;

/** An entry with its owner's username. */
export interface NamedEntry {
  entry: EntryRecord;
  username: string;
}

/** "username", or "username [n]" for entries above 1. */
export function entryLabel(username: string, entryNum: number): string {
  return entryNum > 1 ? `${username} [${entryNum}]` : username;
}

/** An entry is extinct once it has no lives left. */
export function isExtinct(entry: Pick<EntryRecord, 'lives'>): boolean {
  return entry.lives <= 0;
}

/** The pool's entries with usernames, by username then entry number (optionally only one user's). */
export async function listPoolEntries(db: DbOrTx, poolId: number, userId?: number): Promise<NamedEntry[]> {
  const conditions = [eq(entries.poolId, poolId)];
  if (userId !== undefined) conditions.push(eq(entries.userId, userId));
  return db
    .select({ entry: entries, username: users.username })
    .from(entries)
    .innerJoin(users, eq(users.id, entries.userId))
    .where(and(...conditions))
    .orderBy(asc(users.username), asc(entries.entryNum));
}

/**
 * Up to this many matching entries a paged list is in name order (username, then entry number), as small
 * pools always were; past it, in sign-up order, which the pool's (pool_id, slot) index walks without
 * joining and sorting every entry with its owner's name. A search narrows a big pool to a name order again.
 */
export const NAME_ORDER_MAX_ENTRIES = 10_000;

/** Which entries a paged list holds: every entry of the pool, or the counted ones (status 1) only. */
export interface EntryPageOptions extends PageQuery {
  countedOnly?: boolean;
  /** A further condition on the pool's entries (a tool's status filter or its own search). */
  where?: SQL;
  /**
   * The page's first slot, or one before it with how many matching entries to skip from there: a stored
   * mark of a filtered list (pool-rankings' readMark), so a deep page skips at most a thousand entries.
   */
  from?: { slot: number; skip: number };
  /**
   * Sign-up order whatever the count: for a big pool's list whose filter costs a probe per entry (Missing
   * Picks), which a name order would run on every entry however few match, and a page stops at its last row.
   */
  signUpOrder?: boolean;
}

/**
 * A search of entries by their label: "bob" finds every entry of a username containing it, "bob [2]" that
 * username's entry 2. The owners are matched first (a scan of the users, not of the pool's entries joined
 * to them), and their entries found through the pool's (pool_id, user_id) index.
 */
function searchFilter(q: string): SQL {
  const numbered = /^(.*\S)\s*\[(\d{1,3})\]$/.exec(q);
  const name = numbered ? numbered[1] : q;
  const owners = sql`${entries.userId} in (select id from ${users} where ${users.username} ilike ${containsPattern(name)})`;
  return numbered ? (and(owners, eq(entries.entryNum, Number(numbered[2]))) as SQL) : owners;
}

function entryPageFilter(poolId: number, options: EntryPageOptions): SQL {
  const conditions: SQL[] = [eq(entries.poolId, poolId)];
  if (options.countedOnly) conditions.push(eq(entries.status, ENTRY_STATUS.active));
  if (options.q) conditions.push(searchFilter(options.q));
  if (options.where) conditions.push(options.where);
  return and(...conditions) as SQL;
}

/** How many entries match a paged list's filter: one count in SQL. */
export async function countPoolEntries(
  db: DbOrTx,
  poolId: number,
  options: EntryPageOptions,
): Promise<number> {
  const [row] = await db.select({ n: count() }).from(entries).where(entryPageFilter(poolId, options));
  return Number(row?.n ?? 0);
}

/**
 * One page of the pool's entries with their owners' names: in name order up to NAME_ORDER_MAX_ENTRIES
 * matching entries (`total`), in sign-up order past it. Never more than the page's rows leave the database.
 */
export async function pagePoolEntries(
  db: DbOrTx,
  poolId: number,
  options: EntryPageOptions,
  total: number,
): Promise<NamedEntry[]> {
  const offset = pageOffset(options);
  if (total === 0 || offset >= total) return [];
  const filter = entryPageFilter(poolId, options);
  const query = db
    .select({ entry: entries, username: users.username })
    .from(entries)
    .innerJoin(users, eq(users.id, entries.userId));
  // A name order sorts the few matching entries; both orders are unique within a pool.
  if (total <= NAME_ORDER_MAX_ENTRIES && !options.signUpOrder) {
    return query
      .where(filter)
      .orderBy(asc(users.username), asc(entries.entryNum))
      .limit(options.pageSize)
      .offset(offset);
  }
  // Sign-up order: the page's first slot is found by skipping entries alone along the (pool_id, status,
  // slot) index, then the page is read from there with its owners: skipping joined rows would join every
  // skipped entry to its owner, deep in a million entries.
  const first = db
    .select({ slot: entries.slot })
    .from(entries)
    .where(options.from ? and(filter, sql`${entries.slot} >= ${options.from.slot}`) : filter)
    .orderBy(asc(entries.slot))
    .limit(1)
    .offset(options.from ? options.from.skip : offset);
  return query
    .where(and(filter, sql`${entries.slot} >= (${first})`))
    .orderBy(asc(entries.slot))
    .limit(options.pageSize);
}

/** An int[] parameter: one parameter for a bounded list of ids (a page), never one per id. */
export function intArray(values: readonly number[]): SQL {
  return sql`string_to_array(${values.join(',')}, ',')::int[]`;
}

/**
 * Picks of the given entries (a page or the viewer's own: a bounded list), limited to `weeks` when given.
 * Callers that show other entries' picks pass the public weeks only, so a hidden pick is never even read.
 */
export async function listPicks(
  db: DbOrTx,
  entryIds: readonly number[],
  weeks?: readonly number[],
): Promise<PickRecord[]> {
  if (entryIds.length === 0 || (weeks !== undefined && weeks.length === 0)) return [];
  const conditions = [sql`${picks.entryId} = any(${intArray(entryIds)})`];
  if (weeks !== undefined) conditions.push(sql`${picks.week} = any(${intArray(weeks)})`);
  return db
    .select()
    .from(picks)
    .where(and(...conditions))
    .orderBy(asc(picks.week), asc(picks.id));
}

/** Display names of picks: team names (nba, mlb), or NFL players' display names. */
export async function loadPickNames(
  db: DbOrTx,
  game: string,
  rows: readonly Pick<PickRecord, 'pickId'>[],
): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((row) => row.pickId))];
  if (ids.length === 0) return new Map();
  if (picksPlayers(game)) {
    const found = await db
      .select({ id: nflPlayers.id, name: nflPlayers.displayName })
      .from(nflPlayers)
      .where(inArray(nflPlayers.id, ids));
    return new Map(found.map((row) => [row.id, row.name]));
  }
  const found = await db
    .select({ abb: teams.abb, name: teams.name })
    .from(teams)
    .where(and(eq(teams.game, scheduleOfKey(game)), inArray(teams.abb, ids)));
  return new Map(found.map((row) => [row.abb, row.name]));
}

/** One pick as the API shows it. */
export function toPickRow(row: PickView, names: Map<string, string>): PickRow {
  return {
    week: row.week,
    pick_id: row.pickId,
    team_abb: row.teamAbb,
    name: names.get(row.pickId) ?? row.pickId,
    by_insurance: row.byInsurance,
  };
}

/** The viewer's own entry with all its picks. */
export function toMyEntry(named: NamedEntry, rows: readonly PickView[], names: Map<string, string>): MyEntry {
  const { entry } = named;
  return {
    id: entry.id,
    entry_num: entry.entryNum,
    label: entryLabel(named.username, entry.entryNum),
    status: entry.status,
    lives: entry.lives,
    rebuys_made: entry.rebuysMade,
    needs_rebuy: entry.needsRebuy,
    auto_rebuy: entry.autoRebuy,
    bonus: entry.bonus,
    insurance_purchased: entry.insurancePurchased,
    extinct: isExtinct(entry),
    weeks_alive: entry.weeksAlive,
    picks: rows.filter((row) => row.entryId === entry.id).map((row) => toPickRow(row, names)),
  };
}

/** The viewer's entries in a pool, each with all of its picks. */
export async function loadMyEntries(
  db: DbOrTx,
  game: string,
  poolId: number,
  userId: number,
): Promise<MyEntry[]> {
  const mine = await listPoolEntries(db, poolId, userId);
  const rows = await listPicks(
    db,
    mine.map((named) => named.entry.id),
  );
  const names = await loadPickNames(db, game, rows);
  return mine.map((named) => toMyEntry(named, rows, names));
}

/** One entry as the entrants lists show it (never its picks). */
export function toEntrant(named: NamedEntry): Entrant {
  const { entry } = named;
  return {
    entry_id: entry.id,
    username: named.username,
    entry_num: entry.entryNum,
    label: entryLabel(named.username, entry.entryNum),
    status: entry.status,
    lives: entry.lives,
    extinct: isExtinct(entry),
    weeks_alive: entry.weeksAlive,
    rebuys_made: entry.rebuysMade,
  };
}

/** What the pool page counts of a pool's counted entries (status 1): its tiles and its prize pool's inputs. */
export interface PoolCounts {
  entrants: number;
  alive: number;
  insured: number;
  rebuys: number;
  /** Cents the counted entries paid in, by the ledger (the prize pool's money). */
  paidIn: number;
}

/** The counted entries, those alive, insured, their rebuys and what they paid in: one aggregate each. */
export async function countPoolTotals(db: DbOrTx, poolId: number): Promise<PoolCounts> {
  const [row] = await db
    .select({
      entrants: sql<string>`count(*)`,
      alive: sql<string>`count(*) filter (where ${entries.lives} > 0)`,
      insured: sql<string>`count(*) filter (where ${entries.insurancePurchased})`,
      rebuys: sql<string>`coalesce(sum(${entries.rebuysMade}), 0)::bigint`,
      paidIn: sql<string>`${paidInSql(poolId)}`,
    })
    .from(entries)
    .where(and(eq(entries.poolId, poolId), eq(entries.status, ENTRY_STATUS.active)));
  return {
    entrants: Number(row?.entrants ?? 0),
    alive: Number(row?.alive ?? 0),
    insured: Number(row?.insured ?? 0),
    rebuys: Number(row?.rebuys ?? 0),
    paidIn: Number(row?.paidIn ?? 0),
  };
}

/** How many entries the pool has: its highest slot and one (slots are gapless, entries never deleted). */
export async function poolSize(db: DbOrTx, poolId: number): Promise<number> {
  const [row] = rowsOf<{ n: number | null }>(
    await db.execute(sql`select max(slot) + 1 as n from entries where pool_id = ${poolId}`),
  );
  return Number(row?.n ?? 0);
}
