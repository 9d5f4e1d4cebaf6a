import { z } from 'zod';
import { PlayableGameSchema } from '../../games';
import { PoolSettingsEditSchema } from '../../pool/settings';
import { idSchema, withCodeName } from '../common';
import { StoredPoolSettingsSchema } from './creation';

/** The API of the Commish tools' Pool Settings. Range and cross-setting messages are POOL_SETTINGS_MESSAGES. */
export const SETTINGS_MESSAGES = {
  poolId: 'That pool does not exist.',
  game: "A pool's game cannot be changed.",
  rebuysLocked: 'Extra lives/rebuys cannot be changed once the pool has started.',
  playersPerWeekLocked: 'Picks per week cannot be changed for NFL TD pools.',
  final: 'This pool has concluded: its settings can no longer change.',
  weekCount: "The number of weeks cannot change: they are the season's.",
  startWeekLocked: 'The start week cannot change once the pool has started.',
  startWeekAhead: (first: number) =>
    `The start week must be a week that has not locked yet (Week ${first} or later).`,
  noWeekAhead: 'Every week of this season has locked: the start week cannot change.',
  deadlineLocked: (week: number) => `Week ${week} has locked: its deadline cannot move.`,
  deadlinePast: (week: number) => `Week ${week}'s deadline must be in the future.`,
  nflRulesLocked: "The tie rule and auto-pick cannot change once the pool's first week has locked.",
  multiPicksLocked: (week: number) => `Week ${week} has locked: the picks it asks cannot change.`,
  nflLockTime: (week: number) =>
    `The NFL lock time cannot change now: it would lock or unlock Week ${week}. Change it between weeks.`,
  // Toasts of spec 2 section 8.
  savedTitle: 'Settings updated successfully',
  savedText: 'Your Pool settings have been updated successfully.',
  failedTitle: 'Error updating settings',
  failedText: 'There was an error updating your pool settings. Please try again or contact ALA support.',
} as const;

/** Every editable setting as stored (money in cents); the form sends it back changed. */
export const PoolSettingsValuesSchema = StoredPoolSettingsSchema.extend({
  game: PlayableGameSchema,
  custom_name: z.string().nullable(),
  /** The commissioner shut the bonus pool down by hand. */
  bonus_disabled: z.boolean(),
  start_week: z.number().int(),
  /** Week n locks at deadlines[n-1] (ISO instants). */
  deadlines: z.array(z.string()),
});
export type PoolSettingsValues = z.infer<typeof PoolSettingsValuesSchema>;

/** GET /admin/poolSettings/{poolId} and the answer of a save: the settings and what the form must know. */
export const PoolSettingsViewSchema = z.object({
  pool_id: z.number(),
  game: PlayableGameSchema,
  game_name: z.string(),
  season: z.number(),
  season_type: z.string(),
  /** The name shown when custom_name is empty ("MLB", "MLB #2"). */
  default_name: z.string(),
  settings: PoolSettingsValuesSchema,
  /** The pool's start is in the past: Extra Lives/Rebuys and the start week are locked. */
  started: z.boolean(),
  /** ISO instant of the pool's start (its start week's deadline). */
  start: z.string(),
  final: z.boolean(),
  /** Counted entries (status 1). */
  entrants: z.number(),
  /** Every entry, counted or not: what a retroactive buy-in change charges. */
  entries: z.number(),
  live_week: z.number(),
  week_count: z.number(),
  /** Weeks that have locked: their deadlines cannot move. */
  locked_weeks: z.array(z.number()),
});
export type PoolSettingsView = z.infer<typeof PoolSettingsViewSchema>;

export const PoolSettingsPathSchema = z.object({ poolId: idSchema(SETTINGS_MESSAGES.poolId) });

/**
 * POST /admin/updatePoolSettings: every setting of the pool (leagueSeasonId is the pool's id). With `retroactive`,
 * a buy-in change charges (or refunds) every existing entry the difference; without it only new entries pay it.
 */
export const UpdatePoolSettingsRequestSchema = withCodeName(
  z.object({
    leagueSeasonId: idSchema(SETTINGS_MESSAGES.poolId),
    poolSettings: PoolSettingsEditSchema,
    retroactive: z.boolean().default(false),
  }),
  'leagueSeasonId',
  'poolId',
);
export type UpdatePoolSettingsRequest = z.input<typeof UpdatePoolSettingsRequestSchema>;
