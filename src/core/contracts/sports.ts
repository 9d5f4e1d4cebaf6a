import { z } from 'zod';
import { PlayableGameSchema, SeasonTypeSchema } from '../games';
import { PageInfoSchema } from './paging';

/** Path of a season: /{game}/{season}/{seasonType}. */
export const SeasonPathSchema = z.object({
  game: z.enum(PlayableGameSchema.options, { error: 'Unknown game. Use nba, mlb or nfl-td.' }),
  season: z.coerce
    .number({ error: 'The season must be a year.' })
    .int({ error: 'The season must be a year.' })
    .min(1900, { error: 'The season must be a year.' })
    .max(2100, { error: 'The season must be a year.' }),
  seasonType: z.enum(SeasonTypeSchema.options, { error: 'The season type must be reg or pre.' }),
});
export type SeasonPath = z.infer<typeof SeasonPathSchema>;

export const WeekSchema = z.coerce
  .number({ error: 'The week must be a whole number from 1.' })
  .int({ error: 'The week must be a whole number from 1.' })
  .min(1, { error: 'The week must be a whole number from 1.' })
  .max(60, { error: 'The week must be a whole number from 1.' });

export const SeasonSummarySchema = z.object({
  id: z.number(),
  game: z.string(),
  season: z.number(),
  season_type: z.string(),
  active: z.boolean(),
  final: z.boolean(),
  start: z.string(),
  end: z.string(),
  /** Not final and its end is more than 7 days away on the site's clock: pools can still be created. */
  pending: z.boolean(),
});
export type SeasonSummary = z.infer<typeof SeasonSummarySchema>;

export const SeasonParamsIndexResponseSchema = z.array(SeasonSummarySchema);

export const SeasonParamsResponseSchema = SeasonSummarySchema.extend({
  deadlines: z.array(z.string()),
  /** Per week (week 1 first), the dates it covers; the stored preseason filler is dropped. */
  dashed_date_arrays: z.array(z.array(z.string())),
  liveWeek: z.number(),
  activeGameWeek: z.number(),
});
export type SeasonParamsResponse = z.infer<typeof SeasonParamsResponseSchema>;

export const TeamDetailSchema = z.object({
  abb: z.string(),
  n: z.string(),
  c: z.string(),
  color_one: z.string(),
  color_two: z.string(),
});
export const TeamDetailsResponseSchema = z.object({
  abbs: z.array(z.string()),
  data: z.record(z.string(), TeamDetailSchema),
});
export type TeamDetailsResponse = z.infer<typeof TeamDetailsResponseSchema>;

export const GameStatusTextSchema = z.enum(['scheduled', 'in_progress', 'final', 'postponed']);

export const ScheduleGameSchema = z.object({
  gid: z.string(),
  week: z.number().nullable(),
  home: z.string(),
  away: z.string(),
  utc: z.string(),
  status: GameStatusTextSchema,
  final: z.boolean(),
  score_home: z.number().nullable(),
  score_away: z.number().nullable(),
  periods: z.number().nullable(),
  /** Present (true) when a site admin entered the result by hand: feeds leave it until returned to them. */
  manual: z.literal(true).optional(),
});
export type ScheduleGame = z.infer<typeof ScheduleGameSchema>;
export const WeekScheduleResponseSchema = z.array(ScheduleGameSchema);

/** One game in a team's week: matchup is "vs. OPP" at home or "@ OPP" away. */
export const TeamWeekGameSchema = z.object({
  matchup: z.string(),
  utc: z.string(),
  gid: z.string(),
  status: GameStatusTextSchema,
});
/** team abb -> week number -> the team's games that week. */
export const TeamSchedulesResponseSchema = z.record(
  z.string(),
  z.record(z.string(), z.array(TeamWeekGameSchema)),
);
export type TeamSchedulesResponse = z.infer<typeof TeamSchedulesResponseSchema>;

export const ActiveWeekResponseSchema = z.object({ activeGameWeek: z.number() });

/** team abb -> week -> [wins, losses] (final games only, postponed excluded) and [score for, against] per game. */
export const ResultsResponseSchema = z.object({
  records: z.record(z.string(), z.record(z.string(), z.tuple([z.number(), z.number()]))),
  scores: z.record(z.string(), z.record(z.string(), z.array(z.tuple([z.number(), z.number()])))),
});
export type ResultsResponse = z.infer<typeof ResultsResponseSchema>;

export const NflPlayerSchema = z.object({
  id: z.string(),
  name: z.string(),
  display_name: z.string(),
  short_name: z.string(),
  position: z.string(),
  team_abb: z.string(),
  depth_rank: z.number().nullable(),
  headshot: z.string().nullable(),
  /** True for a player the demo made up (name and all), to be shown as simulated. */
  simulated: z.boolean(),
});
export const NflPlayersResponseSchema = z.array(NflPlayerSchema);

