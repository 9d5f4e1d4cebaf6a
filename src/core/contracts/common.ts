import { z } from 'zod';

/** Every 4xx/5xx answer carries one message the UI can show as it is. */
export const ErrorResponseSchema = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });

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
