import { type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, rowsOf } from '../../db/client';
import { weekSlotRangeSql } from '../pools/store/entry-weeks.repo';

/** What a pool pass pushes of each entry it looks at: a settled week's results, or the pool's end. */
export type PushPassKind = 'result' | 'champion';

/**
 * Enqueues the pushes of the next slots of a pool pass (one transaction), as reminder passes do
 * (decision 018): the pass row is held for update, so two instances never enqueue the same slots, and
 * a restart goes on from its mark; set done once every entry was looked at. Null when it was done.
 * `rows` selects (user_id, entry_id, detail) of the entries with slots in [lo, hi) whose player has a
 * device that wants this kind.
 */
export async function enqueuePassSlots(
  db: Db,
  target: { poolId: number; week: number; kind: PushPassKind },
  size: number,
  now: Date,
  rows: (lo: number, hi: number) => SQL,
): Promise<{ enqueued: number; done: boolean } | null> {
  return db.transaction(async (tx) => {
    const { poolId, week, kind } = target;
    await tx.execute(sql`
      insert into push_passes (pool_id, week, kind, next_slot, updated_at)
      values (${poolId}, ${week}, ${kind}, 0, ${now.toISOString()}::timestamptz)
      on conflict do nothing`);
    const [pass] = rowsOf<{ next_slot: number; done: boolean; end_slot: number }>(
      await tx.execute(sql`
        select p.next_slot, p.done_at is not null as done,
          (select coalesce(max(e.slot), -1) + 1 from entries e where e.pool_id = ${poolId})::int as end_slot
        from push_passes p
        where p.pool_id = ${poolId} and p.week = ${week} and p.kind = ${kind}
        for update`),
    );
    if (!pass || pass.done) return null;
    const lo = pass.next_slot;
    const hi = Math.min(lo + size, pass.end_slot);
    const [inserted] =
      hi > lo
        ? rowsOf<{ n: number }>(
            await tx.execute(sql`
              with added as (
                insert into push_queue (user_id, kind, pool_id, week, entry_id, detail, created_at)
                select r.user_id, ${kind}, ${poolId}, ${week}, r.entry_id, r.detail, ${now.toISOString()}::timestamptz
                from (${rows(lo, hi)}) r
                on conflict do nothing
                returning 1)
              select count(*)::int as n from added`),
          )
        : [];
    const done = hi >= pass.end_slot;
    await tx.execute(sql`
      update push_passes set next_slot = ${hi}, updated_at = ${now.toISOString()}::timestamptz,
        done_at = ${done ? now.toISOString() : null}::timestamptz
      where pool_id = ${poolId} and week = ${week} and kind = ${kind}`);
    return { enqueued: inserted?.n ?? 0, done };
  });
}

/** SQL: the player of entry `e` has a device that wants `choice` pushed (one probe of the user index). */
export function wantsPush(choice: 'results' | 'champions' | 'nudges', alias = 'e'): SQL {
  return sql`exists (select 1 from push_subscriptions s
    where s.user_id = ${sql.raw(`${alias}.user_id`)} and s.${sql.raw(choice)})`;
}

/**
 * The entries of slots [lo, hi) that played a settled week, with their week's status and result as
 * 'status:result' (the week's kinds read for that slot range only: a few kilobytes a batch).
 */
export function resultRows(poolId: number, week: number) {
  return (lo: number, hi: number) => {
    const kinds = weekSlotRangeSql(poolId, week, { lo, hi }, 'w');
    // The slice is read once (materialized): inlined, it was read again for every byte of every entry.
    return sql`
    with w as materialized (${kinds.part})
    select e.id as entry_id, e.user_id, k.status || ':' || k.result as detail
    from w
    join entries e on e.pool_id = ${poolId} and e.slot >= ${lo} and e.slot < ${hi}
      and ${kinds.holds(sql`e.slot`)}
    join entry_week_kinds k on k.pool_id = ${poolId} and k.week = ${week}
      and k.kind = ${kinds.kindOf(sql`e.slot`)}
    where k.result is not null and ${wantsPush('results')}`;
  };
}

/** The counted entries of slots [lo, hi) at a pool's end: 'champion' or 'over'. */
export function championRows(poolId: number) {
  return (lo: number, hi: number) => sql`
    select e.id as entry_id, e.user_id, case when e.final_rank = 1 then 'champion' else 'over' end as detail
    from entries e
    where e.pool_id = ${poolId} and e.slot >= ${lo} and e.slot < ${hi} and e.status = 1
      and ${wantsPush('champions')}`;
}

