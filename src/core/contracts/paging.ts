import { z } from 'zod';

/**
 * The paging contract of every list that grows with a pool (decision 013): `?page=&pageSize=&q=&sort=`,
 * answered with `page`, `pageSize` and `total` beside the page's rows. Offsets past the last page answer an
 * empty page, never an error; a page size above MAX_PAGE_SIZE is refused, so no call answers a pool whole.
 */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 50;
/** The deepest page a client may ask for: past it a request names no real page of any pool. */
export const MAX_PAGE = 1_000_000;
export const MAX_SEARCH_LENGTH = 60;

export const PAGING_MESSAGES = {
  page: 'The page must be a whole number from 1.',
  pageSize: `The page size must be a whole number from 1 to ${MAX_PAGE_SIZE}.`,
  search: `The search is at most ${MAX_SEARCH_LENGTH} characters.`,
} as const;

/** Digits in a query string become a number; anything else is refused with the message. */
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

/** `page` (from 1), `pageSize` (1 to MAX_PAGE_SIZE) and `q` (a case-insensitive search, '' for none). */
export function pageQuerySchema(defaultPageSize = DEFAULT_PAGE_SIZE) {
  return z.object({
    page: wholeInRange(PAGING_MESSAGES.page, MAX_PAGE).default(1),
    pageSize: wholeInRange(PAGING_MESSAGES.pageSize, MAX_PAGE_SIZE).default(defaultPageSize),
    q: z
      .string({ error: PAGING_MESSAGES.search })
      .trim()
      .max(MAX_SEARCH_LENGTH, { error: PAGING_MESSAGES.search })
      .default(''),
  });
}
export const PageQuerySchema = pageQuerySchema();
export type PageQuery = z.output<typeof PageQuerySchema>;
export type PageRequest = z.input<typeof PageQuerySchema>;

/** What every paged answer carries beside its rows: `total` counts every row matching the search. */
export const PageInfoSchema = z.object({ page: z.number(), pageSize: z.number(), total: z.number() });
export type PageInfo = z.infer<typeof PageInfoSchema>;

/** The rows to skip for a page. */
export function pageOffset(query: Pick<PageQuery, 'page' | 'pageSize'>): number {
  return (query.page - 1) * query.pageSize;
}

/** The number of pages `total` rows fill (at least one, so a pager always has a page to show). */
export function pageCount(info: PageInfo): number {
  return Math.max(1, Math.ceil(info.total / info.pageSize));
}
