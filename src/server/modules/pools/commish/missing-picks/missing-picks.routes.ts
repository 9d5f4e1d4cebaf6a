import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MissingPicksQuerySchema,
  MissingPicksResponseSchema,
  NudgeRequestSchema,
  NudgeResponseSchema,
  PoolIdPathSchema,
} from '../../../../../core/contracts/pools';
import { requireUser } from '../../../../plugins/auth-guard';
import { getMissingPicks, NudgeTooSoon, nudgeMissingPicks } from './missing-picks.service';

/** Missing Picks: the entries that owe a pick for the open week, and NUDGE. */
export const missingPicksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/pools/:poolId/commish/missingPicks',
    {
      schema: {
        params: PoolIdPathSchema,
        querystring: MissingPicksQuerySchema,
        response: { 200: MissingPicksResponseSchema },
      },
    },
    async (request) => getMissingPicks(app.ctx, request.params.poolId, request.query, request.user),
  );
  app.post(
    '/api/pools/:poolId/commish/nudge',
    {
      schema: { params: PoolIdPathSchema, body: NudgeRequestSchema, response: { 200: NudgeResponseSchema } },
    },
    async (request, reply) => {
      try {
        return await nudgeMissingPicks(app.ctx, request.params.poolId, request.body, requireUser(request));
      } catch (error) {
        if (error instanceof NudgeTooSoon) reply.header('retry-after', String(error.waitSeconds));
        throw error;
      }
    },
  );
};
