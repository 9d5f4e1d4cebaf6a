import { date, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Platform updates shown on /changelog; written by site admins. */
export const changelogEntries = pgTable('changelog_entries', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  /** The calendar date the card shows (YYYY-MM-DD); unread counts use createdAt instead. */
  date: date('date', { mode: 'string' }).notNull(),
  author: text('author'),
  items: jsonb('items').$type<string[]>().notNull().default([]),
  /** The site admin who wrote it: it is never unread for them. */
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** When each user last opened the changelog, for the unread badge. */
export const changelogViews = pgTable('changelog_views', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }).notNull(),
});
