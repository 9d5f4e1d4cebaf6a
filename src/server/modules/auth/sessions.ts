import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { sessions, siteAdmins, users } from '../../db/schema';
import { createToken, hashToken } from '../../lib/tokens';

export const SESSION_COOKIE = 'ala_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The user behind a session, with whether the account holds a site-admin grant. */
export type SessionUser = UserRow & { siteAdmin: boolean };

/**
 * Opens a session row and returns the raw token for the cookie (never stored). `now` is the wall
 * clock's: a session lasts as long as its cookie, in real time, however fast the demo's clock runs.
 */
export async function createSession(db: Db, userId: number, now: Date): Promise<string> {
  // Expired rows of the account go as a new one comes, so the table does not only grow.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, now)));
  const token = createToken();
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
  });
  return token;
}

/**
 * The user behind a cookie token, or null when the session is unknown or expired (at the wall clock's
 * `now`). The site-admin grant comes in the same query, so checking it costs nothing per request.
 */
export async function findSessionUser(db: Db, token: string, now: Date): Promise<SessionUser | null> {
  let query = sessionUserQueries.get(db);
  if (!query) {
    query = prepareSessionUserQuery(db);
    sessionUserQueries.set(db, query);
  }
  const [row] = await query.execute({ id: hashToken(token), now: now.toISOString() });
  return row ? { ...row.user, siteAdmin: row.adminSince !== null } : null;
}

/**
 * The read of findSessionUser, the one query of every signed-in request, as a prepared statement: built
 * once per database handle, parsed and planned once per connection.
 */
function prepareSessionUserQuery(db: Db) {
  return db
    .select({ user: users, adminSince: siteAdmins.grantedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(siteAdmins, eq(siteAdmins.userId, users.id))
    .where(
      and(
        eq(sessions.id, sql.placeholder('id')),
        gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
      ),
    )
    .limit(1)
    .prepare('session_user');
}

const sessionUserQueries = new WeakMap<Db, ReturnType<typeof prepareSessionUserQuery>>();

/** Ends the session of a cookie token. */
export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}
