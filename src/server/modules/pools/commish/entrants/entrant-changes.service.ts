import { and, eq, isNull } from 'drizzle-orm';
import {
  type AdminEntrant,
  type EditUserLivesBody,
  ENTRANTS_MESSAGES,
  type EntrantChangeResponse,
  FEED_EVENT_TYPES,
  type ToggleUserStatusBody,
  type UpdateUserNotesBody,
} from '../../../../../core/contracts/pools';
import { ENTRY_STATUS } from '../../../../../core/pool/entry-status';
import { poolPagePathIn } from '../../../../../core/pool/identity';
import type { AppContext } from '../../../../context';
import type { DbOrTx } from '../../../../db/client';
import type { EntryRecord, UserRow } from '../../../../db/schema';
import { entries, pools, poolWeeks, users } from '../../../../db/schema';
import { conflict, notFound } from '../../../../lib/errors';
import { type PoolAccess, requireEntryPoolCommish } from '../../access/pool-access';
import { postPoolEvent } from '../../feed/feed.service';
import { notifyPoolChanged } from '../../live/notify';
import { readEntryWeeks, rewriteEntryWeeks } from '../../store/entry-weeks.repo';
import { recordPoolAudits } from '../../store/pool-audits.repo';
import { entryLabel } from '../../store/pool-entries.repo';
import { loadPrizeMoney } from '../../store/prize-money.repo';
import { championSet, toAdminEntrant } from './admin-entrant';

/*
 * Manage Entrants' changes of one entry (status, lives, note): each locks the entry in one transaction with
 * its audit rows, and tells open pool pages to refresh after it commits.
 */

/**
 * The entry for a change by the pool's commissioner, its row locked in the transaction. An unknown entry and
 * an entry of a pool the viewer may not see are both not found; a member who is no admin is refused (403).
 */
async function lockEntryForCommish(
  tx: DbOrTx,
  entryId: number,
  viewer: UserRow,
): Promise<{ entry: EntryRecord; username: string; access: PoolAccess; label: string }> {
  const [found] = await tx
    .select({ entry: entries, username: users.username })
    .from(entries)
    .innerJoin(users, eq(users.id, entries.userId))
    .where(eq(entries.id, entryId))
    .limit(1);
  if (!found) throw notFound(ENTRANTS_MESSAGES.entryNotFound);
  const access = await requireEntryPoolCommish(tx, found.entry, viewer, ENTRANTS_MESSAGES.entryNotFound);
  const [entry] = await tx.select().from(entries).where(eq(entries.id, entryId)).for('update');
  return { entry, username: found.username, access, label: entryLabel(found.username, entry.entryNum) };
}

/** The entry as the tool shows it, after a change (its prizes read from the ledger). */
async function reloadEntrant(ctx: AppContext, entryId: number): Promise<AdminEntrant> {
  const [row] = await ctx.db
    .select({ entry: entries, username: users.username, pool: pools })
    .from(entries)
    .innerJoin(users, eq(users.id, entries.userId))
    .innerJoin(pools, eq(pools.id, entries.poolId))
    .where(eq(entries.id, entryId));
  const money = await loadPrizeMoney(ctx.db, row.pool);
  return toAdminEntrant(
    row.entry,
    row.username,
    money.prizesByEntry.get(entryId) ?? 0,
    championSet(row.pool),
  );
}

/** POST /admin/toggleUserStatus: ENTRY_STATUS active (counted) or inactive; reversible. */
export async function toggleUserStatus(
  ctx: AppContext,
  viewer: UserRow,
  input: ToggleUserStatusBody,
): Promise<EntrantChangeResponse> {
  const now = ctx.clock.now();
  const { poolId, label, changed } = await ctx.db.transaction(async (tx) => {
    const { entry, access, label } = await lockEntryForCommish(tx, input.entryId, viewer);
    if (access.pool.final) throw conflict(ENTRANTS_MESSAGES.concluded);
    if (entry.status === input.updatedStatus) return { poolId: access.pool.id, label, changed: false };
    await tx.update(entries).set({ status: input.updatedStatus }).where(eq(entries.id, entry.id));
    const active = input.updatedStatus === ENTRY_STATUS.active;
    await recordPoolAudits(
      tx,
      access.pool.id,
      viewer,
      [
        {
          action: 'status',
          summary: `${active ? 'Reactivated' : 'Deactivated'} ${label}`,
          entryId: entry.id,
          oldValue: entry.status,
          newValue: input.updatedStatus,
        },
      ],
      now,
    );
    return { poolId: access.pool.id, label, changed: true };
  });
  if (changed) notifyPoolChanged(ctx, poolId, 'standings');
  const active = input.updatedStatus === ENTRY_STATUS.active;
  return {
    message: changed
      ? `${label} is now ${active ? 'active' : 'inactive'}.`
      : ENTRANTS_MESSAGES.statusUnchanged(label, active),
    entrant: await reloadEntrant(ctx, input.entryId),
  };
}

