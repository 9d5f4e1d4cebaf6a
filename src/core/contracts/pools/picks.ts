import { z } from 'zod';
import { idSchema, withCodeName } from '../common';
import { PageInfoSchema, PageQuerySchema } from '../paging';

export const PICK_MESSAGES = {
  entryNotFound: 'No entry was found matching these parameters.',
  notYourEntry: 'You can only make picks for your own entries.',
  pickRequired: 'Choose a team (or a player for NFL TD) to pick.',
  newerChange: 'A newer change of this entry was already saved; this older one was not applied.',
  tooLate:
    'The server took too long to save your pick, so it was not saved. Please check your picks and try again.',
  weekRequired: 'The week must be a whole number from 1.',
  actionRequired: "The action must be 'confirm' or 'cancel'.",
  unknownTeam: 'That team does not play in this league.',
  unknownPlayer: 'That player was not found.',
} as const;

/** One pick of an entry: a team (nba, mlb) or an NFL player (nfl-td). */
export const PickRowSchema = z.object({
  week: z.number(),
  /** Team abbreviation, or the NFL player id as a string. */
  pick_id: z.string(),
  team_abb: z.string(),
  /** The team's or the player's display name. */
  name: z.string(),
  /** Assigned by the pool's insurance, not picked by the entrant. */
  by_insurance: z.boolean(),
});
export type PickRow = z.infer<typeof PickRowSchema>;

/** The viewer's own entry, with all its picks (future ones included: they are the owner's). */
export const MyEntrySchema = z.object({
  id: z.number(),
  entry_num: z.number(),
  /** "username", or "username [n]" for entries above 1. */
  label: z.string(),
  /** 1 active (counted), 0 deactivated by the commissioner. */
  status: z.number(),
  lives: z.number(),
  rebuys_made: z.number(),
  needs_rebuy: z.boolean(),
  auto_rebuy: z.boolean(),
  bonus: z.boolean(),
  insurance_purchased: z.boolean(),
  extinct: z.boolean(),
  weeks_alive: z.number(),
  picks: z.array(PickRowSchema),
});
export type MyEntry = z.infer<typeof MyEntrySchema>;

export const PickActionSchema = z.enum(['confirm', 'cancel'], { error: PICK_MESSAGES.actionRequired });

/**
 * POST /user/makeUserPick: confirm or cancel one pick of one of the viewer's entries. nba/mlb send
 * `team`, nfl-td sends `selectedPlayer`; the spec's other fields (username, entryNum, activePool,
 * league_name, ...) are accepted and ignored: the server reads them from the entry.
 */
export const MakePickRequestSchema = withCodeName(
  z
    .object({
      userSeasonId: idSchema(PICK_MESSAGES.entryNotFound),
      week: z.coerce
        .number({ error: PICK_MESSAGES.weekRequired })
        .int({ error: PICK_MESSAGES.weekRequired })
        .min(1, { error: PICK_MESSAGES.weekRequired })
        .max(60, { error: PICK_MESSAGES.weekRequired }),
      action: PickActionSchema,
      team: z.string().trim().min(1).max(10).nullish(),
      selectedPlayer: z
        .object({
          id: z.union([z.string().trim().min(1).max(40), z.number().int()]),
          name: z.string().max(100).optional(),
        })
        .nullish(),
      /**
       * Who made the change and when, on the client's clock (decision 033): a browser's id and its
       * time of the change, rising with each change. A change older than the last one stored from the
       * same client is refused, so a request held up somewhere never undoes a newer one.
       */
      clientId: z.string().trim().min(1).max(64).nullish(),
      changedAt: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullish(),
    })
    .loose(),
  'userSeasonId',
  'entryId',
);
export type MakePickRequest = z.input<typeof MakePickRequestSchema>;
export type MakePickBody = z.output<typeof MakePickRequestSchema>;

export const MakePickResponseSchema = z.object({
  /** The confirm or cancel wording of the spec (describePickConfirm / describePickCancel). */
  message: z.string(),
  entry: MyEntrySchema,
});
export type MakePickResponse = z.infer<typeof MakePickResponseSchema>;

/** One choice's share of a locked week. */
export const PickDistributionSchema = z.object({
  pick_id: z.string(),
  team_abb: z.string(),
  name: z.string(),
  count: z.number(),
  /** Whole-number percentage of the week's picks. */
  pct: z.number(),
});
export type PickDistribution = z.infer<typeof PickDistributionSchema>;

/**
 * ?week=&page=&pageSize=&q= of GET /api/selections/all: `week` chooses the locked week whose distribution is
 * counted (the latest locked week when absent), the rest pages the entries and searches their labels.
 */
export const SelectionsQuerySchema = PageQuerySchema.extend({
  week: z
    .preprocess(
      (value) => (typeof value === 'string' && /^[0-9]{1,4}$/.test(value) ? Number(value) : value),
      z
        .number({ error: PICK_MESSAGES.weekRequired })
        .int({ error: PICK_MESSAGES.weekRequired })
        .min(1, { error: PICK_MESSAGES.weekRequired })
        .max(1000, { error: PICK_MESSAGES.weekRequired }),
    )
    .optional(),
});
export type SelectionsQuery = z.output<typeof SelectionsQuerySchema>;
export type SelectionsRequest = z.input<typeof SelectionsQuerySchema>;

/** One entry's locked picks, as Pool Selections lists them. */
export const SelectionsEntrySchema = z.object({
  entry_id: z.number(),
  label: z.string(),
  lives: z.number(),
  extinct: z.boolean(),
  /** Picks by week number (as a string key), locked weeks only. */
  picks: z.record(z.string(), z.array(PickRowSchema)),
});
export type SelectionsEntry = z.infer<typeof SelectionsEntrySchema>;

/**
 * GET /api/selections/all/{game}/{league}/{season}/{poolIdx}/{seasonType}. Only locked weeks carry
 * picks, for every viewer (the owner reads their own future picks from loadPool). The distribution is
 * counted in the database for one week (`week`, the one asked for or the latest locked one); the entries
 * come a page at a time, with the viewer's own in `mine` whatever the page or search.
 */
export const SelectionsAllResponseSchema = PageInfoSchema.extend({
  /** The week whose distribution and total are given; null while no week has locked. */
  week: z.number().nullable(),
  weeks: z.array(
    z.object({
      week: z.number(),
      locked: z.boolean(),
      /** Number of picks that week; 0 while the week is hidden or is not the week asked for. */
      total: z.number(),
      /** null while the week has not locked, and for the weeks other than `week`. */
      distribution: z.array(PickDistributionSchema).nullable(),
    }),
  ),
  /** One page of the pool's entries (name order; sign-up order past 10,000 matching entries). */
  entries: z.array(SelectionsEntrySchema),
  /** The viewer's own entries (none for a visitor), with their locked picks. */
  mine: z.array(SelectionsEntrySchema),
});
export type SelectionsAllResponse = z.infer<typeof SelectionsAllResponseSchema>;
