import { z } from 'zod';
import { idSchema, withCodeName } from '../common';
import { PageInfoSchema, pageQuerySchema } from '../paging';
import { PoolPathPartsSchema } from './paths';

/**
 * Path of GET /api/payments/{game}/{season}/{league}/{poolIdx}/{type} (type is the season type). Services
 * receive the same address as every other pool path's (`leagueAbb`, `seasonType`).
 */
export const PaymentsPathSchema = withCodeName(
  withCodeName(
    PoolPathPartsSchema.omit({ seasonType: true }).extend({ type: PoolPathPartsSchema.shape.seasonType }),
    'type',
    'seasonType',
  ),
  'league',
  'leagueAbb',
);
export type PaymentsPath = z.output<typeof PaymentsPathSchema>;

/** One payment or prize-paid record: a ledger row, signed cents from the entry's side. */
export const PaymentRecordSchema = z.object({
  id: z.number(),
  entry_id: z.number(),
  /** Signed cents: a payment received is positive, a prize paid out to the entrant negative. */
  amount: z.number().int(),
  notes: z.string().nullable(),
  /** ISO instant the row was written (ledger rows are never edited). */
  updated_at: z.string(),
  /** payment: the entrant paid the commissioner; prize: the commissioner paid the entrant a prize. */
  type: z.enum(['payment', 'prize']),
});
export type PaymentRecord = z.infer<typeof PaymentRecordSchema>;

export const FINANCES_MESSAGES = {
  badEntry: 'That entry was not found in this pool.',
  badSort: 'The sort must be username, username_desc or bonus.',
  paymentsTooDeep:
    'Only the newest 10,000 payments are listed by page. Search a username or pick an entry to find older ones.',
} as const;

/**
 * How deep the payments list pages: a page starting past this many records is a 400 (FINANCES_MESSAGES
 * .paymentsTooDeep) telling the commissioner to search; a search or one entry's records are always reachable.
 */
export const PAYMENTS_MAX_DEPTH = 10_000;

/**
 * Query of GET /api/payments/...: a page of the pool's payment and prize-paid records, newest first;
 * `q` searches the entrants' usernames, `entry` keeps one entry's records (the Commish Finances tool's table).
 */
export const PaymentsQuerySchema = pageQuerySchema().extend({
  entry: idSchema(FINANCES_MESSAGES.badEntry).optional(),
});
export type PaymentsQuery = z.output<typeof PaymentsQuerySchema>;
export type PaymentsRequest = z.input<typeof PaymentsQuerySchema>;

/** One record with the entry it belongs to. */
export const PaymentLineSchema = PaymentRecordSchema.extend({
  /** username, or "username [n]" for entries above 1. */
  label: z.string(),
});
export type PaymentLine = z.infer<typeof PaymentLineSchema>;

/** A page of payment and prize-paid records, newest first; `total` counts every record the search finds. */
export const PaymentsResponseSchema = PageInfoSchema.extend({ records: z.array(PaymentLineSchema) });
export type PaymentsResponse = z.infer<typeof PaymentsResponseSchema>;

/**
 * The money columns of Finances, in cents. Costs (buy-in, rebuys, insurance, prizes paid to) are shown as
 * positive amounts; bonus is signed (won minus charged). total = - buyin - insurance - rebuys + bonus + paid
 * + prizes - prizes_paid_to, which is the plain sum of the entry's signed ledger rows.
 */
export const FinanceMoneySchema = z.object({
  buyin: z.number().int(),
  rebuys: z.number().int(),
  insurance: z.number().int(),
  bonus: z.number().int(),
  prizes: z.number().int(),
  paid: z.number().int(),
  prizes_paid_to: z.number().int(),
  total: z.number().int(),
});
export type FinanceMoney = z.infer<typeof FinanceMoneySchema>;

export const FinanceRowSchema = FinanceMoneySchema.extend({
  entry_id: z.number(),
  username: z.string(),
  entry_num: z.number(),
  /** username, or "username [n]" for entries above 1. */
  label: z.string(),
  /** CHAMPION, ELIMINATED, or the lives left. */
  status: z.string(),
  lives: z.number(),
  champion: z.boolean(),
  eliminated: z.boolean(),
  /** In the bonus pool now. */
  in_bonus: z.boolean(),
  /** When the entry's newest money row was written (ISO), null without rows. */
  last_activity: z.string().nullable(),
});
export type FinanceRow = z.infer<typeof FinanceRowSchema>;

/**
 * username (A to Z), username_desc, or bonus: the Bonus Pool Leaderboard's order, the entries in the bonus
 * pool or with bonus money only, most bonus money first.
 */
export const FINANCES_SORTS = ['username', 'username_desc', 'bonus'] as const;
export type FinancesSort = (typeof FINANCES_SORTS)[number];

/** The order a Finances page is in: a sort, or sign-up order past 10,000 entries in a name sort. */
export const FINANCES_ORDERS = [...FINANCES_SORTS, 'signup'] as const;
export type FinancesOrder = (typeof FINANCES_ORDERS)[number];

/** Query of GET /api/finances/{poolId}: a page of entries by username (`q` searches usernames). */
export const FinancesQuerySchema = pageQuerySchema().extend({
  sort: z.enum(FINANCES_SORTS, { error: FINANCES_MESSAGES.badSort }).default('username'),
});
export type FinancesQuery = z.output<typeof FinancesQuerySchema>;
export type FinancesRequest = z.input<typeof FinancesQuerySchema>;

/**
 * GET /api/finances/{poolId}: a page of rows (one per entry, by username), the viewer's own entries
 * (`mine`, whatever the page), the pool's totals over every entry (SQL sums of the ledger) and `entries`,
 * the pool's entry count. `total` counts the entries the search finds.
 */
export const FinancesResponseSchema = PageInfoSchema.extend({
  rows: z.array(FinanceRowSchema),
  /**
   * The order the rows are in: the asked sort, or `signup` (entries.slot) when more than 10,000 entries
   * match a name sort, so a deep page of a big pool is an index range (decision 013).
   */
  order: z.enum(FINANCES_ORDERS),
  mine: z.array(FinanceRowSchema),
  totals: FinanceMoneySchema,
  entries: z.number(),
});
export type FinancesResponse = z.infer<typeof FinancesResponseSchema>;
