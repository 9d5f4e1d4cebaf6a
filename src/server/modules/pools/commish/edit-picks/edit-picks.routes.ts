import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EditPicksQuerySchema,
  EditPicksResponseSchema,
  PoolIdPathSchema,
  UpdateUserPicksRequestSchema,
  UpdateUserPicksResponseSchema,
} from '../../../../../core/contracts/pools';
import { requireUser } from '../../../../plugins/auth-guard';
import { getEditPicks, updateUserPicks } from './edit-picks.service';

/** Edit Picks: a commissioner's changes to an entry's picks. */
export const editPicksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/pools/:poolId/commish/picks',
    {
      schema: {
        params: PoolIdPathSchema,
        querystring: EditPicksQuerySchema,
        response: { 200: EditPicksResponseSchema },
      },
    },
    async (request) => getEditPicks(app.ctx, request.params.poolId, request.query, request.user),
  );
  app.post(
    '/admin/updateUserPicks',
    { schema: { body: UpdateUserPicksRequestSchema, response: { 200: UpdateUserPicksResponseSchema } } },
    async (request) => updateUserPicks(app.ctx, requireUser(request), request.body),
  );
};
