import { z } from 'zod';
import { formatDollars, NO_REMAINING_PRIZES_MESSAGE, parseDollarsToCents } from '../../money';
import { idSchema, withCodeName } from '../common';
import { PageInfoSchema, pageQuerySchema } from '../paging';
import { POOL_MESSAGES } from './sign-up';

/** The API of the Commish tools' Finances (payments, prizes paid) and Split Prizes. */

/** The largest single payment or prize paid a commissioner may record: $1,000,000.00. */
export const MAX_PAYMENT_CENTS = 100_000_000;
/** Notes of a payment, at most this many characters. */
export const PAYMENT_NOTES_MAX = 255;
/** A split share is a number from 0 up to this. */
export const MAX_SPLIT_SHARE = 1_000_000;
/** At most this many shares named one by one in a split (`others: 'default'` covers the rest of a big pool). */
export const MAX_SPLIT_ENTRIES = 20_000;
/** At most this many of a split's awards come back in its answer (all are in the ledger and audit log). */
export const MAX_SPLIT_AWARDS_SHOWN = 100;

export const MONEY_MESSAGES = {
  // Finances (spec 2 sections 5 and 8)
  noUser: "You didn't include a username.",
  noAmount: "You didn't include an amount.",
  noType: "You didn't include a transaction type.",
  badType: 'The transaction type must be a payment from or a prize paid to the entrant.',
  badAmount: 'Enter the amount in dollars and cents, like 25 or 12.50.',
  amountNotPositive: 'The amount must be more than $0.00.',
  amountNegative:
    'The amount cannot be negative: enter it without a minus sign. Money you pay out to an entrant is a "Prize paid to".',
  amountDecimals: 'The amount can have at most two decimals (cents), like 12.34.',
  amountTooBig: `The amount cannot be more than ${formatDollars(MAX_PAYMENT_CENTS)}.`,
  notesTooLong: `Notes cannot be longer than ${PAYMENT_NOTES_MAX} characters.`,
  entryNotFound: 'That entrant was not found in this pool.',
  financesUpdatedTitle: 'Finances updated',
  financesUpdatedBody: (entry: string) => `You have successfully updated finances for ${entry}`,
  financesErrorTitle: 'Error updating finances',
  financesErrorBody: (error: string) =>
    `An error was encountered updating this user's finances: ${error}. Please try again or contact ALA support for help with this error.`,
  // Split Prizes (spec 2 "Split Prizes", section 9)
  noRemaining: NO_REMAINING_PRIZES_MESSAGE,
  badPercent: 'The percentage must be a number from 0 to 100.',
  badRequestKey: 'The request key must be 8 to 64 letters, digits, dashes or underscores.',
  percentDecimals: 'The percentage can have at most two decimals (step 0.01).',
  badShare: `A split share must be a number from 0 to ${MAX_SPLIT_SHARE.toLocaleString('en-US')}.`,
  tooManyShares: `A split can name at most ${MAX_SPLIT_ENTRIES.toLocaleString('en-US')} entries.`,
  duplicateShare: 'Each entry can have only one split share.',
  shareNotEntrant: 'A split share names an entry that is not an active entrant of this pool.',
  splitComesToZero: 'This split comes to $0.00 of the remaining prizes: raise the percentage.',
  remainingChanged:
    'The remaining prizes changed since this page loaded (another split, payment or champion). Review the split and process it again.',
  splitDoneTitle: 'Prizes split',
  splitDoneBody: (amount: string, count: number) =>
    `${amount} was awarded to ${count} ${count === 1 ? 'entrant' : 'entrants'}. League finances and the news feed are updated.`,
  splitErrorTitle: 'Error splitting prizes',
  splitErrorBody: (error: string) =>
    `An error was encountered splitting prizes: ${error}. Please try again or contact ALA support for help with this error.`,
} as const;

/** Payment types: a payment from the entrant, or a prize paid to the entrant. */
export const PaymentTypeSchema = z.enum(['payment', 'prize'], { error: MONEY_MESSAGES.badType });
export type PaymentType = z.infer<typeof PaymentTypeSchema>;

/** The select's labels of the payment types (spec 2 "Finances"). */
export const PAYMENT_TYPE_LABELS: Record<PaymentType, string> = {
  payment: 'Payment from',
  prize: 'Prize paid to',
};

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * An amount in dollars with at most two decimals (a number or typed text, "$" allowed), as integer cents:
 * above $0.00 and at most MAX_PAYMENT_CENTS. Floats never reach the ledger. A negative amount is refused (a
 * prize paid to the entrant is the record of money going back to them), as is a third decimal.
 */
