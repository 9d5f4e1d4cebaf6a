import { z } from 'zod';
import { idSchema } from '../common';
import { PageInfoSchema } from '../paging';
import { POOL_MESSAGES } from './sign-up';

/**
 * The API of the pool's exports (issue 45): CSV downloads (RFC 4180, UTF-8, a header row) and the JSON of the
 * printable week grid. Every export follows the screens' access rules, and no unlocked pick is in any of them.
 */

/** The CSV files a pool can export; the kind names the file ("<league>-<game>-<season>-<kind>-<date>.csv"). */
export const EXPORT_KINDS = ['standings', 'picks', 'ledger', 'finances', 'missing-picks'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export { exportPaths } from './export-paths';

/** The largest page of the printable week grid. */
export const EXPORT_WEEK_MAX_PAGE_SIZE = 500;
export const EXPORT_WEEK_DEFAULT_PAGE_SIZE = 500;

export const EXPORT_MESSAGES = {
  week: 'The week must be a whole number from 1 that is a week of this pool.',
  page: 'The page must be a whole number from 1.',
  pageSize: `The page size must be a whole number from 1 to ${EXPORT_WEEK_MAX_PAGE_SIZE}.`,
  /** Beside the Missing Picks button when the pool has no open week (the file then holds its header alone). */
  noOpenWeek: 'This pool has no open week, so no entry owes a pick.',
  failed: 'The export could not be finished. Try again in a moment.',
} as const;

/** Digits in a path or query string become a number; anything else is refused with the message. */
function wholeInRange(message: string, max: number) {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^[0-9]{1,7}$/.test(value) ? Number(value) : value),
    z
      .number({ error: message })
      .int({ error: message })
      .min(1, { error: message })
      .max(max, { error: message }),
  );
}

/** Path of every export: /api/pools/{poolId}/... */
export const ExportPoolPathSchema = z.object({ poolId: idSchema(POOL_MESSAGES.poolNotFound) });
export type ExportPoolPath = z.output<typeof ExportPoolPathSchema>;

/** Path of the printable week grid: /api/pools/{poolId}/export/week/{week}. */
export const ExportWeekPathSchema = ExportPoolPathSchema.extend({
  week: wholeInRange(EXPORT_MESSAGES.week, 1000),
});
export type ExportWeekPath = z.output<typeof ExportWeekPathSchema>;

/** ?page=&pageSize= of the printable week grid (entries in sign-up order). */
export const ExportWeekQuerySchema = z.object({
  page: wholeInRange(EXPORT_MESSAGES.page, 1_000_000).default(1),
  pageSize: wholeInRange(EXPORT_MESSAGES.pageSize, EXPORT_WEEK_MAX_PAGE_SIZE).default(
    EXPORT_WEEK_DEFAULT_PAGE_SIZE,
  ),
});
export type ExportWeekQuery = z.output<typeof ExportWeekQuerySchema>;
export type ExportWeekRequest = z.input<typeof ExportWeekQuerySchema>;

/** One entry's line of the printable grid. */
export const ExportWeekRowSchema = z.object({
  /** "username" or "username [n]". */
  entry: z.string(),
  /** The week's picks ("KC", "KC (auto)"); empty before the week locks, or when the entry made none. */
  picks: z.array(z.string()),
  /** "win", "loss", "push", ... once judged; null before. */
  result: z.string().nullable(),
});
export type ExportWeekRow = z.infer<typeof ExportWeekRowSchema>;

/** GET /api/pools/{poolId}/export/week/{week}: one page of the week's grid; picks only once `locked`. */
export const ExportWeekResponseSchema = PageInfoSchema.extend({
  pool_name: z.string(),
  week: z.number(),
  /** True once the week's picks are public; before, every row's `picks` is empty. */
  locked: z.boolean(),
  rows: z.array(ExportWeekRowSchema),
});
export type ExportWeekResponse = z.infer<typeof ExportWeekResponseSchema>;
