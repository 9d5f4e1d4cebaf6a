import { Readable } from 'node:stream';
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
      // Checked (access, a 409) before this returns; the JSON then goes out in pieces, a batch of entries
      // at a time, so a big pool's season is never held whole (a stream skips the response serializer).
      const pieces = await exportPoolScenario(app.ctx, request.params.poolId, requireUser(request));
      reply.header('content-disposition', `attachment; filename="pool-${request.params.poolId}-season.json"`);
      reply.type('application/json; charset=utf-8');
      // The 200 schema stays for the API's description; the stream is the same document in pieces.
      return reply.send(Readable.from(pieces) as never);
    },
  );
};
