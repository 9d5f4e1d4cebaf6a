import { z } from 'zod';
import { BonusCadenceSchema, BonusOptionsMapSchema, InsuranceOptionSchema } from '../../bonus/options';
import { NflLockTimeSchema } from '../../calendar/locks';
import { PlayableGameSchema } from '../../games';
import { PoolSettingsSchema } from '../../pool/settings';
import { CrowningSchema, WipeoutSchema } from '../../season/end-rule';
import { TieRuleSchema } from '../../season/tie-rule';
import { idSchema } from '../common';

/** The pool-creation messages of spec 2 section 8, shown as they are. */
export const CREATION_MESSAGES = {
  adminsOnly: "Only your league's administrators can activate a pool.",
  loggedOut:
    'You must be logged in to configure pool options. Please log in or create an account to continue.',
  activateLoggedOut: 'You must be logged in to activate this pool.',
  selectLeague:
    'You must select a league to configure pool options. Please select your league from the dropdown above or create a new league.',
  noUpcoming:
    'There are no upcoming pools available to activate. Check back here as the next season draws closer.',
  leagueNotFound: 'That league does not exist.',
  seasonType: 'Season type must be reg or post.',
  season: 'Season must be a year.',
  game: 'Choose one of the games: nba, mlb, nfl-td or nfl.',
} as const;

/** "Your pool will start in Week N of the {game} season." */
export function startWeekMessage(week: number, gameName: string): string {
  return `Your pool will start in Week ${week} of the ${gameName} season.`;
}

export const SeasonTypeSchema = z.enum(['reg', 'post'], { error: CREATION_MESSAGES.seasonType });

/** POST /leagueRoutes/activatePool: the league, the season of the game and the pool's settings. */
export const ActivatePoolRequestSchema = z.object({
  league_id: idSchema(CREATION_MESSAGES.leagueNotFound),
  season: z
    .number({ error: CREATION_MESSAGES.season })
    .int(CREATION_MESSAGES.season)
    .min(1900, CREATION_MESSAGES.season)
    .max(2999, CREATION_MESSAGES.season),
  season_type: SeasonTypeSchema.default('reg'),
  settings: PoolSettingsSchema,
});
export type ActivatePoolRequest = z.input<typeof ActivatePoolRequestSchema>;

/** The new pool's address (its home is /{game}/{league_abb}/{season}/{season_type}/{pool_idx}) and its start. */
export const ActivatePoolResponseSchema = z.object({
  game: PlayableGameSchema,
  league_abb: z.string(),
  season: z.number().int(),
  season_type: z.string(),
  pool_idx: z.number().int(),
  name: z.string(),
  start_week: z.number().int(),
  message: z.string(),
});
export type ActivatePoolResponse = z.infer<typeof ActivatePoolResponseSchema>;

/** One season a pool can still be created for: the first week whose deadline is ahead. */
export const UpcomingSeasonSchema = z.object({
  game: PlayableGameSchema,
  game_name: z.string(),
  season: z.number().int(),
  season_type: SeasonTypeSchema,
  start: z.string(),
  start_week: z.number().int(),
  first_deadline: z.string(),
  weeks: z.number().int(),
});
export type UpcomingSeason = z.infer<typeof UpcomingSeasonSchema>;

/** A league the viewer runs, with how many pools it has per game, season and type (for the "#n" name). */
export const AdminLeagueSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  abb: z.string(),
  pools: z.array(
    z.object({ game: z.string(), season: z.number().int(), season_type: z.string(), count: z.number() }),
  ),
});
export type AdminLeague = z.infer<typeof AdminLeagueSchema>;

/** GET /api/poolCreation/options: the seasons open for new pools and the viewer's leagues as admin. */
export const CreationOptionsResponseSchema = z.object({
  seasons: z.array(UpcomingSeasonSchema),
  leagues: z.array(AdminLeagueSchema),
});
export type CreationOptionsResponse = z.infer<typeof CreationOptionsResponseSchema>;

/** The default name of a league's next pool of a game and season: "MLB", then "MLB #2", "MLB #3". */
export function defaultPoolName(gameName: string, existing: number): string {
  return existing > 0 ? `${gameName} #${existing + 1}` : gameName;
}

/**
 * A pool's name to start a new pool from: without the old season ("Dog Days 2023" becomes "Dog Days", "2023-24
 * Hoops" becomes "Hoops"), and empty (the new pool's default name) when only the game name and a "#n" are left.
 */
export function copyPoolName(customName: string | null, gameName: string): string {
  if (!customName) return '';
  const name = customName
    .replace(/\b(19|20)\d{2}(\s*[-/–]\s*\d{2,4})?\b/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s\-–:|,.]+|[\s\-–:|,]+$/g, '')
    .trim();
  const escaped = gameName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped}( #\\d+)?$`, 'i').test(name) ? '' : name;
}

/**
 * A pool's settings as stored (money in cents) that one pool can hand to the next: what a new pool copies, and
 * (with the pool's own game, name, weeks and switches) what the Commish's Pool Settings edits.
 */
export const StoredPoolSettingsSchema = z.object({
  buyin: z.number().int(),
  rebuys: z.number().int(),
  rebuy_price: z.number().int(),
  max_entries: z.number().int(),
  insurance_option: InsuranceOptionSchema,
  insurance: z.number().int(),
  shoot_moon: z.boolean(),
  bonus_active: z.boolean(),
  bonus_cadence: BonusCadenceSchema,
  bonus_shutdown: z.number().int(),
  bonus_options: BonusOptionsMapSchema,
  players_per_week: z.number().int(),
  max_players_per_team: z.number().int(),
  nfl_pass_tds: z.number().int(),
  nfl_lock_time: NflLockTimeSchema,
  lock_at_pick_start: z.boolean(),
  /** The end rule (spec 4, part 2). */
  end_wipeout: WipeoutSchema,
  end_crowning: CrowningSchema,
  /** NFL Survivor (spec 4, part 1); other games hold the defaults. */
  tie_rule: TieRuleSchema,
  picks_per_week: z.record(z.string(), z.number().int()),
  auto_pick: z.boolean(),
});

/** The settings a new pool copies from an earlier one; the form stays editable after. */
export const CopiedSettingsSchema = StoredPoolSettingsSchema.extend({ custom_name: z.string() });
export type CopiedSettings = z.infer<typeof CopiedSettingsSchema>;

/** One earlier pool of the league and game, newest first, to start a new pool from. */
export const PreviousPoolSchema = z.object({
  id: z.number(),
  /** As the league shows it ("MLB #2", "Dog Days 2023"). */
  name: z.string(),
  season: z.number(),
  season_type: z.string(),
  pool_idx: z.number(),
  settings: CopiedSettingsSchema,
});
export type PreviousPool = z.infer<typeof PreviousPoolSchema>;

/** GET /api/poolCreation/previousPools/{leagueId}/{game}: the league admins only. */
export const PreviousPoolsPathSchema = z.object({
  leagueId: idSchema(CREATION_MESSAGES.leagueNotFound),
  game: z.enum(PlayableGameSchema.options, { error: CREATION_MESSAGES.game }),
});
export const PreviousPoolsResponseSchema = z.object({ pools: z.array(PreviousPoolSchema) });
export type PreviousPoolsResponse = z.infer<typeof PreviousPoolsResponseSchema>;
