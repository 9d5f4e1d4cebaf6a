import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BonusEventsQuerySchema,
  BonusEventsResponseSchema,
  BonusLeaderboardResponseSchema,
  BonusPoolPathSchema,
  BonusTallysPathSchema,
  BonusTallysResponseSchema,
  MappedBonusesResponseSchema,
} from '../../../../core/contracts/pools';
import { getBonusLeaderboard } from './bonus-leaderboard';
import { getBonusTallys, listBonusEvents, listMappedBonuses } from './bonuses.service';

/** The pool area's bonuses calls. */
export const bonusesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/bonus/events/:leagueSeasonId',
    {
      schema: {
        params: BonusPoolPathSchema,
        querystring: BonusEventsQuerySchema,
        response: { 200: BonusEventsResponseSchema },
      },
    },
    async (request) =>
      listBonusEvents(app.ctx, { poolId: request.params.poolId }, request.user, request.query),
  );
  app.get(
    '/api/bonus/mapped/:leagueSeasonId',
    {
      schema: {
        params: BonusPoolPathSchema,
        querystring: BonusEventsQuerySchema,
        response: { 200: MappedBonusesResponseSchema },
      },
    },
    async (request) =>
      listMappedBonuses(app.ctx, { poolId: request.params.poolId }, request.user, request.query),
  );
  app.get(
    '/api/bonus/leaderboard/:leagueSeasonId',
    { schema: { params: BonusPoolPathSchema, response: { 200: BonusLeaderboardResponseSchema } } },
    async (request) => getBonusLeaderboard(app.ctx, { poolId: request.params.poolId }, request.user),
  );
  app.get(
    '/api/bonus/tallys/:game/:season/:seasonType/:leagueSeasonId',
    { schema: { params: BonusTallysPathSchema, response: { 200: BonusTallysResponseSchema } } },
    async (request) => getBonusTallys(app.ctx, request.params, request.user),
  );
};
