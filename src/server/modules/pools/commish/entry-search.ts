import { type SQL, sql } from 'drizzle-orm';
import { containsPattern } from '../../../lib/paging';

/*
 * The Commish tools' searches of a pool's entries, written so that a big pool is never scanned whole: the
 * users whose username matches are found first (a scan bounded by the site's users, not the pool's entries),
 * then each one's entries through the (pool, user) index; notes through the index of the entries that have one.
 */

/** SQL: the ids of the pool's entries whose owner's username contains `search`. */
export function entriesByUsername(poolId: number, search: string): SQL {
  return sql`select se.id from users su join entries se on se.user_id = su.id and se.pool_id = ${poolId}
    where su.username ilike ${containsPattern(search)}`;
}

/** SQL: the ids of the pool's entries whose username or commissioner's note contains `search`. */
export function entriesByUsernameOrNote(poolId: number, search: string): SQL {
  return sql`${entriesByUsername(poolId, search)}
    union
    select se.id from entries se
    where se.pool_id = ${poolId} and se.notes is not null and se.notes ilike ${containsPattern(search)}`;
}
