import { z } from 'zod';
import { idSchema, withCodeName } from '../common';
import { PageInfoSchema, pageQuerySchema } from '../paging';

/** The API of the Commish tools' Edit Picks. */

export const EDIT_PICKS_MESSAGES = {
  entryNotFound: 'That entry is not in this pool.',
  nflUnavailable: 'This feature is not currently available for NFL TD Survivor',
  badSelections: 'Send one selection per week of the pool, each a team or no pick.',
  unknownWeek: (week: number) => `Week ${week} is not a week of this pool.`,
  unknownSlot: (week: number, slot: number) => `Week ${week} has no pick ${slot + 1}.`,
  sameTeamTwice: (team: string, week: number) =>
    `${team} is picked twice in Week ${week}: a week's picks must be different teams.`,
  unknownTeam: (team: string) => `${team} is not a team of this game.`,
  stale: "This entry's picks changed since you loaded them. Reload the entry and make your changes again.",
  nothingChanged: 'The new picks are the same as the current ones.',
  updated: (entry: string) => `You have successfully updated picks for ${entry}`,
} as const;

/** The first option of each week's team select: the entry holds no pick that week. */
export const NO_PICK_LABEL = '- no pick -';

/**
 * GET /api/pools/{poolId}/commish/picks?entry=id&q=&page=&pageSize=: one page of the pool's entries for the
 * entrant picker (searched by username) and, for a chosen entry, its picks per week.
 */
export const EditPicksQuerySchema = pageQuerySchema(20).extend({
  entry: idSchema(EDIT_PICKS_MESSAGES.entryNotFound).optional(),
});
export type EditPicksQuery = z.output<typeof EditPicksQuerySchema>;
export interface EditPicksRequest {
  entry?: number;
  q?: string;
  page?: number;
  pageSize?: number;
}

/** One entry of the pool in the entrant select. */
export const EditPicksEntrySchema = z.object({
  id: z.number(),
  /** "username" or "username [n]". */
  label: z.string(),
  /** 1 active, 0 inactive. */
  status: z.number(),
  lives: z.number(),
});
export type EditPicksEntry = z.infer<typeof EditPicksEntrySchema>;

/**
 * One pick of an entry: a week's slot and its team (an abbreviation) or null. A week asking k picks (an NFL
 * Survivor multi-pick week) has slots 0..k-1, every other week slot 0 alone; the week's held picks fill its slots
 * in the order they were made.
 */
export const WeekSelectionSchema = z.object({
  week: z.number().int(),
  /**
   * 0 for the week's first pick. Sent only in a week of several slots: a week of one pick reads as it did
   * before multi-pick weeks (slot 0).
   */
  slot: z.number().int().min(0).optional(),
  team: z.string().nullable(),
});
export type WeekSelection = z.infer<typeof WeekSelectionSchema>;

export const EditPicksWeekSchema = WeekSelectionSchema.extend({
  /** Whether the week has locked (its picks are public). */
  locked: z.boolean(),
});

export const EditPicksResponseSchema = PageInfoSchema.extend({
  /** False for nfl-td: the tool shows EDIT_PICKS_MESSAGES.nflUnavailable. */
  available: z.boolean(),
  /**
   * One page of the entries matching the search, by username and entry number up to 10,000 matches, in
   * sign-up order past it (`total` counts them all).
   */
  entries: z.array(EditPicksEntrySchema),
  /** Every team of the game, by abbreviation. */
  teams: z.array(z.object({ abb: z.string(), name: z.string() })),
  /**
   * The chosen entry's weeks, from the pool's start week to its last deadline, one row per slot (more than the
   * week asks when the entry holds more picks, so none is hidden); null without an entry.
   */
  entry: EditPicksEntrySchema.extend({ weeks: z.array(EditPicksWeekSchema) }).nullable(),
});
export type EditPicksResponse = z.infer<typeof EditPicksResponseSchema>;

const selectionsSchema = z.array(
  z.object({
    week: z
      .number({ error: EDIT_PICKS_MESSAGES.badSelections })
      .int({ error: EDIT_PICKS_MESSAGES.badSelections }),
    /** The week's slot; left out by a client that knows one pick a week. */
    slot: z
      .number({ error: EDIT_PICKS_MESSAGES.badSelections })
      .int({ error: EDIT_PICKS_MESSAGES.badSelections })
      .min(0, { error: EDIT_PICKS_MESSAGES.badSelections })
      .default(0),
    team: z
      .string({ error: EDIT_PICKS_MESSAGES.badSelections })
      .trim()
      .toUpperCase()
      .max(10, { error: EDIT_PICKS_MESSAGES.badSelections })
      .nullable()
      .transform((team) => (team === '' ? null : team)),
  }),
  { error: EDIT_PICKS_MESSAGES.badSelections },
);

/**
 * POST /admin/updateUserPicks: a commissioner's new picks of one entry, compared and set: `oldSelections`
 * is what the tool loaded; when the entry's picks differ from it nothing changes (409). Both lists name the
 * same (week, slot) pairs, each once; a changed week's picks are set anew in slot order.
 */
export const UpdateUserPicksRequestSchema = withCodeName(
  z.object({
    user_season_id: idSchema(EDIT_PICKS_MESSAGES.entryNotFound),
    oldSelections: selectionsSchema.max(200, { error: EDIT_PICKS_MESSAGES.badSelections }),
    newSelections: selectionsSchema.max(200, { error: EDIT_PICKS_MESSAGES.badSelections }),
  }),
  'user_season_id',
  'entryId',
);
export type UpdateUserPicksRequest = z.input<typeof UpdateUserPicksRequestSchema>;
export type UpdateUserPicksBody = z.output<typeof UpdateUserPicksRequestSchema>;

export const UpdateUserPicksResponseSchema = z.object({
  message: z.string(),
  /** The weeks whose picks changed, each once. */
  changed: z.array(z.number()),
  entry: EditPicksEntrySchema.extend({ weeks: z.array(EditPicksWeekSchema) }),
});
export type UpdateUserPicksResponse = z.infer<typeof UpdateUserPicksResponseSchema>;
