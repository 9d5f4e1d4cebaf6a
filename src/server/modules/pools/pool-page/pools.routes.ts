import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BonusOptionsPathSchema,
  BonusOptionsResponseSchema,
  EntrantsQuerySchema,
  EntrantsResponseSchema,
  FeedPathSchema,
  FeedResponseSchema,
  LoadPoolResponseSchema,
  MakePickRequestSchema,
  MakePickResponseSchema,
  PoolIdPathSchema,
  PoolPathSchema,
  RegisterEntryRequestSchema,
  RegisterEntryResponseSchema,
  SelectionsAllResponseSchema,
  SelectionsQuerySchema,
} from '../../../../core/contracts/pools';
import { requireSessionToken, requireUser } from '../../../plugins/auth-guard';
import { bonusesRoutes } from '../bonuses/bonuses.routes';
import { commishRoutes } from '../commish/commish.routes';
import { creationRoutes } from '../creation/creation.routes';
import { entryActionsRoutes } from '../entry-actions/entry-actions.routes';
import { exportsRoutes } from '../exports/exports.routes';
import { feedRoutes } from '../feed/feed.routes';
import { listFeed } from '../feed/feed.service';
import { financesRoutes } from '../finances/finances.routes';
import { liveRoutes } from '../live/live.routes';
import { oddsRoutes } from '../odds/odds.routes';
import { makeUserPick } from '../picks/picks.service';
import { scoreboardRoutes } from '../scoreboard/scoreboard.routes';
import { settlementRoutes } from '../settlement/settlement.routes';
import { registerEntry } from '../sign-up/sign-up.service';
import { standingsRoutes } from '../standings/standings.routes';
import { getBonusOptions, listEntrants, listSelections, loadPool } from './pools.service';

const POOL_PATH = ':game/:league/:season/:poolIdx/:seasonType';

/** The pool area: the pool page, entrants, selections, picks, sign-up, bonus options and the feed. */
export const poolsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Writes need a session before their body is even validated: a visitor gets 401, never a form error.
  app.addHook('preValidation', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    if (request.routeOptions.config.sessionInRead) requireSessionToken(request);
    else requireUser(request);
  });
  // One plugin per area of the settled pool; each inherits the hook above.
  await app.register(bonusesRoutes);
  await app.register(commishRoutes);
  await app.register(creationRoutes);
  await app.register(entryActionsRoutes);
  await app.register(exportsRoutes);
  await app.register(feedRoutes);
  await app.register(financesRoutes);
  await app.register(liveRoutes);
  await app.register(oddsRoutes);
  await app.register(scoreboardRoutes);
  await app.register(settlementRoutes);
  await app.register(standingsRoutes);

  app.get(
    `/api/loadPool/${POOL_PATH}`,
    { schema: { params: PoolPathSchema, response: { 200: LoadPoolResponseSchema } } },
    async (request) => loadPool(app.ctx, request.params, request.user),
  );
  app.get(
    `/api/gameEntrants/${POOL_PATH}`,
    {
      schema: {
        params: PoolPathSchema,
        querystring: EntrantsQuerySchema,
        response: { 200: EntrantsResponseSchema },
      },
    },
    async (request) => listEntrants(app.ctx, request.params, request.query, request.user),
  );
  app.get(
    '/api/poolEntrants/:poolId',
    {
      schema: {
        params: PoolIdPathSchema,
        querystring: EntrantsQuerySchema,
        response: { 200: EntrantsResponseSchema },
      },
    },
    async (request) => listEntrants(app.ctx, { poolId: request.params.poolId }, request.query, request.user),
  );
  app.get(
    `/api/selections/all/${POOL_PATH}`,
    {
      schema: {
        params: PoolPathSchema,
        querystring: SelectionsQuerySchema,
        response: { 200: SelectionsAllResponseSchema },
      },
    },
    async (request) => listSelections(app.ctx, request.params, request.query, request.user),
  );
  app.get(
    '/api/bonus/options/:game',
    { schema: { params: BonusOptionsPathSchema, response: { 200: BonusOptionsResponseSchema } } },
    async (request) => getBonusOptions(request.params.game),
  );
  app.get(
    '/api/feed/:leagueId/:leagueSeasonId/:x',
    { schema: { params: FeedPathSchema, response: { 200: FeedResponseSchema } } },
    async (request) => listFeed(app.ctx, request.params, request.user),
  );

  app.post(
    '/user/makeUserPick',
    {
      config: { sessionInRead: true },
      schema: { body: MakePickRequestSchema, response: { 200: MakePickResponseSchema } },
    },
    async (request) => makeUserPick(app.ctx, requireSessionToken(request), request.body),
  );
  app.post(
    '/user/regForGame',
    {
      schema: {
        body: RegisterEntryRequestSchema,
        response: { 200: RegisterEntryResponseSchema, 201: RegisterEntryResponseSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { answer, created } = await registerEntry(app.ctx, user, request.body);
      // A repeat of a sign-up already made (same request key) made nothing: 200, the first's answer.
      return reply.code(created ? 201 : 200).send(answer);
    },
  );
};
