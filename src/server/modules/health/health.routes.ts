import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponseSchema } from '../../../core/contracts/common';

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
};
