import { and, count, eq } from 'drizzle-orm';
import type { PickDue, PicksDueResponse } from '../../../core/contracts/me';
import { insuranceWouldPick, owesPick } from '../../../core/picks';
import { ENTRY_STATUS } from '../../../core/pool/entry-status';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { entries, picks, pools } from '../../db/schema';
import { findPoolOpenWeek, picksAsked } from '../pools/store/owed-picks.repo';
import { entryLabel } from '../pools/store/pool-entries.repo';
import { loadMyPools } from './my-pools';

/**
 * GET /api/me/picks-due: every entry of the viewer's, across all pools, that owes picks for its pool's
 * open week (docs/RULES.md, "Picks owed"), soonest lock first. Read by the viewer's own entries: their
 * pools, then the number of picks each of their entries holds per week; only counts of the viewer's
 * own picks are read, so nothing of another entry's pick is ever seen.
 */
export async function listPicksDue(ctx: AppContext, viewer: UserRow): Promise<PicksDueResponse> {
  const now = ctx.clock.now();
  const myPools = await loadMyPools(ctx.db, viewer.id);
  const open = new Map(
    myPools.flatMap((mine) => {
      const week = findPoolOpenWeek(mine.weeks, now);
      return week ? [[mine.pool.id, { mine, week }] as const] : [];
    }),
  );
  const entered = myPools.length;
  if (open.size === 0) return { now: now.toISOString(), due: [], pools_entered: entered };

  const mine = await ctx.db
    .select({
      id: entries.id,
      poolId: entries.poolId,
      entryNum: entries.entryNum,
      status: entries.status,
      lives: entries.lives,
      needsRebuy: entries.needsRebuy,
      insured: entries.insurancePurchased,
    })
    .from(entries)
    .innerJoin(pools, eq(pools.id, entries.poolId))
    .where(and(eq(entries.userId, viewer.id), eq(pools.final, false)));
  const held = await ctx.db
    .select({ entryId: picks.entryId, week: picks.week, held: count() })
    .from(picks)
    .innerJoin(entries, eq(entries.id, picks.entryId))
    .innerJoin(pools, eq(pools.id, entries.poolId))
    .where(and(eq(entries.userId, viewer.id), eq(pools.final, false)))
    .groupBy(picks.entryId, picks.week);
  const heldOf = new Map(held.map((row) => [`${row.entryId}|${row.week}`, Number(row.held)]));

  const due: PickDue[] = [];
  for (const entry of mine) {
    const found = open.get(entry.poolId);
    if (!found) continue;
    const { pool, name, leagueName, path } = found.mine;
    const asked = picksAsked(pool, found.week.week);
    const count = heldOf.get(`${entry.id}|${found.week.week}`) ?? 0;
    const state = {
      active: entry.status === ENTRY_STATUS.active,
      lives: entry.lives,
      needsRebuy: entry.needsRebuy,
    };
    if (!owesPick(state, count, asked)) continue;
    due.push({
      entry_id: entry.id,
      entry_label: entryLabel(viewer.username, entry.entryNum),
      pool_id: pool.id,
      pool_name: name,
      league_name: leagueName,
      game: pool.game,
      week: found.week.week,
      lock_at: found.week.lockAt.toISOString(),
      picks_held: count,
      picks_asked: asked,
      insured: insuranceWouldPick(pool, entry.insured),
      make_picks_path: `${path}/makepicks?entry=${entry.id}`,
    });
  }
  due.sort((a, b) => a.lock_at.localeCompare(b.lock_at) || a.pool_id - b.pool_id || a.entry_id - b.entry_id);
  return { now: now.toISOString(), due, pools_entered: entered };
}
