import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  registeredMessage,
  registerSentMessage,
  waitMessage,
} from '../../../core/contracts/auth';
import { mailOutbox, passwordResets, sessions, siteAdmins, users } from '../../db/schema';
import { createOutboxMailer, createSmtpMailer, HIDDEN_LINK } from '../../mail/mailer';
import { startTestSmtpServer } from '../../mail/smtp-test-server';
import { buildRegistration, registerUser, sessionCookie, takeVerificationToken } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { lastMailTo, sentMail } from '../../test/mail-capture';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

describe('POST /auth/register', () => {
  it('creates the account unconfirmed, signs it in, and mails a confirmation link', async () => {
    const response = await post(
      '/auth/register',
      buildRegistration({ username: 'Alice', email: 'alice@x.io' }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      message: registeredMessage('alice@x.io'),
      user: expect.objectContaining({ username: 'Alice', emailVerified: false, siteAdmin: false }),
    });
    const cookie = response.headers['set-cookie'] as string;
    expect(cookie).toMatch(/HttpOnly/);
    const me = await t.app.inject({ url: '/api/currentUser', headers: { cookie: sessionCookie(cookie) } });
    expect(me.json()).toEqual([expect.objectContaining({ username: 'Alice', emailVerified: false })]);
    const [user] = await t.ctx.db.select().from(users);
    expect(user).toMatchObject({ username: 'Alice', emailVerifiedAt: null });
    const sent = lastMailTo(t.app, 'alice@x.io');
    expect(sent).toMatchObject({ subject: 'Confirm your ALA Survivor e-mail address' });
    expect(sent?.html).toContain('http://localhost:3000/verify-email/');
    // The stored copy names the mail but not its link.
    const [mail] = await t.ctx.db.select().from(mailOutbox);
    expect(mail).toMatchObject({ to: 'alice@x.io', subject: 'Confirm your ALA Survivor e-mail address' });
    expect(mail.text).toContain(HIDDEN_LINK);
    expect(`${mail.text}${mail.html}`).not.toContain('/verify-email/');
  });

  it('confirms the address and signs in with the link, once, within 24 hours', async () => {
    await post('/auth/register', buildRegistration({ username: 'Alice', email: 'alice@x.io' }));
    const token = await takeVerificationToken(t.app, 'alice@x.io');
    t.wallClock.advance(23 * 60 * 60 * 1000);
    const verified = await post('/auth/verifyEmail', { token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user).toMatchObject({ username: 'Alice', emailVerified: true, siteAdmin: false });
    const cookie = verified.headers['set-cookie'] as string;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const me = await t.app.inject({ url: '/api/currentUser', headers: { cookie: sessionCookie(cookie) } });
    expect(me.json()).toEqual([expect.objectContaining({ username: 'Alice', emailVerified: true })]);
    const again = await post('/auth/verifyEmail', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(AUTH_MESSAGES.verifyExpired);

    await post('/auth/register', buildRegistration({ username: 'late', email: 'late@x.io' }));
    const late = await takeVerificationToken(t.app, 'late@x.io');
    t.wallClock.advance(24 * 60 * 60 * 1000);
    expect((await post('/auth/verifyEmail', { token: late })).json().message).toBe(
      AUTH_MESSAGES.verifyExpired,
    );
  });

  it('lets an unconfirmed account log in, and resends the link on request', async () => {
    await post(
      '/auth/register',
      buildRegistration({ username: 'una', email: 'una@x.io', password: 'una-password' }),
    );
    await takeVerificationToken(t.app, 'una@x.io');
    const login = await post('/auth/login', { username: 'una', password: 'una-password' });
    expect(login.json().user).toMatchObject({ username: 'una', emailVerified: false });
    const resend = await post('/auth/resendVerification', { email: 'UNA@x.io' });
    expect(resend.json()).toEqual({ message: AUTH_MESSAGES.resendSent });
    const token = await takeVerificationToken(t.app, 'una@x.io');
    expect((await post('/auth/verifyEmail', { token })).json().user.emailVerified).toBe(true);
    // A confirmed or unknown address gets the same answer and no mail.
    for (const email of ['una@x.io', 'nobody@x.io']) {
      expect((await post('/auth/resendVerification', { email })).json()).toEqual({
        message: AUTH_MESSAGES.resendSent,
      });
    }
    expect(await t.ctx.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it('answers a taken address "check your e-mail" with no session, and mails its owner instead', async () => {
    await registerUser(t.app, { username: 'owner', email: 'owner@x.io', password: 'owner-password' });
    const taken = await post(
      '/auth/register',
      buildRegistration({ username: 'intruder', email: 'OWNER@x.io' }),
    );
    expect(taken.statusCode).toBe(202);
    expect(taken.json()).toEqual({ message: registerSentMessage('OWNER@x.io'), user: null });
    expect(taken.headers['set-cookie']).toBeUndefined();
    expect(await t.ctx.db.select().from(users).where(eq(users.username, 'intruder'))).toHaveLength(0);
    const [mail] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'owner@x.io'));
    expect(mail.subject).toBe('Your ALA Survivor account');
    expect(mail.text).toContain('already belongs to the account owner');
    expect(mail.text).not.toContain('/verify-email/');
    // The owner's password still works; the intruder's does not.
    expect(
      (await post('/auth/login', { username: 'owner@x.io', password: 'owner-password' })).statusCode,
    ).toBe(200);
  });

  it('mails a fresh confirmation link to the owner of a taken address that is not confirmed yet', async () => {
    await post('/auth/register', buildRegistration({ username: 'squatter', email: 'mine@x.io' }));
    await takeVerificationToken(t.app, 'mine@x.io');
    await post('/auth/register', buildRegistration({ username: 'realme', email: 'mine@x.io' }));
    const token = await takeVerificationToken(t.app, 'mine@x.io');
    const verified = await post('/auth/verifyEmail', { token });
    expect(verified.json().user).toMatchObject({ username: 'squatter', emailVerified: true });
  });

  it.each([
    [{ nameFirst: '' }, AUTH_MESSAGES.nameFirst],
    [{ nameFirst: undefined }, AUTH_MESSAGES.nameFirst],
    [{ nameLast: '  ' }, AUTH_MESSAGES.nameLast],
    [{ username: '' }, AUTH_MESSAGES.username],
    [{ username: 'has space' }, AUTH_MESSAGES.usernameFormat],
    [{ email: '' }, AUTH_MESSAGES.email],
    [{ email: 'not-an-email' }, AUTH_MESSAGES.emailFormat],
    [{ password: 'short', passwordConfirm: 'short' }, AUTH_MESSAGES.passwordShort],
    [{ password: 'longenough1', passwordConfirm: 'longenough2' }, AUTH_MESSAGES.passwordMismatch],
    [{ profilePhoto: 'nope' }, AUTH_MESSAGES.photoUrl],
  ])('refuses %o with its message', async (override, message) => {
    const payload = { ...buildRegistration(), ...override };
    const response = await post('/auth/register', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it("dates the account on the application's clock and its session on the wall clock", async () => {
    // The demo's clock replays 2023 while the wall clock says 2026.
    t.clock.set(new Date('2023-09-20T16:00:00Z'));
    await registerUser(t.app, { username: 'paula' });
    const [user] = await t.ctx.db.select().from(users);
    expect(user.createdAt.toISOString()).toBe('2023-09-20T16:00:00.000Z');
    const [session] = await t.ctx.db.select().from(sessions);
    expect(session.createdAt).toEqual(t.wallClock.now());
    expect(session.expiresAt.getTime() - session.createdAt.getTime()).toBe(30 * 24 * 60 * 60 * 1000);
    const profile = await t.app.inject({ url: '/user/userProfile/paula' });
    expect(profile.json().user.created_at).toBe('2023-09-20T16:00:00.000Z');
  });

  it('keeps usernames unique without regard to case, and says so (usernames are public)', async () => {
    await registerUser(t.app, { username: 'Bob', email: 'bob@x.io' });
    const sameName = await post(
      '/auth/register',
      buildRegistration({ username: 'BOB', email: 'other@x.io' }),
    );
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().message).toBe(AUTH_MESSAGES.usernameTaken);
  });
});

/** Repeats a failing login, waiting out each 429, until `failures` answered 401. */
async function failUntil(failures: number, attempt: () => ReturnType<typeof post>): Promise<void> {
  for (let failed = 0; failed < failures; ) {
    const response = await attempt();
    if (response.statusCode === 401) failed += 1;
    else t.wallClock.advance(Number(response.headers['retry-after']) * 1000);
  }
}

describe('login, current user and logout', () => {
  it('logs in by username or e-mail and out again', async () => {
    await registerUser(t.app, { username: 'carol', email: 'carol@x.io', password: 'secret-pass' });
    for (const login of ['carol', 'CAROL', 'carol@x.io']) {
      const response = await post('/auth/login', { username: login, password: 'secret-pass' });
      expect(response.statusCode).toBe(200);
      expect(response.json().user.username).toBe('carol');
    }
    const login = await post('/auth/login', { username: 'carol', password: 'secret-pass' });
    const cookie = sessionCookie(login.headers['set-cookie']);
    // A link on another site cannot log anyone out: GET is not a logout.
    expect((await t.app.inject({ url: '/api/logout', headers: { cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/currentUser', headers: { cookie } })).json()).toHaveLength(1);
    const foreign = await post('/api/logout', {}, { cookie, origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    const logout = await post('/api/logout', {}, { cookie });
    expect(logout.statusCode).toBe(200);
    expect(String(logout.headers['set-cookie'])).toMatch(/ala_session=;/);
    const me = await t.app.inject({ url: '/api/currentUser', headers: { cookie } });
    expect(me.json()).toEqual([]);
  });

  it('ends the previous session of the browser when it logs in again, and drops expired ones', async () => {
    const { cookie: first } = await registerUser(t.app, { username: 'olga', password: 'secret-pass' });
    t.wallClock.advance(31 * 24 * 60 * 60 * 1000);
    expect((await t.app.inject({ url: '/api/currentUser', headers: { cookie: first } })).json()).toEqual([]);
    const second = await post(
      '/auth/login',
      { username: 'olga', password: 'secret-pass' },
      { cookie: first },
    );
    const secondCookie = sessionCookie(second.headers['set-cookie']);
    const third = await post(
      '/auth/login',
      { username: 'olga', password: 'secret-pass' },
      { cookie: secondCookie },
    );
    expect(third.statusCode).toBe(200);
    const me = await t.app.inject({ url: '/api/currentUser', headers: { cookie: secondCookie } });
    expect(me.json()).toEqual([]);
    expect(await t.ctx.db.select().from(sessions)).toHaveLength(1);
  });

  it('keeps a session for 30 days of real time, however far the application clock runs', async () => {
    const { cookie } = await registerUser(t.app, { username: 'quinn' });
    const me = async () => (await t.app.inject({ url: '/api/currentUser', headers: { cookie } })).json();
    // A fast demo clock replays a season in real hours: the session does not notice.
    t.clock.advance(365 * 24 * 60 * 60 * 1000);
    expect(await me()).toEqual([expect.objectContaining({ username: 'quinn' })]);
    t.wallClock.advance(30 * 24 * 60 * 60 * 1000 - 1000);
    expect(await me()).toEqual([expect.objectContaining({ username: 'quinn' })]);
    t.wallClock.advance(1000);
    expect(await me()).toEqual([]);
  });

  it('gives one generic message for an unknown user and a wrong password', async () => {
    await registerUser(t.app, { username: 'dave', password: 'secret-pass' });
    const wrong = await post('/auth/login', { username: 'dave', password: 'nope-nope' });
    const unknown = await post('/auth/login', { username: 'nobody', password: 'nope-nope' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: AUTH_MESSAGES.badLogin });
    expect(unknown.json()).toEqual({ message: AUTH_MESSAGES.badLogin });
  });

  it('counts failures per account, whichever login was typed, and then slows down', async () => {
    await registerUser(t.app, { username: 'erin', email: 'erin@x.io', password: 'secret-pass' });
    const attempt = (username: string, password = 'wrong-pass') =>
      post('/auth/login', { username, password });
    for (const login of ['erin', 'erin@x.io', 'ERIN', 'Erin@X.io', 'erin']) {
      expect((await attempt(login)).statusCode).toBe(401);
    }
    // Five failures in: the next try waits 1 s, then 2 s, 4 s... whichever login is typed.
    const slowed = await attempt('erin@x.io', 'secret-pass');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().message).toBe(waitMessage(1));
    expect(slowed.headers['retry-after']).toBe('1');
    t.wallClock.advance(1000);
    expect((await attempt('erin')).statusCode).toBe(401);
    expect((await attempt('erin@x.io')).json().message).toBe(waitMessage(2));
    t.wallClock.advance(2000);
    expect((await attempt('erin')).statusCode).toBe(401);
    expect((await attempt('erin')).json().message).toBe(waitMessage(4));
    // The right password, once the wait is over, signs in and clears the account's count.
    t.wallClock.advance(4000);
    expect((await attempt('erin', 'secret-pass')).statusCode).toBe(200);
    for (let i = 0; i < 5; i += 1) expect((await attempt('erin')).statusCode).toBe(401);
  });

  it('caps the wait of an account at 5 minutes rather than locking it', async () => {
    await registerUser(t.app, { username: 'wes', password: 'secret-pass' });
    await failUntil(15, () => post('/auth/login', { username: 'wes', password: 'wrong-pass' }));
    const wait = await post('/auth/login', { username: 'wes', password: 'secret-pass' });
    expect(wait.json().message).toBe(waitMessage(300));
    t.wallClock.advance(300 * 1000);
    expect((await post('/auth/login', { username: 'wes', password: 'secret-pass' })).statusCode).toBe(200);
  });

  it('slows one IP trying many usernames, for seconds, and a success there relaxes it', async () => {
    await registerUser(t.app, { username: 'nat1', password: 'secret-pass' });
    await registerUser(t.app, { username: 'nat2', password: 'secret-pass' });
    const codes: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      codes.push((await post('/auth/login', { username: `user${i}`, password: 'whatever1' })).statusCode);
    }
    expect(codes.slice(0, 20).every((code) => code === 401)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    let i = 21;
    await failUntil(40, () => post('/auth/login', { username: `user${i++}`, password: 'whatever1' }));
    // Another user behind the same address waits seconds, not a lockout.
    const shared = await post('/auth/login', { username: 'nat1', password: 'secret-pass' });
    expect(shared.statusCode).toBe(429);
    expect(Number(shared.headers['retry-after'])).toBeLessThanOrEqual(30);
    t.wallClock.advance(30 * 1000);
    expect((await post('/auth/login', { username: 'nat1', password: 'secret-pass' })).statusCode).toBe(200);
    // That success relaxed the address: the next user gets straight in.
    expect((await post('/auth/login', { username: 'nat2', password: 'secret-pass' })).statusCode).toBe(200);
  });

  it('does not let a client pass for many by sending X-Forwarded-For, unless a proxy is trusted', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const response = await post(
        '/auth/login',
        { username: `spoof${i}`, password: 'whatever1' },
        { 'x-forwarded-for': `203.0.113.${i}` },
      );
      codes.push(response.statusCode);
    }
    expect(codes.at(-1)).toBe(429);

    // Behind a trusted proxy (here on the loopback address) its X-Forwarded-For names the client.
    const proxied = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
    for (let i = 0; i < 21; i += 1) {
      const response = await proxied.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { username: `spoof${i}`, password: 'whatever1' },
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      expect(response.statusCode).toBe(401);
    }
  });

  it('checks only the free tries of 40 wrong passwords sent at once for one account', async () => {
    await registerUser(t.app, { username: 'rush', password: 'secret-pass' });
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => post('/auth/login', { username: 'rush', password: 'wrong-pass' })),
    );
    // Each try is taken before its password is checked: the five free ones are checked, the rest wait.
    const codes = answers.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 401)).toHaveLength(5);
    expect(codes.filter((code) => code === 429)).toHaveLength(35);
    for (const response of answers.filter((answer) => answer.statusCode === 429)) {
      expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(response.json().message).toBe(waitMessage(Number(response.headers['retry-after'])));
    }
    // The refused tries were not counted: the sixth failure is next, and the wait after it is 2 s.
    t.wallClock.advance(1000);
    expect((await post('/auth/login', { username: 'rush', password: 'wrong-pass' })).statusCode).toBe(401);
    const next = await post('/auth/login', { username: 'rush', password: 'secret-pass' });
    expect(next.json().message).toBe(waitMessage(2));
  });

  it('checks only the free tries of 40 logins sent at once from one IP on many accounts', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        post('/auth/login', { username: `crowd${i}`, password: 'whatever1' }),
      ),
    );
    const codes = answers.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 401)).toHaveLength(20);
    expect(codes.filter((code) => code === 429)).toHaveLength(20);
  });

  it('does not count a try taken up front that then succeeds', async () => {
    await registerUser(t.app, { username: 'mia', password: 'secret-pass' });
    const right = await Promise.all(
      Array.from({ length: 5 }, () => post('/auth/login', { username: 'mia', password: 'secret-pass' })),
    );
    expect(right.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    // Five successes left no failure behind: five wrong passwords are still free.
    for (let i = 0; i < 5; i += 1) {
      expect((await post('/auth/login', { username: 'mia', password: 'wrong-pass' })).statusCode).toBe(401);
    }
    expect((await post('/auth/login', { username: 'mia', password: 'wrong-pass' })).statusCode).toBe(429);
  });

  it('marks the session cookie Secure when the site is served over HTTPS', async () => {
    const https = await createTestApp({ env: { PUBLIC_URL: 'https://survivor.example' } });
    const login = async (app: TestApp['app'], username: string) => {
      await registerUser(app, { username, password: 'secret-pass' });
      const response = await app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { username, password: 'secret-pass' },
      });
      return String(response.headers['set-cookie']);
    };
    expect(await login(https.app, 'secure1')).toMatch(/; Secure/);
    expect(await login(t.app, 'plain1')).not.toMatch(/; Secure/);
  });

  it('refuses a write with the session cookie from a foreign origin', async () => {
    const { cookie } = await registerUser(t.app, { username: 'frank' });
    const foreign = await post(
      '/auth/forgotPassword',
      { username: 'frank', email: 'frank@example.com' },
      { cookie, origin: 'https://evil.example' },
    );
    expect(foreign.statusCode).toBe(403);
    const same = await post(
      '/auth/forgotPassword',
      { username: 'frank', email: 'frank@example.com' },
      { cookie, origin: 'http://localhost:80' },
    );
    expect(same.statusCode).toBe(200);
  });
});

