import { z } from 'zod';

/** Every 4xx/5xx answer carries one message the UI can show as it is. */
export const ErrorResponseSchema = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });

/** `T` with its field `From` named `To` (key remapping keeps the named fields of a loose object). */
type Renamed<T, From extends keyof T, To extends string> = {
  [K in keyof T as K extends From ? never : K]: T[K];
} & { [K in To]: T[From] };

/**
 * Reads a field under the spec's wire name and hands it on under the code's name: the pool's id is
 * `leagueSeasonId` (or `league_season`) on the wire and `poolId` in the services, an entry's id
 * `userSeasonId` (or `user_season_id`) on the wire and `entryId` in the services. The wire does not change;
 * `z.input` of the result is what a client sends, `z.output` what a service receives.
 */
export function withCodeName<
  S extends z.ZodType<Record<string, unknown>>,
  From extends keyof z.output<S> & string,
  To extends string,
>(schema: S, wireName: From, codeName: To) {
  return schema.transform((value) => {
    const { [wireName]: id, ...rest } = value as z.output<S>;
    const renamed: Record<string, unknown> = { ...rest, [codeName]: id };
    return renamed as Renamed<z.output<S>, From, To>;
  });
}

/** The largest PostgreSQL integer: no id, score or count stored in an integer column is larger. */
export const MAX_DB_INT = 2_147_483_647;

/**
 * A row id sent in a body, query or path: a whole number from 1 up to MAX_DB_INT. Anything else
 * names no row, so it answers 400 with `message` (typically the call's not-found message) rather
 * than reaching the database, which refuses an out-of-range integer with an error.
 */
export function idSchema(message: string) {
  // Digits in a string (path params, form values) become a number; nothing else is coerced, so true or [5]
  // are refused rather than read as 1 or 5.
  return z.preprocess(
    (value) => (typeof value === 'string' && /^[0-9]{1,10}$/.test(value) ? Number(value) : value),
    z
      .number({ error: message })
      .int({ error: message })
      .positive({ error: message })
      .max(MAX_DB_INT, { error: message }),
  );
}

/** A required text field whose missing, wrong-typed or blank value all give one message. */
export function requiredText(message: string, max?: { length: number; message: string }) {
  let schema = z.string({ error: message }).trim().min(1, { error: message });
  if (max) schema = schema.max(max.length, { error: max.message });
  return schema;
}

/**
 * GET /api/health: 200 when the database answers, 503 otherwise. `time` is the application's clock
 * (replayed history in the demo), so the web dates things on the server's day, not the browser's.
 */
export const HealthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ driver: z.enum(['pglite', 'postgres']), state: z.enum(['up', 'down']) }),
  mail: z.enum(['smtp', 'outbox']),
  time: z.iso.datetime(),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

/** The state of one thing an instance needs to serve: `unused` when it is not configured. */
export const ReadinessCheckSchema = z.object({
  state: z.enum(['up', 'down', 'unused']),
  message: z.string(),
});

/**
 * GET /api/ready: 200 when this instance can serve (its database answers), 503 otherwise or while it
 * shuts down; `message` says in words what is wrong. Redis (with REDIS_URL) is reported, never a reason
 * for 503. A proxy or an orchestrator sends traffic only to ready instances; /api/health says whether
 * the process lives.
 */
export const ReadinessResponseSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  message: z.string(),
  checks: z.object({ database: ReadinessCheckSchema, redis: ReadinessCheckSchema }),
});
export type ReadinessResponse = z.infer<typeof ReadinessResponseSchema>;
