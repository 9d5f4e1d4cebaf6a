import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  PUSH_MESSAGES as M,
  type PushChoices,
  type PushDevice,
  type PushEndpointRequest,
  type PushPayload,
  type PushStateResponse,
  type PushSubscribeRequest,
  type PushSubscribeResponse,
} from '../../../core/contracts/push';
import type { AppContext } from '../../context';
import { rowsOf } from '../../db/client';
import { pushSubscriptions, type UserRow } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { entryLabel } from '../pools/store/pool-entries.repo';
import { PoolNames } from '../reminders/reminders.service';
import {
  championRows,
  type Device,
  deleteGoneDevices,
  devicesOfUsers,
  enqueuePassSlots,
  finishPushes,
  leaseQueuedPushes,
  type PushPassKind,
  releasePushLease,
  resultRows,
  type TakenPush,
} from './push.repo';
import { isPushServiceAddress, pushSender, vapidKeys } from './push-sender';

type DeviceRow = typeof pushSubscriptions.$inferSelect;

function toDevice(row: DeviceRow): PushDevice {
  return {
    endpoint: row.endpoint,
    user_agent: row.userAgent,
    created_at: row.createdAt.toISOString(),
    reminders: row.reminders as PushChoices['reminders'],
    results: row.results,
    champions: row.champions,
    nudges: row.nudges,
  };
}

/** GET /api/push: the public key devices subscribe with, and the user's devices. */
export async function getPushState(ctx: AppContext, viewer: UserRow): Promise<PushStateResponse> {
  const [keys, rows] = await Promise.all([
    vapidKeys(ctx),
    ctx.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, viewer.id))
      .orderBy(asc(pushSubscriptions.id)),
  ]);
  return { public_key: keys.publicKey, devices: rows.map(toDevice) };
}

/**
 * PUT /api/push/subscription: turns push on for this device or changes its choices (a repeat holds the
 * same row). The device is tied to this session; a device another account had turned on is this
 * account's now (a shared browser signed in as someone else).
 */
export async function saveSubscription(
  ctx: AppContext,
  viewer: UserRow,
  sessionId: string | null,
  body: PushSubscribeRequest,
  userAgent: string,
): Promise<PushSubscribeResponse> {
  const { endpoint, keys } = body.subscription;
  if (!isPushServiceAddress(endpoint, ctx.config.pushServiceHosts)) throw badRequest(M.badEndpoint);
  const values = {
    userId: viewer.id,
    sessionId,
    endpoint,
    p256dh: keys.p256dh,
    auth: keys.auth,
    userAgent: userAgent.slice(0, 300),
    ...body.choices,
  };
  const [row] = await ctx.db
    .insert(pushSubscriptions)
    .values({ ...values, createdAt: ctx.clock.now() })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values })
    .returning();
  return { message: M.saved, device: toDevice(row) };
}

/** DELETE /api/push/subscription: push off for this device (already off: success too). */
export async function removeSubscription(
  ctx: AppContext,
  viewer: UserRow,
  body: PushEndpointRequest,
): Promise<{ message: string }> {
  await ctx.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, viewer.id), eq(pushSubscriptions.endpoint, body.endpoint)));
  return { message: M.removed };
}

/** POST /api/push/test: one notification to this device now, so the player sees that it works. */
export async function sendTestPush(
  ctx: AppContext,
  viewer: UserRow,
  body: PushEndpointRequest,
): Promise<{ message: string }> {
  const [device] = await ctx.db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, viewer.id), eq(pushSubscriptions.endpoint, body.endpoint)));
  if (!device) throw badRequest(M.notThisDevice);
  const sender = await pushSender(ctx);
  const outcome = await sender.send(
    device,
    {
      title: 'ALA Survivor',
      body: `Notifications work on this device, ${viewer.username}.`,
      url: '/profile',
      tag: 'test',
    },
    60 * 60,
  );
  if (outcome === 'gone') await deleteGoneDevices(ctx.db, [device.endpoint]);
  if (outcome !== 'sent') throw badRequest(M.testFailed);
  return { message: M.testSent };
}

