import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PoolHealthResponseSchema,
  PoolIdPathSchema,
  StandingsRequestSchema,
  StandingsResponseSchema,
} from '../../../../core/contracts/pools';
import { getPoolHealth, getStandings } from './standings.service';

/** The pool area's standings calls: the standings page and the pool health chart. */
export const standingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/standings/:poolId',
    {
      schema: {
        params: PoolIdPathSchema,
        querystring: StandingsRequestSchema,
        response: { 200: StandingsResponseSchema },
      },
    },
    async (request) => getStandings(app.ctx, request.params.poolId, request.query, request.user),
  );
  app.get(
    '/api/poolHealth/:poolId',
    { schema: { params: PoolIdPathSchema, response: { 200: PoolHealthResponseSchema } } },
    async (request) => getPoolHealth(app.ctx, request.params.poolId, request.user),
  );
};
