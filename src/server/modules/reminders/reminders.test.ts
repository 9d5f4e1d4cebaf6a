import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { ENTRY_STATUS } from '../../../core/pool/entry-status';
import { mailOutbox, reminderPasses, reminderQueue, users } from '../../db/schema';
import type { JobLogger } from '../../jobs/leader-loop';
import { startReminderJob } from '../../jobs/reminder-job';
import { createSmtpMailer, HIDDEN_LINK } from '../../mail/mailer';
import { startTestSmtpServer } from '../../mail/smtp-test-server';
import { buildPick } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { registerNamed, type TestUser } from '../../test/league-test-world';
import { sentMail } from '../../test/mail-capture';
import {
  buildMlbPool,
  buildNflPool,
  createPoolWorld,
  enter,
  NOW,
  type PoolWorld,
  seedNflSeason,
} from '../../test/pool-test-world';
import { dueReminders, enqueuePoolWeek, mailQueuedReminders, runReminderPass } from './reminders.service';

/*
 * The test MLB pool's week 2 locks at 2026-11-23T00:00Z, six hours after the test clock's NOW: the
 * 24 h reminder is due, the 2 h one from 22:00Z.
 */
const LOCK = new Date('2026-11-23T00:00:00Z');
const HOUR = 3_600_000;

let t: TestApp;
let world: PoolWorld;

beforeEach(async () => {
  t = await createTestApp({ now: NOW });
  world = await createPoolWorld(t.app);
});

const mailsTo = (user: TestUser) =>
  sentMail(t.app).filter((mail) => mail.to === `${user.username}@example.com`);
const reminderMails = () => sentMail(t.app).filter((mail) => mail.subject.startsWith('Pick reminder'));

async function mlbPoolWithPlayers() {
  const pool = await buildMlbPool(t.ctx, world.leagueId, { customName: 'Office MLB', maxEntries: 3 });
  const alice = await registerNamed(t.app, 'alice');
  const bob = await registerNamed(t.app, 'bob');
  const first = await enter(t.ctx, pool.id, alice);
  const second = await enter(t.ctx, pool.id, alice, { entryNum: 2, insurancePurchased: true });
  const bobs = await enter(t.ctx, pool.id, bob);
  return { pool, alice, bob, first, second, bobs };
}

