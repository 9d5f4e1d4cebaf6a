import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

export const leagues = pgTable(
  'leagues',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    abb: text('abb').notNull(),
    desc: text('desc'),
    logo: text('logo'),
    joinable: boolean('joinable').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    hiddenGames: jsonb('hidden_games').$type<string[]>().notNull().default([]),
    founderId: integer('founder_id').references(() => users.id),
    /** Usernames of the league's admins (commissioners). */
    admins: jsonb('admins').$type<string[]>().notNull().default([]),
    inviteCode: text('invite_code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('leagues_abb_lower_idx').on(sql`lower(${t.abb})`),
    uniqueIndex('leagues_invite_code_idx').on(t.inviteCode),
  ],
);
/** A league as stored. */
export type LeagueRow = typeof leagues.$inferSelect;

export const leagueMembers = pgTable(
  'league_members',
  {
    id: serial('id').primaryKey(),
    leagueId: integer('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emailNewPools: boolean('email_new_pools').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('league_members_league_user_idx').on(t.leagueId, t.userId),
    // The leagues of one user (every list's visibility, the profile): the global league holds every user.
    index('league_members_user_idx').on(t.userId),
    // A league's member list pages in the order members joined, skipping pages in the index alone.
    index('league_members_since_idx').on(t.leagueId, t.createdAt, t.userId),
  ],
);
/** A league member as stored. */
export type MemberRecord = typeof leagueMembers.$inferSelect;

/** Join requests: status 1 approved, 2 pending, 3 rejected. */
export const leagueRequests = pgTable(
  'league_requests',
  {
    id: serial('id').primaryKey(),
    leagueId: integer('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: integer('status').notNull().default(2),
    source: text('source').notNull().default('home'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('league_requests_league_user_idx').on(t.leagueId, t.userId)],
);
/** A join request as stored. */
export type RequestRecord = typeof leagueRequests.$inferSelect;
