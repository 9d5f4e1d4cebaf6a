import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PoolIdPathSchema } from '../../../../core/contracts/pools';
import { ScenarioSchema } from '../../../../core/season';
import { requireUser } from '../../../plugins/auth-guard';
import { exportPoolScenario } from './season-export.service';

/** The settled season's export: the pool's weeks so far as a scenario of `npm run simulate`. */
export const settlementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/pools/:poolId/scenario',
    { schema: { params: PoolIdPathSchema, response: { 200: ScenarioSchema } } },
    async (request, reply) => {
      const scenario = await exportPoolScenario(app.ctx, request.params.poolId, requireUser(request));
      reply.header('content-disposition', `attachment; filename="pool-${request.params.poolId}-season.json"`);
      return scenario;
    },
  );
};
