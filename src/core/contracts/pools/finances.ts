import { z } from 'zod';
import { PoolPathSchema } from './paths';

/** Path of GET /api/payments/{game}/{season}/{league}/{poolIdx}/{type} (type is the season type). */
export const PaymentsPathSchema = PoolPathSchema.omit({ seasonType: true }).extend({
  type: PoolPathSchema.shape.seasonType,
});
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

export const EntryPaymentsSchema = z.object({
  entry_id: z.number(),
  /** username, or "username [n]" for entries above 1. */
  label: z.string(),
  payments: z.array(PaymentRecordSchema),
  prizesPaidTo: z.array(PaymentRecordSchema),
});
export type EntryPayments = z.infer<typeof EntryPaymentsSchema>;

/** Payments per entry of the pool, oldest first within each list. */
export const PaymentsResponseSchema = z.object({ entries: z.array(EntryPaymentsSchema) });
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

/** GET /api/finances/{poolId}: one row per entry, by username, and the pool's totals (sums of the rows). */
export const FinancesResponseSchema = z.object({
  rows: z.array(FinanceRowSchema),
  totals: FinanceMoneySchema,
});
export type FinancesResponse = z.infer<typeof FinancesResponseSchema>;
