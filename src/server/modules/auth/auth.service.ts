import { hash, verify } from '@node-rs/argon2';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { AUTH_MESSAGES, type CurrentUser, type RegisterRequest } from '../../../core/contracts/auth';
import type { AppContext } from '../../context';
import { passwordResets, sessions, users } from '../../db/schema';
import { AttemptLimiter } from '../../lib/attempt-limiter';
import { AppError, badRequest, conflict, isUniqueViolation, tooManyRequests } from '../../lib/errors';
import { createToken, hashToken } from '../../lib/tokens';
import { createSession, type UserRow } from './sessions';

const RESET_TTL_MS = 60 * 60 * 1000;
const LIMIT_WINDOW_MS = 15 * 60 * 1000;

// argon2id with the library's defaults (19 MiB, t=2), the OWASP baseline.
const hashPassword = (password: string) => hash(password, { algorithm: 2 });

/** Hash of a password nobody has, so that unknown users cost as much time as wrong passwords. */
let dummyHash: Promise<string> | undefined;

export function toCurrentUser(user: UserRow, siteAdmins: string[]): CurrentUser {
  return {
    id: user.id,
    username: user.username,
    nameFirst: user.nameFirst,
    nameLast: user.nameLast,
    email: user.email,
    photo_url: user.photoUrl,
    siteAdmin: siteAdmins.includes(user.username.toLowerCase()),
  };
}

export async function findUserByUsername(ctx: AppContext, username: string): Promise<UserRow | null> {
  const rows = await ctx.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.trim().toLowerCase()))
    .limit(1);
  return rows[0] ?? null;
}

