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
  LeagueMembersPageSchema,
  LeagueMembersQuerySchema,
  LeagueRequestsQuerySchema,
  LeagueRequestsResponseSchema,
  RequestAccessRequestSchema,
  RequestAccessResponseSchema,
  UpdateLeagueRequestSchema,
  UpdateLeagueResponseSchema,
  UpdateLeagueSettingsRequestSchema,
  UpdateLeagueSettingsResponseSchema,
} from '../../../core/contracts/leagues';
import { signedInRoutes, withUser } from '../../plugins/auth-guard';
import { emailUsers, inviteByEmail } from './league-mail.service';
import {
  createLeague,
  fetchLeague,
  listLeagueMembers,
  listLeagues,
  listPools,
  updateLeague,
} from './leagues.service';
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

  // Visitors may browse: these services take `UserRow | null` and hide what the viewer may not see.
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

  app.get(
    '/leagueRoutes/members/:leagueId',
    {
      schema: {
        params: z.object({ leagueId: idSchema(LEAGUE_MESSAGES.notFound) }),
        querystring: LeagueMembersQuerySchema,
        response: { 200: LeagueMembersPageSchema },
      },
    },
    async (request) => listLeagueMembers(ctx, request.user, request.params.leagueId, request.query),
  );

  await app.register(signedInLeagueRoutes);
};

/** Everything else needs a session: one hook for the whole tree, handlers get the user as present. */
const signedInLeagueRoutes = signedInRoutes(async (app) => {
  const { ctx } = app;

  app.post(
    '/leagueRoutes/createLeague',
    { schema: { body: CreateLeagueRequestSchema, response: { 201: CreateLeagueResponseSchema } } },
    withUser(async (request, user, reply) =>
      reply.code(201).send(await createLeague(ctx, user, request.body)),
    ),
  );

  app.post(
    '/leagueRoutes/updateLeague',
    { schema: { body: UpdateLeagueRequestSchema, response: { 200: UpdateLeagueResponseSchema } } },
    withUser(async (request, user) => ({ league: await updateLeague(ctx, user, request.body) })),
  );

  app.post(
    '/leagueRoutes/joinLeague',
    { schema: { body: JoinLeagueRequestSchema, response: { 200: LeagueMemberResponseSchema } } },
    withUser(async (request, user) => joinLeague(ctx, user, request.body.league_id)),
  );

  app.post(
    '/leagueRoutes/requestAccess',
    { schema: { body: RequestAccessRequestSchema, response: { 200: RequestAccessResponseSchema } } },
    withUser(async (request, user) => requestAccess(ctx, user, request.body)),
  );

  app.post(
    '/leagueRoutes/acceptInvite',
    { schema: { body: AcceptInviteRequestSchema, response: { 200: LeagueMemberResponseSchema } } },
    withUser(async (request, user) => {
      // The schema insists on one of the two; an empty code answers as a wrong one.
      const code = request.body.invite_code ?? request.body.code ?? '';
      return acceptInvite(ctx, user, code, request.body.league_id);
    }),
  );

  app.post(
    '/leagueRoutes/decideAccess',
    { schema: { body: DecideAccessRequestSchema, response: { 200: DecideAccessResponseSchema } } },
    withUser(async (request, user) => {
      const { request_id, status, current_status } = request.body;
      return decideAccess(ctx, user, request_id, status, current_status);
    }),
  );

  app.get(
    '/leagueRoutes/requests/:leagueId',
    {
      schema: {
        params: z.object({ leagueId: idSchema(LEAGUE_MESSAGES.notFound) }),
        querystring: LeagueRequestsQuerySchema,
        response: { 200: LeagueRequestsResponseSchema },
      },
    },
    withUser(async (request, user) => listRequests(ctx, user, request.params.leagueId, request.query)),
  );

  app.post(
    '/user/updateSettings',
    {
      schema: {
        body: UpdateLeagueSettingsRequestSchema,
        response: { 200: UpdateLeagueSettingsResponseSchema },
      },
    },
    withUser(async (request, user) =>
      updateLeagueSettings(ctx, user, request.body.leagueId, request.body.settings.newPoolEmails),
    ),
  );

  app.post(
    '/leagueRoutes/inviteByEmail',
    {
      config: MAIL_RATE_LIMIT,
      schema: { body: InviteByEmailRequestSchema, response: { 200: InviteByEmailResponseSchema } },
    },
    withUser(async (request, user) => inviteByEmail(ctx, user, request.body.leagueId, request.body.email)),
  );

  app.post(
    '/admin/emailUsers',
    {
      config: MAIL_RATE_LIMIT,
      schema: { body: EmailUsersRequestSchema, response: { 200: EmailUsersResponseSchema } },
    },
    withUser(async (request, user) => emailUsers(ctx, user, request.body)),
  );
});