describe('password reset', () => {
  async function requestReset(username: string, email: string): Promise<string> {
    const response = await post('/auth/forgotPassword', { username, email });
    expect(response.statusCode).toBe(200);
    const mail = sentMail(t.app).at(-1);
    const match = mail?.text.match(/\/reset-password\/([A-Za-z0-9_-]+)/);
    if (!match) throw new Error('no reset link in the mail');
    return match[1];
  }

  it('mails a single-use link valid for one hour', async () => {
    await registerUser(t.app, { username: 'gina', email: 'gina@x.io', password: 'old-password' });
    const token = await requestReset('gina', 'GINA@x.io');
    const user = await post('/auth/fetchUserByResetToken', { token });
    expect(user.json()).toEqual({ user: { username: 'gina', email: 'gina@x.io' } });

    const mismatch = await post('/auth/finalizePasswordReset', {
      token,
      password: 'new-password',
      confirmPassword: 'other-password',
    });
    expect(mismatch.json().message).toBe(AUTH_MESSAGES.passwordMismatch);

    const done = await post('/auth/finalizePasswordReset', {
      token,
      password: 'new-password',
      confirmPassword: 'new-password',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(AUTH_MESSAGES.resetDone);
    expect((await post('/auth/login', { username: 'gina', password: 'new-password' })).statusCode).toBe(200);
    expect((await post('/auth/login', { username: 'gina', password: 'old-password' })).statusCode).toBe(401);

    const again = await post('/auth/fetchUserByResetToken', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(AUTH_MESSAGES.resetExpired);
  });

  it('voids every older link of the account and ends its sessions when a reset completes', async () => {
    const { cookie } = await registerUser(t.app, { username: 'otto', email: 'otto@x.io' });
    const older = await requestReset('otto', 'otto@x.io');
    const newest = await requestReset('otto', 'otto@x.io');
    const reset = (token: string, password: string) =>
      post('/auth/finalizePasswordReset', { token, password, confirmPassword: password });
    expect((await reset(newest, 'newest-password')).statusCode).toBe(200);
    const stale = await reset(older, 'attacker-password');
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe(AUTH_MESSAGES.resetExpired);
    expect((await post('/auth/fetchUserByResetToken', { token: older })).statusCode).toBe(400);
    expect((await post('/auth/login', { username: 'otto', password: 'newest-password' })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ url: '/api/currentUser', headers: { cookie } })).json()).toEqual([]);
  });

  it('mails a reset link only to a confirmed address, and answers the same either way', async () => {
    await post('/auth/register', buildRegistration({ username: 'uma', email: 'uma@x.io' }));
    await takeVerificationToken(t.app, 'uma@x.io');
    const response = await post('/auth/forgotPassword', { username: 'uma', email: 'uma@x.io' });
    expect(response.json().message).toBe(AUTH_MESSAGES.forgotSent);
    expect(lastMailTo(t.app, 'uma@x.io')?.text).not.toContain('/reset-password/');
    expect(await t.ctx.db.select().from(passwordResets)).toHaveLength(0);
    // It says to confirm the address first, with a link that does.
    const token = await takeVerificationToken(t.app, 'uma@x.io');
    expect((await post('/auth/verifyEmail', { token })).json().user.emailVerified).toBe(true);
    expect(await requestReset('uma', 'uma@x.io')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('expires the link after one hour', async () => {
    await registerUser(t.app, { username: 'hank', email: 'hank@x.io' });
    const token = await requestReset('hank', 'hank@x.io');
    t.wallClock.advance(61 * 60 * 1000);
    const response = await post('/auth/fetchUserByResetToken', { token });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(AUTH_MESSAGES.resetExpired);
  });

  it('dates the reset mail on the application clock and keeps the link one real hour', async () => {
    t.clock.set(new Date('2023-09-20T16:00:00Z'));
    await registerUser(t.app, { username: 'rita', email: 'rita@x.io' });
    const token = await requestReset('rita', 'rita@x.io');
    const [mail] = await t.ctx.db.select().from(mailOutbox);
    expect(mail.createdAt.toISOString()).toBe('2023-09-20T16:00:00.000Z');
    const [reset] = await t.ctx.db.select().from(passwordResets);
    expect(reset.createdAt).toEqual(t.wallClock.now());
    expect(reset.expiresAt.getTime()).toBe(t.wallClock.now().getTime() + 60 * 60 * 1000);
    // A day of replayed time passes in a real minute: the link still works.
    t.clock.advance(24 * 60 * 60 * 1000);
    t.wallClock.advance(59 * 60 * 1000);
    expect((await post('/auth/fetchUserByResetToken', { token })).statusCode).toBe(200);
    t.wallClock.advance(60 * 1000);
    expect((await post('/auth/fetchUserByResetToken', { token })).statusCode).toBe(400);
  });

  it('sends nothing when the username and e-mail do not match, and says the same', async () => {
    await registerUser(t.app, { username: 'ivy', email: 'ivy@x.io' });
    const response = await post('/auth/forgotPassword', { username: 'ivy', email: 'someone@else.io' });
    expect(response.json().message).toBe(AUTH_MESSAGES.forgotSent);
    expect(await t.ctx.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it('limits reset requests per account, whatever the IP, with a 429 and a message', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    await registerUser(proxied.app, { username: 'lena', email: 'lena@x.io' });
    const codes: number[] = [];
    let last: { message: string } = { message: '' };
    for (let i = 0; i < 6; i += 1) {
      const response = await proxied.app.inject({
        method: 'POST',
        url: '/auth/forgotPassword',
        payload: { username: 'LENA', email: 'lena@x.io' },
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
      codes.push(response.statusCode);
      last = response.json();
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    expect(last.message).toBe(AUTH_MESSAGES.tooManyAttempts);
    // Another account from a fresh address is not held up by it.
    const other = await proxied.app.inject({
      method: 'POST',
      url: '/auth/forgotPassword',
      payload: { username: 'someone', email: 'someone@x.io' },
      headers: { 'x-forwarded-for': '198.51.100.99' },
    });
    expect(other.statusCode).toBe(200);
  });

  it('answers the same when the mail server refuses the reset mail', async () => {
    // The server takes the confirmation mail, then refuses the reset mail.
    const refusing = await createTestApp({
      mailer: (db, clock) => {
        const outbox = createOutboxMailer(db, clock);
        return {
          kind: 'smtp',
          send: async (message) => {
            if (message.subject.startsWith('Reset')) throw new Error('550 mailbox unavailable');
            await outbox.send(message);
          },
        };
      },
    });
    await registerUser(refusing.app, { username: 'mona', email: 'mona@x.io' });
    const response = await refusing.app.inject({
      method: 'POST',
      url: '/auth/forgotPassword',
      payload: { username: 'mona', email: 'mona@x.io' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(AUTH_MESSAGES.forgotSent);
  });

  it('rejects an unknown token', async () => {
    const response = await post('/auth/fetchUserByResetToken', { token: 'made-up' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(AUTH_MESSAGES.resetExpired);
  });
});

describe('GET /user/userProfile/{username}', () => {
  it('shows private fields only to the user', async () => {
    const me = await registerUser(t.app, { username: 'jill', email: 'jill@x.io' });
    const other = await registerUser(t.app, { username: 'ken' });
    const own = await t.app.inject({ url: '/user/userProfile/jill', headers: { cookie: me.cookie } });
    expect(own.json().user).toMatchObject({ username: 'jill', email: 'jill@x.io', nameFirst: 'Pat' });
    const seen = await t.app.inject({ url: '/user/userProfile/jill', headers: { cookie: other.cookie } });
    expect(seen.json().user.email).toBeUndefined();
    expect(seen.json().user.nameFirst).toBeUndefined();
    const visitor = await t.app.inject({ url: '/user/userProfile/jill' });
    expect(visitor.json().user.email).toBeUndefined();
    expect((await t.app.inject({ url: '/user/userProfile/nobody' })).statusCode).toBe(404);
  });
});

describe('health and unknown routes', () => {
  it('answers health with the database state, and 404 JSON for an unknown API path', async () => {
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json().database.state).toBe('up');
    // The application's clock, for the web's default dates (the changelog form's).
    expect(health.json().time).toBe(t.clock.now().toISOString());
    const missing = await t.app.inject({ url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Not found.' });
  });
});

describe('stored mail never carries a working link (decision 007)', () => {
  /** Everything in the stored copies that looks like the token of a link, tried on the token routes. */
  async function tryStoredTokens(): Promise<number[]> {
    const stored = await t.ctx.db.select().from(mailOutbox);
    const tokens = stored.flatMap((mail) =>
      [...`${mail.text} ${mail.html}`.matchAll(/\/(?:verify-email|reset-password)\/([^\s"<]+)/g)].map(
        (match) => match[1],
      ),
    );
    const statuses: number[] = [];
    for (const token of tokens) {
      statuses.push((await post('/auth/fetchUserByResetToken', { token })).statusCode);
      statuses.push((await post('/auth/verifyEmail', { token })).statusCode);
    }
    return statuses;
  }

  it('hides reset and confirmation links from the outbox a site admin reads', async () => {
    await registerUser(t.app, { username: 'jordan', email: 'jordan@x.io' });
    await post('/auth/register', buildRegistration({ username: 'newcomer', email: 'newcomer@x.io' }));
    expect(
      (await post('/auth/forgotPassword', { username: 'jordan', email: 'jordan@x.io' })).statusCode,
    ).toBe(200);
    const [admin] = await t.ctx.db.select().from(users).where(eq(users.username, 'jordan'));
    await t.ctx.db.insert(siteAdmins).values({ userId: admin.id });
    const login = await post('/auth/login', { username: 'jordan', password: 'correct-horse' });
    const cookie = sessionCookie(login.headers['set-cookie']);
    const outbox = await t.app.inject({ url: '/admin/outbox?q=jordan', headers: { cookie } });
    const [reset] = outbox.json().mails;
    expect(reset).toMatchObject({ to: 'jordan@x.io', subject: 'Reset your ALA Survivor password' });
    expect(reset.text).toContain(HIDDEN_LINK);
    expect(reset.text).not.toContain('/reset-password/');
    const stored = await t.ctx.db.select().from(mailOutbox);
    expect(stored.map((mail) => `${mail.text}${mail.html}`).join()).not.toMatch(
      /reset-password|verify-email/,
    );
    expect((await tryStoredTokens()).every((status) => status === 400)).toBe(true);
    // The recipient's own mail still works.
    const link = lastMailTo(t.app, 'jordan@x.io')?.text.match(/\/reset-password\/([\w-]+)/)?.[1];
    expect((await post('/auth/fetchUserByResetToken', { token: link })).statusCode).toBe(200);
  });

  it('keeps only the hidden copy of a mail delivered over SMTP, while the delivered mail has the link', async () => {
    const smtp = await startTestSmtpServer();
    try {
      const app = await createTestApp({
        mailer: (db, clock) => createSmtpMailer(db, clock, smtp.url, 'ALA <no-reply@ala.test>'),
      });
      await app.app.inject({
        method: 'POST',
        url: '/auth/register',
        payload: buildRegistration({ username: 'smtpuser', email: 'smtpuser@x.io' }),
      });
      const [kept] = await app.ctx.db.select().from(mailOutbox);
      expect(kept.status).toBe('sent');
      expect(`${kept.text}${kept.html}`).not.toContain('/verify-email/');
      expect(kept.text).toContain(HIDDEN_LINK);
      const token = smtp.received[0].body.match(/\/verify-email\/([\w-]+)/)?.[1];
      const verified = await app.app.inject({ method: 'POST', url: '/auth/verifyEmail', payload: { token } });
      expect(verified.statusCode).toBe(200);
    } finally {
      await smtp.close();
    }
  });
});

describe('registration limits', () => {
  it('sends one address at most 5 mails in 15 minutes, however many clients register it', async () => {
    await registerUser(t.app, { username: 'jamie', email: 'jamie@x.io' });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/auth/register',
        payload: buildRegistration({ username: `flood${i}`, email: 'JAMIE@x.io' }),
        remoteAddress: `198.51.100.${i}`,
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(response.json().message).toBe(AUTH_MESSAGES.tooManyAttempts);
    }
    // The confirmation that registerUser opened counts too: 5 mails to the address in all.
    expect(statuses).toEqual([202, 202, 202, 202, ...Array(8).fill(429)]);
    expect(sentMail(t.app).filter((mail) => mail.to === 'jamie@x.io')).toHaveLength(4);
    // A new address is limited alike, so the limit does not tell which addresses have accounts.
    const fresh: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/auth/register',
        payload: buildRegistration({ username: `fresh${i}`, email: 'fresh@x.io' }),
        remoteAddress: `203.0.113.${i}`,
      });
      fresh.push(response.statusCode);
    }
    expect(fresh).toEqual([201, 202, 202, 202, 202, 429]);
    t.wallClock.advance(15 * 60 * 1000);
    const later = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: buildRegistration({ username: 'flood-later', email: 'jamie@x.io' }),
      remoteAddress: '198.51.100.200',
    });
    expect(later.statusCode).toBe(202);
  });

  it('lets one client address register 5 accounts in 15 minutes (REGISTRATIONS_PER_IP)', async () => {
    const limited = await createTestApp({ env: { REGISTRATIONS_PER_IP: '5' } });
    const register = (username: string, remoteAddress = '192.0.2.1') =>
      limited.app.inject({
        method: 'POST',
        url: '/auth/register',
        payload: buildRegistration({ username }),
        remoteAddress,
      });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await register(`client${i}`)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect((await register('elsewhere', '192.0.2.2')).statusCode).toBe(201);
    limited.wallClock.advance(15 * 60 * 1000);
    expect((await register('client-later')).statusCode).toBe(201);
  });
});
