import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ENTRY_STATUS_SQL } from '../../db/entry-status';
import {
  type EntryRecord,
  entries,
  type LeagueRow,
  leagueMembers,
  leagueRequests,
  leagues,
  type RequestRecord,
  users,
} from '../../db/schema';

/** A league by abbreviation, compared case-insensitively as the unique index does. */
export async function findLeagueByAbb(db: DbOrTx, abb: string): Promise<LeagueRow | null> {
  const rows = await db.select().from(leagues).where(sql`lower(${leagues.abb}) = lower(${abb})`).limit(1);
  return rows[0] ?? null;
}

/** A league by its invite code (exact match). */
export async function findLeagueByInvite(db: DbOrTx, code: string): Promise<LeagueRow | null> {
  const rows = await db.select().from(leagues).where(eq(leagues.inviteCode, code)).limit(1);
  return rows[0] ?? null;
}

/** A league by id. */
export async function findLeagueById(db: DbOrTx, id: number): Promise<LeagueRow | null> {
  const rows = await db.select().from(leagues).where(eq(leagues.id, id)).limit(1);
  return rows[0] ?? null;
}

/** The viewer's join request for a league, if any. */
export async function findRequest(
  db: DbOrTx,
  leagueId: number,
  userId: number,
): Promise<RequestRecord | null> {
  const rows = await db
    .select()
    .from(leagueRequests)
    .where(and(eq(leagueRequests.leagueId, leagueId), eq(leagueRequests.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}

/** Ids of the leagues the user belongs to. */
export async function memberLeagueIds(db: DbOrTx, userId: number | undefined): Promise<Set<number>> {
  if (userId === undefined) return new Set();
  const rows = await db
    .select({ leagueId: leagueMembers.leagueId })
    .from(leagueMembers)
    .where(eq(leagueMembers.userId, userId));
  return new Set(rows.map((row) => row.leagueId));
}

/** Usernames by id, for founders and commissioners. */
export async function usernamesById(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((row) => [row.id, row.username]));
}

/**
 * Counted (status 1) entries per pool, without counting a big pool's entries: an entry's slot is its place
 * in the pool, 0 and up in sign-up order with no gaps (given by a trigger; entries are never deleted), so
 * the pool holds max(slot) + 1 entries, read at the end of entries_pool_slot_idx; the few deactivated ones
 * come from the partial index entries_inactive_idx.
 */
export async function countedEntriesByPool(db: DbOrTx, poolIds: number[]): Promise<Map<number, number>> {
  if (poolIds.length === 0) return new Map();
  const { rows } = await db.execute<{ poolId: number; count: number }>(sql`
    select p.id as "poolId",
      (coalesce((select max(e.slot) + 1 from entries e where e.pool_id = p.id), 0)
        - (select count(*) from entries e where e.pool_id = p.id and e.status <> ${ENTRY_STATUS_SQL.active}))::int as count
    from pools p where p.id = any(${`{${poolIds.join(',')}}`}::int[])`);
  return new Map(rows.map((row) => [row.poolId, Number(row.count)]));
}

/** The user's entries in the given pools: read by user (entries_user_idx), a handful however big the pools. */
export async function viewerEntries(
  db: DbOrTx,
  userId: number | undefined,
  poolIds: number[],
): Promise<EntryRecord[]> {
  if (userId === undefined || poolIds.length === 0) return [];
  const wanted = new Set(poolIds);
  const rows = await db.select().from(entries).where(eq(entries.userId, userId));
  return rows.filter((entry) => wanted.has(entry.poolId));
}
