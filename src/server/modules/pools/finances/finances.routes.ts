import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FinancesQuerySchema,
  FinancesResponseSchema,
  PaymentsPathSchema,
  PaymentsQuerySchema,
  PaymentsResponseSchema,
  PoolIdPathSchema,
} from '../../../../core/contracts/pools';
import { getFinances, listPayments } from './finances.service';

/** The pool area's finances calls. */
export const financesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/finances/:poolId',
    {
      schema: {
        params: PoolIdPathSchema,
        querystring: FinancesQuerySchema,
        response: { 200: FinancesResponseSchema },
      },
    },
    async (request) => getFinances(app.ctx, { poolId: request.params.poolId }, request.query, request.user),
  );
  app.get(
    '/api/payments/:game/:season/:league/:poolIdx/:type',
    {
      schema: {
        params: PaymentsPathSchema,
        querystring: PaymentsQuerySchema,
        response: { 200: PaymentsResponseSchema },
      },
    },
    async (request) => listPayments(app.ctx, request.params, request.query, request.user),
  );
};
