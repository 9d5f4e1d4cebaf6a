import { and, eq } from 'drizzle-orm';
import { countSiblings } from '../../../../core/pool/identity';
import type { DbOrTx } from '../../../db/client';
import type { PoolRecord } from '../../../db/schema';
import { pools } from '../../../db/schema';

// Reads of pool rows that several parts of the pool area need.

/** The pools the pool's league has of its game, season and type, counted for its "#n" name (poolDisplayName). */
export async function countPoolSiblings(db: DbOrTx, pool: PoolRecord): Promise<Map<string, number>> {
  const siblings = await db
    .select()
    .from(pools)
    .where(
      and(
        eq(pools.leagueId, pool.leagueId),
        eq(pools.game, pool.game),
        eq(pools.season, pool.season),
        eq(pools.seasonType, pool.seasonType),
      ),
    );
  return countSiblings(siblings);
}
