import { z } from 'zod';
import { idSchema } from '../common';

export const ENTRY_ACTION_MESSAGES = {
  entryNotFound: 'No entry was found matching these parameters.',
  notYourEntry: 'You can only manage your own entries.',
  boolRequired: 'Say true (on) or false (off).',
  costRequired: 'The insurance cost must be a whole number of cents.',
  concluded: 'This pool has concluded.',
  inactive: 'This entry is inactive; ask the commissioner to reactivate it.',
  eliminated: 'This entry has been eliminated.',
  noRebuyNeeded: 'This entry does not need a rebuy.',
  noRebuysLeft: 'This entry has used every rebuy the pool allows.',
  noWeekLeft: 'The season has no week left to rebuy for.',
  rebuyClosed: (week: number) => `The rebuy window closed when Week ${week} locked.`,
  rebought: 'You have successfully rebought and can now continue making picks.',
  noInsurance: 'This pool does not offer pick insurance.',
  alreadyInsured: 'Your picks are already insured.',
  wrongCost: (price: string) => `The insurance price is ${price}; reload the page and try again.`,
  insured: (week: number) => `Your picks are insured from Week ${week} for the rest of the season.`,
  noBonusForNfl: 'The bonus pool is not offered for NFL games.',
  bonusOn: (week: number) => `You join the bonus pool from Week ${week}.`,
  bonusOff: (week: number) => `You leave the bonus pool from Week ${week}.`,
  autoRebuyOn: (week: number) => `Auto-rebuy is on from Week ${week}.`,
  autoRebuyOff: (week: number) => `Auto-rebuy is off from Week ${week}.`,
} as const;

/** Feed event type of a rebuy (spec types 1 to 31; sign-up 1 and insurance 2 are in FEED_EVENT_TYPES). */
export const REBUY_FEED_TYPE = 3;
/** Feed event types of the owner's bonus-pool and auto-rebuy switches. */
export const BONUS_SWITCH_FEED_TYPE = 4;
export const AUTO_REBUY_SWITCH_FEED_TYPE = 5;
/**
 * Events of an entrant's own settings (spec: user_feed_only): their Your Activity shows them, the pool's
 * news does not, so other members never learn who rebuys automatically.
 */
export const USER_FEED_ONLY_TYPES: readonly number[] = [BONUS_SWITCH_FEED_TYPE, AUTO_REBUY_SWITCH_FEED_TYPE];

const userSeason = idSchema(ENTRY_ACTION_MESSAGES.entryNotFound);
const toggleValue = z.boolean({ error: ENTRY_ACTION_MESSAGES.boolRequired });

/**
 * POST /user/rebuy. The spec's game, season and alias are accepted and ignored: the server reads the
 * pool from the entry.
 */
export const RebuyRequestSchema = z.object({ userSeason }).loose();
export type RebuyRequest = z.input<typeof RebuyRequestSchema>;
export type RebuyBody = z.output<typeof RebuyRequestSchema>;

export const RebuyResponseSchema = z.object({
  league_id: z.number(),
  league_season: z.number(),
  message: z.string(),
  rebuys_made: z.number(),
  /** The week whose lock closed the window (the entry plays it now). */
  week: z.number(),
  /** Cents charged. */
  charged: z.number(),
});
export type RebuyResponse = z.infer<typeof RebuyResponseSchema>;

/**
 * POST /user/toggleRebuys and /user/toggleBonus: `bool` is the new value. The client's effWeek is
 * ignored: the change always takes effect at the server's live week + 1.
 */
export const ToggleRequestSchema = z.object({ bool: toggleValue, userSeason }).loose();
export type ToggleRequest = z.input<typeof ToggleRequestSchema>;
export type ToggleBody = z.output<typeof ToggleRequestSchema>;

export const ToggleResponseSchema = z.object({
  league_id: z.number(),
  league_season: z.number(),
  message: z.string(),
  value: z.boolean(),
  effective_week: z.number(),
});
export type ToggleResponse = z.infer<typeof ToggleResponseSchema>;

/** POST /user/buyInsurance: `cost` (cents) must equal the pool's price; eff_week is ignored. */
export const BuyInsuranceRequestSchema = z
  .object({
    userSeason,
    cost: z
      .number({ error: ENTRY_ACTION_MESSAGES.costRequired })
      .int({ error: ENTRY_ACTION_MESSAGES.costRequired })
      .min(0, { error: ENTRY_ACTION_MESSAGES.costRequired })
      .max(100_000_000, { error: ENTRY_ACTION_MESSAGES.costRequired }),
  })
  .loose();
export type BuyInsuranceRequest = z.input<typeof BuyInsuranceRequestSchema>;
export type BuyInsuranceBody = z.output<typeof BuyInsuranceRequestSchema>;

export const BuyInsuranceResponseSchema = z.object({
  league_id: z.number(),
  league_season: z.number(),
  game: z.string(),
  season: z.number(),
  league_abb: z.string(),
  pool_idx: z.number(),
  season_type: z.string(),
  message: z.string(),
  /** The first week the insurance covers: bought after a week's deadline, the week after it. */
  effective_week: z.number(),
});
export type BuyInsuranceResponse = z.infer<typeof BuyInsuranceResponseSchema>;

/** Path of GET /api/entryActions/{entryId}. */
export const EntryActionsPathSchema = z.object({ entryId: userSeason });

/** One switch (bonus pool or auto-rebuy): its value now and next week, and whether the owner may flip it. */
export const EntrySwitchSchema = z.object({
  /** Whether the pool offers it at all (bonus: nba/mlb with an active bonus pool; auto-rebuy: rebuys > 0). */
  offered: z.boolean(),
  /** In force for the live week. */
  now: z.boolean(),
  /** In force from the next week (live week + 1), pending changes included. */
  next: z.boolean(),
  /** The week a change made now takes effect. */
  effective_week: z.number(),
  can_toggle: z.boolean(),
  /** Why it cannot be flipped now; null when it can. */
  reason: z.string().nullable(),
});
export type EntrySwitch = z.infer<typeof EntrySwitchSchema>;

/** What the Manage Your Entry card needs for one of the viewer's own entries. */
export const EntryActionsResponseSchema = z.object({
  entry_id: z.number(),
  live_week: z.number(),
  bonus: EntrySwitchSchema.extend({
    /** Anytime, Monthly, Preseason (or n/a). */
    cadence_label: z.string(),
  }),
  auto_rebuy: EntrySwitchSchema,
  insurance: z.object({
    offered: z.boolean(),
    /** Cents. */
    price: z.number(),
    purchased: z.boolean(),
    /** The first week it covers: when bought, from its purchase; otherwise if bought now. */
    effective_week: z.number(),
    can_buy: z.boolean(),
    reason: z.string().nullable(),
  }),
  rebuy: z.object({
    needed: z.boolean(),
    /** Cents. */
    price: z.number(),
    /** The week whose lock closes the window; null when no rebuy is owed. */
    week: z.number().nullable(),
    /** ISO instant of that lock; null when unknown. */
    deadline: z.string().nullable(),
    can_rebuy: z.boolean(),
    reason: z.string().nullable(),
  }),
});
export type EntryActionsResponse = z.infer<typeof EntryActionsResponseSchema>;