async function findUserByLogin(ctx: AppContext, login: string): Promise<UserRow | null> {
  const key = login.trim().toLowerCase();
  const rows = await ctx.db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${key} or lower(${users.email}) = ${key}`)
    .limit(1);
  return rows[0] ?? null;
}

export class AuthService {
  private readonly ipLimiter: AttemptLimiter;
  private readonly userLimiter: AttemptLimiter;
  private readonly resetLimiter: AttemptLimiter;

  constructor(private readonly ctx: AppContext) {
    // Security lifetimes run on the wall clock: a fast demo clock must not shorten the windows.
    this.ipLimiter = new AttemptLimiter(ctx.wallClock, 20, LIMIT_WINDOW_MS);
    this.userLimiter = new AttemptLimiter(ctx.wallClock, 10, LIMIT_WINDOW_MS);
    this.resetLimiter = new AttemptLimiter(ctx.wallClock, 5, LIMIT_WINDOW_MS);
  }

  /** Creates the account and opens its first session. */
  async register(input: RegisterRequest): Promise<{ user: UserRow; token: string }> {
    const { db, clock, wallClock } = this.ctx;
    const taken = await db
      .select({ username: users.username, email: users.email })
      .from(users)
      .where(
        sql`lower(${users.username}) = ${input.username.toLowerCase()} or lower(${users.email}) = ${input.email.toLowerCase()}`,
      );
    if (taken.some((row) => row.username.toLowerCase() === input.username.toLowerCase())) {
      throw conflict(AUTH_MESSAGES.usernameTaken);
    }
    if (taken.length > 0) throw conflict(AUTH_MESSAGES.emailTaken);
    const passwordHash = await hashPassword(input.password);
    try {
      return await db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            username: input.username,
            email: input.email,
            nameFirst: input.nameFirst,
            nameLast: input.nameLast,
            photoUrl: input.profilePhoto || null,
            passwordHash,
            createdAt: clock.now(),
          })
          .returning();
        const token = await createSession(tx as never, user.id, wallClock.now());
        return { user, token };
      });
    } catch (error) {
      // Two registrations racing for one name or address: the unique indexes decide.
      if (isUniqueViolation(error, 'users_username_lower_idx')) throw conflict(AUTH_MESSAGES.usernameTaken);
      if (isUniqueViolation(error, 'users_email_lower_idx')) throw conflict(AUTH_MESSAGES.emailTaken);
      throw error;
    }
  }

  /** Checks a username (or e-mail) and password; limited per IP and per username. */
  async login(login: string, password: string, ip: string): Promise<{ user: UserRow; token: string }> {
    const userKey = login.trim().toLowerCase();
    if (this.ipLimiter.isBlocked(ip) || this.userLimiter.isBlocked(userKey)) {
      throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts);
    }
    const user = await findUserByLogin(this.ctx, login);
    dummyHash ??= hashPassword(createToken());
    const ok = user?.passwordHash
      ? await verify(user.passwordHash, password)
      : await verify(await dummyHash, password).then(() => false);
    if (!user || !ok) {
      this.ipLimiter.record(ip);
      this.userLimiter.record(userKey);
      throw new AppError(401, AUTH_MESSAGES.badLogin);
    }
    this.userLimiter.reset(userKey);
    const token = await createSession(this.ctx.db, user.id, this.ctx.wallClock.now());
    return { user, token };
  }

  /** Mails a single-use reset link when the username and e-mail match; silent otherwise. */
  async requestPasswordReset(username: string, email: string, ip: string): Promise<void> {
    // Separate keys for the IP and for the account: many IPs cannot flood one mailbox either.
    const ipKey = `ip:${ip}`;
    const userKey = `user:${username.trim().toLowerCase()}`;
    if (this.resetLimiter.isBlocked(ipKey) || this.resetLimiter.isBlocked(userKey)) {
      throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts);
    }
    this.resetLimiter.record(ipKey);
    this.resetLimiter.record(userKey);
    const user = await findUserByUsername(this.ctx, username);
    if (!user || user.email.toLowerCase() !== email.trim().toLowerCase()) return;
    const token = createToken();
    // The mail promises one hour: a real hour, on the wall clock, however fast the demo's clock runs.
    const now = this.ctx.wallClock.now();
    await this.ctx.db.insert(passwordResets).values({
      id: hashToken(token),
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_TTL_MS),
    });
    const link = `${this.ctx.config.publicUrl}/reset-password/${token}`;
    // A refused mail must not answer differently from an unknown account; the outbox keeps the failure.
    await this.ctx.mailer
      .send({
        to: user.email,
        subject: 'Reset your ALA Survivor password',
        text: `Hi ${user.nameFirst},\n\nSomeone asked to reset the password of ${user.username}. Open this link within 1 hour to choose a new one:\n\n${link}\n\nIf it was not you, ignore this e-mail.`,
        html: `<p>Hi ${escapeHtml(user.nameFirst)},</p><p>Someone asked to reset the password of <b>${escapeHtml(user.username)}</b>. Open this link within 1 hour to choose a new one:</p><p><a href="${link}">${link}</a></p><p>If it was not you, ignore this e-mail.</p>`,
      })
      .catch(() => undefined);
  }

  /** The account a reset token belongs to, while the token is unused and fresh. */
  async findUserByResetToken(token: string): Promise<UserRow> {
    const rows = await this.ctx.db
      .select({ user: users })
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.userId))
      .where(
        and(
          eq(passwordResets.id, hashToken(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, this.ctx.wallClock.now()),
        ),
      )
      .limit(1);
    if (!rows[0]) throw badRequest(AUTH_MESSAGES.resetExpired);
    return rows[0].user;
  }

  /** Sets the new password, spends the token and ends the account's other sessions. */
  async finalizePasswordReset(token: string, password: string): Promise<void> {
    const user = await this.findUserByResetToken(token);
    const passwordHash = await hashPassword(password);
    await this.ctx.db.transaction(async (tx) => {
      const spent = await tx
        .update(passwordResets)
        .set({ usedAt: this.ctx.wallClock.now() })
        .where(and(eq(passwordResets.id, hashToken(token)), isNull(passwordResets.usedAt)))
        .returning({ id: passwordResets.id });
      if (spent.length === 0) throw badRequest(AUTH_MESSAGES.resetExpired);
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      await tx.delete(sessions).where(eq(sessions.userId, user.id));
    });
  }
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
