import { count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { POOL_AUDIT_PAGE_SIZE, type PoolAuditResponse } from '../../../../../core/contracts/pools';
import type { AppContext } from '../../../../context';
import type { UserRow } from '../../../../db/schema';
import { entries, poolAudits, users } from '../../../../db/schema';
import { requirePoolCommish } from '../../access/pool-access';
import { entryLabel } from '../../store/pool-entries.repo';

// The writer lives beside the pool's other stores, below every area that audits a change; settlement's end rule
// still imports it from here.

/** GET /api/pools/{poolId}/audit: the pool's audit log, newest first, a page at a time (league admins only). */
export async function listPoolAudits(
  ctx: AppContext,
  poolId: number,
  page: number,
  viewer: UserRow | null,
): Promise<PoolAuditResponse> {
  const { pool } = await requirePoolCommish(ctx.db, { poolId }, viewer);
  const author = alias(users, 'author');
  const owner = alias(users, 'owner');
  const rows = await ctx.db
    .select({
      audit: poolAudits,
      by: author.username,
      entryNum: entries.entryNum,
      entryOwner: owner.username,
    })
    .from(poolAudits)
    .leftJoin(author, eq(author.id, poolAudits.userId))
    .leftJoin(entries, eq(entries.id, poolAudits.entryId))
    .leftJoin(owner, eq(owner.id, entries.userId))
    .where(eq(poolAudits.poolId, pool.id))
    .orderBy(desc(poolAudits.createdAt), desc(poolAudits.id))
    .limit(POOL_AUDIT_PAGE_SIZE)
    .offset((page - 1) * POOL_AUDIT_PAGE_SIZE);
  const [{ total }] = await ctx.db
    .select({ total: count() })
    .from(poolAudits)
    .where(eq(poolAudits.poolId, pool.id));
  return {
    rows: rows.map((row) => ({
      id: row.audit.id,
      created_at: row.audit.createdAt.toISOString(),
      by: row.by,
      action: row.audit.action,
      summary: row.audit.summary,
      entry:
        row.entryOwner !== null && row.entryNum !== null ? entryLabel(row.entryOwner, row.entryNum) : null,
      old_value: row.audit.oldValue,
      new_value: row.audit.newValue,
    })),
    total,
    page,
    pageSize: POOL_AUDIT_PAGE_SIZE,
  };
}
