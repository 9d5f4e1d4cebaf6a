import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  AUTH_MESSAGES,
  type CurrentUser,
  type RegisterRequest,
  waitMessage,
} from '../../../core/contracts/auth';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { emailVerifications, passwordResets, sessions, users } from '../../db/schema';
import { AttemptLimiter } from '../../lib/attempt-limiter';
import { AppError, badRequest, conflict, isUniqueViolation } from '../../lib/errors';
import { publicUrl } from '../../lib/public-url';
import { createToken, hashToken } from '../../lib/tokens';
import type { MailMessage } from '../../mail/mailer';
import { findLeagueByInvite } from '../leagues/leagues.repo';
import { addMember } from '../leagues/membership.service';
import { addressTakenMail, confirmBeforeResetMail, resetMail, verificationMail } from './auth-mail';
import { SharedLoginLimiter } from './login-attempts';
import { hashPassword, verifyPassword } from './password-hash';
import { createSession } from './sessions';

const RESET_TTL_MS = 60 * 60 * 1000;
const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/** Hash of a password nobody has, so that unknown users cost as much time as wrong passwords. */
let dummyHash: Promise<string> | undefined;

/** The currentUser answer; siteAdmin is the account's grant (findSessionUser reads it). */
export function toCurrentUser(user: UserRow, siteAdmin: boolean): CurrentUser {
  return {
    id: user.id,
    username: user.username,
    nameFirst: user.nameFirst,
    nameLast: user.nameLast,
    email: user.email,
    photo_url: user.photoUrl,
    emailVerified: user.emailVerifiedAt !== null,
    siteAdmin,
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

/** A 429 that says how long to wait, in whole seconds (also as Retry-After). */
export class TooSoonError extends AppError {
  constructor(readonly waitSeconds: number) {
    super(429, waitMessage(waitSeconds));
  }
}

function tooSoon(waitMs: number): TooSoonError {
  return new TooSoonError(Math.ceil(waitMs / 1000));
}

async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const rows = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
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
  private readonly ipLimiter: SharedLoginLimiter;
  private readonly accountLimiter: SharedLoginLimiter;
  private readonly mailLimiter: AttemptLimiter;
  private readonly registrationLimiter: AttemptLimiter;

  constructor(private readonly ctx: AppContext) {
    // Security lifetimes run on the wall clock: a fast demo clock must not shorten the windows.
    // Logins slow down, never lock out (decision 007): an account after 5 failures (up to 5 minutes
    // between tries), an address after 20 failures on any accounts (up to 30 seconds).
    // Kept in the database, so every instance of a cluster counts the same tries (decision 033).
    this.accountLimiter = new SharedLoginLimiter(ctx.db, ctx.wallClock, 'account', {
      free: 5,
      windowMs: 60 * MINUTE_MS,
      maxDelayMs: 5 * MINUTE_MS,
    });
    this.ipLimiter = new SharedLoginLimiter(ctx.db, ctx.wallClock, 'ip', {
      free: 20,
      windowMs: 15 * MINUTE_MS,
      maxDelayMs: 30 * 1000,
    });
    // Requests that send mail (reset, confirmation): 5 per address and per account in 15 minutes.
    this.mailLimiter = new AttemptLimiter(ctx.wallClock, { free: 5, windowMs: 15 * MINUTE_MS });
    // Registrations from one client address in 15 minutes (the address they name counts with the mail above).
    this.registrationLimiter = new AttemptLimiter(ctx.wallClock, {
      free: ctx.config.registrationsPerIp,
      windowMs: 15 * MINUTE_MS,
    });
  }

  /**
   * Creates the account with an unconfirmed address, mails the confirmation link and signs it in. An
   * address that already has an account gets a mail to its owner instead, and no session: the caller
   * answers "check your e-mail" (decision 007). Usernames are public: a taken one is a 409. Mail-sending
   * registrations are limited per address and per client address, like reset requests.
   */
  async register(input: RegisterRequest, ip: string): Promise<{ user: UserRow; token: string } | null> {
    const { db, clock, wallClock } = this.ctx;
    const taken = await db
      .select()
      .from(users)
      .where(
        sql`lower(${users.username}) = ${input.username.toLowerCase()} or lower(${users.email}) = ${input.email.toLowerCase()}`,
      );
    if (taken.some((row) => row.username.toLowerCase() === input.username.toLowerCase())) {
      throw conflict(AUTH_MESSAGES.usernameTaken);
    }
    // Counted before the address is looked at, so that a new and a taken address are limited alike.
    this.spendRegistration(ip, input.email);
    // Hashed either way, so that a taken address costs the same time as a new account.
    const passwordHash = await hashPassword(input.password, this.ctx.config.passwordHash);
    if (taken[0]) {
      await this.mailAddressOwner(taken[0]);
      return null;
    }
    let created: { user: UserRow; token: string; session: string };
    try {
      created = await db.transaction(async (tx) => {
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
        return {
          user,
          token: await this.createVerification(tx as never, user, input.inviteCode),
          session: await createSession(tx as never, user.id, wallClock.now()),
        };
      });
    } catch (error) {
      // Two registrations racing for one name or address: the unique indexes decide.
      if (isUniqueViolation(error, 'users_username_lower_idx')) throw conflict(AUTH_MESSAGES.usernameTaken);
      if (isUniqueViolation(error, 'users_email_lower_idx')) {
        const owner = await findUserByEmail(db, input.email);
        if (owner) await this.mailAddressOwner(owner);
        return null;
      }
      throw error;
    }
    await this.send(verificationMail(created.user, this.verifyLink(created.token)));
    return { user: created.user, token: created.session };
  }

  /**
   * Opens a confirmation link: confirms the address it was sent to and signs its account in. When the
   * account was registered from a league invite, it joins that league in the same transaction (a code
   * that no longer names a league is passed over: the address is confirmed all the same).
   */
  async verifyEmail(
    token: string,
  ): Promise<{ user: UserRow; token: string; joinedLeague: { abb: string; name: string } | null }> {
    const { db, clock, wallClock } = this.ctx;
    return db.transaction(async (tx) => {
      const [row] = await tx
        .delete(emailVerifications)
        .where(
          and(eq(emailVerifications.id, hashToken(token)), gt(emailVerifications.expiresAt, wallClock.now())),
        )
        .returning();
      const [user] = row
        ? await tx
            .update(users)
            .set({
              emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${clock.now().toISOString()}::timestamptz)`,
            })
            .where(and(eq(users.id, row.userId), eq(sql`lower(${users.email})`, row.email.toLowerCase())))
            .returning()
        : [];
      if (!user) throw badRequest(AUTH_MESSAGES.verifyExpired);
      // The address is proven: any other link of the account is spent too.
      await tx.delete(emailVerifications).where(eq(emailVerifications.userId, user.id));
      const league = row.inviteCode ? await findLeagueByInvite(tx, row.inviteCode) : null;
      if (league) await addMember(tx, league.id, user.id, clock.now());
      return {
        user,
        token: await createSession(tx as never, user.id, wallClock.now()),
        joinedLeague: league ? { abb: league.abb, name: league.name } : null,
      };
    });
  }

  /** Mails a fresh confirmation link when an account waits for that address; silent otherwise. */
  async resendVerification(email: string, ip: string): Promise<void> {
    this.spendMailRequest(ip, `email:${email.trim().toLowerCase()}`);
    const user = await findUserByEmail(this.ctx.db, email);
    if (!user || user.emailVerifiedAt) return;
    const token = await this.createVerification(this.ctx.db, user);
    await this.send(verificationMail(user, this.verifyLink(token)));
  }

  /**
   * Checks a username (or e-mail) and password. Failures are counted per account (whichever login
   * was typed) and per IP; past a few, each further try must wait longer (decision 007). The try is
   * taken before the password is checked, so concurrent tries see it and only the free ones are checked.
   */
  async login(login: string, password: string, ip: string): Promise<{ user: UserRow; token: string }> {
    const user = await findUserByLogin(this.ctx, login);
    // Unknown logins are counted under what was typed, so they cost the same as known ones.
    const accountKey = user ? `user:${user.id}` : `login:${login.trim().toLowerCase()}`;
    const { waitMs, attempt } = await SharedLoginLimiter.take(this.ctx.db, [
      [this.accountLimiter, accountKey],
      [this.ipLimiter, ip],
    ]);
    if (!attempt) throw tooSoon(waitMs);
    let ok: boolean;
    try {
      dummyHash ??= hashPassword(createToken(), this.ctx.config.passwordHash);
      ok = user?.passwordHash
        ? await verifyPassword(user.passwordHash, password)
        : await verifyPassword(await dummyHash, password).then(() => false);
    } catch (error) {
      // A check that could not run is no wrong password: it counts against nobody.
      await attempt.release();
      throw error;
    }
    if (!user || !ok) {
      await attempt.fail();
      throw new AppError(401, AUTH_MESSAGES.badLogin);
    }
    await attempt.release();
    // A success clears the account's count and relaxes the address's (others may share it), and
    // sweeps every key's rows that no window counts any more.
    await this.accountLimiter.reset(accountKey);
    await this.ipLimiter.relax(ip);
    await SharedLoginLimiter.sweep(
      this.ctx.db,
      new Date(
        this.ctx.wallClock.now().getTime() -
          Math.max(this.accountLimiter.options.windowMs, this.ipLimiter.options.windowMs),
      ),
    );
    const token = await createSession(this.ctx.db, user.id, this.ctx.wallClock.now());
    return { user, token };
  }

  /**
   * Mails a single-use reset link when the username and e-mail match and the address is confirmed
   * (an unconfirmed one gets a confirmation link instead); silent otherwise.
   */
  async requestPasswordReset(username: string, email: string, ip: string): Promise<void> {
    // Separate keys for the IP and for the account: many IPs cannot flood one mailbox either.
    this.spendMailRequest(ip, `user:${username.trim().toLowerCase()}`);
    const user = await findUserByUsername(this.ctx, username);
    if (!user || user.email.toLowerCase() !== email.trim().toLowerCase()) return;
    if (!user.emailVerifiedAt) {
      const token = await this.createVerification(this.ctx.db, user);
      return this.send(confirmBeforeResetMail(user, this.verifyLink(token)));
    }
    const token = createToken();
    // The mail promises one hour: a real hour, on the wall clock, however fast the demo's clock runs.
    const now = this.ctx.wallClock.now();
    await this.ctx.db.insert(passwordResets).values({
      id: hashToken(token),
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_TTL_MS),
    });
    await this.send(resetMail(user, `${publicUrl(this.ctx.config)}/reset-password/${token}`));
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

  /** Sets the new password, spends every outstanding reset link of the account and ends all its sessions. */
  async finalizePasswordReset(token: string, password: string): Promise<void> {
    const user = await this.findUserByResetToken(token);
    const passwordHash = await hashPassword(password, this.ctx.config.passwordHash);
    await this.ctx.db.transaction(async (tx) => {
      const spent = await tx
        .update(passwordResets)
        .set({ usedAt: this.ctx.wallClock.now() })
        .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)))
        .returning({ id: passwordResets.id });
      // Another request spent this link (and its siblings) first.
      if (!spent.some((row) => row.id === hashToken(token))) throw badRequest(AUTH_MESSAGES.resetExpired);
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      await tx.delete(sessions).where(eq(sessions.userId, user.id));
    });
    await this.accountLimiter.reset(`user:${user.id}`);
  }

  /** Counts one mail-sending request against the IP and the account or address; 429 past 5 in 15 minutes. */
  private spendMailRequest(ip: string, accountKey: string): void {
    const ipKey = `ip:${ip}`;
    if (this.mailLimiter.waitMs(ipKey) > 0 || this.mailLimiter.waitMs(accountKey) > 0) {
      throw new AppError(429, AUTH_MESSAGES.tooManyAttempts);
    }
    this.mailLimiter.record(ipKey);
    this.mailLimiter.record(accountKey);
  }

  /**
   * Counts one registration against its address (with the other mail to that address) and its client
   * address; 429 past the limits, so that nobody can flood a mailbox by registering it again and again.
   */
  private spendRegistration(ip: string, email: string): void {
    const emailKey = `email:${email.trim().toLowerCase()}`;
    const ipKey = `ip:${ip}`;
    if (this.mailLimiter.waitMs(emailKey) > 0 || this.registrationLimiter.waitMs(ipKey) > 0) {
      throw new AppError(429, AUTH_MESSAGES.tooManyAttempts);
    }
    this.mailLimiter.record(emailKey);
    this.registrationLimiter.record(ipKey);
  }

  /** Tells the owner of an address that someone tried to register it; an unconfirmed one gets a fresh link. */
  private async mailAddressOwner(owner: UserRow): Promise<void> {
    const link = owner.emailVerifiedAt
      ? undefined
      : this.verifyLink(await this.createVerification(this.ctx.db, owner));
    await this.send(addressTakenMail(owner, publicUrl(this.ctx.config), link));
  }

  /**
   * Stores a confirmation link for the account's current address, valid 24 real hours, with the league
   * invite the account was registered from; answers its token.
   */
  private async createVerification(db: Db, user: UserRow, inviteCode?: string | null): Promise<string> {
    const token = createToken();
    const now = this.ctx.wallClock.now();
    await db.insert(emailVerifications).values({
      id: hashToken(token),
      userId: user.id,
      email: user.email,
      inviteCode: inviteCode || null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + VERIFY_TTL_MS),
    });
    return token;
  }

  private verifyLink(token: string): string {
    return `${publicUrl(this.ctx.config)}/verify-email/${token}`;
  }

  /** A refused mail must not answer differently from an unknown account; the outbox keeps the failure. */
  private async send(message: MailMessage): Promise<void> {
    await this.ctx.mailer.send(message).catch(() => undefined);
  }
}