export interface PushPassOptions {
  /** Entry slots a transaction looks at. */
  slotBatch?: number;
  /** Users whose pushes one send step leases off the queue. */
  userBatch?: number;
  /** Pushes of a batch in flight at once (two batches overlap at a batch's end: up to twice as many). */
  concurrency?: number;
  leaseMs?: number;
  signal?: AbortSignal;
  /** Called once the pool passes have enqueued, before the sending (a benchmark's split). */
  onEnqueued?: () => void;
}

export interface PushRun {
  /** Pool passes that enqueued in this run. */
  enqueued: { poolId: number; week: number; kind: PushPassKind; entries: number }[];
  /** Pushes the push services accepted, refused, and devices found gone. */
  sent: number;
  failed: number;
  gone: number;
  /** Pools whose pass failed (the others went on); tried again next run. */
  failedPools: { poolId: number; error: string }[];
}

/**
 * A week's results (by when they were known) and a pool's end are pushed only while they are news: a
 * settlement days late (the server was down) pushes nothing.
 */
const NEWS_FOR_MS = 24 * 60 * 60 * 1000;
export const PUSH_LEASE_MS = 120_000;

/**
 * One push pass (the leader's job, beside the reminders): enqueues the results of each week settled in
 * the last hours and the end of each pool crowned in them, once per entry (a pass mark per pool week),
 * then sends what is queued, one push per player and kind. Reminders and nudges are enqueued where they
 * are decided (the reminder pass, the commissioner's nudge) and sent here.
 */
export async function runPushPass(ctx: AppContext, options: PushPassOptions = {}): Promise<PushRun> {
  const run: PushRun = { enqueued: [], sent: 0, failed: 0, gone: 0, failedPools: [] };
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - NEWS_FOR_MS).toISOString();
  const targets = rowsOf<{ pool_id: number; week: number; kind: PushPassKind }>(
    await ctx.db.execute(sql`
      select w.pool_id, w.week, 'result' as kind from pool_weeks w
      where w.settled_at > ${since}::timestamptz and w.settled_at <= ${now.toISOString()}::timestamptz
        and not exists (select 1 from push_passes p
          where p.pool_id = w.pool_id and p.week = w.week and p.kind = 'result' and p.done_at is not null)
      union all
      select e.pool_id, 0 as week, 'champion' as kind from pool_ends e
      where e.crowned_at > ${since}::timestamptz and e.crowned_at <= ${now.toISOString()}::timestamptz
        and not exists (select 1 from push_passes p
          where p.pool_id = e.pool_id and p.week = 0 and p.kind = 'champion' and p.done_at is not null)
      order by 1, 2`),
  );
  for (const target of targets) {
    if (options.signal?.aborted) return run;
    const poolId = target.pool_id;
    try {
      const rows = target.kind === 'result' ? resultRows(poolId, target.week) : championRows(poolId);
      let entries = 0;
      for (;;) {
        const step = await enqueuePassSlots(
          ctx.db,
          { poolId, week: target.week, kind: target.kind },
          options.slotBatch ?? 10_000,
          ctx.clock.now(),
          rows,
        );
        if (step === null) break;
        entries += step.enqueued;
        if (step.done) break;
      }
      run.enqueued.push({ poolId, week: target.week, kind: target.kind, entries });
    } catch (error) {
      // One pool's failure never stops another's pushes; this one is tried again next pass.
      run.failedPools.push({ poolId, error: String(error) });
    }
  }
  options.onEnqueued?.();
  const sending = await sendQueuedPushes(ctx, options);
  run.sent = sending.sent;
  run.failed = sending.failed;
  run.gone = sending.gone;
  return run;
}

/**
 * Sends the queued pushes, one per player and kind to each of their devices that wants it: a batch of
 * users is leased, sent, then deleted (take it, do it, mark it done). A sender killed mid-batch leaves
 * its rows for the next pass once the lease ran out; the repeat carries the same tag, so it replaces the
 * first on the device. Devices the push service calls gone are deleted.
 */
