import { sql } from 'drizzle-orm';
import { type Db, type DbOrTx, rowsOf } from '../../db/client';
import { canPickSql, owesPickCondition, picksAskedSql, picksHeldSql } from '../pools/store/owed-picks.repo';

/** A reminder kind: how long before the lock it is due. */
export type ReminderKind = '24h' | '2h';
export const REMINDER_LEAD_MS: Record<ReminderKind, number> = {
  '24h': 24 * 60 * 60 * 1000,
  '2h': 2 * 60 * 60 * 1000,
};

export interface PoolWeekReminder {
  poolId: number;
  week: number;
  kind: ReminderKind;
  lockAt: Date;
  /** Picks the week asks of an entry (picksAsked). */
  need: number;
}

/** A pool week's reminder pass of one kind, as a key. */
export function passKey(target: Pick<PoolWeekReminder, 'poolId' | 'week' | 'kind'>): string {
  return `${target.poolId}|${target.week}|${target.kind}`;
}

/**
 * Of some pool weeks' reminders, the passes that looked at every entry of their pool already (their next
 * slot past its last entry's): nothing is left for them but later sign-ups, who move the end. One statement
 * for them all, their columns as three arrays.
 */
export async function findLookedAtPasses(
  db: DbOrTx,
  targets: readonly PoolWeekReminder[],
): Promise<Set<string>> {
  if (targets.length === 0) return new Set();
  const rows = rowsOf<{ pool_id: number; week: number; kind: ReminderKind }>(
    await db.execute(sql`
      select p.pool_id, p.week, p.kind from reminder_passes p
      join unnest(${sql.param(targets.map((t) => t.poolId))}::int[], ${sql.param(targets.map((t) => t.week))}::int[],
        ${sql.param(targets.map((t) => t.kind))}::text[]) as t(pool_id, week, kind)
        on p.pool_id = t.pool_id and p.week = t.week and p.kind = t.kind
      where p.next_slot >= (select coalesce(max(e.slot), -1) + 1 from entries e where e.pool_id = p.pool_id)`),
  );
  return new Set(
    rows.map((row) => passKey({ poolId: Number(row.pool_id), week: Number(row.week), kind: row.kind })),
  );
}

/**
 * Enqueues the reminders of the next slots of a pool week (one transaction): the entries in
 * [next_slot, next_slot + size) that owe a pick, of confirmed users who want this kind and did not
 * mute the pool; then moves next_slot on. The pass row is held for update, so two instances never
 * enqueue the same slots: the second waits and starts where the first stopped. Null once every
 * entry of the pool has been looked at (later sign-ups get the next pass).
 */
export async function enqueueNextSlots(
  db: Db,
  target: PoolWeekReminder,
  size: number,
  now: Date,
): Promise<{ enqueued: number; looked: number } | null> {
  let result: { enqueued: number; looked: number } | null = null;
  await db.transaction(async (tx) => {
    const { poolId, week, kind } = target;
    await tx.execute(sql`
      insert into reminder_passes (pool_id, week, kind, next_slot, updated_at)
      values (${poolId}, ${week}, ${kind}, 0, ${now.toISOString()}::timestamptz)
      on conflict do nothing`);
    const [pass] = rowsOf<{ next_slot: number; end_slot: number }>(
      await tx.execute(sql`
        select p.next_slot,
          (select coalesce(max(e.slot), -1) + 1 from entries e where e.pool_id = ${poolId})::int as end_slot
        from reminder_passes p
        where p.pool_id = ${poolId} and p.week = ${week} and p.kind = ${kind}
        for update`),
    );
    if (!pass || pass.next_slot >= pass.end_slot) return;
    const lo = pass.next_slot;
    const hi = Math.min(lo + size, pass.end_slot);
    const [inserted] = rowsOf<{ n: number }>(
      await tx.execute(sql`
        with added as (
          insert into reminder_queue (user_id, entry_id, week, kind, pool_id, lock_at, insured)
          select e.user_id, e.id, ${week}, ${kind}, e.pool_id, ${target.lockAt.toISOString()}::timestamptz,
            e.insurance_purchased
          from entries e
          -- One index probe per entry for its player (and their mute of this pool): a plain join let the
          -- planner hash the whole users table for every batch (offset 0 keeps the lookup a nested loop).
          cross join lateral (
            select u.reminders, u.email_verified_at,
              exists (select 1 from reminder_mutes m where m.user_id = u.id and m.pool_id = ${poolId}) as muted
            from users u where u.id = e.user_id offset 0
          ) u
          where e.pool_id = ${poolId} and e.slot >= ${lo} and e.slot < ${hi}
            and ${owesPickCondition(week, target.need, 'e')}
            and u.email_verified_at is not null
            and u.reminders in ('both', ${kind})
            and not u.muted
          on conflict do nothing
          returning 1)
        select count(*)::int as n from added`),
    );
    // The same entries' web pushes, by the same mark (once per entry, week and kind): for players with a
    // device that wants this kind; a push needs no confirmed address (docs/decisions/042).
    await tx.execute(sql`
      insert into push_queue (user_id, kind, pool_id, week, entry_id, lock_at, created_at)
      select e.user_id, ${`reminder-${kind}`}, e.pool_id, ${week}, e.id, ${target.lockAt.toISOString()}::timestamptz,
        ${now.toISOString()}::timestamptz
      from entries e
      where e.pool_id = ${poolId} and e.slot >= ${lo} and e.slot < ${hi}
        and exists (select 1 from push_subscriptions s where s.user_id = e.user_id and s.reminders in ('both', ${kind}))
        and not exists (select 1 from reminder_mutes m where m.user_id = e.user_id and m.pool_id = ${poolId})
        and ${owesPickCondition(week, target.need, 'e')}
      on conflict do nothing`);
    await tx.execute(sql`
      update reminder_passes set next_slot = ${hi}, updated_at = ${now.toISOString()}::timestamptz
      where pool_id = ${poolId} and week = ${week} and kind = ${kind}`);
    result = { enqueued: inserted?.n ?? 0, looked: hi - lo };
  });
  return result;
}

