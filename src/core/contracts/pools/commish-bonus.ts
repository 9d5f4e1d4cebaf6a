import { z } from 'zod';
import { idSchema } from '../common';
import { BonusEventSchema } from './bonuses';
import { POOL_MESSAGES } from './sign-up';

/** The API of the Commish tools' Bonuses tool (bonus pool per week, details, recalculation). */

export const BONUS_POOL_MESSAGES = {
  nflUnavailable: 'The bonus pool is not offered for NFL TD Survivor.',
  bonusInactive: 'The bonus pool is not active in this pool.',
  badUsers: 'Send the bonus pool as a list of entry ids.',
  badWeek: 'Choose a week of the pool.',
  unknownEntry: 'An entry in the list is not in this pool.',
  history: (week: number, editable: number) =>
    `Week ${week}'s bonus pool is history and cannot change. Changes can be made for Week ${editable}.`,
  noWeekLeft: 'The season has no week left in which the bonus pool can change.',
  cannotMoveInactive: (entry: string) =>
    `${entry} is inactive and cannot be moved in or out of the bonus pool.`,
  cannotMoveEliminated: (entry: string) =>
    `${entry} has been eliminated and cannot be moved in or out of the bonus pool.`,
  updated: (week: number) => `Week ${week} bonus pool has been updated.`,
  inactiveWeek: (week: number) => `Your Bonus Pool was inactive in Week ${week}.`,
  bonusNotFound: 'That bonus is not in this pool.',
  voidedAlready: 'This bonus was voided and cannot be recalculated.',
  weekNotFinal: (week: number) => `Week ${week}'s games are not all final yet.`,
  unchanged: 'Nothing changed: the bonus stands as it was.',
  recalculated: 'Bonus has been successfully recalculated',
  voided: 'The bonus no longer stands: it was voided and its money reversed.',
} as const;

/** One week's bonus pool: the entries in it. */
export const BonusParamsWeekSchema = z.object({
  week: z.number(),
  /** Entry ids in the week's bonus pool. */
  users: z.array(z.number()),
  /** Locked weeks' membership was fixed at the lock: history. */
  locked: z.boolean(),
  /** The bonus pool did not run that week (off, shut down or disabled). */
  inactive: z.boolean(),
});
export type BonusParamsWeek = z.infer<typeof BonusParamsWeekSchema>;

/** An entry as the bonus pool lists show it. */
export const BonusParamsEntrySchema = z.object({
  id: z.number(),
  label: z.string(),
  /** 1 active, 0 inactive. */
  status: z.number(),
  eliminated: z.boolean(),
  /** Active and alive: it can be moved in or out. */
  movable: z.boolean(),
});
export type BonusParamsEntry = z.infer<typeof BonusParamsEntrySchema>;

/**
 * GET /pools/getBonusParams/{poolId} (league admins): each week's bonus pool from the start week to the week
 * changes now apply to (`editable_week`, the week after the live week), and the pool's entries.
 */
export const BonusParamsResponseSchema = z.object({
  /** False for nfl-td (no bonus pool). */
  available: z.boolean(),
  params: z.array(BonusParamsWeekSchema),
  /** The one week whose bonus pool can be set now (changes take effect the week after the live week); null when none. */
  editable_week: z.number().nullable(),
  live_week: z.number(),
  entries: z.array(BonusParamsEntrySchema),
});
export type BonusParamsResponse = z.infer<typeof BonusParamsResponseSchema>;

/** POST /pools/updateBonusPoolParams: who is in the bonus pool from `week` on. */
export const UpdateBonusPoolRequestSchema = z.object({
  poolId: idSchema(POOL_MESSAGES.poolNotFound),
  week: z.number({ error: BONUS_POOL_MESSAGES.badWeek }).int({ error: BONUS_POOL_MESSAGES.badWeek }),
  users: z
    .array(idSchema(BONUS_POOL_MESSAGES.unknownEntry), { error: BONUS_POOL_MESSAGES.badUsers })
    .max(100_000, { error: BONUS_POOL_MESSAGES.badUsers }),
});
export type UpdateBonusPoolRequest = z.input<typeof UpdateBonusPoolRequestSchema>;
export type UpdateBonusPoolBody = z.output<typeof UpdateBonusPoolRequestSchema>;

export const UpdateBonusPoolResponseSchema = z.object({
  message: z.string(),
  /** The weeks' bonus pools after the change, the updated week first. */
  updatedParams: z.array(BonusParamsWeekSchema),
  /** Entries added and removed. */
  added: z.array(z.number()),
  removed: z.array(z.number()),
});
export type UpdateBonusPoolResponse = z.infer<typeof UpdateBonusPoolResponseSchema>;

/** A standing bonus of the pool with its winners' labels, for the Pool Bonuses table. */
export const CommishBonusEventSchema = BonusEventSchema.extend({ winner_labels: z.array(z.string()) });
export type CommishBonusEvent = z.infer<typeof CommishBonusEventSchema>;

/** GET /pools/getBonusEvents/{poolId} (league admins): the standing bonuses of every week, newest first. */
export const CommishBonusEventsResponseSchema = z.object({ events: z.array(CommishBonusEventSchema) });
export type CommishBonusEventsResponse = z.infer<typeof CommishBonusEventsResponseSchema>;

/** Path of GET /api/bonus/details/{poolId}/{bonusId}. */
export const BonusDetailsPathSchema = z.object({
  poolId: idSchema(POOL_MESSAGES.poolNotFound),
  bonusId: idSchema(BONUS_POOL_MESSAGES.bonusNotFound),
});

/** One entry's money on a bonus (cents, from the ledger). */
export const BonusDetailsLineSchema = z.object({
  entry_id: z.number(),
  label: z.string(),
  amount: z.number().int(),
});
export type BonusDetailsLine = z.infer<typeof BonusDetailsLineSchema>;

/** GET /api/bonus/details/{poolId}/{bonusId} (league admins): winners and losers of one bonus, with totals. */
export const BonusDetailsResponseSchema = z.object({
  event: CommishBonusEventSchema,
  winners: z.array(BonusDetailsLineSchema),
  losers: z.array(BonusDetailsLineSchema),
  /** Cents won in all (positive) and paid in all (negative). */
  winners_total: z.number().int(),
  losers_total: z.number().int(),
});
export type BonusDetailsResponse = z.infer<typeof BonusDetailsResponseSchema>;

/** POST /api/bonus/recalculate: re-derives one bonus from the stored game facts and the week's bonus pool. */
export const RecalculateBonusRequestSchema = z.object({
  poolId: idSchema(POOL_MESSAGES.poolNotFound),
  bonusId: idSchema(BONUS_POOL_MESSAGES.bonusNotFound),
});
export type RecalculateBonusRequest = z.input<typeof RecalculateBonusRequestSchema>;

export const RecalculateBonusResponseSchema = z.object({
  outcome: z.enum(['unchanged', 'updated', 'voided']),
  message: z.string(),
  /** The bonus as it stands now (a recalculated bonus gets a new id); null when voided. */
  event: CommishBonusEventSchema.nullable(),
});
export type RecalculateBonusResponse = z.infer<typeof RecalculateBonusResponseSchema>;
