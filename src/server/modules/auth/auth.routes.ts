import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUTH_MESSAGES,
  AuthConfigSchema,
  CurrentUserResponseSchema,
  FinalizeResetRequestSchema,
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  RegisterRequestSchema,
  ResetTokenRequestSchema,
  ResetUserResponseSchema,
} from '../../../core/contracts/auth';
import { MessageResponseSchema } from '../../../core/contracts/common';
import type { Db } from '../../db/client';
import { acceptInvite } from '../leagues/membership.service';
import { AuthService, toCurrentUser } from './auth.service';
import { registerGoogleRoutes } from './google';
import { deleteSession, SESSION_COOKIE, SESSION_TTL_MS } from './sessions';

/**
 * Sets the session cookie: http-only, SameSite=Lax, Secure when the request came over HTTPS or the
 * site's public address is HTTPS (a TLS proxy in front may not say so when it is not trusted).
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https' || request.server.ctx.config.publicUrl.startsWith('https:'),
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

/** Ends the session the browser held before a login or registration replaces it. */
async function endPreviousSession(request: FastifyRequest, db: Db): Promise<void> {
  const previous = request.cookies[SESSION_COOKIE];
  if (previous) await deleteSession(db, previous);
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new AuthService(app.ctx);
  const { siteAdmins } = app.ctx.config;

  app.post('/auth/register', { schema: { body: RegisterRequestSchema } }, async (request, reply) => {
    const { user, token } = await service.register(request.body);
    await endPreviousSession(request, app.ctx.db);
    setSessionCookie(request, reply, token);
    return reply.code(201).send({ user: toCurrentUser(user, siteAdmins) });
  });

  app.post('/auth/login', { schema: { body: LoginRequestSchema } }, async (request, reply) => {
    const { user, token } = await service.login(request.body.username, request.body.password, request.ip);
    await endPreviousSession(request, app.ctx.db);
    setSessionCookie(request, reply, token);
    // Logging in from an invite link accepts the invite; a stale code does not spoil the login.
    const joined = request.body.inviteCode
      ? await acceptInvite(app.ctx, user, request.body.inviteCode, undefined).catch(() => null)
      : null;
    return { user: toCurrentUser(user, siteAdmins), joinedLeague: joined?.leagueMember.league_abb ?? null };
  });

  app.get('/api/logout', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await deleteSession(app.ctx.db, token);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.redirect('/');
  });

  app.get(
    '/api/currentUser',
    { schema: { response: { 200: CurrentUserResponseSchema } } },
    async (request) => (request.user ? [toCurrentUser(request.user, siteAdmins)] : []),
  );

  app.get('/api/authConfig', { schema: { response: { 200: AuthConfigSchema } } }, async () => ({
    google: Boolean(app.ctx.config.googleClientId && app.ctx.config.googleClientSecret),
  }));

  app.post(
    '/auth/forgotPassword',
    { schema: { body: ForgotPasswordRequestSchema, response: { 200: MessageResponseSchema } } },
    async (request) => {
      await service.requestPasswordReset(request.body.username, request.body.email, request.ip);
      return { message: AUTH_MESSAGES.forgotSent };
    },
  );

  app.post(
    '/auth/fetchUserByResetToken',
    { schema: { body: ResetTokenRequestSchema, response: { 200: ResetUserResponseSchema } } },
    async (request) => {
      const user = await service.findUserByResetToken(request.body.token);
      return { user: { username: user.username, email: user.email } };
    },
  );

  app.post(
    '/auth/finalizePasswordReset',
    { schema: { body: FinalizeResetRequestSchema, response: { 200: MessageResponseSchema } } },
    async (request) => {
      await service.finalizePasswordReset(request.body.token, request.body.password);
      return { message: AUTH_MESSAGES.resetDone };
    },
  );

  await registerGoogleRoutes(app);
};
