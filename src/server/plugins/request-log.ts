import type { FastifyInstance } from 'fastify';

/**
 * One log line per request, when it is answered, in place of Fastify's two (one as it arrives, one as
 * it is answered): half the lines for the same facts. A live stream (its reply hijacked) logs its own line
 * when it closes.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
        remoteAddress: request.ip,
      },
      'request completed',
    );
  });
}
