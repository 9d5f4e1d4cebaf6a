import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { serverSecrets } from '../../db/schema';

const SECRET_NAME = 'unsubscribe';
/** What the signature covers besides the user: a token for reminders signs nothing else. */
const PURPOSE = 'pick-reminders-unsubscribe';

/**
 * The unsubscribe links' key: UNSUBSCRIBE_SECRET when configured, else one the server made and keeps in
 * the database, so that links keep working across restarts and instances (the first one to ask makes it).
 */
const secrets = new WeakMap<Db, Promise<string>>();
export function unsubscribeSecret(ctx: AppContext): Promise<string> {
  if (ctx.config.unsubscribeSecret) return Promise.resolve(ctx.config.unsubscribeSecret);
  let secret = secrets.get(ctx.db);
  if (!secret) {
    secret = loadOrMakeSecret(ctx.db);
    secrets.set(ctx.db, secret);
    secret.catch(() => secrets.delete(ctx.db));
  }
  return secret;
}

async function loadOrMakeSecret(db: Db): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, SECRET_NAME));
  if (!row) throw new Error('the unsubscribe secret could not be stored');
  return row.value;
}

function signature(secret: string, userId: number): Buffer {
  return createHmac('sha256', secret).update(`${PURPOSE}:${userId}`).digest();
}

/** `<user id>.<HMAC>`: stops that user's reminders, without signing in; it does not expire. */
export function signUnsubscribeToken(secret: string, userId: number): string {
  return `${userId}.${signature(secret, userId).toString('base64url')}`;
}

/** The user a token was signed for, or null when it was altered or made up. */
export function verifyUnsubscribeToken(secret: string, token: string): number | null {
  const match = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  if (!Number.isSafeInteger(userId) || userId > 2_147_483_647) return null;
  // The text is compared, not its decoded bytes: base64url's last character carries two unused bits, so
  // four spellings decode alike, and only the one the server wrote is its link.
  const given = Buffer.from(match[2]);
  const expected = Buffer.from(signature(secret, userId).toString('base64url'));
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
