import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema';
import { setSessionCookie } from './session-cookie';
import { createSession } from './sessions';

const STATE_COOKIE = 'ala_oauth_state';

interface GoogleProfile {
  sub: string;
  email: string;
  /** Google vouches for the address; an unverified one must never reach an existing account. */
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  picture?: string;
}

/** Google sign-in through OAuth 2.0; the routes exist only when credentials are configured. */
export async function registerGoogleRoutes(app: FastifyInstance): Promise<void> {
  const { googleClientId, googleClientSecret, publicUrl } = app.ctx.config;
  if (!googleClientId || !googleClientSecret) return;
  const redirectUri = `${publicUrl}/auth/google/callback`;

  app.get('/auth/google', async (request, reply) => {
    const state = randomBytes(16).toString('hex');
    reply.setCookie(STATE_COOKIE, state, {
      path: '/auth/google',
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      maxAge: 600,
    });
    const params = new URLSearchParams({
      client_id: googleClientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid email profile',
      state,
    });
    return reply.redirect(`https://accounts.google.com/o/oauth2/v2/auth?${params}`);
  });

  app.get<{ Querystring: { code?: string; state?: string } }>(
    '/auth/google/callback',
    async (request, reply) => {
      const { code, state } = request.query;
      const expected = request.cookies[STATE_COOKIE];
      reply.clearCookie(STATE_COOKIE, { path: '/auth/google' });
      if (!code || !state || state !== expected) return reply.redirect('/?login=failed');
      let profile: GoogleProfile | null;
      try {
        profile = await fetchGoogleProfile(code, googleClientId, googleClientSecret, redirectUri);
      } catch (error) {
        request.log.warn({ error: String(error) }, 'Google sign-in failed');
        profile = null;
      }
      if (!profile?.sub || !profile.email || profile.email_verified !== true) {
        return reply.redirect('/?login=failed');
      }
      const userId = await findOrCreateGoogleUser(app, profile);
      if (userId === null) return reply.redirect('/?login=unverified');
      setSessionCookie(request, reply, await createSession(app.ctx.db, userId, app.ctx.wallClock.now()));
      return reply.redirect('/');
    },
  );
}

/** Trades the authorization code for the user's OpenID profile; null when Google says no. */
async function fetchGoogleProfile(
  code: string,
  clientId: string,
  clientSecret: string,
  redirectUri: string,
): Promise<GoogleProfile | null> {
  const tokenResponse = await fetch('https://oauth2.googleapis.com/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      code,
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uri: redirectUri,
      grant_type: 'authorization_code',
    }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!tokenResponse.ok) return null;
  const { access_token } = (await tokenResponse.json()) as { access_token: string };
  const profileResponse = await fetch('https://openidconnect.googleapis.com/v1/userinfo', {
    headers: { authorization: `Bearer ${access_token}` },
    signal: AbortSignal.timeout(10_000),
  });
  if (!profileResponse.ok) return null;
  return (await profileResponse.json()) as GoogleProfile;
}

/**
 * The account of the Google identity: the one it signed in before, else the one of its address
 * when that address is confirmed, else a new one. Null when the address belongs to an account
 * whose address is not confirmed: whoever made it may not own the address, so it is not linked.
 */
async function findOrCreateGoogleUser(app: FastifyInstance, profile: GoogleProfile): Promise<number | null> {
  const { db } = app.ctx;
  const [byGoogle] = await db.select().from(users).where(eq(users.googleId, profile.sub)).limit(1);
  if (byGoogle) return byGoogle.id;
  const [byEmail] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, profile.email.toLowerCase()))
    .limit(1);
  if (byEmail) {
    if (!byEmail.emailVerifiedAt) return null;
    await db.update(users).set({ googleId: profile.sub }).where(eq(users.id, byEmail.id));
    return byEmail.id;
  }
  const base =
    profile.email
      .split('@')[0]
      .replace(/[^A-Za-z0-9._-]/g, '')
      .slice(0, 24) || 'player';
  const username = `${base}${randomBytes(2).toString('hex')}`;
  const [created] = await db
    .insert(users)
    .values({
      username,
      email: profile.email,
      nameFirst: profile.given_name ?? base,
      nameLast: profile.family_name ?? '',
      photoUrl: profile.picture ?? null,
      googleId: profile.sub,
      // Google vouched for the address (email_verified).
      emailVerifiedAt: app.ctx.clock.now(),
      createdAt: app.ctx.clock.now(),
    })
    .returning();
  return created.id;
}
