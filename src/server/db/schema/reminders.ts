import { boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { pools } from './pools';
import { users } from './users';

/** A pool the user wants no pick reminders of (their other pools still remind). */
export const reminderMutes = pgTable(
  'reminder_mutes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    poolId: integer('pool_id')
      .notNull()
      .references(() => pools.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.poolId] })],
);

/**
 * How far a pool week's reminder of one kind ('24h', '2h') has gone through the pool's entries, by
 * slot: entries below `next_slot` were looked at once and never again (docs/decisions/018). One row
 * per pool, week and kind, in place of a row per entry.
 */
export const reminderPasses = pgTable(
  'reminder_passes',
  {
    poolId: integer('pool_id')
      .notNull()
      .references(() => pools.id, { onDelete: 'cascade' }),
    week: integer('week').notNull(),
    kind: text('kind').notNull(),
    nextSlot: integer('next_slot').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.poolId, t.week, t.kind] })],
);

/**
 * Reminders enqueued and not yet mailed, one row per entry, week and kind, leased by user so that one
 * player's entries share one mail, and deleted once that mail is accepted. Rows live from the pass that enqueues them to the mail
 * that lists them (seconds); no foreign keys, so that a big pool's batch is one plain insert (the
 * mail step joins entries and skips a deleted one).
 */
export const reminderQueue = pgTable(
  'reminder_queue',
  {
    userId: integer('user_id').notNull(),
    entryId: integer('entry_id').notNull(),
    week: integer('week').notNull(),
    kind: text('kind').notNull(),
    poolId: integer('pool_id').notNull(),
    /** The week's lock: a reminder is never mailed at or after it. */
    lockAt: timestamp('lock_at', { withTimezone: true }).notNull(),
    insured: boolean('insured').notNull(),
    /**
     * While a sender mails the row (decision 033): its lease token, and until when (database time) no
     * other sender may take it. A sender that dies leaves the row, taken again once the lease ran out.
     */
    leaseToken: text('lease_token'),
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.entryId, t.week, t.kind] })],
);

/** Secrets the server makes itself when the configuration gives none (the unsubscribe links' key). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
