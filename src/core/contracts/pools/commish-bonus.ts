import { z } from 'zod';
import { idSchema } from '../common';
import { PageInfoSchema, pageQuerySchema } from '../paging';
import { BonusEventSchema } from './bonuses';
import { POOL_MESSAGES } from './sign-up';

/** The API of the Commish tools' Bonuses tool (bonus pool per week, details, recalculation). */

export const BONUS_POOL_MESSAGES = {
  nflUnavailable: 'The bonus pool is not offered for NFL TD Survivor.',
  bonusInactive: 'The bonus pool is not active in this pool.',
  badUsers: 'Send the bonus pool as a list of entry ids.',
  badMoves: 'Send at most 1,000 entry ids to add and 1,000 to remove, none in both lists.',
  badList: "Show one of the lists: 'in', 'out' or 'fixed'.",
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

/** One week of the bonus pool (who is in it is a list of its own: GET /pools/getBonusParams?week=). */
export const BonusParamsWeekSchema = z.object({
  week: z.number(),
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
 * The lists of a week's bonus pool: `in` its members (a locked week's as they locked), `out` the entries that
 * could move in (the week changes apply to only), `fixed` the inactive and eliminated entries, which cannot move.
 */
export const BONUS_POOL_LISTS = ['in', 'out', 'fixed'] as const;
export type BonusPoolList = (typeof BONUS_POOL_LISTS)[number];

/** Most entries one save may move in and out of the bonus pool (each list). */
export const MAX_BONUS_MOVES = 1000;

/**
 * GET /pools/getBonusParams/{poolId}?week=&list=&q=&page=&pageSize=: the week shown (the editable week, or the
 * last one, when none is given) and one page of one of its lists, searched by username.
 */
export const BonusParamsQuerySchema = pageQuerySchema().extend({
  week: z
    .preprocess(
      (value) => (typeof value === 'string' && /^[0-9]{1,4}$/.test(value) ? Number(value) : value),
      z.number({ error: BONUS_POOL_MESSAGES.badWeek }).int({ error: BONUS_POOL_MESSAGES.badWeek }),
    )
    .optional(),
  list: z.enum(BONUS_POOL_LISTS, { error: BONUS_POOL_MESSAGES.badList }).default('in'),
});
export type BonusParamsQuery = z.output<typeof BonusParamsQuerySchema>;
export interface BonusParamsRequest {
  week?: number;
  list?: BonusPoolList;
  q?: string;
  page?: number;
  pageSize?: number;
}

/** How many entries each list of the week holds (counted in SQL, whatever the search). */
export const BonusPoolCountsSchema = z.object({ in: z.number(), out: z.number(), fixed: z.number() });
export type BonusPoolCounts = z.infer<typeof BonusPoolCountsSchema>;

/**
 * GET /pools/getBonusParams/{poolId} (league admins): the weeks from the start week to the week changes now
 * apply to (`editable_week`, the week after the live week), and for the week shown its counts and one page of
 * the list asked for (`total`: the entries of that list matching the search).
 */
export const BonusParamsResponseSchema = PageInfoSchema.extend({
  /** False for nfl-td (no bonus pool). */
  available: z.boolean(),
  params: z.array(BonusParamsWeekSchema),
  /** The one week whose bonus pool can be set now (changes take effect the week after the live week); null when none. */
  editable_week: z.number().nullable(),
  live_week: z.number(),
  /** The week shown; null when the pool has no week for a bonus pool. */
  week: z.number().nullable(),
  counts: BonusPoolCountsSchema,
  list: z.enum(BONUS_POOL_LISTS),
  entries: z.array(BonusParamsEntrySchema),
});
export type BonusParamsResponse = z.infer<typeof BonusParamsResponseSchema>;

const entryIds = (max: number, message: string) =>
  z.array(idSchema(BONUS_POOL_MESSAGES.unknownEntry), { error: message }).max(max, { error: message });

/**
 * POST /pools/updateBonusPoolParams: who is in the bonus pool from `week` on: either the moves (`add` and
 * `remove`, what a big pool's pages send), or the whole membership as `users`.
 */
export const UpdateBonusPoolRequestSchema = z
  .object({
    poolId: idSchema(POOL_MESSAGES.poolNotFound),
    week: z.number({ error: BONUS_POOL_MESSAGES.badWeek }).int({ error: BONUS_POOL_MESSAGES.badWeek }),
    users: entryIds(100_000, BONUS_POOL_MESSAGES.badUsers).optional(),
    add: entryIds(MAX_BONUS_MOVES, BONUS_POOL_MESSAGES.badMoves).default([]),
    remove: entryIds(MAX_BONUS_MOVES, BONUS_POOL_MESSAGES.badMoves).default([]),
  })
  .refine(
    (body) => {
      const removed = new Set(body.remove);
      return !body.add.some((id) => removed.has(id));
    },
    { error: BONUS_POOL_MESSAGES.badMoves, path: ['add'] },
  );
export type UpdateBonusPoolRequest = z.input<typeof UpdateBonusPoolRequestSchema>;
export type UpdateBonusPoolBody = z.output<typeof UpdateBonusPoolRequestSchema>;

export const UpdateBonusPoolResponseSchema = z.object({
  message: z.string(),
  /** The updated week's counts after the change. */
  counts: BonusPoolCountsSchema,
  /** Entries added and removed. */
  added: z.array(z.number()),
  removed: z.array(z.number()),
});
export type UpdateBonusPoolResponse = z.infer<typeof UpdateBonusPoolResponseSchema>;

/** How many of a bonus's winners the Pool Bonuses table names (its details page through them all). */
export const COMMISH_BONUS_WINNERS_SHOWN = 10;

/**
 * A standing bonus of the pool for the Pool Bonuses table: `winners` and `winner_labels` name its first
 * COMMISH_BONUS_WINNERS_SHOWN winners (by entry id), `winner_count` counts them all: a big pool's bonus can have
 * thousands.
 */
export const CommishBonusEventSchema = BonusEventSchema.extend({
  winner_labels: z.array(z.string()),
  winner_count: z.number(),
});
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

/** GET /api/bonus/details/{poolId}/{bonusId}?page=&pageSize=&q=: the same page of its winners and of its losers. */
export const BonusDetailsQuerySchema = pageQuerySchema();

/**
 * GET /api/bonus/details/{poolId}/{bonusId} (league admins): one page of the winners and of the losers of
 * one bonus (by username, searched by username), how many there are, and the totals, summed in SQL.
 * `total` is the longer list's count, so one pager walks both.
 */
export const BonusDetailsResponseSchema = PageInfoSchema.extend({
  event: CommishBonusEventSchema,
  winners: z.array(BonusDetailsLineSchema),
  losers: z.array(BonusDetailsLineSchema),
  /** Winners and losers matching the search. */
  winners_count: z.number(),
  losers_count: z.number(),
  /** Cents won in all (positive) and paid in all (negative), whatever the search. */
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
