import { z } from 'zod';
import { idSchema } from '../common';

export const ODDS_MESSAGES = {
  entryNotFound: 'No entry was found matching these parameters.',
  notYourEntry: 'The Planner reads only your own entries.',
  weekRequired: 'The week must be a whole number from 1.',
  weekOutOfRange: 'This pool has no such week.',
} as const;

/** What a pool's picks are: teams (nba, mlb) or NFL players (nfl-td). */
export const OddsKindSchema = z.enum(['teams', 'players']);
export type OddsKind = z.infer<typeof OddsKindSchema>;

/** ?week= of GET /api/odds/{poolId}: the pool week asked (the live week when absent). */
export const OddsQuerySchema = z.object({
  week: z
    .preprocess(
      (value) => (typeof value === 'string' && /^[0-9]{1,4}$/.test(value) ? Number(value) : value),
      z
        .number({ error: ODDS_MESSAGES.weekRequired })
        .int({ error: ODDS_MESSAGES.weekRequired })
        .min(1, { error: ODDS_MESSAGES.weekRequired })
        .max(1000, { error: ODDS_MESSAGES.weekRequired }),
    )
    .optional(),
});
export type OddsQuery = z.output<typeof OddsQuerySchema>;
export type OddsRequest = z.input<typeof OddsQuerySchema>;

/** One team's (player's) odds for the week. */
export const OddsRowSchema = z.object({
  /** Team abbreviation, or the NFL player id. */
  pick_id: z.string(),
  team_abb: z.string(),
  name: z.string(),
  /** NFL TD: the player's position; null for a team. */
  position: z.string().nullable(),
  /** P(surviving the week with this pick): advancing, plus the moon when the pool shoots the moon. */
  survival: z.number(),
  /** P(advancing): wins >= losses (teams), a qualifying touchdown (players). */
  advance: z.number(),
  /** P(a moon: 0 wins and 6 or more losses); null where there is none (nfl-td). */
  moon: z.number().nullable(),
  /** Best survival odds in the weeks after this one; 0 when it plays in none. */
  future_value: z.number(),
  /** Games this week (teams); null for a player. */
  games: z.number().nullable(),
});
export type OddsRow = z.infer<typeof OddsRowSchema>;

/** One choice's share of a locked week's picks (counted in the database, as Pool Selections counts them). */
export const OddsPopularitySchema = z.object({
  /** The locked week counted: the week asked once it has locked, else the latest locked week before it. */
  week: z.number(),
  total: z.number(),
  rows: z.array(z.object({ pick_id: z.string(), count: z.number(), pct: z.number() })),
});
export type OddsPopularity = z.infer<typeof OddsPopularitySchema>;

/** How many players an nfl-td week lists at most: the likeliest first. */
export const ODDS_PLAYER_ROWS = 100;

/**
 * GET /api/odds/{poolId}?week=: the week's odds of every team that plays in it (nfl-td: the likeliest
 * players), computed once per pool until its results change and the same for every viewer, with the
 * popularity of a locked week (never of an open one).
 */
export const OddsResponseSchema = z.object({
  pool_id: z.number(),
  week: z.number(),
  week_count: z.number(),
  kind: OddsKindSchema,
  /** Whether the week has locked: its odds are those it locked with. */
  locked: z.boolean(),
  shoot_moon: z.boolean(),
  rows: z.array(OddsRowSchema),
  /** The players listed of those who play (nfl-td), or the teams. */
  total: z.number(),
  popularity: OddsPopularitySchema.nullable(),
});
export type OddsResponse = z.infer<typeof OddsResponseSchema>;

export const PlannerPathSchema = z.object({ entryId: idSchema(ODDS_MESSAGES.entryNotFound) });

/** One week of a plan. */
export const PlannedWeekSchema = z.object({
  week: z.number(),
  /** The pick (or picks: nfl-td with several players a week); empty when nothing unused is left. */
  picks: z.array(z.object({ pick_id: z.string(), name: z.string(), probability: z.number() })),
  /** P(surviving the week with these picks). */
  probability: z.number(),
  /** P(surviving every planned week up to this one). */
  alive: z.number(),
});
export type PlannedWeek = z.infer<typeof PlannedWeekSchema>;

export const PlanSchema = z.object({
  weeks: z.array(PlannedWeekSchema),
  /** P(surviving every remaining week). */
  survival: z.number(),
  /** Expected remaining weeks survived before the first loss. */
  expected_weeks: z.number(),
});
export type Plan = z.infer<typeof PlanSchema>;

/**
 * GET /api/planner/{entryId}: the owner's entry planned over its weeks left (the weeks not locked yet):
 * distinct teams (players) it has not used in a locked week, chosen to maximise surviving them all,
 * beside the greedy "best pick this week" path.
 */
export const PlannerResponseSchema = z.object({
  entry_id: z.number(),
  kind: OddsKindSchema,
  /** The first week planned; null when no week is left. */
  from_week: z.number().nullable(),
  /** Picks a week (nfl-td players_per_week, else 1). */
  picks_per_week: z.number(),
  /** Teams (players) already used in locked weeks, never planned again. */
  used: z.number(),
  best: PlanSchema,
  greedy: PlanSchema,
  /** Why there is nothing to plan (season over, entry out), or null. */
  notice: z.string().nullable(),
});
export type PlannerResponse = z.infer<typeof PlannerResponseSchema>;
