import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Entrant, MyEntry, PickRow } from '../../../core/contracts/pools';
import type { DbOrTx } from '../../db/client';
import { entries, nflPlayers, picks, teams, users } from '../../db/schema';

export type EntryRecord = typeof entries.$inferSelect;
export type PickRecord = typeof picks.$inferSelect;
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
 * Picks of the given entries, limited to `weeks` when given. Callers that show other entries'
 * picks pass the public weeks only, so a hidden pick is never even read.
 */
export async function listPicks(db: DbOrTx, entryIds: number[], weeks?: number[]): Promise<PickRecord[]> {
  if (entryIds.length === 0 || (weeks !== undefined && weeks.length === 0)) return [];
  const conditions = [inArray(picks.entryId, entryIds)];
  if (weeks !== undefined) conditions.push(inArray(picks.week, weeks));
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
  rows: PickRecord[],
): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((row) => row.pickId))];
  if (ids.length === 0) return new Map();
  if (game === 'nfl-td') {
    const found = await db
      .select({ id: nflPlayers.id, name: nflPlayers.displayName })
      .from(nflPlayers)
      .where(inArray(nflPlayers.id, ids));
    return new Map(found.map((row) => [row.id, row.name]));
  }
  const found = await db
    .select({ abb: teams.abb, name: teams.name })
    .from(teams)
    .where(and(eq(teams.game, game), inArray(teams.abb, ids)));
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
