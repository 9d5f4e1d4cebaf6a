import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A user's secret deadline calendar address: one per user, renewed in place (the old address then
 * answers 404). Only the SHA-256 of the token is kept, like session tokens.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique('calendar_feeds_token_hash_idx'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
