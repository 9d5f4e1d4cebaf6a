/** An error whose message is meant for the user; the status says whose fault it is. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message = 'You must be logged in to do that.') => new AppError(401, message);
export const forbidden = (message = 'You do not have permission to do that.') => new AppError(403, message);
export const notFound = (message = 'Not found.') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooManyRequests = (message: string) => new AppError(429, message);

/**
 * True when the error (or one of its causes: Drizzle wraps the driver's error) is a PostgreSQL
 * unique violation (23505), of the named constraint when one is given.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (const current of causes(error)) {
    const { code, constraint: name } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || name === constraint;
  }
  return false;
}

/** The errors in the chain: the error and its causes (Drizzle wraps the driver's error). */
function* causes(error: unknown): Generator<object> {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

/** Socket errors of a database that cannot be reached (refused, reset, unreachable, no such host). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's own words that it is going or not there yet: a session ended by an administrator
 * (pg_terminate_backend) or a shutdown, a crash, a server starting up, every connection taken.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** What node-postgres says when a connection is lost or cannot be made in time (these carry no code). */
const LOST_CONNECTION = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
];

/**
 * True when the error says the database cannot be reached now (refused, lost, ended by the server,
 * not answering within the connect timeout) rather than that the statement was wrong: the request
 * may succeed once the database is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const current of causes(error)) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (UNREACHABLE_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
      // Class 08: connection exceptions.
      if (/^08[0-9A-Z]{3}$/.test(code)) return true;
    }
    if (typeof message === 'string' && LOST_CONNECTION.some((words) => message.startsWith(words)))
      return true;
  }
  return false;
}

/**
 * True when the database took too long: PostgreSQL cancelled a statement past the statement timeout
 * (57014), or every pooled connection stayed busy for the whole connect timeout (a rush, or statements
 * hanging on a database that stopped answering).
 */
export function isDatabaseTooSlow(error: unknown): boolean {
  for (const current of causes(error)) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (code === '57014' || message === 'timeout exceeded when trying to connect') return true;
  }
  return false;
}