/** One push taken off the queue. */
export interface TakenPush {
  user_id: number;
  username: string;
  kind: string;
  pool_id: number;
  week: number;
  entry_id: number;
  entry_num: number;
  detail: string;
  lock_ms: number | null;
  lives: number;
}

/**
 * Leases the queued pushes of about the next `users` users after `afterUserId` (the users of their next
 * `users` x 4 rows, every row of each) that no sender holds (as
 * leaseQueuedReminders does): two senders never share a row, and a sender that dies leaves its rows to
 * be taken again once the lease ran out.
 */
export async function leaseQueuedPushes(
  db: DbOrTx,
  afterUserId: number,
  users: number,
  token: string,
  leaseMs: number,
): Promise<{ rows: TakenPush[]; first: number; last: number | null }> {
  // The next rows in the key's order, not the next users: an index range that stops at its limit, where a
  // group by users read the whole queue (a big pool's million rows) for every batch.
  const [batch] = rowsOf<{ first: number | null; last: number | null }>(
    await db.execute(sql`
      select min(user_id) as first, max(user_id) as last from (
        select user_id from push_queue
        where user_id > ${afterUserId} and (leased_until is null or leased_until < clock_timestamp())
        order by user_id limit ${users * 4}) next`),
  );
  if (!batch || batch.first === null || batch.last === null) return { rows: [], first: 0, last: null };
  const { first, last } = batch;
  const rows = rowsOf<TakenPush>(
    await db.execute(sql`
      with taken as (
        update push_queue q set lease_token = ${token},
          leased_until = clock_timestamp() + ${leaseMs} * interval '1 millisecond'
        where q.user_id >= ${first} and q.user_id <= ${last}
          and (q.leased_until is null or q.leased_until < clock_timestamp())
        returning q.user_id, q.kind, q.pool_id, q.week, q.entry_id, q.detail, q.lock_at
      )
      select t.user_id, u.username, t.kind, t.pool_id, t.week, t.entry_id, t.detail,
        coalesce(e.entry_num, 1) as entry_num, coalesce(e.lives, 0) as lives,
        (extract(epoch from t.lock_at) * 1000)::float8 as lock_ms
      from taken t
      cross join lateral (select u.username from users u where u.id = t.user_id offset 0) u
      left join lateral (
        select e.entry_num, e.lives from entries e where e.id = t.entry_id offset 0
      ) e on true
      order by t.user_id, t.kind, t.pool_id, e.entry_num`),
  );
  return { rows, first, last };
}

/** A device of a user, with what it wants. */
export interface Device {
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  reminders: string;
  results: boolean;
  champions: boolean;
  nudges: boolean;
}

/** The devices of the users in [first, last] (a range of the user index, not a list of users). */
export async function devicesOfUsers(db: DbOrTx, first: number, last: number): Promise<Device[]> {
  return rowsOf<Device>(
    await db.execute(sql`
      select user_id, endpoint, p256dh, auth, reminders, results, champions, nudges
      from push_subscriptions where user_id >= ${first} and user_id <= ${last}
      order by user_id, id`),
  );
}

/**
 * Deletes what the sender holds under `token` (sent, or no longer to send), in the user range it leased:
 * the key's index finds the rows (the token alone would read the whole queue for every batch).
 */
export async function finishPushes(db: DbOrTx, token: string, first: number, last: number): Promise<void> {
  await db.execute(sql`
    delete from push_queue where user_id >= ${first} and user_id <= ${last} and lease_token = ${token}`);
}

/** Gives back what the sender holds unsent under its tokens (it was asked to stop), for the next pass. */
export async function releasePushLease(db: DbOrTx, tokens: readonly string[]): Promise<void> {
  if (tokens.length === 0) return;
  await db.execute(sql`
    update push_queue set lease_token = null, leased_until = null
    where lease_token = any(${sql.param([...tokens])}::text[])`);
}

/** Deletes devices the push service said are gone for good (404, 410). */
export async function deleteGoneDevices(db: DbOrTx, endpoints: readonly string[]): Promise<void> {
  if (endpoints.length === 0) return;
  await db.execute(sql`
    delete from push_subscriptions where endpoint = any(${sql.param([...endpoints])}::text[])`);
}
