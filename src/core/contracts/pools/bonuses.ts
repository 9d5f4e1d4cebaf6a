import { z } from 'zod';
import { idSchema, withCodeName } from '../common';
import { PageInfoSchema, pageQuerySchema } from '../paging';
import { PoolPathPartsSchema } from './paths';
import { POOL_MESSAGES } from './sign-up';

/** Path of GET /api/bonus/events/{leagueSeasonId} and /api/bonus/mapped/{leagueSeasonId} (the pool id). */
export const BonusPoolPathSchema = withCodeName(
  z.object({ leagueSeasonId: idSchema(POOL_MESSAGES.poolNotFound) }),
  'leagueSeasonId',
  'poolId',
);
export type BonusPoolPath = z.output<typeof BonusPoolPathSchema>;

/** Path of GET /api/bonus/tallys/{game}/{season}/{seasonType}/{leagueSeasonId}; the first three must match the pool. */
export const BonusTallysPathSchema = withCodeName(
  z.object({
    game: PoolPathPartsSchema.shape.game,
    season: PoolPathPartsSchema.shape.season,
    seasonType: PoolPathPartsSchema.shape.seasonType,
    leagueSeasonId: idSchema(POOL_MESSAGES.poolNotFound),
  }),
  'leagueSeasonId',
  'poolId',
);
export type BonusTallysPath = z.output<typeof BonusTallysPathSchema>;

/** A bonus the pool paid: what happened, in which game, and the prize each winning entry received (cents). */
export const BonusEventSchema = z.object({
  id: z.number(),
  week: z.number(),
  bonus_id: z.number(),
  bonus_long_name: z.string(),
  /** The short label, e.g. '50 PTS'. */
  bonus_name: z.string(),
  team_abb: z.string(),
  player: z.string().nullable(),
  desc: z.string(),
  gid: z.string().nullable(),
  game_summary: z.string().nullable(),
  /** ISO instant of the game or week the bonus was earned in. */
  bonus_date: z.string(),
  /** Cents each winner received. */
  prize: z.number().int(),
  /** Cents paid out in all (prize x winners), charged to the week's other bonus-pool entries. */
  total: z.number().int(),
  /**
   * Winning entry ids. On the Bonuses tab's calls (events, mapped) at most BONUS_WINNERS_SHOWN of them, the
   * viewer's own first: a bonus of a huge pool can have tens of thousands of winners.
   */
  winners: z.array(z.number()),
  /** How many entries won it in all. */
  winner_count: z.number().int(),
});
export type BonusEvent = z.infer<typeof BonusEventSchema>;

/** How many winners of one bonus the Bonuses tab's calls name (the viewer's own entries always among them). */
export const BONUS_WINNERS_SHOWN = 50;

/**
 * ?page=&pageSize=&q= of /api/bonus/events and /api/bonus/mapped: a season's bonuses come a page of events at
 * a time (newest first); q searches the bonus name, team, player and description. A page size above 100
 * answers 400.
 */
export const BonusEventsQuerySchema = pageQuerySchema(50);
export type BonusEventsQuery = z.input<typeof BonusEventsQuerySchema>;

/** GET /api/bonus/events/{leagueSeasonId}: a page of the pool's bonus events, newest week first. */
export const BonusEventsResponseSchema = PageInfoSchema.extend({ events: z.array(BonusEventSchema) });
export type BonusEventsResponse = z.infer<typeof BonusEventsResponseSchema>;

/** One entry's money on one bonus event, from the ledger: + prize won, - payout charged (dollars_total). */
export const BonusLineSchema = z.object({
  entry_id: z.number(),
  username: z.string(),
  /** username, or "username [n]" for entries above 1. */
  label: z.string(),
  dollars_total: z.number().int(),
  winner: z.boolean(),
});
export type BonusLine = z.infer<typeof BonusLineSchema>;

export const MappedBonusEventSchema = BonusEventSchema.extend({
  /** Labels of the winning entries named in `winners`. */
  winner_labels: z.array(z.string()),
  /**
   * The entries the event moved money for, winners first: the named winners' prizes and the viewer's own
   * entries' prizes and charges. The charges of everyone else are not listed (a huge pool's bonus charges
   * every bonus entry of the week); the event's total is what they paid together.
   */
  lines: z.array(BonusLineSchema),
});
export type MappedBonusEvent = z.infer<typeof MappedBonusEventSchema>;

/** GET /api/bonus/mapped/{leagueSeasonId}: a page of the events with their winners' names and dollars. */
export const MappedBonusesResponseSchema = PageInfoSchema.extend({ events: z.array(MappedBonusEventSchema) });
export type MappedBonusesResponse = z.infer<typeof MappedBonusesResponseSchema>;

/** A count of bonus events and the cents they paid out. */
const TallySchema = z.object({ count: z.number(), total: z.number().int() });

/**
 * GET /api/bonus/tallys/...: the pool's bonus payouts summed per week, per game (gid) and per bonus type.
 */
export const BonusTallysResponseSchema = z.object({
  weekTotals: z.array(TallySchema.extend({ week: z.number() })),
  gameTotals: z.array(TallySchema.extend({ gid: z.string(), game_summary: z.string().nullable() })),
  gameBonusTotals: z.array(TallySchema.extend({ bonus_id: z.number(), bonus_name: z.string() })),
});
export type BonusTallysResponse = z.infer<typeof BonusTallysResponseSchema>;

/** How many places the Bonus Pool Leaderboard lists (the viewer's own entries come besides). */
export const BONUS_LEADERBOARD_TOP = 10;

/** One entry on the Bonus Pool Leaderboard: its place (ties share one) and its bonus money (cents, signed). */
export const BonusLeaderRowSchema = z.object({
  entry_id: z.number(),
  label: z.string(),
  place: z.number().int(),
  /** Won minus charged, from the ledger. */
  bonus: z.number().int(),
});
export type BonusLeaderRow = z.infer<typeof BonusLeaderRowSchema>;

/**
 * GET /api/bonus/leaderboard/{leagueSeasonId}: the entries in the bonus pool (or that have moved bonus money)
 * ranked by their bonus money: the top BONUS_LEADERBOARD_TOP, the viewer's own entries with their places,
 * and how many are ranked. Summed in SQL; a big pool's ranking is kept until its money changes.
 */
export const BonusLeaderboardResponseSchema = z.object({
  top: z.array(BonusLeaderRowSchema),
  mine: z.array(BonusLeaderRowSchema),
  ranked: z.number().int(),
});
export type BonusLeaderboardResponse = z.infer<typeof BonusLeaderboardResponseSchema>;
