import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { pools } from './pools';
import { sessions, users } from './users';

/**
 * A device a user turned web push on for (docs/decisions/042): the browser's subscription and what it
 * wants pushed. It belongs to the session that turned it on: signing out of that session deletes it.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    /** The push service's address for the device; one device, one row (a new owner takes it over). */
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    /** Pick reminders: both, 24h, 2h, off (as the mail's choice). */
    reminders: text('reminders').notNull().default('both'),
    results: boolean('results').notNull().default(true),
    champions: boolean('champions').notNull().default(true),
    nudges: boolean('nudges').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * How far a pool's push of one kind ('result' of a settled week, 'champion' of its end) has gone through
 * the pool's entries, by slot, as reminder_passes do for mail: each entry is looked at once.
 */
export const pushPasses = pgTable(
  'push_passes',
  {
    poolId: integer('pool_id')
      .notNull()
      .references(() => pools.id, { onDelete: 'cascade' }),
    week: integer('week').notNull(),
    kind: text('kind').notNull(),
    nextSlot: integer('next_slot').notNull().default(0),
    /** Set once every entry was looked at: the pass is never run again. */
    doneAt: timestamp('done_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.poolId, t.week, t.kind] })],
);

/**
 * Pushes enqueued and not yet sent, one row per user, kind, pool, week and entry (0 when the push is not
 * about one entry), leased by user so that one player's rows share one push, and deleted once sent
 * (take it, send it, then delete it: a sender that dies leaves its rows to be sent again, and the
 * notification's tag makes the repeat replace the first on the device). No foreign keys: a batch is a
 * plain insert.
 */
export const pushQueue = pgTable(
  'push_queue',
  {
    userId: integer('user_id').notNull(),
    /** reminder-24h, reminder-2h, result, champion, nudge. */
    kind: text('kind').notNull(),
    poolId: integer('pool_id').notNull(),
    week: integer('week').notNull(),
    entryId: integer('entry_id').notNull().default(0),
    /**
     * What the push says of the entry: the week's status after settling (alive, needs-rebuy, eliminated)
     * and result (advance, loss, ...) as 'status:result'; 'champion' or 'over' at the end; the nudge's text.
     */
    detail: text('detail').notNull().default(''),
    /** A reminder's lock: never pushed at or after it. */
    lockAt: timestamp('lock_at', { withTimezone: true }),
    leaseToken: text('lease_token'),
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.poolId, t.week, t.entryId] })],
);
