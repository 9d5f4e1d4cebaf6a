import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  HealthResponseSchema,
  type ReadinessResponse,
  ReadinessResponseSchema,
} from '../../../core/contracts/common';
import { checkReadiness } from './readiness';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { schema: { response: { 200: HealthResponseSchema, 503: HealthResponseSchema } } },
    async (_request, reply) => {
      const up = await app.ctx.database.ping().catch(() => false);
      return reply.code(up ? 200 : 503).send({
        status: up ? 'ok' : 'degraded',
        database: { driver: app.ctx.database.driver, state: up ? 'up' : 'down' },
        mail: app.ctx.mailer.kind,
        time: app.ctx.clock.now().toISOString(),
      });
    },
  );

  // Once the application begins to close, the proxy is told to send nothing new here.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.get(
    '/api/ready',
    { schema: { response: { 200: ReadinessResponseSchema, 503: ReadinessResponseSchema } } },
    async (request, reply) => {
      const answer: ReadinessResponse = await checkReadiness(app.ctx, { closing });
      // With the request pool's counts: a pool whose every connection is taken shows as such in the log.
      if (answer.status !== 'ready')
        request.log.warn({ readiness: answer, pool: app.ctx.database.poolStats() }, 'not ready');
      return reply.code(answer.status === 'ready' ? 200 : 503).send(answer);
    },
  );
};
