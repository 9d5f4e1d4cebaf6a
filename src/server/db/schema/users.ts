import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    nameFirst: text('name_first').notNull(),
    nameLast: text('name_last').notNull(),
    photoUrl: text('photo_url'),
    tagline: text('tagline'),
    /** argon2id hash; null for accounts that only sign in with Google. */
    passwordHash: text('password_hash'),
    googleId: text('google_id'),
    /** When the owner proved the address by opening a mailed link (or Google vouched for it); null until then. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Which pick reminders the user gets before a lock: 'both' (24 h and 2 h), '24h', '2h' or 'off'. */
    reminders: text('reminders').notNull().default('both'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_google_id_idx').on(t.googleId),
    // Trigram index (extension pg_trgm): username searches are ILIKE '%q%', which no b-tree serves.
    index('users_username_trgm_idx').using('gin', sql`${t.username} gin_trgm_ops`),
    // Members also search real names, as the expression the league members search spells.
    index('users_real_name_trgm_idx').using(
      'gin',
      sql`(${t.nameFirst} || ' ' || ${t.nameLast}) gin_trgm_ops`,
    ),
  ],
);
/** A user as stored. */
export type UserRow = typeof users.$inferSelect;

/**
 * Who may run the site (outbox, feeds, changelog): granted to an existing account by
 * `npm run site-admin`, never by a name, so nobody becomes admin by registering a username first.
 */
export const siteAdmins = pgTable('site_admins', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable('sessions', {
  /** SHA-256 of the cookie token: a stolen table does not give working cookies. */
  id: text('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const passwordResets = pgTable('password_resets', {
  /** SHA-256 of the token sent by e-mail. */
  id: text('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const emailVerifications = pgTable('email_verifications', {
  /** SHA-256 of the token sent by e-mail. */
  id: text('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The address the link was sent to: the link proves only that one. */
  email: text('email').notNull(),
  /** The league invite the account was registered from: confirming the address joins that league. */
  inviteCode: text('invite_code'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  /** 'outbox' when no SMTP server is configured, else 'sending' (handed to SMTP), then 'sent' or 'failed'. */
  status: text('status').notNull().default('outbox'),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Login attempts counted for the slow-down (decision 007), shared by every instance (decision 033): a
 * failure, or an attempt still being checked (in_flight), per scope ('account', 'ip') and key, at a
 * time of the wall clock. Rows older than the scope's window no longer count and are swept.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    inFlight: boolean('in_flight').notNull(),
  },
  (t) => [index('login_attempts_key_at').on(t.scope, t.key, t.at), index('login_attempts_at').on(t.at)],
);
