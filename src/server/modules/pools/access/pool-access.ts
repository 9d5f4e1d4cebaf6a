import { and, eq, sql } from 'drizzle-orm';
import { POOL_MESSAGES, type PoolPath } from '../../../../core/contracts/pools';
import type { DbOrTx } from '../../../db/client';
import type { LeagueRow, PoolRecord, UserRow } from '../../../db/schema';
import { leagues, pools } from '../../../db/schema';
import { AppError, forbidden, notFound } from '../../../lib/errors';
import { canReadLeaguePools, canSeeLeague, type LeagueAccess, loadAccess } from '../../leagues/league-access';

/** One viewer's access to one pool, built on the league's access. */
export interface PoolAccess {
  pool: PoolRecord;
  league: LeagueRow;
  access: LeagueAccess;
  isCommish: boolean;
}

/** A pool by id or by its page path. */
export type PoolRef = { poolId: number } | PoolPath;

/**
 * The pool as the viewer may see it. An unknown pool, or a hidden league's pool for an outsider,
 * is not found (404, never 403), so probing paths or ids reveals nothing.
 */
export async function requirePoolAccess(
  db: DbOrTx,
  ref: PoolRef,
  viewer: UserRow | null,
): Promise<PoolAccess> {
  const condition =
    'poolId' in ref
      ? eq(pools.id, ref.poolId)
      : and(
          sql`lower(${leagues.abb}) = lower(${ref.leagueAbb})`,
          eq(pools.game, ref.game),
          eq(pools.season, ref.season),
          eq(pools.seasonType, ref.seasonType),
          eq(pools.poolIdx, ref.poolIdx),
        );
  const [row] = await db
    .select({ pool: pools, league: leagues })
    .from(pools)
    .innerJoin(leagues, eq(leagues.id, pools.leagueId))
    .where(condition)
    .limit(1);
  if (!row) throw notFound(POOL_MESSAGES.poolNotFound);
  const access = await loadAccess(db, row.league, viewer);
  if (!canSeeLeague(access)) throw notFound(POOL_MESSAGES.poolNotFound);
  // A private league is listed, so its pools exist for everyone; what is in them is its members'.
  if (!canReadLeaguePools(access)) throw forbidden(POOL_MESSAGES.privatePool);
  return { pool: row.pool, league: row.league, access, isCommish: access.isAdmin };
}

/** Refused to a member who is not one of the league's admins (outsiders never get this far: 404). */
export const COMMISH_ONLY_MESSAGE = "Only your league's administrators can use the Commish tools.";

/**
 * The pool for one of its league's admins (the Commish tools): outsiders find no pool (404), members who are
 * not admins are refused (403).
 */
export async function requirePoolCommish(
  db: DbOrTx,
  ref: PoolRef,
  viewer: UserRow | null,
): Promise<PoolAccess> {
  const access = await requirePoolAccess(db, ref, viewer);
  if (!access.isCommish) throw forbidden(COMMISH_ONLY_MESSAGE);
  return access;
}

/**
 * requirePoolAccess for a call that names an entry: to a viewer who may not see the entry's pool the entry is
 * not found, with the same message as an id that does not exist, so probing entry ids reveals nothing.
 */
export function requireEntryPoolAccess(
  db: DbOrTx,
  entry: { poolId: number },
  viewer: UserRow,
  entryNotFound: string,
): Promise<PoolAccess> {
  return asEntryNotFound(requirePoolAccess(db, { poolId: entry.poolId }, viewer), entryNotFound);
}

/** requireEntryPoolAccess for the Commish tools: members who are not admins are refused (403). */
export function requireEntryPoolCommish(
  db: DbOrTx,
  entry: { poolId: number },
  viewer: UserRow,
  entryNotFound: string,
): Promise<PoolAccess> {
  return asEntryNotFound(requirePoolCommish(db, { poolId: entry.poolId }, viewer), entryNotFound);
}

/** A pool the viewer cannot find becomes the entry's not-found answer. */
async function asEntryNotFound(access: Promise<PoolAccess>, entryNotFound: string): Promise<PoolAccess> {
  try {
    return await access;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) throw notFound(entryNotFound);
    throw error;
  }
}

/**
 * requirePoolCommish for a transaction that changes the pool: the pool's row is locked first, so the pool's
 * changes (a sign-up, an added entrant, a crowning, a prize split, a settings save) run one at a time, each
 * reading the one before it, and a pool deleted meanwhile is not found. Callers check requirePoolCommish
 * once before their transaction too, so a member or an outsider is refused without ever taking the row lock.
 */
export async function lockPoolForCommish(tx: DbOrTx, poolId: number, viewer: UserRow): Promise<PoolAccess> {
  await tx.select({ id: pools.id }).from(pools).where(eq(pools.id, poolId)).for('update');
  return requirePoolCommish(tx, { poolId }, viewer);
}
