import { randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { scheduleOfKey } from '../../../core/games';
import { countSiblings, poolDisplayName, poolPagePathIn } from '../../../core/pool/identity';
import type { AppContext } from '../../context';
import type { PoolRecord } from '../../db/schema';
import { leagues, pools } from '../../db/schema';
import { publicUrl } from '../../lib/public-url';
import { formatMailInstant } from '../../mail/mail-format';
import type { MailMessage } from '../../mail/mailer';
import { escapeHtml } from '../../mail/sanitize-html';
import { findPoolOpenWeek, picksAsked } from '../pools/store/owed-picks.repo';
import { entryLabel } from '../pools/store/pool-entries.repo';
import { loadPoolWeeks, PoolWeeks, type WeekGame } from '../pools/store/pool-weeks.repo';
import {
  enqueueNextSlots,
  findLookedAtPasses,
  finishReminders,
  leaseQueuedReminders,
  type PoolWeekReminder,
  passKey,
  REMINDER_LEAD_MS,
  type ReminderKind,
  releaseLease,
  renewLease,
  type TakenReminder,
} from './reminders.repo';
import { signUnsubscribeToken, unsubscribeSecret } from './unsubscribe-token';

export interface ReminderPassOptions {
  /** Entry slots a transaction looks at (the batch of the streaming pass). */
  slotBatch?: number;
  /** Users whose reminders one mail step leases off the queue. */
  userBatch?: number;
  /** How long a lease keeps other senders off a row (renewed while sending); see decision 033. */
  leaseMs?: number;
  /** Aborted when the server stops: the pass ends between two mails and gives back what it holds. */
  signal?: AbortSignal;
}

/** The default lease: far longer than one mail takes, short enough that a dead sender's rows go out soon. */
export const REMINDER_LEASE_MS = 120_000;

export interface ReminderRun {
  /** Pool weeks whose reminders were enqueued in this pass, with how many entries were enqueued. */
  enqueued: { poolId: number; week: number; kind: ReminderKind; entries: number }[];
  /** Mails handed to the mailer. */
  mailed: number;
  /** Of those, mails the mailer refused (recorded as failed in the outbox, not tried again). */
  mailFailed?: number;
  /** Pools whose pass failed (the others went on); retried at the next pass. */
  failed: { poolId: number; error: string }[];
}

/**
 * One reminder pass: for every running pool whose open week (the first whose lock is still ahead)
 * locks within 24 h or 2 h, enqueues a reminder for each entry that owes a pick, once per entry, week
 * and kind (docs/decisions/018), then mails what is queued, one mail per player. A pass after a
 * pause sends what has come due, as long as the lock is still ahead; never after it.
 */
export async function runReminderPass(
  ctx: AppContext,
  options: ReminderPassOptions = {},
): Promise<ReminderRun> {
  const run: ReminderRun = { enqueued: [], mailed: 0, failed: [] };
  const now = ctx.clock.now();
  const open = await ctx.db.select().from(pools).where(eq(pools.final, false)).orderBy(asc(pools.id));
  // Each season's games read once for the pass (ten thousand pools of one season).
  const seasons = new Map<string, Promise<Map<number, WeekGame[]>>>();
  const calendarOf = async (pool: PoolRecord) => {
    const key = `${scheduleOfKey(pool.game)}|${pool.season}|${pool.seasonType}`;
    let byWeek = seasons.get(key);
    if (!byWeek) {
      byWeek = loadPoolWeeks(ctx.db, pool).then((calendar) => calendar.byWeekOfSeason());
      seasons.set(key, byWeek);
    }
    return new PoolWeeks(pool, await byWeek);
  };
  const due: PoolWeekReminder[] = [];
  for (const pool of open) {
    if (pool.game === 'world-cup') continue;
    try {
      due.push(...(await dueReminders(ctx, pool, now, await calendarOf(pool))));
    } catch (error) {
      run.failed.push({ poolId: pool.id, error: String(error) });
    }
  }
  // A pool week whose entries were all looked at by an earlier pass costs nothing more: one read for all.
  const lookedAt = await findLookedAtPasses(ctx.db, due);
  for (const target of due) {
    if (options.signal?.aborted) return run;
    if (lookedAt.has(passKey(target))) continue;
    try {
      const entries = await enqueuePoolWeek(ctx, target, options.slotBatch ?? 10_000);
      if (entries !== null) run.enqueued.push({ ...target, entries });
      if (entries) ctx.metrics?.reminders.inc({ step: 'queued' }, entries);
    } catch (error) {
      // One pool's failure never stops another's reminders; this one is tried again next pass.
      run.failed.push({ poolId: target.poolId, error: String(error) });
    }
  }
  const mailing = await mailQueuedReminders(ctx, options.userBatch ?? 500, options);
  run.mailed = mailing.mailed;
  run.mailFailed = mailing.failed;
  if (mailing.mailed > mailing.failed)
    ctx.metrics?.reminders.inc({ step: 'sent' }, mailing.mailed - mailing.failed);
  if (mailing.failed > 0) ctx.metrics?.reminders.inc({ step: 'failed' }, mailing.failed);
  return run;
}

/** The reminders of the pool's open week (docs/RULES.md, "Picks owed") that have come due by now (none once it locked). */
export async function dueReminders(
  ctx: AppContext,
  pool: PoolRecord,
  now: Date,
  calendar?: PoolWeeks,
): Promise<PoolWeekReminder[]> {
  const open = findPoolOpenWeek(calendar ?? (await loadPoolWeeks(ctx.db, pool)), now);
  if (open === null) return [];
  const { week, lockAt } = open;
  const need = picksAsked(pool, week);
  const kinds = (Object.keys(REMINDER_LEAD_MS) as ReminderKind[]).filter(
    (kind) => now.getTime() >= lockAt.getTime() - REMINDER_LEAD_MS[kind],
  );
  return kinds.map((kind) => ({ poolId: pool.id, week, kind, lockAt, need }));
}

/** Enqueues a pool week's reminders batch by batch; null when every entry had been looked at before. */
export async function enqueuePoolWeek(
  ctx: AppContext,
  target: PoolWeekReminder,
  slotBatch: number,
): Promise<number | null> {
  let total: number | null = null;
  for (;;) {
    const step = await enqueueNextSlots(ctx.db, target, slotBatch, ctx.clock.now());
    if (step === null) return total;
    total = (total ?? 0) + step.enqueued;
  }
}

/**
 * Mails the queued reminders, one mail per player listing all their entries due, exactly once as far
 * as SMTP lets (decision 033): a batch of users is leased, each player's rows are deleted once their
 * mail was accepted (its outbox row is written before it goes out), a dead sender's lease runs out
 * for the next pass, and a stop is checked between two mails.
 */
export async function mailQueuedReminders(
  ctx: AppContext,
  userBatch: number,
  options: Pick<ReminderPassOptions, 'leaseMs' | 'signal'> = {},
): Promise<{ mailed: number; failed: number }> {
  const leaseMs = options.leaseMs ?? REMINDER_LEASE_MS;
  const signal = options.signal;
  const token = randomUUID();
  const result = { mailed: 0, failed: 0 };
  const names = new PoolNames(ctx);
  let after = 0;
  try {
    for (;;) {
      if (signal?.aborted) return result;
      let leasedAt = performance.now();
      const { rows: taken, last } = await leaseQueuedReminders(ctx.db, after, userBatch, token, leaseMs);
      if (last === null) return result;
      after = last;
      const now = ctx.clock.now().getTime();
      // Never after the lock: a reminder taken late is dropped.
      const due = taken.filter((row) => row.still_due && row.lock_ms > now);
      await names.load([...new Set(due.map((row) => row.pool_id))]);
      const secret = await unsubscribeSecret(ctx);
      const mails = groupByUser(due).map((rows) => ({
        userId: rows[0].user_id,
        message: reminderMail(ctx, rows, names, secret, now),
      }));
      if (ctx.mailer.sendMany) {
        // The outbox mailer: the whole batch is stored in one statement.
        await ctx.mailer.sendMany(mails.map((mail) => mail.message));
        result.mailed += mails.length;
      } else {
        for (const mail of mails) {
          if (signal?.aborted) return result;
          if (performance.now() - leasedAt > leaseMs / 2) {
            // A slow batch keeps its lease; users another sender took meanwhile are theirs to mail.
            const held = await renewLease(ctx.db, token, leaseMs);
            leasedAt = performance.now();
            if (!held.has(mail.userId)) continue;
          }
          // A refused message is recorded as failed by the mailer; the other players still get theirs.
          const sent = await ctx.mailer.send(mail.message).then(
            () => true,
            () => false,
          );
          await finishReminders(ctx.db, token, [mail.userId]);
          result.mailed += 1;
          if (!sent) result.failed += 1;
        }
      }
      // The rows left: users no longer due, and rows of deleted entries or users.
      await finishReminders(ctx.db, token, 'all');
    }
  } finally {
    // Stopped (or failed) mid-batch: what was not mailed goes back to the queue for the next pass.
    await releaseLease(ctx.db, token).catch(() => undefined);
  }
}

/** Consecutive rows of one user (taken in user order), each entry and week once (both kinds due: one line). */
function groupByUser(rows: readonly TakenReminder[]): TakenReminder[][] {
  const groups: TakenReminder[][] = [];
  let seen = new Set<string>();
  for (const row of rows) {
    let group = groups.at(-1);
    if (!group || group[0].user_id !== row.user_id) {
      group = [];
      groups.push(group);
      seen = new Set();
    }
    const key = `${row.entry_id}:${row.week}`;
    if (seen.has(key)) continue;
    seen.add(key);
    group.push(row);
  }
  return groups;
}

interface PoolName {
  name: string;
  leagueName: string;
  path: string;
}

/** Pool names and paths as the site shows them, read once per pool for a whole pass. */
export class PoolNames {
  private readonly byId = new Map<number, PoolName>();
  constructor(private readonly ctx: AppContext) {}

  async load(poolIds: number[]): Promise<void> {
    const missing = poolIds.filter((id) => !this.byId.has(id));
    if (missing.length === 0) return;
    const wanted = await this.ctx.db
      .select({ pool: pools, league: leagues })
      .from(pools)
      .innerJoin(leagues, eq(leagues.id, pools.leagueId))
      .where(inArray(pools.id, missing));
    const leagueIds = [...new Set(wanted.map((row) => row.league.id))];
    const siblings = countSiblings(
      await this.ctx.db.select().from(pools).where(inArray(pools.leagueId, leagueIds)),
    );
    for (const { pool, league } of wanted) {
      this.byId.set(pool.id, {
        name: poolDisplayName(pool, siblings),
        leagueName: league.name,
        path: poolPagePathIn(pool, league),
      });
    }
  }

  get(poolId: number): PoolName {
    return this.byId.get(poolId) ?? { name: `Pool ${poolId}`, leagueName: '', path: '/' };
  }
}

/** The unsubscribe address of a user (GET shows a page to confirm; POST, one-click, unsubscribes). */
export function unsubscribeUrl(ctx: AppContext, secret: string, userId: number): string {
  return `${publicUrl(ctx.config)}/user/reminders/unsubscribe?token=${signUnsubscribeToken(secret, userId)}`;
}

function timeLeft(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 90) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.round(minutes / 60);
  return `${hours} hours`;
}

