import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PoolIdPathSchema } from '../../../../core/contracts/pools';
import {
  LIVE_HEARTBEAT_SECONDS,
  LIVE_MESSAGES,
  type LiveChangeEvent,
} from '../../../../core/contracts/pools/live';
import { AppError } from '../../../lib/errors';
import { requirePoolAccess } from '../pool-access';

/** How long a browser waits before reconnecting a dropped stream. */
const RETRY_MS = 5_000;

/** True when the client asked for an event stream (EventSource always does). */
function wantsEventStream(accept: string | undefined): boolean {
  return (accept ?? '').toLowerCase().includes('text/event-stream');
}

/** The pool area's live calls: one Server-Sent Events stream per pool page. */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every open stream of this instance, so one timer beats for all and closing the app ends them.
  const streams = new Set<ServerResponse>();
  const heartbeat = setInterval(() => {
    for (const stream of streams) stream.write(': heartbeat\n\n');
  }, LIVE_HEARTBEAT_SECONDS * 1000);
  heartbeat.unref();
  // Before the server stops accepting: an open stream would otherwise keep app.close() waiting forever.
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    for (const stream of streams) stream.end();
    streams.clear();
  });

  app.get(
    '/api/pools/:poolId/live',
    {
      schema: { params: PoolIdPathSchema },
      // A stream is one long request: it has its own budget, so open pages never use up the API's.
      config: { rateLimit: { max: app.ctx.config.rateLimitMax, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { pool } = await requirePoolAccess(app.ctx.db, { poolId: request.params.poolId }, request.user);
      if (!wantsEventStream(request.headers.accept)) throw new AppError(406, LIVE_MESSAGES.streamOnly);
      const bus = app.ctx.bus;
      if (!bus) throw new AppError(503, 'Live updates are not available right now.');
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // Proxies such as nginx would otherwise hold the events back in their buffer.
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      res.write(`retry: ${RETRY_MS}\n: connected\n\n`);
      streams.add(res);
      // Only the topic goes out: the client refetches through the ordinary calls, which keep picks secret.
      const unsubscribe = bus.subscribe(pool.id, ({ topic }) => {
        const event: LiveChangeEvent = { topic };
        res.write(`event: change\ndata: ${JSON.stringify(event)}\n\n`);
      });
      res.on('close', () => {
        unsubscribe();
        streams.delete(res);
      });
    },
  );
};
