import { sql } from 'drizzle-orm';
import { picksPlayers } from '../../../../core/games';
import type { AppContext } from '../../../context';
import { rowsOf } from '../../../db/client';
import type { PoolRecord } from '../../../db/schema';
import { entryWeekKinds, pools, poolWeeks } from '../../../db/schema';
import { loadPoolWeeksKept } from '../store/pool-weeks.repo';
import { intArray } from '../store/week-encoding';
import { assignInsurancePicks, bonusAtLock, shutBonusDown, weekLockAt } from './lock-week.command';
import { type EntriesInPlay, lockedWeekOf, readEntriesInPlayOf } from './week-players.repo';

// Small pools' weeks locked together (issue 46: ten thousand office pools lock at one instant): the same
// lock as lockPoolWeek (lock-week.command.ts), written for a few pools at once in one transaction of a
// few statements, where each pool's own transaction took a dozen. Their reads count rows per pool rather than
// ask `exists`: PostgreSQL may answer an `exists` in a select list by hashing the whole table once, which for
// ten pools of ten thousand read all of pool_weeks at every batch.

/** Pools from this many entries lock on their own: reading one would hold up the small pools beside it. */
export const LOCKED_ALONE_FROM_ENTRIES = 1_000;

/** A pool whose only settlement due now is its next week's lock. */
export interface LockDue {
  pool: PoolRecord;
  week: number;
  lockAt: Date;
}

/**
 * Of some pools, the ones that may lock together now: their next week's lock has passed, every week
 * before it is judged, no end decided (a crowning comes first), fewer than LOCKED_ALONE_FROM_ENTRIES
 * entries, and not NFL Survivor's auto-pick (which ranks each pool's own odds). One statement for them all.
 */
export async function findLocksDue(
  ctx: AppContext,
  candidates: readonly PoolRecord[],
  now: Date,
): Promise<LockDue[]> {
  const open = candidates.filter(
    (pool) => !pool.final && pool.game !== 'world-cup' && !(pool.game === 'nfl' && pool.autoPick),
  );
  if (open.length === 0) return [];
  const rows = rowsOf<{
    id: number;
    last_locked: number | null;
    waiting: boolean;
    decided: boolean;
    size: number | null;
  }>(
    await ctx.db.execute(sql`
      select p.id,
        (select max(w.week) from pool_weeks w where w.pool_id = p.id) as last_locked,
        (select count(*) from pool_weeks w where w.pool_id = p.id and w.settled_at is null) > 0 as waiting,
        (select count(*) from pool_ends d where d.pool_id = p.id) > 0 as decided,
        (select max(e.slot) + 1 from entries e where e.pool_id = p.id) as size
      from unnest(${intArray(open.map((pool) => pool.id))}) as p(id)`),
  );
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  const due: LockDue[] = [];
  for (const pool of open) {
    const row = byId.get(pool.id);
    if (!row || row.waiting || row.decided || Number(row.size ?? 0) >= LOCKED_ALONE_FROM_ENTRIES) continue;
    const week = Math.max(Number(row.last_locked ?? 0), Math.max(1, pool.startWeek) - 1) + 1;
    if (week > pool.deadlines.length) continue;
    const lockAt = weekLockAt(await loadPoolWeeksKept(ctx.db, pool), pool, week);
    if (lockAt.getTime() <= now.getTime()) due.push({ pool, week, lockAt });
  }
  return due;
}

/**
 * Locks the due weeks of some small pools (findLocksDue) together, in one transaction: as lockPoolWeek
 * does for one pool, each pool's entries in play as they stood at its lock instant, its bonus pool shut
 * down when too few are left, its insurance picks assigned. A pool locked already is left as it is.
 * Returns the pools locked now.
 */
export async function lockWeeksTogether(ctx: AppContext, due: readonly LockDue[]): Promise<LockDue[]> {
  if (due.length === 0) return [];
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const ids = due.map(({ pool }) => pool.id);
    // The pools' rows held until the locks commit, as a pool's own lock holds its row.
    const current = new Map(
      (
        await tx
          .select()
          .from(pools)
          .where(sql`${pools.id} = any(${intArray(ids)})`)
          .for('update')
      ).map((pool) => [pool.id, pool]),
    );
    // The entries in play of the pools that lock the same week at the same instant, one read for them.
    const inPlay = new Map<number, EntriesInPlay>();
    const alike = new Map<string, LockDue[]>();
    for (const lock of due) {
      const key = `${lock.week}|${lock.lockAt.getTime()}`;
      alike.set(key, [...(alike.get(key) ?? []), lock]);
    }
    for (const group of alike.values()) {
      const { week, lockAt } = group[0];
      const read = await readEntriesInPlayOf(
        tx,
        group.map(({ pool }) => pool.id),
        week,
        lockAt,
      );
      for (const [poolId, found] of read) inPlay.set(poolId, found);
    }
    const locks = due.map((lock) => {
      const played = inPlay.get(lock.pool.id) ?? { slots: [], standings: '' };
      const pool = current.get(lock.pool.id) ?? lock.pool;
      const aliveAtLock = played.slots.length;
      const bonus = bonusAtLock(pool, aliveAtLock);
      return { ...lock, pool, aliveAtLock, ...bonus, locked: lockedWeekOf(played, bonus.bonusRunning) };
    });
    const inserted = await tx
      .insert(poolWeeks)
      .values(
        locks.map((lock) => ({
          poolId: lock.pool.id,
          week: lock.week,
          aliveAtLock: lock.aliveAtLock,
          bonusRunning: lock.bonusRunning,
          lockedAt: now,
          entryKinds: lock.locked.slots.bytes,
        })),
      )
      .onConflictDoNothing()
      .returning({ poolId: poolWeeks.poolId, week: poolWeeks.week });
    const fresh = new Set(inserted.map((row) => `${row.poolId}|${row.week}`));
    const done = locks.filter((lock) => fresh.has(`${lock.pool.id}|${lock.week}`));
    if (done.length === 0) return [];
    // Kinds of a week not locked (left by a lock undone) give way to the week's own.
    await tx.execute(sql`
      delete from entry_week_kinds k
      using unnest(${intArray(done.map((lock) => lock.pool.id))}, ${intArray(done.map((lock) => lock.week))}) as d(pool_id, week)
      where k.pool_id = d.pool_id and k.week = d.week`);
    const kindRows = done.flatMap((lock) =>
      lock.locked.kinds.map((kind, i) => ({ ...kind, poolId: lock.pool.id, week: lock.week, kind: i + 1 })),
    );
    for (let start = 0; start < kindRows.length; start += 2000)
      await tx.insert(entryWeekKinds).values(kindRows.slice(start, start + 2000));
    for (const lock of done) {
      // Its news is dated at the lock it tells of, however late the lock row is written.
      const postedAt = new Date(Math.min(now.getTime(), lock.lockAt.getTime()));
      if (lock.shutDown) await shutBonusDown(tx, lock.pool.id, lock.week, lock.aliveAtLock, postedAt);
      if (lock.pool.insuranceOption !== 0 && !picksPlayers(lock.pool.game)) {
        const calendar = await loadPoolWeeksKept(ctx.db, lock.pool);
        await assignInsurancePicks(tx, lock.pool, calendar, lock.week, lock.lockAt, now, postedAt);
      }
    }
    return done.map(({ pool, week, lockAt }) => ({ pool, week, lockAt }));
  });
}
