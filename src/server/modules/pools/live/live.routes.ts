import type { ServerResponse } from 'node:http';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PoolIdPathSchema } from '../../../../core/contracts/pools';
import {
  LIVE_HEARTBEAT_SECONDS,
  LIVE_MESSAGES,
  LIVE_TOPICS,
  type LiveChangeEvent,
  type LiveTopic,
} from '../../../../core/contracts/pools/live';
import type { DbOrTx } from '../../../db/client';
import type { UserRow } from '../../../db/schema';
import { entries } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { requirePoolAccess } from '../access/pool-access';

/** How long a browser waits before reconnecting a dropped stream. */
const RETRY_MS = 5_000;
/** How long a browser waits before reconnecting a stream this instance ended as it shut down. */
const SHUTDOWN_RETRY_MS = 1_000;

/**
 * A stream of someone with no entry in the pool hears of picks at most once per this period, on a
 * beat shared by every stream: the time of the event then says nothing of when one entrant picked.
 */
export const LIVE_PICKS_COALESCE_MS = 5_000;

/** True when the client asked for an event stream (EventSource always does). */
function wantsEventStream(accept: string | undefined): boolean {
  return (accept ?? '').toLowerCase().includes('text/event-stream');
}

/** True when the viewer holds an entry in the pool (one indexed probe). */
async function isEntrant(db: DbOrTx, poolId: number, viewer: UserRow | null): Promise<boolean> {
  if (!viewer) return false;
  const [row] = await db
    .select({ id: entries.id })
    .from(entries)
    .where(and(eq(entries.poolId, poolId), eq(entries.userId, viewer.id)))
    .limit(1);
  return row !== undefined;
}

function writeChange(res: ServerResponse, topic: LiveTopic): void {
  const event: LiveChangeEvent = { topic };
  res.write(`event: change\ndata: ${JSON.stringify(event)}\n\n`);
}

/**
 * The pool area's live calls: one Server-Sent Events stream per pool page. Bounded: at most
 * `liveMaxStreams` open on this instance and `liveMaxStreamsPerIp` from one client address (429 past
 * either), and a stream of someone who is not an entrant of the pool gets pick changes coalesced.
 */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const { liveMaxStreams, liveMaxStreamsPerIp } = app.ctx.config;
  // Every open stream of this instance, so one timer beats for all and closing the app ends them.
  const streams = new Set<ServerResponse>();
  // Open streams per client address, for the per-address cap.
  const perAddress = new Map<string, number>();
  // Non-entrants' streams told of a pick since the last coalescing beat.
  const picksPending = new Set<ServerResponse>();
  const heartbeat = setInterval(() => {
    for (const stream of streams) stream.write(': heartbeat\n\n');
  }, LIVE_HEARTBEAT_SECONDS * 1000);
  heartbeat.unref();
  const coalesce = setInterval(() => {
    for (const stream of picksPending) writeChange(stream, 'picks');
    picksPending.clear();
  }, LIVE_PICKS_COALESCE_MS);
  coalesce.unref();
  // Before the server stops accepting: an open stream would otherwise keep app.close() waiting forever.
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    clearInterval(coalesce);
    // The last words of each stream: reconnect soon (the proxy sends the new stream to another instance).
    for (const stream of streams)
      stream.end(`retry: ${SHUTDOWN_RETRY_MS}\n: this instance is shutting down\n\n`);
    streams.clear();
    perAddress.clear();
    picksPending.clear();
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
      const entrant = await isEntrant(app.ctx.db, pool.id, request.user);
      // Counted after the last await, so two requests at once cannot both take the last place.
      const address = request.ip;
      const fromAddress = perAddress.get(address) ?? 0;
      if (fromAddress >= liveMaxStreamsPerIp) throw new AppError(429, LIVE_MESSAGES.tooManyFromAddress);
      if (streams.size >= liveMaxStreams) throw new AppError(429, LIVE_MESSAGES.tooManyOnServer);
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
      app.ctx.metrics?.liveStreams.inc();
      perAddress.set(address, fromAddress + 1);
      // Only the topic goes out: the client refetches through the ordinary calls, which keep picks secret.
      // An entrant hears of each pick at once; anyone else on the coalescing beat, so no event of theirs
      // is timed to one entrant's pick.
      const unsubscribe = bus.subscribe(pool.id, ({ topic }) => {
        if (topic === 'picks' && !entrant) picksPending.add(res);
        else writeChange(res, topic);
      });
      // The bus missed other instances' changes (Redis was away): every topic may have changed, and the
      // browser refetches the pool area as on any change. Not timed to anyone's pick.
      const stopResync = bus.onResync(() => {
        for (const topic of LIVE_TOPICS) writeChange(res, topic);
      });
      const opened = performance.now();
      res.on('close', () => {
        // The stream's one log line (a hijacked reply has no onResponse): how long it stayed open.
        request.log.info(
          {
            method: request.method,
            url: request.url,
            statusCode: 200,
            responseTime: Math.round(performance.now() - opened),
            remoteAddress: address,
          },
          'live stream closed',
        );
        unsubscribe();
        stopResync();
        streams.delete(res);
        app.ctx.metrics?.liveStreams.dec();
        picksPending.delete(res);
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left > 0) perAddress.set(address, left);
        else perAddress.delete(address);
      });
    },
  );
};
