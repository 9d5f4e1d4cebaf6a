import { afterEach, describe, expect, it, vi } from 'vitest';
import { must } from '../../../core/must';
import { leagueMembers, leagues, sessions, users } from '../../db/schema';
import { buildRegistration, registerUser } from '../../test/factories';
import { createTestApp } from '../../test/harness';

describe('Google sign-in', () => {
  it('is off without credentials: the button is hidden and /auth/google does not exist', async () => {
    const { app } = await createTestApp();
    expect((await app.inject({ url: '/api/authConfig' })).json()).toEqual({ google: false });
    expect((await app.inject({ url: '/auth/google' })).statusCode).toBe(404);
  });

  it('redirects to Google with a state cookie when credentials are set', async () => {
    const { app } = await createTestApp({
      env: { GOOGLE_CLIENT_ID: 'id-123', GOOGLE_CLIENT_SECRET: 'secret' },
    });
    expect((await app.inject({ url: '/api/authConfig' })).json()).toEqual({ google: true });
    const response = await app.inject({ url: '/auth/google' });
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location as string);
    expect(location.hostname).toBe('accounts.google.com');
    expect(location.searchParams.get('client_id')).toBe('id-123');
    expect(location.searchParams.get('redirect_uri')).toBe('http://localhost:3000/auth/google/callback');
    expect(String(response.headers['set-cookie'])).toContain(
      `ala_oauth_state=${location.searchParams.get('state')}`,
    );
    const forged = await app.inject({ url: '/auth/google/callback?code=abc&state=forged' });
    expect(forged.headers.location).toBe('/?login=failed');
  });
});

describe('the Google callback', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** Google's token and userinfo answers, as fetch would give them. */
  function stubGoogle(profile: Record<string, unknown>) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).includes('/token')
          ? Response.json({ access_token: 'at-1' })
          : Response.json({ sub: 'g-1', given_name: 'Gail', family_name: 'Google', ...profile }),
      ),
    );
  }

  async function callback(app: Awaited<ReturnType<typeof createTestApp>>['app']) {
    const start = await app.inject({ url: '/auth/google' });
    const state = new URL(start.headers.location as string).searchParams.get('state');
    return app.inject({
      url: `/auth/google/callback?code=c-1&state=${state}`,
      headers: { cookie: `ala_oauth_state=${state}` },
    });
  }

  it('never hands an existing account to an unverified Google address', async () => {
    const { app, ctx } = await createTestApp({ env: { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' } });
    await registerUser(app, { username: 'victim', email: 'victim@x.io' });
    stubGoogle({ email: 'victim@x.io', email_verified: false });
    const response = await callback(app);
    expect(response.headers.location).toBe('/?login=failed');
    expect(String(response.headers['set-cookie'])).not.toContain('ala_session=');
    const [victim] = await ctx.db.select().from(users);
    expect(victim.googleId).toBeNull();
  });

  it('does not link an account whose own address is not confirmed', async () => {
    const { app, ctx } = await createTestApp({ env: { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' } });
    // Someone registered the address without owning it, and never confirmed it.
    const registered = await app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: buildRegistration({ username: 'squatter', email: 'gail@x.io' }),
    });
    expect(registered.statusCode).toBe(201);
    stubGoogle({ email: 'gail@x.io', email_verified: true });
    const response = await callback(app);
    expect(response.headers.location).toBe('/?login=unverified');
    expect(String(response.headers['set-cookie'])).not.toContain('ala_session=');
    const [squatter] = await ctx.db.select().from(users);
    expect(squatter.googleId).toBeNull();
  });

  it('signs in with a verified address, linking the account of that e-mail', async () => {
    const { app, ctx } = await createTestApp({ env: { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' } });
    await registerUser(app, { username: 'gail', email: 'Gail@x.io' });
    stubGoogle({ email: 'gail@x.io', email_verified: true });
    const response = await callback(app);
    expect(response.headers.location).toBe('/');
    const cookie = String(response.headers['set-cookie']).match(/ala_session=[^;]+/)?.[0];
    expect(cookie).toBeTruthy();
    const me = await app.inject({ url: '/api/currentUser', headers: { cookie: must(cookie) } });
    expect(me.json()).toEqual([expect.objectContaining({ username: 'gail' })]);
    expect(await ctx.db.select().from(users)).toHaveLength(1);
  });

  it("creates a new account dated on the application's clock, with a session on the wall clock", async () => {
    const { app, ctx, clock, wallClock } = await createTestApp({
      env: { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' },
      now: new Date('2023-09-20T16:00:00Z'),
    });
    wallClock.set(new Date('2026-03-01T12:00:00Z'));
    stubGoogle({ email: 'new@x.io', email_verified: true });
    expect((await callback(app)).headers.location).toBe('/');
    const [created] = await ctx.db.select().from(users);
    expect(created).toMatchObject({
      email: 'new@x.io',
      googleId: 'g-1',
      createdAt: clock.now(),
      emailVerifiedAt: clock.now(),
    });
    const [session] = await ctx.db.select().from(sessions);
    expect(session.createdAt).toEqual(wallClock.now());
  });

  it('sends the browser back with login=failed when Google cannot be reached', async () => {
    const { app } = await createTestApp({ env: { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('fetch failed');
      }),
    );
    expect((await callback(app)).headers.location).toBe('/?login=failed');
  });
});

describe('the general rate limit', () => {
  it('counts API calls per IP and answers 429 with a message past 600 a minute', async () => {
    const { app } = await createTestApp();
    let last = 0;
    for (let i = 0; i < 601; i += 1) last = (await app.inject({ url: '/api/authConfig' })).statusCode;
    expect(last).toBe(429);
    const blocked = await app.inject({ url: '/api/authConfig' });
    expect(blocked.json().message).toMatch(/Too many requests/);
    // Pages and static files are not API calls and are never limited.
    expect((await app.inject({ url: '/some/page' })).statusCode).toBe(404);
  });
});

describe('login from an invite link', () => {
  it('accepts the invite with the login, and ignores a stale code', async () => {
    const { app, ctx } = await createTestApp();
    const founder = await registerUser(app, { username: 'founder' });
    const created = await app.inject({
      method: 'POST',
      url: '/leagueRoutes/createLeague',
      headers: { cookie: founder.cookie },
      payload: { name: 'Invite Club', abb: 'INVC', desc: '', logo: '', joinable: false, hidden: false },
    });
    expect(created.statusCode).toBe(201);
    const [league] = await ctx.db.select().from(leagues);
    await registerUser(app, { username: 'guest', password: 'guest-password' });
    const login = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: 'guest', password: 'guest-password', inviteCode: league.inviteCode },
    });
    expect(login.json().joinedLeague).toBe('INVC');
    expect(await ctx.db.select().from(leagueMembers)).toHaveLength(2);
    const stale = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: 'guest', password: 'guest-password', inviteCode: 'nope' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.json().joinedLeague).toBeNull();
  });
});
