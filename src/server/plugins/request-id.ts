import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** An id a proxy may give: short and plain, so it cannot forge log lines or fill them. */
const PLAIN_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's `genReqId`: the id the trusted header carries when one is configured and it is plain,
 * else a new UUID (unique across instances, unlike Fastify's counter). Every log line of the request
 * carries it as `reqId`.
 */
export function requestIdGenerator(header: string | undefined): (request: IncomingMessage) => string {
  return (request) => {
    const given = header ? request.headers[header] : undefined;
    return typeof given === 'string' && PLAIN_ID.test(given) ? given : randomUUID();
  };
}

/** Answers every request with its id in X-Request-Id (set on the raw answer, so event streams carry it too). */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.raw.setHeader('x-request-id', request.id);
  });
}
