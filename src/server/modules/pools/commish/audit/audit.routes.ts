import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PoolAuditQuerySchema,
  PoolAuditResponseSchema,
  PoolIdPathSchema,
} from '../../../../../core/contracts/pools';
import { listPoolAudits } from './audit.service';

/** The pool's audit log of commissioner changes. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/pools/:poolId/audit',
    {
      schema: {
        params: PoolIdPathSchema,
        querystring: PoolAuditQuerySchema,
        response: { 200: PoolAuditResponseSchema },
      },
    },
    async (request) => listPoolAudits(app.ctx, request.params.poolId, request.query.page, request.user),
  );
};