/**
 * POST /admin/editUserLives: compare-and-set on the lives the commissioner saw. Reaching 0 eliminates the entry
 * (no rebuy owed any more); raising an eliminated entry brings it back. The message goes to the pool's feed.
 */
export async function editUserLives(
  ctx: AppContext,
  viewer: UserRow,
  input: EditUserLivesBody,
): Promise<EntrantChangeResponse> {
  const now = ctx.clock.now();
  const { poolId, label } = await ctx.db.transaction(async (tx) => {
    const { entry, access, label } = await lockEntryForCommish(tx, input.entryId, viewer);
    const { pool, league } = access;
    if (pool.final) throw conflict(ENTRANTS_MESSAGES.concluded);
    if (entry.lives !== input.oldLives) throw conflict(ENTRANTS_MESSAGES.livesStale(label, entry.lives));
    const eliminated = input.newLives === 0;
    await tx
      .update(entries)
      .set({ lives: input.newLives, ...(eliminated ? { needsRebuy: false } : {}) })
      .where(eq(entries.id, entry.id));
    // A week locked and not judged yet is judged from the state it locked with: the change counts there.
    // Those weeks' rows locked before their entry weeks are read: a week judged meanwhile is left out,
    // and none is judged between this read and the rewrite (which would write back the unjudged kind).
    const unjudged = await tx
      .select({ week: poolWeeks.week })
      .from(poolWeeks)
      .where(and(eq(poolWeeks.poolId, pool.id), isNull(poolWeeks.settledAt)))
      .for('update');
    const locked = await readEntryWeeks(tx, pool.id, {
      weeks: unjudged.map((row) => row.week),
      entryIds: [entry.id],
    });
    for (const { poolId: _pool, entryId, week, ...kind } of locked) {
      await rewriteEntryWeeks(tx, pool.id, week, [
        {
          entryId,
          kind: { ...kind, livesBefore: input.newLives, ...(eliminated ? { needsRebuyBefore: false } : {}) },
        },
      ]);
    }
    const verb = input.newLives > entry.lives ? 'raised' : 'lowered';
    // The entry, not the Commish, is eliminated or back: it is named again as the subject.
    const outcome = eliminated
      ? `, so ${label} is eliminated`
      : entry.lives === 0
        ? `, so ${label} is back in the pool`
        : '';
    const summary = `The Commish ${verb} ${label}'s lives from ${entry.lives} to ${input.newLives}${outcome}`;
    await postPoolEvent(
      tx,
      {
        poolId: pool.id,
        entryId: entry.id,
        userId: entry.userId,
        type: FEED_EVENT_TYPES.alert,
        summary,
        desc: input.actionDesc,
        link: poolPagePathIn(pool, league),
      },
      now,
    );
    await recordPoolAudits(
      tx,
      pool.id,
      viewer,
      [
        {
          action: 'lives',
          summary: `Lives of ${label}: ${entry.lives} to ${input.newLives} ("${input.actionDesc}")`,
          entryId: entry.id,
          oldValue: entry.lives,
          newValue: input.newLives,
        },
      ],
      now,
    );
    return { poolId: pool.id, label };
  });
  notifyPoolChanged(ctx, poolId, 'standings');
  notifyPoolChanged(ctx, poolId, 'feed');
  return {
    message: `${label} now has ${input.newLives} ${input.newLives === 1 ? 'life' : 'lives'}.`,
    entrant: await reloadEntrant(ctx, input.entryId),
  };
}

/** POST /admin/updateUserNotes: the commissioner's note on an entry (an empty note clears it). */
export async function updateUserNotes(
  ctx: AppContext,
  viewer: UserRow,
  input: UpdateUserNotesBody,
): Promise<EntrantChangeResponse> {
  const now = ctx.clock.now();
  const label = await ctx.db.transaction(async (tx) => {
    const { entry, access, label } = await lockEntryForCommish(tx, input.entryId, viewer);
    if (entry.notes === input.note) return label;
    await tx.update(entries).set({ notes: input.note }).where(eq(entries.id, entry.id));
    await recordPoolAudits(
      tx,
      access.pool.id,
      viewer,
      [
        {
          action: 'notes',
          summary: input.note ? `Note on ${label} updated` : `Note on ${label} cleared`,
          entryId: entry.id,
          oldValue: entry.notes,
          newValue: input.note,
        },
      ],
      now,
    );
    return label;
  });
  return {
    message: `The note on ${label} was saved.`,
    entrant: await reloadEntrant(ctx, input.entryId),
  };
}
