import { sql } from 'drizzle-orm';
import { ENTRY_STATUS } from '../../core/pool/entry-status';

/**
 * The entry statuses as SQL literals for `sql` templates, not bound parameters: the statements stay
 * the ones the database planned before, and a partial index on a status (entries_inactive_idx) is
 * matched against a constant even in a generic plan.
 */
export const ENTRY_STATUS_SQL = {
  active: sql.raw(String(ENTRY_STATUS.active)),
  inactive: sql.raw(String(ENTRY_STATUS.inactive)),
} as const;