/** One reminder taken off the queue, with what its mail says. */
export interface TakenReminder {
  user_id: number;
  email: string;
  username: string;
  entry_id: number;
  entry_num: number;
  pool_id: number;
  week: number;
  kind: ReminderKind;
  lock_ms: number;
  insured: boolean;
  picked: number;
  need: number;
  /** False when it no longer holds (picked since, out of picking, reminders turned off or the pool muted). */
  still_due: boolean;
}

/**
 * Leases the queued reminders of the next `users` users after `afterUserId` (by user id) that no
 * sender holds: each row gets `token` until `leaseMs` from now (database time), so that two senders
 * never share one and a sender that dies leaves its rows to be taken again once the lease ran out
 * (decision 033). A taker that lost a user to another gets no rows for them and goes on past them
 * (`last`). Rows of deleted entries or users are left out (`finishReminders` deletes them).
 */
export async function leaseQueuedReminders(
  db: DbOrTx,
  afterUserId: number,
  users: number,
  token: string,
  leaseMs: number,
): Promise<{ rows: TakenReminder[]; last: number | null }> {
  const batch = rowsOf<{ user_id: number }>(
    await db.execute(sql`
      select user_id from reminder_queue
      where user_id > ${afterUserId} and (leased_until is null or leased_until < clock_timestamp())
      group by user_id order by user_id limit ${users}`),
  );
  if (batch.length === 0) return { rows: [], last: null };
  const first = batch[0].user_id;
  const last = batch[batch.length - 1].user_id;
  // The lease test is checked again on each row as it is locked: a sender that leased it first wins.
  const rows = rowsOf<TakenReminder>(
    await db.execute(sql`
      with taken as (
        update reminder_queue q set lease_token = ${token},
          leased_until = clock_timestamp() + ${leaseMs} * interval '1 millisecond'
        where q.user_id >= ${first} and q.user_id <= ${last}
          and (q.leased_until is null or q.leased_until < clock_timestamp())
        returning q.user_id, q.entry_id, q.week, q.kind, q.pool_id, q.lock_at, q.insured
      )
      select t.user_id, u.email, u.username, t.entry_id, e.entry_num, t.pool_id, t.week, t.kind,
        (extract(epoch from t.lock_at) * 1000)::float8 as lock_ms, t.insured,
        e.picked, p.need,
        (e.picked < p.need and e.can_pick and u.reminders in ('both', t.kind)
          and not exists (select 1 from reminder_mutes m where m.user_id = t.user_id and m.pool_id = t.pool_id)
        ) as still_due
      from taken t
      -- Index probes for the few rows taken, never a hash of a whole table (offset 0: see enqueueNextSlots).
      cross join lateral (select u.email, u.username, u.reminders from users u where u.id = t.user_id offset 0) u
      cross join lateral (
        select e.entry_num, ${canPickSql('e')} as can_pick, ${picksHeldSql(sql`t.week`, 'e')}::int as picked
        from entries e where e.id = t.entry_id offset 0
      ) e
      cross join lateral (select ${picksAskedSql(sql`t.week`, 'p')}::int as need from pools p where p.id = t.pool_id offset 0) p
      order by t.user_id, t.lock_at, t.pool_id, e.entry_num`),
  );
  return { rows, last };
}

/**
 * Deletes the rows a sender holds under `token`: of the given users (their mail was accepted, or they
 * are no longer due), or all of them. Rows of deleted entries or users, which the lease's joins leave
 * out, go with them.
 */
export async function finishReminders(
  db: DbOrTx,
  token: string,
  userIds: readonly number[] | 'all',
): Promise<void> {
  if (userIds === 'all') {
    await db.execute(sql`delete from reminder_queue where lease_token = ${token}`);
    return;
  }
  if (userIds.length === 0) return;
  await db.execute(sql`
    delete from reminder_queue
    where lease_token = ${token} and user_id = any(${sql.param([...userIds])}::int[])`);
}

/** Lengthens the lease of what the sender still holds; the users still held (another took any other). */
export async function renewLease(db: DbOrTx, token: string, leaseMs: number): Promise<Set<number>> {
  const rows = rowsOf<{ user_id: number }>(
    await db.execute(sql`
      update reminder_queue set leased_until = clock_timestamp() + ${leaseMs} * interval '1 millisecond'
      where lease_token = ${token}
      returning user_id`),
  );
  return new Set(rows.map((row) => row.user_id));
}

/** Gives back what the sender holds unsent (it was asked to stop), for the next pass to take at once. */
export async function releaseLease(db: DbOrTx, token: string): Promise<void> {
  await db.execute(sql`
    update reminder_queue set lease_token = null, leased_until = null where lease_token = ${token}`);
}
