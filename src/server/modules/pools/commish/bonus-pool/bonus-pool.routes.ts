import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BonusDetailsPathSchema,
  BonusDetailsQuerySchema,
  BonusDetailsResponseSchema,
  BonusParamsQuerySchema,
  BonusParamsResponseSchema,
  CommishBonusEventsResponseSchema,
  PoolIdPathSchema,
  RecalculateBonusRequestSchema,
  RecalculateBonusResponseSchema,
  UpdateBonusPoolRequestSchema,
  UpdateBonusPoolResponseSchema,
} from '../../../../../core/contracts/pools';
import { requireUser } from '../../../../plugins/auth-guard';
import { getBonusDetails, listCommishBonusEvents } from './bonus-details.service';
import { recalculateBonus } from './bonus-recalc.service';
import { getBonusParams, updateBonusPoolParams } from './bonus-settings.service';

/** Bonuses: each week's bonus pool, bonus details and recalculation. */
export const bonusPoolRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pools/getBonusParams/:poolId',
    {
      schema: {
        params: PoolIdPathSchema,
        querystring: BonusParamsQuerySchema,
        response: { 200: BonusParamsResponseSchema },
      },
    },
    async (request) => getBonusParams(app.ctx, request.params.poolId, request.user, request.query),
  );
  app.post(
    '/pools/updateBonusPoolParams',
    { schema: { body: UpdateBonusPoolRequestSchema, response: { 200: UpdateBonusPoolResponseSchema } } },
    async (request) => updateBonusPoolParams(app.ctx, requireUser(request), request.body),
  );
  app.get(
    '/pools/getBonusEvents/:poolId',
    { schema: { params: PoolIdPathSchema, response: { 200: CommishBonusEventsResponseSchema } } },
    async (request) => listCommishBonusEvents(app.ctx, request.params.poolId, request.user),
  );
  app.get(
    '/api/bonus/details/:poolId/:bonusId',
    {
      schema: {
        params: BonusDetailsPathSchema,
        querystring: BonusDetailsQuerySchema,
        response: { 200: BonusDetailsResponseSchema },
      },
    },
    async (request) =>
      getBonusDetails(app.ctx, request.params.poolId, request.params.bonusId, request.user, request.query),
  );
  app.post(
    '/api/bonus/recalculate',
    { schema: { body: RecalculateBonusRequestSchema, response: { 200: RecalculateBonusResponseSchema } } },
    async (request) =>
      recalculateBonus(app.ctx, requireUser(request), request.body.poolId, request.body.bonusId),
  );
};
