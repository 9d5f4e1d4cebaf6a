import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { createSmtpMailer, type Mailer } from '../../mail/mailer';
import { startTestSmtpServer } from '../../mail/smtp-test-server';
import { createTestApp, type TestApp } from '../../test/harness';
import { registerNamed } from '../../test/league-test-world';
import { buildMlbPool, createPoolWorld, enter, NOW, type PoolWorld } from '../../test/pool-test-world';
import { dueReminders, enqueuePoolWeek, mailQueuedReminders } from './reminders.service';

/*
 * Exactly-once reminders (decision 033): a sender killed mid-batch loses nothing and sends again at
 * most the one mail it had in flight; a stopped sender ends between two mails and gives back the rest.
 */

const PLAYERS = 10;
let t: TestApp;
let world: PoolWorld;

beforeEach(async () => {
  t = await createTestApp({ now: NOW });
  world = await createPoolWorld(t.app);
});

/** Ten players, each owing a pick in one MLB pool whose 24 h reminder is queued (not yet mailed). */
async function queuedReminders(): Promise<string[]> {
  const pool = await buildMlbPool(t.ctx, world.leagueId);
  const emails: string[] = [];
  for (let i = 0; i < PLAYERS; i++) {
    const player = await registerNamed(t.app, `sender${i}`);
    await enter(t.ctx, pool.id, player);
    emails.push(`${player.username}@example.com`);
  }
  const [target] = await dueReminders(t.ctx, pool, t.clock.now());
  expect(await enqueuePoolWeek(t.ctx, target, 100)).toBe(PLAYERS);
  return emails;
}

const queued = async () =>
  rowsOf<{ n: number; leased: number }>(
    await t.ctx.db.execute(
      sql`select count(*)::int as n, count(leased_until)::int as leased from reminder_queue`,
    ),
  )[0];

const CHILD = fileURLToPath(new URL('../../test/reminder-sender.child.ts', import.meta.url));

describe.skipIf(!process.env.TEST_DATABASE_URL)('reminders: a sender killed mid-batch (PostgreSQL)', () => {
  it('mails every player exactly once, but for the one mail in flight at the kill', async () => {
    const emails = await queuedReminders();
    const smtp = await startTestSmtpServer({ acceptDelayMs: 400 });
    let child: ChildProcess | undefined;
    try {
      const [{ name }] = rowsOf<{ name: string }>(
        await t.ctx.db.execute(sql`select current_database() as name`),
      );
      const url = new URL(process.env.TEST_DATABASE_URL ?? '');
      url.pathname = `/${name}`;
      const LEASE_MS = 1_500;
      child = spawn(
        process.execPath,
        ['--import', 'tsx', CHILD, url.toString(), smtp.url, String(LEASE_MS), NOW.toISOString()],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      await expect.poll(() => smtp.received.length).toBeGreaterThanOrEqual(3);
      child.kill('SIGKILL');
      await new Promise((resolve) => child?.once('exit', resolve));
      const atKill = smtp.received.length;
      const inFlight = smtp.received[atKill - 1].to[0];
      // The dead sender's rows are held until its lease runs out: a pass now takes none.
      const early = createSmtpMailer(t.ctx.db, t.clock, smtp.url, 'ALA <no-reply@ala.test>');
      t.ctx.mailer = early;
      expect((await mailQueuedReminders(t.ctx, 500)).mailed).toBe(0);
      expect(smtp.received).toHaveLength(atKill);

      await new Promise((resolve) => setTimeout(resolve, LEASE_MS));
      const after = await mailQueuedReminders(t.ctx, 500);
      expect(after.failed).toBe(0);
      expect(await queued()).toEqual({ n: 0, leased: 0 });

      const counts = new Map<string, number>();
      for (const mail of smtp.received) counts.set(mail.to[0], (counts.get(mail.to[0]) ?? 0) + 1);
      expect([...counts.keys()].sort()).toEqual([...emails].sort());
      for (const [to, n] of counts) if (to !== inFlight) expect(n, to).toBe(1);
      expect(counts.get(inFlight)).toBeLessThanOrEqual(2);
      // No mail reached SMTP without its outbox row.
      const stored = rowsOf<{ to: string; n: number }>(
        await t.ctx.db.execute(sql`
          select "to", count(*)::int as n from mail_outbox where subject like 'Pick reminder%' group by "to"`),
      );
      // (The sender may have stored the row of its next mail just before the kill, never the reverse.)
      const rows = new Map(stored.map((row) => [row.to, row.n]));
      for (const [to, n] of counts) expect(rows.get(to), to).toBeGreaterThanOrEqual(n);
      expect(stored.reduce((sum, row) => sum + row.n, 0)).toBeLessThanOrEqual(smtp.received.length + 1);
    } finally {
      child?.kill('SIGKILL');
      await smtp.close();
    }
  });
});

describe('reminders: a stop between two mails', () => {
  it('ends the pass after the mail in hand and gives back the rest for the next pass', async () => {
    await queuedReminders();
    const stopping = new AbortController();
    const delivered: string[] = [];
    // A mailer without sendMany: one mail at a time, as over SMTP.
    const oneByOne: Mailer = {
      kind: 'smtp',
      async send(message) {
        delivered.push(message.to);
        if (delivered.length === 3) stopping.abort();
      },
    };
    t.ctx.mailer = oneByOne;
    const stopped = await mailQueuedReminders(t.ctx, 500, { signal: stopping.signal });
    expect(stopped).toEqual({ mailed: 3, failed: 0 });
    // What was not mailed is queued again, leased by no one: the next pass (another instance) sends it now.
    expect(await queued()).toEqual({ n: PLAYERS - 3, leased: 0 });
    const rest = await mailQueuedReminders(t.ctx, 500);
    expect(rest.mailed).toBe(PLAYERS - 3);
    expect(new Set(delivered).size).toBe(PLAYERS);
    expect(delivered).toHaveLength(PLAYERS);
  });
});
