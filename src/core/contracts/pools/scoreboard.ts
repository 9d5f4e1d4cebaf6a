import { z } from 'zod';
import { idSchema } from '../common';
import { PageInfoSchema, PageQuerySchema } from '../paging';
import { POOL_MESSAGES } from './sign-up';

export const SCOREBOARD_MESSAGES = {
  weekInvalid: "The week must be a whole number from 1, or 'default'.",
  weekNotInPool: (week: number) => `This pool has no Week ${week}.`,
  hidden: 'Picks will become visible once selections lock for this week.',
  empty: 'Picks will show up here once this pool contains active users.',
  playerNotFound: 'Player not found',
} as const;

const weekError = { error: SCOREBOARD_MESSAGES.weekInvalid };
const weekNumber = z.preprocess(
  (value) => (typeof value === 'string' && /^[0-9]{1,4}$/.test(value) ? Number(value) : value),
  z.number(weekError).int(weekError).min(1, weekError).max(1000, weekError),
);

/**
 * GET /api/scoreboard/{poolId}/{week}: `week` is a week number, or 'default' for the week the
 * scoreboard opens on (the live week; for a final pool the highest weeks alive among entrants).
 */
export const ScoreboardPathSchema = z.object({
  poolId: idSchema(POOL_MESSAGES.poolNotFound),
  week: z.union([z.literal('default'), weekNumber], weekError),
});
export type ScoreboardPath = z.output<typeof ScoreboardPathSchema>;

/** ?page=&pageSize=&q= of the scoreboard: a page of the counted entries, `q` finds an entry's label. */
export const ScoreboardQuerySchema = PageQuerySchema;
export type ScoreboardQuery = z.output<typeof ScoreboardQuerySchema>;

/** inactive (not started), started (live), final, postponed. */
export const GameCellStatusSchema = z.enum(['inactive', 'started', 'final', 'postponed']);
export type GameCellStatus = z.infer<typeof GameCellStatusSchema>;

/** One fact of a started game that matters for bonuses (a top scorer, a home run, runs...). */
export const BonusBoxLineSchema = z.object({ label: z.string(), value: z.string() });
export type BonusBoxLine = z.infer<typeof BonusBoxLineSchema>;

/** What the stored facts of a started game say about bonuses; `simulated` when the demo generated them. */
export const BonusBoxSchema = z.object({
  lines: z.array(BonusBoxLineSchema),
  simulated: z.boolean(),
});
export type BonusBox = z.infer<typeof BonusBoxSchema>;

/** MLB live state of a started game, when the stored facts carry it. */
export const MlbLiveStateSchema = z.object({
  inning: z.number().nullable(),
  half: z.enum(['top', 'bottom']).nullable(),
  balls: z.number().nullable(),
  strikes: z.number().nullable(),
  outs: z.number().nullable(),
});
export type MlbLiveState = z.infer<typeof MlbLiveStateSchema>;

/** MLB winning, losing and save pitchers of a final game, when the stored facts carry them. */
export const MlbPitchersSchema = z.object({
  win: z.string().nullable(),
  loss: z.string().nullable(),
  save: z.string().nullable(),
});
export type MlbPitchers = z.infer<typeof MlbPitchersSchema>;

/** One game of the picked team (nba, mlb), as the team's day cell shows it. */
export const TeamGameCellSchema = z.object({
  gid: z.string(),
  /** The game's Pacific calendar day (YYYY-MM-DD). The web's columns are the viewer's days, placed by `start`. */
  day: z.string(),
  start: z.string(),
  /** 'vs. XXX' at home, '@ XXX' away. */
  matchup: z.string(),
  status: GameCellStatusSchema,
  /** The picked team's score and the opponent's (null before the game starts). */
  team_score: z.number().nullable(),
  opp_score: z.number().nullable(),
  /** W or L for a final game. */
  result: z.enum(['W', 'L', 'T']).nullable(),
  /** Innings (mlb) or periods (nba) played so far. */
  periods: z.number().nullable(),
  live: MlbLiveStateSchema.nullable(),
  pitchers: MlbPitchersSchema.nullable(),
  /** Only for a started or final game. */
  bonus_box: BonusBoxSchema.nullable(),
});
export type TeamGameCell = z.infer<typeof TeamGameCellSchema>;

