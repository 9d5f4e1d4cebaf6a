import { z } from 'zod';

/** One commissioner change of the pool as the audit log shows it (newest first). */
export const PoolAuditRowSchema = z.object({
  id: z.number(),
  /** ISO instant of the change. */
  created_at: z.string(),
  /** Who made it (username), null when that account is gone. */
  by: z.string().nullable(),
  action: z.string(),
  summary: z.string(),
  /** The entry changed, "username" or "username [n]", when the change is an entry's. */
  entry: z.string().nullable(),
  old_value: z.unknown(),
  new_value: z.unknown(),
});
export type PoolAuditRow = z.infer<typeof PoolAuditRowSchema>;

export const POOL_AUDIT_PAGE_SIZE = 50;

/** GET /api/pools/{poolId}/audit?page=n: a page of the pool's audit log (league admins only). */
export const PoolAuditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export const PoolAuditResponseSchema = z.object({
  rows: z.array(PoolAuditRowSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type PoolAuditResponse = z.infer<typeof PoolAuditResponseSchema>;
