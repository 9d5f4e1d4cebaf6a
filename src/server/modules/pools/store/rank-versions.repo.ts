import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';

// A pool's rank version (pool_rank_versions): what a stored ranking is stamped with, moved by every
// transaction that changes what ranks the pool's entries (migration 0037's triggers on the ledger and the
// entries). The triggers move it once per transaction and pool, remembering so in the transaction's
// setting `ala.rank_version_pool`; this module is the one place besides them that names that setting.

/** The pool's rank version, as SQL (0 before its first change). */
export function rankVersionSql(poolId: number): SQL {
  return sql`coalesce((select v.version from pool_rank_versions v where v.pool_id = ${poolId}), 0)`;
}

/**
 * Says, in a transaction about to rewrite many of a pool's entries, that the pool's rank version moved:
 * bumped once here, and the row trigger skips this pool's rows for the rest of the transaction (it would
 * itself bump once, at the first changed row, and skip the others as well: this spares that one run).
 */
export async function rankChangeOfPool(tx: DbOrTx, poolId: number): Promise<void> {
  await tx.execute(sql`select set_config('ala.rank_version_pool', ${String(poolId)}, true)`);
  await tx.execute(sql`
    insert into pool_rank_versions as v (pool_id, version) values (${poolId}, 1)
    on conflict (pool_id) do update set version = v.version + 1`);
}
