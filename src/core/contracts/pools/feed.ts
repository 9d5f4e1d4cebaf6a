import { z } from 'zod';
import { idSchema, withCodeName } from '../common';
import { POOL_MESSAGES } from './sign-up';

/** Feed filters: the pool's news, the viewer's own activity, bonus news, or all of them. */
export const FeedFilterSchema = z.enum(['all', 'pool', 'mine', 'bonus'], {
  error: "The feed filter must be 'all', 'pool', 'mine' or 'bonus'.",
});
export type FeedFilter = z.infer<typeof FeedFilterSchema>;

/** Path of GET /api/feed/{leagueId}/{leagueSeasonId}/{x}. */
export const FeedPathSchema = withCodeName(
  z.object({
    leagueId: idSchema(POOL_MESSAGES.poolNotFound),
    leagueSeasonId: idSchema(POOL_MESSAGES.poolNotFound),
    x: FeedFilterSchema,
  }),
  'leagueSeasonId',
  'poolId',
);
export type FeedPath = z.output<typeof FeedPathSchema>;

/** Feed event types (spec: 1 to 31); the ones the pool writes today. */
export const FEED_EVENT_TYPES = {
  signUp: 1,
  insurance: 2,
  bonusPrize: 7,
  /** What a judged week did to an entry (read from the judged week, never stored as events). */
  eliminated: 13,
  needsRebuy: 14,
  moon: 15,
  alert: 17,
} as const;

export const FeedEventSchema = z.object({
  id: z.number(),
  type: z.number(),
  username: z.string().nullable(),
  desc: z.string(),
  summary: z.string(),
  submitted_at: z.string(),
  link: z.string().nullable(),
});
export type FeedEvent = z.infer<typeof FeedEventSchema>;

/** The pool's news so far, newest first; never a pick of a week that has not locked. */
export const FeedResponseSchema = z.object({ events: z.array(FeedEventSchema) });
export type FeedResponse = z.infer<typeof FeedResponseSchema>;

/** GET /api/bonus/options/{game}. */
export const BonusOptionsPathSchema = z.object({
  game: z.enum(['nba', 'mlb', 'nfl-td', 'world-cup'], { error: 'Unknown game. Use nba, mlb or nfl-td.' }),
});
export const BonusOptionRowSchema = z.object({
  bonus_id: z.number(),
  bonus_name: z.string(),
  bonus_long_name: z.string(),
  /** Default prize in cents. */
  prize: z.number(),
  active: z.boolean(),
});
export const BonusOptionsResponseSchema = z.object({ options: z.array(BonusOptionRowSchema) });
export type BonusOptionsResponse = z.infer<typeof BonusOptionsResponseSchema>;

/** Commissioner post types: 17 an alert (the default), 7 bonus-related. */
export const COMMISH_POST_TYPES = [FEED_EVENT_TYPES.alert, FEED_EVENT_TYPES.bonusPrize] as const;

/** One commissioner post: a headline (summary), a body (post) and an optional link. */
export const CommishPostSchema = z.object({
  id: z.number(),
  type: z.number(),
  username: z.string(),
  summary: z.string(),
  post: z.string(),
  link: z.string().nullable(),
  submitted_at: z.string(),
});
export type CommishPost = z.infer<typeof CommishPostSchema>;

/** GET /admin/commishPosts/{poolId}: the commissioners' posts, newest first. */
export const CommishPostsResponseSchema = z.object({ posts: z.array(CommishPostSchema) });
export type CommishPostsResponse = z.infer<typeof CommishPostsResponseSchema>;
