/**
 * A reminder sender in a process of its own, for tests that kill it mid-send: mails what is queued
 * over SMTP on the given database, with the given lease, on a clock fixed at the given instant.
 * Arguments: database URL, SMTP URL, lease in ms, ISO instant.
 */
import { loadConfig } from '../config';
import type { AppContext } from '../context';
import { openDatabase } from '../db/client';
import { ManualClock } from '../lib/clock';
import { createSmtpMailer } from '../mail/mailer';
import { mailQueuedReminders } from '../modules/reminders/reminders.service';

const [databaseUrl, smtpUrl, leaseMs, instant] = process.argv.slice(2);
const database = await openDatabase({ databaseUrl });
const clock = new ManualClock(new Date(instant));
const ctx: AppContext = {
  config: loadConfig({ PUBLIC_URL: 'http://localhost:3000' }),
  database,
  db: database.db,
  clock,
  wallClock: clock,
  mailer: createSmtpMailer(database.db, clock, smtpUrl, 'ALA <no-reply@ala.test>'),
};
const result = await mailQueuedReminders(ctx, 500, { leaseMs: Number(leaseMs) });
process.stdout.write(`${JSON.stringify(result)}\n`);
await database.close();
