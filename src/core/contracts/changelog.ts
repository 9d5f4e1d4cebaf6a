import { z } from 'zod';

/** Messages of the changelog pages (spec 3 sections 2.13, 2.14 and 8); the server answers {message} with these. */
export const CHANGELOG_MESSAGES = {
  title: 'Please include a title for this update.',
  date: 'Please include a date for this update.',
  dateFormat: 'Please enter the date as YYYY-MM-DD.',
  items: 'Please include at least one bullet point.',
  submitted: 'Changelog entry submitted!',
  submittedToastTitle: 'Changelog entry submitted!',
  submittedToastBody: 'Your update has been added successfully.',
  submitFailed: 'Failed to submit changelog entry.',
  submitFailedToastTitle: 'Error submitting changelog',
  loadFailedTitle: 'Error Loading Changelog',
  loadFailedBody: 'Failed to load changelog entries. Please try again later.',
  emptyTitle: 'No Updates Yet',
  emptyBody: 'Check back soon for the latest platform updates!',
  selfOnly: 'You can only see your own changelog count.',
} as const;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export const ChangelogEntrySchema = z.object({
  id: z.number(),
  title: z.string(),
  /** Calendar date shown on the card, YYYY-MM-DD. */
  date: z.string(),
  /** Show "By {author}" when not null. */
  author: z.string().nullable(),
  items: z.array(z.string()),
  created_at: z.string(),
});
export type ChangelogEntry = z.infer<typeof ChangelogEntrySchema>;

/** GET /api/changelog: newest first (by date, then by creation). Public. */
export const ChangelogListResponseSchema = z.array(ChangelogEntrySchema);
export type ChangelogListResponse = z.infer<typeof ChangelogListResponseSchema>;

/**
 * GET /api/changelog/unread-count/{username}: the user themself only (401 visitor, 403 someone else).
 * Unread = entries created after lastViewedAt (all entries when never viewed).
 */
export const ChangelogStateSchema = z.object({
  unreadCount: z.number(),
  lastViewedAt: z.string().nullable(),
});
export type ChangelogState = z.infer<typeof ChangelogStateSchema>;

/** POST /api/changelog/mark-viewed: the session user; username may be sent but is ignored. Answers ChangelogState. */
export const MarkChangelogViewedRequestSchema = z.object({ username: z.unknown().optional() }).optional();

/**
 * POST /admin/super/addChangelogEntry (site admins only). Blank bullets are dropped; at least one must remain.
 * author defaults to null (the web may send the admin's name). Answers {entry, message}.
 */
export const AddChangelogEntryRequestSchema = z.object({
  title: z
    .string({ error: CHANGELOG_MESSAGES.title })
    .trim()
    .min(1, { error: CHANGELOG_MESSAGES.title })
    .max(200),
  date: z
    .string({ error: CHANGELOG_MESSAGES.date })
    .trim()
    .min(1, { error: CHANGELOG_MESSAGES.date })
    .regex(DATE_PATTERN, { error: CHANGELOG_MESSAGES.dateFormat })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: CHANGELOG_MESSAGES.dateFormat }),
  items: z
    .array(z.string().max(1000), { error: CHANGELOG_MESSAGES.items })
    .transform((items) => items.map((item) => item.trim()).filter((item) => item.length > 0))
    .refine((items) => items.length > 0, { error: CHANGELOG_MESSAGES.items }),
  author: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type AddChangelogEntryRequest = z.input<typeof AddChangelogEntryRequestSchema>;

export const AddChangelogEntryResponseSchema = z.object({ entry: ChangelogEntrySchema, message: z.string() });
export type AddChangelogEntryResponse = z.infer<typeof AddChangelogEntryResponseSchema>;