export const PaymentAmountSchema = z.unknown().transform((value, ctx): number => {
  if (isBlank(value)) {
    ctx.addIssue({ code: 'custom', message: MONEY_MESSAGES.noAmount });
    return z.NEVER;
  }
  const text =
    typeof value === 'string'
      ? value.trim()
      : typeof value === 'number' && Number.isFinite(value)
        ? String(value)
        : null;
  // A minus sign or a third decimal is refused by name, never dropped: -12.345 is not $12.34.
  if (text !== null && /^(-\$?|\$-)/.test(text)) {
    ctx.addIssue({ code: 'custom', message: MONEY_MESSAGES.amountNegative });
    return z.NEVER;
  }
  if (text !== null && /^\$?\d*\.\d{3,}$/.test(text)) {
    ctx.addIssue({ code: 'custom', message: MONEY_MESSAGES.amountDecimals });
    return z.NEVER;
  }
  const cents = text === null ? null : parseDollarsToCents(text);
  if (cents === null) {
    ctx.addIssue({ code: 'custom', message: MONEY_MESSAGES.badAmount });
    return z.NEVER;
  }
  if (cents <= 0) {
    ctx.addIssue({ code: 'custom', message: MONEY_MESSAGES.amountNotPositive });
    return z.NEVER;
  }
  if (cents > MAX_PAYMENT_CENTS) {
    ctx.addIssue({ code: 'custom', message: MONEY_MESSAGES.amountTooBig });
    return z.NEVER;
  }
  return cents;
});

/**
 * POST /admin/addPayment (the pool league's admins): records a payment from an entrant (a positive 'payment'
 * ledger row) or a prize paid to an entrant (a negative 'prize_paid_to' row). amount is in dollars; pool_id,
 * when sent, must be the entry's pool. `request_key` (one per payment the form records) makes a double submit or
 * a retry record it once: a repeat of the key for the entry within the hour answers the first one's result.
 */
export const AddPaymentRequestSchema = withCodeName(
  z.object({
    user_season_id: z.preprocess(
      (value) => (isBlank(value) ? undefined : value),
      idSchema(MONEY_MESSAGES.noUser),
    ),
    amount: PaymentAmountSchema,
    type: z.preprocess(
      (value) => (isBlank(value) ? undefined : value),
      z.enum(['payment', 'prize'], {
        error: (issue) => (issue.input === undefined ? MONEY_MESSAGES.noType : MONEY_MESSAGES.badType),
      }),
    ),
    notes: z
      .string({ error: MONEY_MESSAGES.notesTooLong })
      .trim()
      .max(PAYMENT_NOTES_MAX, { error: MONEY_MESSAGES.notesTooLong })
      .nullish()
      .transform((value) => (value ? value : null)),
    pool_id: idSchema(POOL_MESSAGES.poolNotFound).optional(),
    request_key: z
      .string({ error: MONEY_MESSAGES.badRequestKey })
      .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: MONEY_MESSAGES.badRequestKey })
      .optional(),
  }),
  'user_season_id',
  'entryId',
);
export type AddPaymentRequest = z.input<typeof AddPaymentRequestSchema>;
export type AddPaymentInput = z.output<typeof AddPaymentRequestSchema>;

export const AddPaymentResponseSchema = z.object({
  message: z.string(),
  /** The entry's label ("username" or "username [n]"). */
  entry: z.string(),
  type: PaymentTypeSchema,
  /** Signed cents as stored (the entry's side): a payment positive, a prize paid negative. */
  amount: z.number().int(),
  notes: z.string().nullable(),
  updated_at: z.string(),
});
export type AddPaymentResponse = z.infer<typeof AddPaymentResponseSchema>;

/** One row of the Split Prizes table: an active entry with its lives and the prizes awarded to it so far. */
export const SplitEntrantSchema = z.object({
  entry_id: z.number(),
  label: z.string(),
  lives: z.number(),
  alive: z.boolean(),
  /** Cents of prizes awarded so far (sum of its 'prize' ledger rows, as Finances' Prizes column). */
  prizes: z.number().int(),
  /** The share the table starts with: 1 for entries still alive, 0 for eliminated ones. */
  default_share: z.number(),
});
export type SplitEntrant = z.infer<typeof SplitEntrantSchema>;