/** A player's reminder: every entry listed with its pool, week, lock and link; insured ones told so. */
export function reminderMail(
  ctx: AppContext,
  rows: readonly TakenReminder[],
  names: { get(poolId: number): PoolName },
  secret: string,
  now: number,
): MailMessage {
  const first = rows[0];
  const base = publicUrl(ctx.config);
  const unsubscribe = unsubscribeUrl(ctx, secret, first.user_id);
  const soonest = Math.min(...rows.map((row) => row.lock_ms));
  const subject =
    rows.length === 1
      ? `Pick reminder: ${names.get(first.pool_id).name} week ${first.week} locks in ${timeLeft(soonest - now)}`
      : `Pick reminder: ${rows.length} of your entries need a pick (first lock in ${timeLeft(soonest - now)})`;
  const items = rows.map((row) => {
    const pool = names.get(row.pool_id);
    const label = entryLabel(row.username, row.entry_num);
    const owed = row.need > 1 ? `has ${row.picked} of ${row.need} picks` : 'has no pick';
    return {
      title: `${pool.name}${pool.leagueName ? ` (${pool.leagueName})` : ''}, week ${row.week}`,
      line: `Entry ${label} ${owed}. Picks lock ${formatMailInstant(new Date(row.lock_ms))} (in ${timeLeft(row.lock_ms - now)}).`,
      insured: row.insured
        ? 'This entry is insured: if it has no pick at the lock, insurance picks for it.'
        : null,
      link: `${base}${pool.path}/makepicks?entry=${row.entry_id}`,
    };
  });
  const text = [
    `Hi ${first.username},`,
    '',
    rows.length === 1
      ? 'One of your entries still needs a pick:'
      : 'These entries of yours still need a pick:',
    '',
    ...items.flatMap((item) => [
      `* ${item.title}`,
      `  ${item.line}`,
      ...(item.insured ? [`  ${item.insured}`] : []),
      `  Make your pick: ${item.link}`,
      '',
    ]),
    `Choose when you are reminded, or mute a pool, on your profile: ${base}/profile`,
    `Stop all pick reminders: ${unsubscribe}`,
  ].join('\n');
  const html = [
    `<p>Hi ${escapeHtml(first.username)},</p>`,
    `<p>${rows.length === 1 ? 'One of your entries still needs a pick:' : 'These entries of yours still need a pick:'}</p>`,
    '<ul>',
    ...items.map(
      (item) =>
        `<li><strong>${escapeHtml(item.title)}</strong><br>${escapeHtml(item.line)}` +
        (item.insured ? `<br>${escapeHtml(item.insured)}` : '') +
        `<br><a href="${escapeHtml(item.link)}">Make your pick</a></li>`,
    ),
    '</ul>',
    `<p><a href="${escapeHtml(`${base}/profile`)}">Choose when you are reminded, or mute a pool</a> · ` +
      `<a href="${escapeHtml(unsubscribe)}">Stop all pick reminders</a></p>`,
  ].join('\n');
  return {
    to: first.email,
    subject,
    text,
    html,
    // The stored copy hides the link: whoever reads the outbox could otherwise unsubscribe the player.
    secretLinks: [unsubscribe],
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
