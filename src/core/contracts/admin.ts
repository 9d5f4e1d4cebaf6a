import { z } from 'zod';

export const OUTBOX_PAGE_SIZE = 20;

export const OUTBOX_MESSAGES = {
  page: 'The page must be a whole number from 1.',
  search: 'The search is too long (at most 200 characters).',
} as const;

/** GET /admin/outbox?page=&q= (site admins): q matches the recipient, subject or text, case-insensitive. */
export const OutboxQuerySchema = z.object({
  page: z.preprocess(
    (value) => (typeof value === 'string' && /^[0-9]{1,6}$/.test(value) ? Number(value) : value),
    z
      .number({ error: OUTBOX_MESSAGES.page })
      .int({ error: OUTBOX_MESSAGES.page })
      .min(1, { error: OUTBOX_MESSAGES.page })
      .default(1),
  ),
  q: z.string().trim().max(200, { error: OUTBOX_MESSAGES.search }).default(''),
});
export type OutboxQuery = z.input<typeof OutboxQuerySchema>;

export const OutboxMailSchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  /** The plain-text body: the web shows it as text, with its http(s) links made clickable. */
  text: z.string(),
  status: z.string(),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxMail = z.infer<typeof OutboxMailSchema>;

/** One page of the outbox, newest first; total counts every match of the search. */
export const OutboxPageSchema = z.object({
  mails: z.array(OutboxMailSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type OutboxPage = z.infer<typeof OutboxPageSchema>;