export async function sendQueuedPushes(
  ctx: AppContext,
  options: PushPassOptions = {},
): Promise<{ sent: number; failed: number; gone: number }> {
  const result = { sent: 0, failed: 0, gone: 0 };
  const sender = await pushSender(ctx);
  const names = new PoolNames(ctx);
  const concurrency = options.concurrency ?? 64;
  // Each batch leases under a token of its own: the next batch is leased (and its devices read) while
  // this one is sent, and finishing one deletes only its own rows.
  const tokens: string[] = [];
  const take = async (after: number) => {
    const token = randomUUID();
    tokens.push(token);
    const leased = await leaseQueuedPushes(
      ctx.db,
      after,
      options.userBatch ?? 1_000,
      token,
      options.leaseMs ?? PUSH_LEASE_MS,
    );
    const devices = leased.last === null ? [] : await devicesOfUsers(ctx.db, leased.first, leased.last);
    return { ...leased, devices, token };
  };
  let next: ReturnType<typeof take> | null = null;
  // Two batches in flight: the next one is sealed and posted while this one's last answers come in and
  // its rows are deleted (one batch at a time left the threads idle at each batch's end).
  const inFlight: Promise<void>[] = [];
  try {
    next = take(0);
    for (;;) {
      const { rows, first, last, devices, token } = await next;
      if (last === null || options.signal?.aborted) break;
      next = take(last);
      await names.load([...new Set(rows.map((row) => row.pool_id))]);
      const sends = composePushes(rows, devices, names, ctx.clock.now().getTime());
      const sent = sender
        .sendMany(
          sends.map((send) => ({ target: send.device, payload: send.payload, ttlSeconds: send.ttlSeconds })),
          concurrency,
        )
        .then(async (outcomes) => {
          const gone: string[] = [];
          outcomes.forEach((outcome, k) => {
            if (outcome === 'sent') result.sent += 1;
            else if (outcome === 'gone') gone.push(sends[k].device.endpoint);
            else result.failed += 1;
          });
          result.gone += gone.length;
          await deleteGoneDevices(ctx.db, gone);
          // Sent, or refused for good: a failed push is not tried again (a notification hours late is noise).
          await finishPushes(ctx.db, token, first, last);
        });
      // Its failure is met where it is awaited (below), never left unhandled meanwhile.
      sent.catch(() => undefined);
      inFlight.push(sent);
      if (inFlight.length >= 2) await inFlight.shift();
    }
    for (const sent of inFlight.splice(0)) await sent;
    return result;
  } finally {
    // Stopped (or failed) mid-way: what was leased and not sent goes back to the queue for the next pass,
    // the batch being leased ahead too once its lease is written. A batch still being sent ends first.
    await Promise.allSettled([...inFlight, next ?? Promise.resolve()]);
    await releasePushLease(ctx.db, tokens).catch(() => undefined);
  }
}

interface PushSend {
  device: Device;
  payload: PushPayload;
  ttlSeconds: number;
}

type PoolNamesOf = Pick<PoolNames, 'get'>;

