import { z } from 'zod';
import { BonusOptionsMapSchema } from '../../bonus/option-setting';
import { CrowningSchema, WipeoutSchema } from '../../season/end-rule';
import { TieRuleSchema } from '../../season/tie-rule';
import { MyEntrySchema } from './picks';

export const PoolStateSchema = z.enum(['open', 'in_progress', 'concluded']);

/** A pool with its settings and counts, as the pool page reads it. Money in integer cents. */
export const PoolDetailsSchema = z.object({
  id: z.number(),
  game: z.string(),
  season: z.number(),
  season_type: z.string(),
  league_id: z.number(),
  league_abb: z.string(),
  league_name: z.string(),
  /** The platform's own global pool (league abb 'ala'). */
  is_global: z.boolean(),
  pool_idx: z.number(),
  /** Display name, e.g. "Sunday Squad NBA #2" style: the custom name, or the game name with "#n". */
  name: z.string(),
  custom_name: z.string().nullable(),
  game_name: z.string(),
  buyin: z.number(),
  rebuys: z.number(),
  /** rebuys + 1. */
  lives: z.number(),
  rebuy_price: z.number(),
  max_entries: z.number(),
  ala_pct: z.number(),
  insurance: z.number(),
  /** 0 none, 1 most popular pick, 2 random pick. */
  insurance_option: z.number(),
  shoot_moon: z.boolean(),
  bonus_active: z.boolean(),
  bonus_disabled: z.boolean(),
  bonus_cadence: z.number(),
  bonus_entry_weeks: z.array(z.number()),
  /** The bonus options in force (resolveBonusOptions): what settlement pays and How to play lists. */
  bonus_options: BonusOptionsMapSchema,
  /** Week n locks at deadlines[n-1] (ISO instants). */
  deadlines: z.array(z.string()),
  /**
   * Week n's picks lock for everyone at week_locks[n-1]: its deadline (nba, mlb), the pool's NFL lock mode over
   * the week's kickoffs (nfl, nfl-td; a week without games at its deadline's cutoff).
   */
  week_locks: z.array(z.string()),
  entry_deadline: z.string(),
  start: z.string(),
  start_week: z.number(),
  season_end: z.string().nullable(),
  /** The latest earlier season this league holds the pool of (same game, type and index); null when none. */
  previous_season: z.number().nullable(),
  final: z.boolean(),
  champions: z.array(z.string()),
  players_per_week: z.number(),
  max_players_per_team: z.number(),
  nfl_lock_time: z.string(),
  nfl_pass_tds: z.number(),
  lock_at_pick_start: z.boolean(),
  state: PoolStateSchema,
  live_week: z.number(),
  week_count: z.number(),
  /** Counted entries (status 1). */
  entrants: z.number(),
  /** Counted entries still alive. */
  alive: z.number(),
  /** Cents: round((buyin x entrants + insurance proceeds + rebuy_price x rebuys) x (1 - ala_pct)). */
  prize_pool: z.number(),
  /** The end rule (spec 4, part 2): what a wipeout does, and who crowns. */
  end_wipeout: WipeoutSchema,
  end_crowning: CrowningSchema,
  /** NFL Survivor (spec 4, part 1): the tie rule, multi-pick weeks (week -> k) and auto-pick; defaults elsewhere. */
  tie_rule: TieRuleSchema,
  picks_per_week: z.record(z.string(), z.number()),
  auto_pick: z.boolean(),
  /** The end rule's decision, once a week decided the pool (crowned, or waiting for the commissioner). */
  ended: z
    .object({
      week: z.number(),
      kind: z.string(),
      /** In words: "last survivor after week 9". */
      reason: z.string(),
      /** How many champions it names (the pool keeps the first names in `champions`). */
      champions: z.number(),
      crowned_at: z.string().nullable(),
      /** A corrected result after the crowning would have decided otherwise. */
      corrected_at: z.string().nullable(),
    })
    .nullable(),
});
export type PoolDetails = z.infer<typeof PoolDetailsSchema>;

export const PoolViewerSchema = z.object({
  signed_in: z.boolean(),
  username: z.string().nullable(),
  is_member: z.boolean(),
  is_league_admin: z.boolean(),
  /** May sign up or add an entry now. */
  can_register: z.boolean(),
  /** The viewer's own entries with all their picks. */
  entries: z.array(MyEntrySchema),
});
export type PoolViewer = z.infer<typeof PoolViewerSchema>;

/** GET /api/loadPool/{game}/{league}/{season}/{poolIdx}/{seasonType}. */
export const LoadPoolResponseSchema = z.object({ pool: PoolDetailsSchema, viewer: PoolViewerSchema });
export type LoadPoolResponse = z.infer<typeof LoadPoolResponseSchema>;
