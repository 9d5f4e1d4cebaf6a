import type { DbOrTx } from '../../../db/client';
import type { UserRow } from '../../../db/schema';
import { poolAudits } from '../../../db/schema';

/** One commissioner change to record: what, of which entry, from which value to which. */
export interface PoolAuditInput {
  action: string;
  summary: string;
  entryId?: number | null;
  oldValue?: unknown;
  newValue?: unknown;
}

/**
 * Records commissioner changes of a pool, in the caller's transaction so that a change and its audit rows
 * land together or not at all.
 */
export async function recordPoolAudits(
  tx: DbOrTx,
  poolId: number,
  /** null: the server itself (the end rule's automatic crowning). */
  by: Pick<UserRow, 'id'> | null,
  changes: readonly PoolAuditInput[],
  now: Date,
): Promise<void> {
  if (changes.length === 0) return;
  await tx.insert(poolAudits).values(
    changes.map((change) => ({
      poolId,
      entryId: change.entryId ?? null,
      userId: by?.id ?? null,
      action: change.action,
      summary: change.summary,
      oldValue: change.oldValue ?? null,
      newValue: change.newValue ?? null,
      createdAt: now,
    })),
  );
}
