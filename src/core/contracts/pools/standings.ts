import { z } from 'zod';
import { TeamGameCellSchema } from './scoreboard';

export const STANDINGS_PAGE_SIZE = 50;

export const STANDINGS_MESSAGES = {
  view: 'The view must be one of week, day, all, team, bonus, quickview, standings, qualifiers or positions.',
  sort: 'The sort must be lives, username or bonus.',
  page: 'The page must be a whole number from 1.',
  week: 'The week must be a whole number from 1.',
  nflView: 'NFL TD standings have the qualifiers and positions views.',
  teamView: 'The qualifiers and positions views are for NFL TD pools.',
} as const;

/**
 * The Standings views. NBA/MLB: week (one week's picks and results, default), day (one week's picks
 * with the picked team's game on each day of that week), all (every week), team
 * (which week each team was used), bonus (bonus-pool entries and their $), quickview (lives and status
 * only), standings (by lives, then weeks alive). NFL TD: qualifiers (each week's picks and whether the
 * entry advanced, default) and positions (picks per position).
 */
export const StandingsViewSchema = z.enum(
  ['week', 'day', 'all', 'team', 'bonus', 'quickview', 'standings', 'qualifiers', 'positions'],
  { error: STANDINGS_MESSAGES.view },
);
export type StandingsView = z.infer<typeof StandingsViewSchema>;

export const StandingsSortSchema = z.enum(['lives', 'username', 'bonus'], { error: STANDINGS_MESSAGES.sort });
export type StandingsSort = z.infer<typeof StandingsSortSchema>;

/** Digits in a query string become a number; anything else is refused with the message. */
function wholeFromOne(message: string) {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^[0-9]{1,6}$/.test(value) ? Number(value) : value),
    z.number({ error: message }).int({ error: message }).min(1, { error: message }),
  );
}

/**
 * GET /api/standings/{poolId}?view=&sort=&page=&week= (week: the week or day view's week, default the
 * latest public one).
 */
export const StandingsRequestSchema = z.object({
  view: StandingsViewSchema.optional(),
  sort: StandingsSortSchema.default('lives'),
  page: wholeFromOne(STANDINGS_MESSAGES.page).default(1),
  week: wholeFromOne(STANDINGS_MESSAGES.week).optional(),
});
export type StandingsRequest = z.input<typeof StandingsRequestSchema>;
export type StandingsQuery = z.output<typeof StandingsRequestSchema>;

/** The pool's stat tiles; money in cents. */
export const StandingsTilesSchema = z.object({
  entrants: z.number(),
  alive: z.number(),
  in_bonus: z.number(),
  rebuys: z.number(),
  prize_pool: z.number(),
  /** Sum of the positive bonus ledger rows. */
  bonuses_earned: z.number(),
});
export type StandingsTiles = z.infer<typeof StandingsTilesSchema>;

export const StandingsStatusSchema = z.enum(['alive', 'needs-rebuy', 'eliminated', 'champion']);
export type StandingsStatus = z.infer<typeof StandingsStatusSchema>;

/** A settled week's result (its judged entry week's result), null while the week is not judged. */
export const WeekResultSchema = z.enum(['advance', 'loss', 'moon', 'no-pick', 'no-rebuy']);
export type WeekResult = z.infer<typeof WeekResultSchema>;

/** One pick shown in the standings: a team, or an NFL player with their position. */
export const StandingsPickSchema = z.object({
  pick_id: z.string(),
  team_abb: z.string(),
  name: z.string(),
  /** NFL TD only: QB, RB, WR, TE (null otherwise). */
  position: z.string().nullable(),
  by_insurance: z.boolean(),
});
export type StandingsPick = z.infer<typeof StandingsPickSchema>;

/** One entry's week: its picks (only for public weeks, or the viewer's own entry) and its result. */
export const StandingsCellSchema = z.object({
  week: z.number(),
  picks: z.array(StandingsPickSchema),
  result: WeekResultSchema.nullable(),
});
export type StandingsCell = z.infer<typeof StandingsCellSchema>;

export const StandingsRowSchema = z.object({
  entry_id: z.number(),
  /** "username", or "username [n]" for entries above 1. */
  label: z.string(),
  username: z.string(),
  mine: z.boolean(),
  lives: z.number(),
  status: StandingsStatusSchema,
  weeks_alive: z.number(),
  rebuys: z.number(),
  /** Sum of the entry's bonus ledger rows, cents. */
  bonus: z.number(),
  in_bonus: z.boolean(),
  /** One cell per shown week (see `weeks`); empty in the quickview, standings and bonus views. */
  cells: z.array(StandingsCellSchema),
  /**
   * Day view only: the picked team's games of the week, each with its day (see `days`); empty while the
   * pick is hidden or missing.
   */
  games: z.array(TeamGameCellSchema).optional(),
});
export type StandingsRow = z.infer<typeof StandingsRowSchema>;

/** GET /api/standings/{poolId}: the tiles and one page of counted entries. */
export const StandingsResponseSchema = z.object({
  view: StandingsViewSchema,
  sort: StandingsSortSchema,
  page: z.number(),
  page_size: z.number(),
  /** Rows in this view over all pages. */
  total: z.number(),
  /** The weeks whose columns the view shows, in order. */
  weeks: z.array(z.number()),
  /** The weeks whose picks are public now (others' picks are sent only for these). */
  public_weeks: z.array(z.number()),
  /** Day view only: the Pacific days (YYYY-MM-DD) of the shown week on which games are scheduled. */
  days: z.array(z.string()).optional(),
  tiles: StandingsTilesSchema,
  rows: z.array(StandingsRowSchema),
});
export type StandingsResponse = z.infer<typeof StandingsResponseSchema>;

/** GET /api/poolHealth/{poolId}: per settled week, counted entries alive after it by lives ('1x Lives', ...). */
export const PoolHealthResponseSchema = z.object({
  /** The series keys, '1x Lives' up to the most lives any entry held (at least the pool's lives). */
  keys: z.array(z.string()),
  weeks: z.array(z.object({ week: z.number() }).catchall(z.number())),
});
export type PoolHealthResponse = z.infer<typeof PoolHealthResponseSchema>;

/** The chart key of a number of lives. */
export function livesKey(lives: number): string {
  return `${lives}x Lives`;
}