export const NflWeekStatSchema = z.object({
  player_id: z.string(),
  season: z.number(),
  week: z.number(),
  pass_cmp: z.number(),
  pass_att: z.number(),
  pass_yds: z.number(),
  pass_td: z.number(),
  pass_int: z.number(),
  rush_att: z.number(),
  rush_yds: z.number(),
  rush_td: z.number(),
  rec: z.number(),
  rec_yds: z.number(),
  rec_td: z.number(),
  st_td: z.number(),
  def_td: z.number(),
  simulated: z.boolean(),
});
export const NflWeekStatsResponseSchema = z.array(NflWeekStatSchema);

const SCORE_MESSAGE = 'Scores must be whole numbers.';
const ScoreSchema = z
  .number({ error: SCORE_MESSAGE })
  .int({ error: SCORE_MESSAGE })
  .min(0, { error: 'Scores cannot be negative.' })
  .max(10_000, { error: 'Scores cannot be above 10000.' });

/** A site admin's result entry or correction. */
export const AdminResultRequestSchema = z.object({
  game: PlayableGameSchema,
  gid: z.string().trim().min(1, { error: 'The game id is required.' }),
  score_home: ScoreSchema,
  score_away: ScoreSchema,
  status: z.enum(['final', 'postponed', 'in_progress', 'scheduled']).default('final'),
  periods: z
    .number({ error: 'Periods must be a whole number from 1.' })
    .int({ error: 'Periods must be a whole number from 1.' })
    .min(1, { error: 'Periods must be a whole number from 1.' })
    .max(100, { error: 'Periods must be a whole number from 1 to 100.' })
    .nullable()
    .default(null),
});
export type AdminResultRequest = z.infer<typeof AdminResultRequestSchema>;

/** A site admin hands a game entered by hand back to the feeds (POST /admin/results/feed). */
export const ReturnToFeedRequestSchema = z.object({
  game: PlayableGameSchema,
  gid: z.string().trim().min(1, { error: 'The game id is required.' }),
});
export type ReturnToFeedRequest = z.infer<typeof ReturnToFeedRequestSchema>;

export const FeedHealthSchema = z.object({
  provider: z.string(),
  game: z.string(),
  last_fetch_at: z.string().nullable(),
  last_ok_at: z.string().nullable(),
  /** What went wrong in the last failed poll, in words, then the technical detail. */
  last_error: z.string().nullable(),
  last_error_at: z.string().nullable(),
  /**
   * Games the last successful poll left out because they cannot be true (a negative score, a club
   * playing itself, a final before its start), one sentence each; empty when it stored every game.
   */
  rejected_games: z.array(z.string()),
  /** Failed polls since the last success (0 when the last poll succeeded). */
  consecutive_failures: z.number(),
  fetches_24h: z.number(),
  failures_24h: z.number(),
});
export const FeedsHealthResponseSchema = z.array(FeedHealthSchema);

/** A pool whose settlement job fails now (site admins' Settlement jobs): what failed and when it is tried again. */
export const SettlementJobFailureSchema = z.object({
  pool_id: z.number(),
  league: z.string(),
  pool: z.string(),
  game: z.string(),
  /** The pool page's path. */
  path: z.string(),
  /** lock, settle, rejudge or crown. */
  step: z.string(),
  week: z.number().nullable(),
  /** What failed, in words ("Judging Week 3"). */
  what: z.string(),
  /** The error in words. */
  error: z.string(),
  /** retrying: the queue tries it again at next_retry_at; dead: its retries are spent (tried again later). */
  state: z.enum(['retrying', 'dead']),
  /** Failures of the job so far. */
  failures: z.number(),
  /** When the job was queued. */
  queued_at: z.string(),
  /** When it last failed. */
  failed_at: z.string().nullable(),
  /** When the queue tries it again; null once dead-lettered. */
  next_retry_at: z.string().nullable(),
});
export type SettlementJobFailure = z.infer<typeof SettlementJobFailureSchema>;
/** The settlement queue's jobs now, by state. */
export const SettlementQueueStateSchema = z.object({
  /** Pools' jobs waiting for a worker. */
  waiting: z.number(),
  /** Being run by an instance now. */
  running: z.number(),
  /** Failed, waiting for their retry. */
  retrying: z.number(),
  /** Retries spent in the last day (dead-lettered). */
  dead: z.number(),
  /** The last pool job finished, on any instance (null: none yet). */
  last_done_at: z.string().nullable(),
});
export type SettlementQueueState = z.infer<typeof SettlementQueueStateSchema>;
/** GET /admin/settlement: the queue's state, and a page of the failing pools (the paging contract), the oldest first. */
export const SettlementJobsResponseSchema = PageInfoSchema.extend({
  queue: SettlementQueueStateSchema,
  failures: z.array(SettlementJobFailureSchema),
});
export type SettlementJobsResponse = z.infer<typeof SettlementJobsResponseSchema>;