/** What each device is sent for a batch of rows (taken in user order): one push per user and kind. */
export function composePushes(
  rows: readonly TakenPush[],
  devices: readonly Device[],
  names: PoolNamesOf,
  now: number,
): PushSend[] {
  const byUser = new Map<number, Device[]>();
  for (const device of devices) byUser.set(device.user_id, [...(byUser.get(device.user_id) ?? []), device]);
  const groups = new Map<string, TakenPush[]>();
  for (const row of rows) {
    // Never at or after a reminder's or nudge's lock.
    if (row.lock_ms !== null && row.lock_ms <= now) continue;
    const key = `${row.user_id}:${row.kind}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const sends: PushSend[] = [];
  for (const group of groups.values()) {
    const { user_id, kind } = group[0];
    const message = messageOf(kind, group, names, now);
    if (!message) continue;
    for (const device of byUser.get(user_id) ?? []) {
      if (!wants(device, kind)) continue;
      sends.push({ device, ...message });
    }
  }
  return sends;
}

function wants(device: Device, kind: string): boolean {
  if (kind === 'reminder-24h') return device.reminders === 'both' || device.reminders === '24h';
  if (kind === 'reminder-2h') return device.reminders === 'both' || device.reminders === '2h';
  if (kind === 'result') return device.results;
  if (kind === 'champion') return device.champions;
  if (kind === 'nudge') return device.nudges;
  return false;
}

function timeLeft(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 90) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `${Math.round(minutes / 60)} hours`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The words of one player's push of one kind: their own entries only, never another's pick. */
function messageOf(
  kind: string,
  rows: readonly TakenPush[],
  names: PoolNamesOf,
  now: number,
): { payload: PushPayload; ttlSeconds: number } | null {
  const first = rows[0];
  const pool = names.get(first.pool_id);
  const pools = new Set(rows.map((row) => row.pool_id));
  const label = (row: TakenPush) => entryLabel(row.username, row.entry_num);
  const tagOf = (name: string) =>
    `${name}:${[...pools].sort((a, b) => a - b).join('-')}:${Math.max(...rows.map((row) => row.week))}`;
  if (kind === 'reminder-24h' || kind === 'reminder-2h' || kind === 'nudge') {
    const lock = Math.min(...rows.map((row) => row.lock_ms ?? now));
    const single = rows.length === 1;
    const body = single
      ? `${pool.name}, week ${first.week}: ${label(first)} has no pick yet. Picks lock in ${timeLeft(lock - now)}.`
      : `${plural(rows.length, 'entry needs', 'entries need')} a pick. The first lock is in ${timeLeft(lock - now)}.`;
    return {
      payload: {
        title:
          kind === 'nudge' ? `${first.detail || 'Your commissioner'} nudges you: make your pick` : 'Pick due',
        body,
        url: pools.size === 1 ? `${pool.path}/makepicks` : '/leagues/allpools',
        tag: tagOf(kind === 'nudge' ? 'nudge' : 'reminder'),
      },
      ttlSeconds: (lock - now) / 1000,
    };
  }
  if (kind === 'result') {
    const line = (row: TakenPush) => {
      const [status, result] = row.detail.split(':');
      if (status === 'eliminated') return `${label(row)} is out`;
      if (status === 'needs-rebuy') return `${label(row)} needs a rebuy to stay in`;
      if (result === 'advance' || result === 'moon') return `${label(row)} survived`;
      return `${label(row)} lost a life (${plural(row.lives, 'life', 'lives')} left)`;
    };
    const body =
      rows.length <= 3
        ? rows
            .map((row) => `${line(row)}${pools.size > 1 ? ` in ${names.get(row.pool_id).name}` : ''}`)
            .join('; ')
        : summarize(rows);
    return {
      payload: {
        title: pools.size === 1 ? `${pool.name}: week ${first.week} results` : `Week ${first.week} results`,
        body: `${body}.`,
        url: pools.size === 1 ? `${pool.path}/standings` : '/leagues/allpools',
        tag: tagOf('result'),
      },
      ttlSeconds: 24 * 60 * 60,
    };
  }
  if (kind === 'champion') {
    const won = rows.filter((row) => row.detail === 'champion');
    return {
      payload: {
        title: `${pool.name} is over`,
        body:
          won.length > 0
            ? `Congratulations: ${won.map(label).join(', ')} ${won.length === 1 ? 'is a champion' : 'are champions'}!`
            : 'The pool has crowned its champions. See the final standings.',
        url: `${pool.path}/standings`,
        tag: tagOf('champion'),
      },
      ttlSeconds: 3 * 24 * 60 * 60,
    };
  }
  return null;
}

/** Many entries' results in one line: how many survived, lost a life, need a rebuy, are out. */
function summarize(rows: readonly TakenPush[]): string {
  const counts = { survived: 0, lost: 0, rebuy: 0, out: 0 };
  for (const row of rows) {
    const [status, result] = row.detail.split(':');
    if (status === 'eliminated') counts.out += 1;
    else if (status === 'needs-rebuy') counts.rebuy += 1;
    else if (result === 'advance' || result === 'moon') counts.survived += 1;
    else counts.lost += 1;
  }
  return [
    counts.survived && `${plural(counts.survived, 'entry', 'entries')} survived`,
    counts.lost && `${counts.lost} lost a life`,
    counts.rebuy && `${counts.rebuy} need${counts.rebuy === 1 ? 's' : ''} a rebuy`,
    counts.out && `${counts.out} ${counts.out === 1 ? 'is' : 'are'} out`,
  ]
    .filter(Boolean)
    .join(', ');
}
