import { z } from 'zod';

export const ProfileLeagueSchema = z.object({
  league_id: z.number(),
  league_abb: z.string(),
  league_name: z.string(),
  logo: z.string().nullable(),
  created_at: z.string(),
});

export const ProfileRequestSchema = z.object({
  league_id: z.number(),
  league_abb: z.string(),
  league_name: z.string(),
  status: z.number(),
  created_at: z.string(),
});

export const UserSeasonSummarySchema = z.object({
  id: z.number(),
  league_season: z.number(),
  game: z.string(),
  season: z.number(),
  season_type: z.string(),
  pool_idx: z.number(),
  pool_name: z.string(),
  league_abb: z.string(),
  league_id: z.number(),
  entry_num: z.number(),
  status: z.number(),
  lives: z.number(),
  final_rank: z.number().nullable(),
  prizes: z.number(),
  final: z.boolean(),
});
export type UserSeasonSummary = z.infer<typeof UserSeasonSummarySchema>;

/** GET /user/userProfile/{username}: private parts (email, requests) only for the user themself. */
export const UserProfileResponseSchema = z.object({
  user: z.object({
    id: z.number(),
    username: z.string(),
    photo_url: z.string().nullable(),
    tagline: z.string().nullable(),
    created_at: z.string(),
    nameFirst: z.string().optional(),
    nameLast: z.string().optional(),
    email: z.string().optional(),
  }),
  leagues: z.array(ProfileLeagueSchema),
  games: z.array(z.string()),
  userSeasons: z.array(UserSeasonSummarySchema),
  lgRequests: z.array(ProfileRequestSchema),
});
export type UserProfileResponse = z.infer<typeof UserProfileResponseSchema>;

/** One event of a user's own activity feed on the profile page. */
export const UserActivityEventSchema = z.object({
  /** joined_league, requested_league (status says pending/approved/rejected), entered_pool. */
  type: z.enum(['joined_league', 'requested_league', 'entered_pool']),
  at: z.string(),
  league_id: z.number(),
  league_abb: z.string(),
  league_name: z.string(),
  /** Request status for requested_league, entry status for entered_pool, else null. */
  status: z.number().nullable(),
  pool_id: z.number().nullable(),
  pool_name: z.string().nullable(),
  /** Link target of the pool, null for league events. */
  path: z.string().nullable(),
});
export type UserActivityEvent = z.infer<typeof UserActivityEventSchema>;

/** GET /user/activity/{username}: the user themself only (401 visitor, 403 anyone else); newest first, at most 50. */
export const UserActivityResponseSchema = z.array(UserActivityEventSchema);
export type UserActivityResponse = z.infer<typeof UserActivityResponseSchema>;

/**
 * One Payments & Prizes row (amount in cents). Until the pool ledger records commissioners' payments,
 * the rows are the prizes the user won in concluded pools (type prize).
 */
export const UserTransactionSchema = z.object({
  id: z.number(),
  game: z.string(),
  season: z.number(),
  /** payment (paid by the user) or prize (paid to the user). */
  type: z.enum(['payment', 'prize']),
  amount: z.number(),
  notes: z.string().nullable(),
});
export type UserTransaction = z.infer<typeof UserTransactionSchema>;

/** GET /user/transactions/{username}: the user themself only (401 visitor, 403 anyone else); newest season first. */
export const UserTransactionsResponseSchema = z.array(UserTransactionSchema);
