import { desc } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../core/contracts/auth';
import { mailOutbox, passwordResets, sessions, users } from '../../db/schema';
import { buildRegistration, registerUser, sessionCookie } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

describe('POST /auth/register', () => {
  it('creates the account, signs it in and answers the current user', async () => {
    const response = await post(
      '/auth/register',
      buildRegistration({ username: 'Alice', email: 'alice@x.io' }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({ username: 'Alice', email: 'alice@x.io', siteAdmin: false });
    const cookie = response.headers['set-cookie'] as string;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const me = await t.app.inject({ url: '/api/currentUser', headers: { cookie: sessionCookie(cookie) } });
    expect(me.json()).toEqual([expect.objectContaining({ username: 'Alice' })]);
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

  it('keeps usernames and e-mails unique without regard to case', async () => {
    await registerUser(t.app, { username: 'Bob', email: 'bob@x.io' });
    const sameName = await post(
      '/auth/register',
      buildRegistration({ username: 'BOB', email: 'other@x.io' }),
    );
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().message).toBe(AUTH_MESSAGES.usernameTaken);
    const sameEmail = await post(
      '/auth/register',
      buildRegistration({ username: 'bobby', email: 'BOB@X.IO' }),
    );
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toBe(AUTH_MESSAGES.emailTaken);
  });
});

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
    const logout = await t.app.inject({ url: '/api/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(302);
    expect(logout.headers.location).toBe('/');
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

  it('answers 429 to 30 wrong passwords in a row, and the right one is refused while blocked', async () => {
    await registerUser(t.app, { username: 'erin', password: 'secret-pass' });
    const codes: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      codes.push((await post('/auth/login', { username: 'erin', password: `wrong-${i}` })).statusCode);
    }
    expect(codes.slice(0, 10).every((code) => code === 401)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    const right = await post('/auth/login', { username: 'erin', password: 'secret-pass' });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe(AUTH_MESSAGES.tooManyAttempts);
    t.wallClock.advance(16 * 60 * 1000);
    expect((await post('/auth/login', { username: 'erin', password: 'secret-pass' })).statusCode).toBe(200);
  });

  it('limits one IP trying many usernames', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 25; i += 1) {
      codes.push((await post('/auth/login', { username: `user${i}`, password: 'whatever1' })).statusCode);
    }
    expect(codes.at(-1)).toBe(429);
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

  it('marks the session cookie Secure when the site is served over HTTPS', async () => {
    const https = await createTestApp({ env: { PUBLIC_URL: 'https://survivor.example' } });
    const response = await https.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: buildRegistration({ username: 'secure1', email: 'secure1@x.io' }),
    });
    expect(response.statusCode).toBe(201);
    expect(String(response.headers['set-cookie'])).toMatch(/; Secure/);
    const plain = await post(
      '/auth/register',
      buildRegistration({ username: 'plain1', email: 'plain1@x.io' }),
    );
    expect(String(plain.headers['set-cookie'])).not.toMatch(/; Secure/);
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
    const [mail] = await t.ctx.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    const match = mail.text.match(/\/reset-password\/([A-Za-z0-9_-]+)/);
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
    const refusing = await createTestApp({
      mailer: {
        kind: 'smtp',
        send: async () => {
          throw new Error('550 mailbox unavailable');
        },
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
