import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddPaymentRequestSchema,
  AddPaymentResponseSchema,
  PoolIdPathSchema,
  PrizeSplitQuerySchema,
  PrizeSplitResponseSchema,
  ProcessPrizeSplitRequestSchema,
  ProcessPrizeSplitResponseSchema,
} from '../../../../../core/contracts/pools';
import { requireUser } from '../../../../plugins/auth-guard';
import { addPayment, getPrizeSplit, processPrizeSplit } from './money.service';

/** Finances and Split Prizes: payments, prizes paid and prize splits into the ledger. */
export const moneyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/addPayment',
    { schema: { body: AddPaymentRequestSchema, response: { 200: AddPaymentResponseSchema } } },
    async (request) => addPayment(app.ctx, requireUser(request), request.body),
  );
  app.get(
    '/api/pools/:poolId/prizeSplit',
    {
      schema: {
        params: PoolIdPathSchema,
        querystring: PrizeSplitQuerySchema,
        response: { 200: PrizeSplitResponseSchema },
      },
    },
    async (request) => getPrizeSplit(app.ctx, request.params.poolId, request.query, request.user),
  );
  app.post(
    '/admin/processPrizeSplit',
    { schema: { body: ProcessPrizeSplitRequestSchema, response: { 200: ProcessPrizeSplitResponseSchema } } },
    async (request) => processPrizeSplit(app.ctx, requireUser(request), request.body),
  );
};