/**
 * Query of GET /api/pools/{poolId}/prizeSplit: a page of the active entries by username, `q` searching the
 * usernames; `alive=true` keeps the entries still alive (those a split is usually among).
 */
export const PrizeSplitQuerySchema = pageQuerySchema().extend({
  alive: z
    .enum(['true', 'false'], { error: 'alive must be true or false.' })
    .default('false')
    .transform((value) => value === 'true'),
});
export type PrizeSplitQuery = z.output<typeof PrizeSplitQuerySchema>;
export type PrizeSplitRequest = z.input<typeof PrizeSplitQuerySchema>;

/**
 * GET /api/pools/{poolId}/prizeSplit (league admins): a page of the table and the pool's prize money, in
 * cents (bigint sums: a big pool's pass 2^31). `total` counts the entries the search finds.
 */
export const PrizeSplitResponseSchema = PageInfoSchema.extend({
  /** round((buyin x entrants + insurance + rebuy price x rebuys) x (1 - ala_pct)). */
  prize_pool: z.number().int(),
  /** Prizes already awarded (Finances' Prizes total). */
  awarded: z.number().int(),
  /** prize_pool - awarded, never below 0. */
  remaining: z.number().int(),
  /** Whether more than $0.01 remains to split. */
  has_remaining: z.boolean(),
  entrants: z.array(SplitEntrantSchema),
  /** Active entries of the pool (those a split may name). */
  active_entries: z.number(),
  /** Active entries still alive: each has a default share of 1, so they are the default total shares. */
  alive_entries: z.number(),
});
export type PrizeSplitResponse = z.infer<typeof PrizeSplitResponseSchema>;

const hasTwoDecimalsAtMost = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/**
 * POST /admin/processPrizeSplit (league admins): `percent` of the remaining prizes, each entry's part =
 * share / total shares in cents. `shares` names entries one by one; with `others: 'default'` every other
 * active entry takes its default share too (1 alive, 0 eliminated), so a split among a big pool's
 * survivors names only the shares changed. The server recomputes every amount from the database;
 * `remaining`, when sent, is what the page showed, and a split whose remaining prizes changed since is
 * refused (409).
 */
export const ProcessPrizeSplitRequestSchema = z.object({
  poolId: idSchema(POOL_MESSAGES.poolNotFound),
  percent: z
    .number({ error: MONEY_MESSAGES.badPercent })
    .min(0, { error: MONEY_MESSAGES.badPercent })
    .max(100, { error: MONEY_MESSAGES.badPercent })
    .refine(hasTwoDecimalsAtMost, { error: MONEY_MESSAGES.percentDecimals }),
  shares: z
    .array(
      z.object({
        entryId: idSchema(MONEY_MESSAGES.shareNotEntrant),
        share: z
          .number({ error: MONEY_MESSAGES.badShare })
          .min(0, { error: MONEY_MESSAGES.badShare })
          .max(MAX_SPLIT_SHARE, { error: MONEY_MESSAGES.badShare }),
      }),
      { error: MONEY_MESSAGES.badShare },
    )
    .max(MAX_SPLIT_ENTRIES, { error: MONEY_MESSAGES.tooManyShares })
    .refine((shares) => new Set(shares.map((s) => s.entryId)).size === shares.length, {
      error: MONEY_MESSAGES.duplicateShare,
    }),
  others: z.enum(['none', 'default'], { error: MONEY_MESSAGES.badShare }).default('none'),
  remaining: z.number().int().min(0).optional(),
});
export type ProcessPrizeSplitRequest = z.input<typeof ProcessPrizeSplitRequestSchema>;
export type ProcessPrizeSplitInput = z.output<typeof ProcessPrizeSplitRequestSchema>;

export const ProcessPrizeSplitResponseSchema = z.object({
  message: z.string(),
  /** Cents split in all (percent of the remaining prizes). */
  amount: z.number().int(),
  /** The first MAX_SPLIT_AWARDS_SHOWN awards, in the order of the shares sent, then by entry. */
  awards: z.array(z.object({ entry_id: z.number(), label: z.string(), amount: z.number().int() })),
  /** How many entries were awarded. */
  award_count: z.number(),
  /** What remains to split afterwards. */
  remaining: z.number().int(),
});
export type ProcessPrizeSplitResponse = z.infer<typeof ProcessPrizeSplitResponseSchema>;