describe('pick reminders', () => {
  it('mails a player once per week and kind, listing all their entries; insured ones told so', async () => {
    const { pool, alice, bob, first, second, bobs } = await mlbPoolWithPlayers();
    await buildPick(t.ctx, { entryId: bobs.id, week: 2, pickId: 'NYY' });

    const run = await runReminderPass(t.ctx);
    expect(run.failed).toEqual([]);
    expect(run.enqueued).toEqual([
      { poolId: pool.id, week: 2, kind: '24h', lockAt: LOCK, need: 1, entries: 2 },
    ]);
    expect(mailsTo(bob)).toEqual([]);
    const [mail] = mailsTo(alice);
    expect(mailsTo(alice)).toHaveLength(1);
    expect(mail.subject).toBe('Pick reminder: 2 of your entries need a pick (first lock in 6 hours)');
    expect(mail.text).toContain('Office MLB (Sunday Squad), week 2');
    expect(mail.text).toContain('Entry alice has no pick');
    expect(mail.text).toContain('Entry alice [2] has no pick');
    expect(mail.text).toContain('Picks lock Mon, Nov 23, 12:00 AM UTC');
    expect(mail.text).toContain(`/mlb/SQUAD/2023/reg/0/makepicks?entry=${first.id}`);
    expect(mail.text).toContain(`/makepicks?entry=${second.id}`);
    // Only the insured entry is told insurance would pick for it.
    expect(mail.text.match(/insurance picks for it/g)).toHaveLength(1);
    expect(mail.text.split('alice [2]')[1]).toContain('This entry is insured');

    const counted = await t.ctx.metrics?.registry.getSingleMetricAsString('ala_reminders_total');
    expect(counted).toContain('ala_reminders_total{step="queued"} 2');
    expect(counted).toContain('ala_reminders_total{step="sent"} 1');

    // The same pass again, and a later one within the 24 h window: nothing more.
    await runReminderPass(t.ctx);
    t.clock.advance(HOUR);
    await runReminderPass(t.ctx);
    expect(reminderMails()).toHaveLength(1);

    // The 2 h reminder, once.
    t.clock.set(new Date(LOCK.getTime() - 2 * HOUR + 60_000));
    await runReminderPass(t.ctx);
    await runReminderPass(t.ctx);
    expect(mailsTo(alice)).toHaveLength(2);
    expect(mailsTo(alice)[1].subject).toContain('first lock in 2 hours');

    // After the lock, week 2 reminds no more (week 3 is a week away).
    t.clock.set(new Date(LOCK.getTime() + 60_000));
    await runReminderPass(t.ctx);
    expect(reminderMails()).toHaveLength(2);
  });

  it("lists a player's entries of every pool due in one pass in one mail, soonest lock first", async () => {
    const { alice } = await mlbPoolWithPlayers();
    // An NBA pool of another league-season whose week locks an hour after the MLB one.
    const nba = await buildMlbPool(t.ctx, world.leagueId, {
      game: 'nba',
      gameName: 'NBA',
      deadlines: ['2026-11-23T01:00:00Z'],
    });
    await enter(t.ctx, nba.id, alice);
    const run = await runReminderPass(t.ctx);
    expect(run.enqueued).toHaveLength(2);
    expect(mailsTo(alice)).toHaveLength(1);
    const text = mailsTo(alice)[0].text;
    expect(text.match(/^\* /gm)).toHaveLength(3);
    expect(text.indexOf('Office MLB')).toBeLessThan(text.indexOf('* NBA (Sunday Squad), week 1'));
  });

  it('carries a one-click unsubscribe (RFC 8058) and hides its link in the stored copy', async () => {
    const { alice } = await mlbPoolWithPlayers();
    await runReminderPass(t.ctx);
    const [mail] = mailsTo(alice);
    const link = mail.text.match(/Stop all pick reminders: (\S+)/)?.[1] ?? '';
    expect(link).toMatch(/^http:\/\/localhost:3000\/user\/reminders\/unsubscribe\?token=\d+\.[\w-]{43}$/);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const [copy] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'alice@example.com'));
    expect(copy.status).toBe('outbox');
    expect(copy.createdAt).toEqual(NOW);
    expect(copy.text).not.toContain(link);
    expect(copy.text).toContain(HIDDEN_LINK);
  });

  it('leaves out entries that picked, cannot pick, players who chose otherwise, muted pools and unconfirmed addresses', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    const names = ['picked', 'rebuy', 'dead', 'off', 'only2h', 'muted', 'inactive', 'unconfirmed', 'due'];
    const players: Record<string, TestUser> = {};
    for (const name of names) players[name] = await registerNamed(t.app, name);
    const picked = await enter(t.ctx, pool.id, players.picked);
    await buildPick(t.ctx, { entryId: picked.id, week: 2, pickId: 'BOS' });
    await enter(t.ctx, pool.id, players.rebuy, { needsRebuy: true, lives: 0 });
    await enter(t.ctx, pool.id, players.dead, { lives: 0 });
    await enter(t.ctx, pool.id, players.off);
    await enter(t.ctx, pool.id, players.only2h);
    await enter(t.ctx, pool.id, players.muted);
    await enter(t.ctx, pool.id, players.inactive, { status: ENTRY_STATUS.inactive });
    await enter(t.ctx, pool.id, players.unconfirmed);
    await enter(t.ctx, pool.id, players.due);
    await t.ctx.db.update(users).set({ reminders: 'off' }).where(eq(users.id, players.off.id));
    await t.ctx.db.update(users).set({ reminders: '2h' }).where(eq(users.id, players.only2h.id));
    await t.ctx.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, players.unconfirmed.id));
    const mute = await t.app.inject({
      method: 'POST',
      url: `/user/reminders/mutes/${pool.id}`,
      headers: { cookie: players.muted.cookie },
      payload: { muted: true },
    });
    expect(mute.statusCode).toBe(200);

    await runReminderPass(t.ctx);
    expect(reminderMails().map((mail) => mail.to)).toEqual(['due@example.com']);

    t.clock.set(new Date(LOCK.getTime() - HOUR));
    await runReminderPass(t.ctx);
    expect(reminderMails().map((mail) => mail.to)).toHaveLength(3);
    expect(
      reminderMails()
        .slice(1)
        .map((mail) => mail.to)
        .sort(),
    ).toEqual(['due@example.com', 'only2h@example.com']);
  });

  it('a late pass sends what came due before the lock, one mail for both reminders, and nothing after it', async () => {
    const { alice } = await mlbPoolWithPlayers();
    // The server was down from before the 24 h mark until an hour before the lock.
    t.clock.set(new Date(LOCK.getTime() - HOUR));
    const run = await runReminderPass(t.ctx);
    expect(run.enqueued.map((item) => item.kind).sort()).toEqual(['24h', '2h']);
    expect(mailsTo(alice)).toHaveLength(1);
    expect(mailsTo(alice)[0].subject).toContain('first lock in 60 minutes');
    expect(mailsTo(alice)[0].text.match(/Entry alice \[2\]/g)).toHaveLength(1);

    // Enqueued before the lock but mailed after it (a pass cut short): dropped, never sent late.
    const { pool } = await (async () => {
      const other = await buildMlbPool(t.ctx, world.leagueId, { poolIdx: 1 });
      await enter(t.ctx, other.id, alice);
      return { pool: other };
    })();
    const [target] = await dueReminders(t.ctx, pool, t.clock.now());
    await enqueuePoolWeek(t.ctx, target, 100);
    t.clock.set(new Date(LOCK.getTime() + 1));
    expect(await mailQueuedReminders(t.ctx, 10)).toEqual({ mailed: 0, failed: 0 });
    expect(await t.ctx.db.select().from(reminderQueue)).toEqual([]);
    expect(mailsTo(alice)).toHaveLength(1);
  });

  it('streams the pool in slot batches, remembers where it stopped, and still sends one mail per player', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId, { maxEntries: 5 });
    const alice = await registerNamed(t.app, 'alice');
    const bob = await registerNamed(t.app, 'bob');
    // Interleaved: alice's entries sit in slots 0, 2, 4; bob's in 1, 3.
    for (let n = 1; n <= 3; n++) {
      await enter(t.ctx, pool.id, alice, { entryNum: n });
      if (n < 3) await enter(t.ctx, pool.id, bob, { entryNum: n });
    }
    const [target] = await dueReminders(t.ctx, pool, t.clock.now());
    // A pass stopped after its first batch of two slots (a restart): the queue and the mark hold.
    const { enqueueNextSlots } = await import('./reminders.repo');
    expect(await enqueueNextSlots(t.ctx.db, target, 2, t.clock.now())).toEqual({ enqueued: 2, looked: 2 });
    const [mark] = await t.ctx.db.select().from(reminderPasses);
    expect(mark.nextSlot).toBe(2);

    // The next pass goes on from slot 2 in batches of one, then mails each player once.
    const run = await runReminderPass(t.ctx, { slotBatch: 1, userBatch: 1 });
    expect(run.enqueued).toEqual([expect.objectContaining({ entries: 3 })]);
    expect(run.mailed).toBe(2);
    expect(mailsTo(alice)).toHaveLength(1);
    expect(mailsTo(alice)[0].text.match(/^\* /gm)).toHaveLength(3);
    expect(mailsTo(bob)[0].text.match(/^\* /gm)).toHaveLength(2);
    const [done] = await t.ctx.db.select().from(reminderPasses);
    expect(done.nextSlot).toBe(5);

    // An entry signed up later is reminded by the next pass; the others are not reminded again.
    const carol = await registerNamed(t.app, 'carol');
    await enter(t.ctx, pool.id, carol);
    await runReminderPass(t.ctx, { slotBatch: 1 });
    expect(reminderMails().map((mail) => mail.to)).toEqual([
      'alice@example.com',
      'bob@example.com',
      'carol@example.com',
    ]);
  });

  it('enqueues and mails each reminder once when two instances race', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId, { maxEntries: 3 });
    const players: TestUser[] = [];
    for (let i = 0; i < 6; i++) players.push(await registerNamed(t.app, `racer${i}`));
    for (const player of players) {
      await enter(t.ctx, pool.id, player);
      await enter(t.ctx, pool.id, player, { entryNum: 2 });
    }
    // On PostgreSQL the passes really overlap (one connection each); PGlite runs them in turn.
    const runs = await Promise.all(
      Array.from({ length: 4 }, () => runReminderPass(t.ctx, { slotBatch: 2, userBatch: 2 })),
    );
    expect(runs.flatMap((run) => run.failed)).toEqual([]);
    expect(runs.reduce((sum, run) => sum + run.mailed, 0)).toBe(6);
    const mails = reminderMails();
    expect(mails).toHaveLength(6);
    expect(new Set(mails.map((mail) => mail.to)).size).toBe(6);
    for (const mail of mails) expect(mail.text.match(/^\* /gm)).toHaveLength(2);
    const [queued] = await t.ctx.db
      .execute<{ n: number }>(sql`select count(*)::int as n from reminder_queue`)
      .then((result) => ('rows' in result ? result.rows : result) as { n: number }[]);
    expect(queued.n).toBe(0);
  });

  it("NFL TD: an entry owes a pick until it holds the pool's players per week", async () => {
    await seedNflSeason(t.ctx);
    const pool = await buildNflPool(t.ctx, world.leagueId, { playersPerWeek: 2, maxEntries: 3 });
    const dana = await registerNamed(t.app, 'dana');
    const one = await enter(t.ctx, pool.id, dana);
    const full = await enter(t.ctx, pool.id, dana, { entryNum: 2 });
    await buildPick(t.ctx, { entryId: one.id, week: 3, pickId: 'p-gb-1', teamAbb: 'GB' });
    await buildPick(t.ctx, { entryId: full.id, week: 3, pickId: 'p-gb-2', teamAbb: 'GB' });
    await buildPick(t.ctx, { entryId: full.id, week: 3, pickId: 'p-sf-1', teamAbb: 'SF' });
    // Week 3 locks at its first kickoff, 2026-11-29T21:25Z.
    t.clock.set(new Date('2026-11-29T12:00:00Z'));
    const run = await runReminderPass(t.ctx);
    expect(run.enqueued).toEqual([
      expect.objectContaining({ week: 3, kind: '24h', need: 2, lockAt: new Date('2026-11-29T21:25:00Z') }),
    ]);
    expect(mailsTo(dana)).toHaveLength(1);
    expect(mailsTo(dana)[0].text).toContain('Entry dana has 1 of 2 picks');
    expect(mailsTo(dana)[0].text).not.toContain('dana [2]');
  });

  it("runs as the leader's job, pass after pass, and stops cleanly", async () => {
    const { alice } = await mlbPoolWithPlayers();
    const runs: number[] = [];
    const warnings: unknown[] = [];
    const log: JobLogger = { info: () => undefined, warn: (obj) => warnings.push(obj) };
    let passes = 0;
    const twoPasses = new Promise<void>((resolve) => {
      const stop = startReminderJob(t.ctx, log, {
        intervalMs: 10,
        onRun: async (run) => {
          runs.push(run.mailed);
          passes += 1;
          if (passes === 2) resolve(stop());
        },
      });
    });
    await twoPasses;
    expect(runs.slice(0, 2)).toEqual([2, 0]);
    expect(warnings).toEqual([]);
    expect(mailsTo(alice)).toHaveLength(1);
  });

  it('one pool failing does not stop the others', async () => {
    const { alice } = await mlbPoolWithPlayers();
    // A pool whose deadlines cannot be read.
    await buildMlbPool(t.ctx, world.leagueId, { poolIdx: 1, deadlines: ['not a date'] });
    const run = await runReminderPass(t.ctx);
    expect(run.failed).toHaveLength(1);
    expect(mailsTo(alice)).toHaveLength(1);
  });

  it('over SMTP, delivers the RFC 8058 headers and keeps a hidden copy marked sent', async () => {
    const smtp = await startTestSmtpServer();
    try {
      t = await createTestApp({
        now: NOW,
        mailer: (db, clock) => createSmtpMailer(db, clock, smtp.url, 'ALA <no-reply@ala.test>'),
      });
      world = await createPoolWorld(t.app);
      const { alice } = await mlbPoolWithPlayers();
      const run = await runReminderPass(t.ctx);
      expect(run.mailed).toBe(2);
      // Her last mail (the first confirmed her address).
      const delivered = smtp.received.filter((mail) => mail.to.includes('alice@example.com')).at(-1);
      // Long headers arrive folded onto a second line: unfold them.
      const headers = delivered?.raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
      expect(headers).toMatch(/^Subject: Pick reminder/m);
      expect(headers).toMatch(
        /^List-Unsubscribe: <http:\/\/localhost:3000\/user\/reminders\/unsubscribe\?token=\d+\.[\w-]{43}>\r?$/m,
      );
      expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
      const [copy] = await t.ctx.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, `${alice.username}@example.com`));
      expect(copy.status).toBe('sent');
      expect(copy.text).toContain(HIDDEN_LINK);
    } finally {
      await smtp.close();
    }
  });
});
