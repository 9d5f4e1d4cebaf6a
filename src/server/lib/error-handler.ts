import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, isDatabaseTooSlow, isDatabaseUnavailable, isUniqueViolation } from './errors';

export const ERROR_MESSAGES = {
  notAnObject: 'The request must send a JSON object.',
  tooMany: 'Too many requests. Please slow down and try again shortly.',
  conflict: 'Something you sent was saved by another request at the same moment. Reload and try again.',
  server: 'Something went wrong on our side. Please try again.',
  databaseDown: 'The site cannot reach its database right now. Please try again in a moment.',
  tooSlow: 'The database took too long to answer. Please try again in a moment.',
} as const;

/** Seconds a client is asked to wait before trying again while the database is away. */
export const DATABASE_RETRY_AFTER_S = 5;

/**
 * Every error answer is {message}: the user's fault (4xx) with what to do, or ours (500, logged).
 * A unique violation that escaped its service (a race it did not expect) is a 409, not a 500:
 * services catch the ones they know and say better what was taken. A database that cannot be reached
 * (restarting, a lost connection) or is too slow (a statement past its timeout, no free connection in
 * time) is a 503: nothing was wrong with the request, and it may succeed in a moment.
 */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) return reply.code(error.statusCode).send({ message: error.message });
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    // A body that is not an object at all (missing, null, an array) gets a message that says so.
    const notAnObject =
      error.validationContext === 'body' && first?.keyword === 'invalid_type' && first.instancePath === '/';
    const message = notAnObject ? ERROR_MESSAGES.notAnObject : first?.message;
    return reply.code(400).send({ message: message || 'Invalid request.' });
  }
  if (error.statusCode === 429) return reply.code(429).send({ message: ERROR_MESSAGES.tooMany });
  if (error.statusCode && error.statusCode < 500) {
    return reply.code(error.statusCode).send({ message: error.message || 'Invalid request.' });
  }
  if (isUniqueViolation(error)) {
    request.log.warn({ err: error }, 'unique violation escaped its service');
    return reply.code(409).send({ message: ERROR_MESSAGES.conflict });
  }
  if (isDatabaseTooSlow(error) || isDatabaseUnavailable(error)) {
    // One line, the driver's words (not the query and its parameters): in an outage every request says it.
    request.log.warn({ error: String(driverError(error)) }, 'database unavailable');
    return reply
      .code(503)
      .header('retry-after', String(DATABASE_RETRY_AFTER_S))
      .send({ message: isDatabaseTooSlow(error) ? ERROR_MESSAGES.tooSlow : ERROR_MESSAGES.databaseDown });
  }
  request.log.error(error);
  return reply.code(500).send({ message: ERROR_MESSAGES.server });
}

/** The innermost cause: the driver's error that Drizzle wrapped with the failed query. */
function driverError(error: unknown): unknown {
  let current = error;
  for (let depth = 0; depth < 10; depth++) {
    const cause = (current as { cause?: unknown } | null)?.cause;
    if (!cause) break;
    current = cause;
  }
  return current;
}
