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