/** A weekly NFL stats line (nfl_player_week_stats). */
export const NflStatLineSchema = z.object({
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
});
export type NflStatLine = z.infer<typeof NflStatLineSchema>;

/** advancing: meets the pool's TD rules; eliminated: own game final without; pending otherwise. */
export const PlayerStatusSchema = z.enum(['advancing', 'eliminated', 'pending']);
export type PlayerStatus = z.infer<typeof PlayerStatusSchema>;

/** One picked NFL player (nfl-td). `found` is false for an id no player has ('Player not found'). */
export const PlayerCardSchema = z.object({
  player_id: z.string(),
  found: z.boolean(),
  name: z.string(),
  position: z.string().nullable(),
  team_abb: z.string(),
  headshot: z.string().nullable(),
  /** 'vs. XXX' or '@ XXX' for the week's game; null when the team has no game. */
  matchup: z.string().nullable(),
  game_status: GameCellStatusSchema.nullable(),
  kickoff: z.string().nullable(),
  stats: NflStatLineSchema.nullable(),
  status: PlayerStatusSchema,
});
export type PlayerCard = z.infer<typeof PlayerCardSchema>;

/** shown: the pick is in the answer; hidden: another entry's pick of a week not yet locked; none: no pick. */
export const PickVisibilitySchema = z.enum(['shown', 'hidden', 'none']);

/** The week's settled outcome for an entry (its judged entry week), once judged. */
export const EntryWeekResultSchema = z.object({
  result: z.string(),
  lives: z.number().nullable(),
  status: z.string().nullable(),
});

/** One counted entry on the week's scoreboard. */
export const ScoreboardEntrySchema = z.object({
  entry_id: z.number(),
  /** username, plus [n] for entry numbers above 1. */
  label: z.string(),
  mine: z.boolean(),
  lives: z.number(),
  status: z.enum(['alive', 'needs-rebuy', 'eliminated']),
  pick: PickVisibilitySchema,
  /** nba/mlb: the picked team and its games of the week (present only when `pick` is shown). */
  team: z
    .object({
      abb: z.string(),
      name: z.string(),
      by_insurance: z.boolean(),
      games: z.array(TeamGameCellSchema),
    })
    .nullable(),
  /** nfl-td: one card per picked player (empty unless `pick` is shown). */
  players: z.array(PlayerCardSchema),
  week_result: EntryWeekResultSchema.nullable(),
});
export type ScoreboardEntry = z.infer<typeof ScoreboardEntrySchema>;

/**
 * GET /api/scoreboard/{poolId}/{week}?page=&pageSize=&q=: one page of the counted entries (name order;
 * sign-up order past 10,000 matching entries; `total` counts those matching `q`) and the viewer's own
 * counted entries in `mine`, whatever the page.
 */
export const ScoreboardResponseSchema = PageInfoSchema.extend({
  game: z.string(),
  week: z.number(),
  /** The selector's bounds: the pool's start week up to the live week (every week once final). */
  first_week: z.number(),
  last_week: z.number(),
  /** The week the scoreboard opens on. */
  default_week: z.number(),
  /** Whether every entry's pick of this week may be shown (the week has locked, or the pool is final). */
  public: z.boolean(),
  settled: z.boolean(),
  final: z.boolean(),
  /** The week's days (Pacific YYYY-MM-DD); the web adds the viewer's days its games fall on (nba/mlb columns). */
  days: z.array(z.string()),
  /** nfl-td pass TD threshold (0 ignores passing TDs). */
  nfl_pass_tds: z.number(),
  /**
   * nfl: once the week has locked, how many picks each team drew (a multi-pick week counts each of an
   * entry's teams), counted in the database; null before the lock and for the other games.
   */
  pick_counts: z.record(z.string(), z.number()).nullable(),
  entries: z.array(ScoreboardEntrySchema),
  mine: z.array(ScoreboardEntrySchema),
});
export type ScoreboardResponse = z.infer<typeof ScoreboardResponseSchema>;
