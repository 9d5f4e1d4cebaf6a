import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUTH_MESSAGES,
  AuthConfigSchema,
  CurrentUserResponseSchema,
  FinalizeResetRequestSchema,
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  RegisterRequestSchema,
  RegisterResponseSchema,
  ResendVerificationRequestSchema,
  ResetTokenRequestSchema,
  ResetUserResponseSchema,
  registeredMessage,
  registerSentMessage,
  VerifyEmailRequestSchema,
  VerifyEmailResponseSchema,
} from '../../../core/contracts/auth';
import { MessageResponseSchema } from '../../../core/contracts/common';
import type { Db } from '../../db/client';
import { hasSiteAdminGrant } from '../admin/site-admins.service';
import { acceptInvite } from '../leagues/membership.service';
import { AuthService, TooSoonError, toCurrentUser } from './auth.service';
import { registerGoogleRoutes } from './google';
import { setSessionCookie } from './session-cookie';
import { deleteSession, SESSION_COOKIE } from './sessions';

/** Ends the session the browser held before a login or registration replaces it. */
async function endPreviousSession(request: FastifyRequest, db: Db): Promise<void> {
  const previous = request.cookies[SESSION_COOKIE];
  if (previous) await deleteSession(db, previous);
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new AuthService(app.ctx);

  // A new account is signed in; a taken address gets "check your e-mail" and no session (decision 007).
  app.post(
    '/auth/register',
    {
      schema: {
        body: RegisterRequestSchema,
        response: { 201: RegisterResponseSchema, 202: RegisterResponseSchema },
      },
    },
    async (request, reply) => {
      const created = await service.register(request.body, request.ip);
      if (!created) {
        return reply.code(202).send({ message: registerSentMessage(request.body.email), user: null });
      }
      await endPreviousSession(request, app.ctx.db);
      setSessionCookie(request, reply, created.token);
      return reply.code(201).send({
        message: registeredMessage(request.body.email),
        user: toCurrentUser(created.user, false),
      });
    },
  );

  app.post(
    '/auth/verifyEmail',
    { schema: { body: VerifyEmailRequestSchema, response: { 200: VerifyEmailResponseSchema } } },
    async (request, reply) => {
      const { user, token, joinedLeague } = await service.verifyEmail(request.body.token);
      await endPreviousSession(request, app.ctx.db);
      setSessionCookie(request, reply, token);
      const siteAdmin = await hasSiteAdminGrant(app.ctx.db, user.id);
      return { user: toCurrentUser(user, siteAdmin), joinedLeague };
    },
  );

  app.post(
    '/auth/resendVerification',
    { schema: { body: ResendVerificationRequestSchema, response: { 200: MessageResponseSchema } } },
    async (request) => {
      await service.resendVerification(request.body.email, request.ip);
      return { message: AUTH_MESSAGES.resendSent };
    },
  );

  app.post('/auth/login', { schema: { body: LoginRequestSchema } }, async (request, reply) => {
    const { user, token } = await service
      .login(request.body.username, request.body.password, request.ip)
      .catch((error: unknown) => {
        if (error instanceof TooSoonError) reply.header('retry-after', String(error.waitSeconds));
        throw error;
      });
    await endPreviousSession(request, app.ctx.db);
    setSessionCookie(request, reply, token);
    // Logging in from an invite link accepts the invite; a stale code does not spoil the login.
    const joined = request.body.inviteCode
      ? await acceptInvite(app.ctx, user, request.body.inviteCode, undefined).catch(() => null)
      : null;
    const siteAdmin = await hasSiteAdminGrant(app.ctx.db, user.id);
    return { user: toCurrentUser(user, siteAdmin), joinedLeague: joined?.leagueMember.league_abb ?? null };
  });

  // A POST, so that a link or an image on another site cannot log the user out.
  app.post(
    '/api/logout',
    { schema: { response: { 200: MessageResponseSchema } } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await deleteSession(app.ctx.db, token);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { message: 'You are logged out.' };
    },
  );

  app.get(
    '/api/currentUser',
    { schema: { response: { 200: CurrentUserResponseSchema } } },
    async (request) => (request.user ? [toCurrentUser(request.user, request.user.siteAdmin)] : []),
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
