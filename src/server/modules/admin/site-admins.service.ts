import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { siteAdmins, users } from '../../db/schema';
import { AppError } from '../../lib/errors';

/** The account a grant names: an existing user, looked up case-insensitively. */
async function findUserId(db: DbOrTx, username: string): Promise<{ id: number; username: string }> {
  const [user] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.trim().toLowerCase()))
    .limit(1);
  if (!user) throw new AppError(404, `No account is named "${username.trim()}".`);
  return user;
}

/** Makes an existing account a site admin; granting twice changes nothing. Answers its username. */
export async function grantSiteAdmin(db: DbOrTx, username: string): Promise<string> {
  const user = await findUserId(db, username);
  await db.insert(siteAdmins).values({ userId: user.id }).onConflictDoNothing();
  return user.username;
}

/** Takes the site-admin grant from an account: its username, and whether it had a grant. */
export async function revokeSiteAdmin(
  db: DbOrTx,
  username: string,
): Promise<{ username: string; had: boolean }> {
  const user = await findUserId(db, username);
  const removed = await db
    .delete(siteAdmins)
    .where(eq(siteAdmins.userId, user.id))
    .returning({ userId: siteAdmins.userId });
  return { username: user.username, had: removed.length > 0 };
}

/** The site admins with their grant dates, by username. */
export async function listSiteAdmins(db: DbOrTx): Promise<{ username: string; grantedAt: Date }[]> {
  return db
    .select({ username: users.username, grantedAt: siteAdmins.grantedAt })
    .from(siteAdmins)
    .innerJoin(users, eq(users.id, siteAdmins.userId))
    .orderBy(asc(sql`lower(${users.username})`));
}

/** True when the account holds a site-admin grant. */
export async function hasSiteAdminGrant(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = await db
    .select({ userId: siteAdmins.userId })
    .from(siteAdmins)
    .where(eq(siteAdmins.userId, userId))
    .limit(1);
  return rows.length > 0;
}

export const SITE_ADMIN_USAGE = 'Usage: npm run site-admin -- grant <username> | revoke <username> | list';

/**
 * The `npm run site-admin` command on an open database: answers the lines to print and the exit
 * code, so that it is tested without a process.
 */
export async function runSiteAdminCommand(
  db: DbOrTx,
  args: string[],
): Promise<{ code: number; lines: string[] }> {
  const [command, username, ...rest] = args;
  try {
    if (command === 'list' && username === undefined) {
      const admins = await listSiteAdmins(db);
      if (admins.length === 0) return { code: 0, lines: ['No site admins.'] };
      return {
        code: 0,
        lines: admins.map((admin) => `${admin.username} (since ${admin.grantedAt.toISOString()})`),
      };
    }
    if ((command === 'grant' || command === 'revoke') && username?.trim() && rest.length === 0) {
      if (command === 'grant') {
        const name = await grantSiteAdmin(db, username);
        return { code: 0, lines: [`${name} is a site admin.`] };
      }
      const { username: name, had } = await revokeSiteAdmin(db, username);
      return {
        code: 0,
        lines: [had ? `${name} is no longer a site admin.` : `${name} was not a site admin.`],
      };
    }
    return { code: 2, lines: [SITE_ADMIN_USAGE] };
  } catch (error) {
    if (error instanceof AppError) return { code: 1, lines: [error.message] };
    throw error;
  }
}
