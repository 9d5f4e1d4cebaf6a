import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OddsQuerySchema,
  OddsResponseSchema,
  PlannerPathSchema,
  PlannerResponseSchema,
  PoolIdPathSchema,
} from '../../../../core/contracts/pools';
import { requireUser } from '../../../plugins/auth-guard';
import { getEntryPlan, getPoolOdds } from './odds.service';

/** The pool area's pick odds: a week's odds (public to whoever sees the pool) and the owner's Planner. */
export const oddsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/odds/:poolId',
    {
      schema: {
        params: PoolIdPathSchema,
        querystring: OddsQuerySchema,
        response: { 200: OddsResponseSchema },
      },
    },
    async (request) => getPoolOdds(app.ctx, request.params.poolId, request.query, request.user),
  );
  app.get(
    '/api/planner/:entryId',
    { schema: { params: PlannerPathSchema, response: { 200: PlannerResponseSchema } } },
    async (request) => getEntryPlan(app.ctx, requireUser(request), request.params.entryId),
  );
};
