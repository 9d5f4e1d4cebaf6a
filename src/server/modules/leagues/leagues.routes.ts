import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../../../core/contracts/common';
import {
  AcceptInviteRequestSchema,
  AllLeaguesResponseSchema,
  AllPoolsQuerySchema,
  AllPoolsResponseSchema,
  CreateLeagueRequestSchema,
  CreateLeagueResponseSchema,
  DecideAccessRequestSchema,
  DecideAccessResponseSchema,
  EmailUsersRequestSchema,
  EmailUsersResponseSchema,
  FetchLeagueParamsSchema,
  FetchLeagueResponseSchema,
  InviteByEmailRequestSchema,
  InviteByEmailResponseSchema,
  JoinLeagueRequestSchema,
  LEAGUE_MESSAGES,
  LeagueMemberResponseSchema,
  LeagueRequestsResponseSchema,
  RequestAccessRequestSchema,
  RequestAccessResponseSchema,
  UpdateLeagueRequestSchema,
  UpdateLeagueResponseSchema,
  UpdateLeagueSettingsRequestSchema,
  UpdateLeagueSettingsResponseSchema,
} from '../../../core/contracts/leagues';
import { requireUser } from '../../plugins/auth-guard';
import { emailUsers, inviteByEmail } from './league-mail.service';
import { createLeague, fetchLeague, listLeagues, listPools, updateLeague } from './leagues.service';
import {
  acceptInvite,
  decideAccess,
  joinLeague,
  listRequests,
  requestAccess,
  updateLeagueSettings,
} from './membership.service';

/** Mail-sending calls are limited per client so that a member cannot turn the site into a spam relay. */
const MAIL_RATE_LIMIT = { rateLimit: { max: 30, timeWindow: '1 hour' } };

/** League, membership and league-mail calls (/leagueRoutes/*, /user/updateSettings, /admin/emailUsers). */
export const leaguesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  // Writes need a session before their body is even validated: a visitor gets 401, never a form error.
  app.addHook('preValidation', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') requireUser(request);
  });

  app.post(
    '/leagueRoutes/createLeague',
    { schema: { body: CreateLeagueRequestSchema, response: { 201: CreateLeagueResponseSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      return reply.code(201).send(await createLeague(ctx, user, request.body));
    },
  );

  app.post(
    '/leagueRoutes/updateLeague',
    { schema: { body: UpdateLeagueRequestSchema, response: { 200: UpdateLeagueResponseSchema } } },
    async (request) => {
      requireUser(request);
      return { league: await updateLeague(ctx, request.user, request.body) };
    },
  );

  app.get(
    '/leagueRoutes/allLeagues',
    { schema: { response: { 200: AllLeaguesResponseSchema } } },
    async (request) => listLeagues(ctx, request.user),
  );

  app.get(
    '/leagueRoutes/allPools',
    { schema: { querystring: AllPoolsQuerySchema, response: { 200: AllPoolsResponseSchema } } },
    async (request) => listPools(ctx, request.user, request.query),
  );

  app.get(
    '/leagueRoutes/fetchLeague/:a/:b',
    { schema: { params: FetchLeagueParamsSchema, response: { 200: FetchLeagueResponseSchema } } },
    async (request) => fetchLeague(ctx, request.user, request.params.a, request.params.b),
  );

  app.post(
    '/leagueRoutes/joinLeague',
    { schema: { body: JoinLeagueRequestSchema, response: { 200: LeagueMemberResponseSchema } } },
    async (request) => joinLeague(ctx, requireUser(request), request.body.league_id),
  );

  app.post(
    '/leagueRoutes/requestAccess',
    { schema: { body: RequestAccessRequestSchema, response: { 200: RequestAccessResponseSchema } } },
    async (request) =>
      requestAccess(ctx, requireUser(request), request.body.league_id, request.body.source ?? 'home'),
  );

  app.post(
    '/leagueRoutes/acceptInvite',
    { schema: { body: AcceptInviteRequestSchema, response: { 200: LeagueMemberResponseSchema } } },
    async (request) => {
      const user = requireUser(request);
      const code = (request.body.invite_code ?? request.body.code)!;
      return acceptInvite(ctx, user, code, request.body.league_id);
    },
  );

  app.post(
    '/leagueRoutes/decideAccess',
    { schema: { body: DecideAccessRequestSchema, response: { 200: DecideAccessResponseSchema } } },
    async (request) => {
      requireUser(request);
      const { request_id, status, current_status } = request.body;
      return decideAccess(ctx, request.user, request_id, status, current_status);
    },
  );

  app.get(
    '/leagueRoutes/requests/:leagueId',
    {
      schema: {
        params: z.object({ leagueId: idSchema(LEAGUE_MESSAGES.notFound) }),
        response: { 200: LeagueRequestsResponseSchema },
      },
    },
    async (request) => {
      requireUser(request);
      return listRequests(ctx, request.user, request.params.leagueId);
    },
  );

  app.post(
    '/user/updateSettings',
    {
      schema: {
        body: UpdateLeagueSettingsRequestSchema,
        response: { 200: UpdateLeagueSettingsResponseSchema },
      },
    },
    async (request) => {
      requireUser(request);
      return updateLeagueSettings(
        ctx,
        request.user,
        request.body.leagueId,
        request.body.settings.newPoolEmails,
      );
    },
  );

  app.post(
    '/leagueRoutes/inviteByEmail',
    {
      config: MAIL_RATE_LIMIT,
      schema: { body: InviteByEmailRequestSchema, response: { 200: InviteByEmailResponseSchema } },
    },
    async (request) => {
      requireUser(request);
      return inviteByEmail(ctx, request.user, request.body.leagueId, request.body.email);
    },
  );

  app.post(
    '/admin/emailUsers',
    {
      config: MAIL_RATE_LIMIT,
      schema: { body: EmailUsersRequestSchema, response: { 200: EmailUsersResponseSchema } },
    },
    async (request) => {
      requireUser(request);
      return emailUsers(ctx, request.user, request.body);
    },
  );
};
