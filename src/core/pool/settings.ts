import { z } from 'zod';
import {
  BonusCadenceSchema,
  BonusOptionsMapSchema,
  DEFAULT_BONUS_CADENCE,
  getDefaultBonusOptions,
  InsuranceOptionSchema,
  listBonusOptions,
} from '../bonus/options';
import { DEFAULT_NFL_LOCK_TIME, NflLockTimeSchema } from '../calendar/locks';
import { type PlayableGame, PlayableGameSchema } from '../games';

/** Limits of spec 2 section 5. */
export const POOL_LIMITS = {
  minMaxEntries: 1,
  minRebuys: 0,
  minPlayersPerWeek: 1,
  maxPlayersPerWeek: 5,
  minPlayersPerTeam: 1,
  minPassTds: 0,
  maxPassTds: 5,
  minBonusShutdown: 1,
} as const;

/** Defaults of spec 2 section 9 (money in cents); players per week depends on the game. */
export const POOL_DEFAULTS = {
  buyin: 5000,
  rebuys: 2,
  rebuy_price: 2500,
  max_entries: 1,
  insurance_option: 0,
  insurance: 0,
  shoot_moon: false,
  bonus_active: false,
  bonus_cadence: DEFAULT_BONUS_CADENCE,
  bonus_shutdown: 5,
  nflPlayersPerWeek: 3,
  otherPlayersPerWeek: 1,
  max_players_per_team: 1,
  nfl_pass_tds: 2,
  nfl_lock_time: DEFAULT_NFL_LOCK_TIME,
  lock_at_pick_start: true,
  start_week: 1,
} as const;

export const POOL_SETTINGS_MESSAGES = {
  maxEntries: 'Max entries must be a whole number of at least 1.',
  rebuys: 'Extra lives/rebuys must be a whole number of 0 or more.',
  money: 'Amounts must be whole cents of 0 or more.',
  playersPerWeek: 'Picks per week must be from 1 to 5.',
  playersPerWeekNotNfl: 'Only NFL TD pools pick more than one per week.',
  maxPlayersPerTeam: 'Max players per team must be at least 1 and at most the picks per week.',
  passTds: 'Passing TDs to advance must be from 0 to 5.',
  bonusShutdown: 'Bonus shutdown # must be at least 1.',
  insuranceNfl: 'Insurance is not offered for NFL TD pools.',
  bonusNfl: 'The bonus pool is not offered for NFL TD pools.',
  shootMoon: 'Shoot the moon is only offered for MLB pools.',
  bonusOption: 'This bonus option is not offered for this game.',
  startWeek: 'Start week must be a whole number of at least 1.',
  poolName: 'Pool name cannot be longer than 60 characters.',
} as const;

const m = POOL_SETTINGS_MESSAGES;
const cents = z.number({ error: m.money }).int(m.money).min(0, m.money);

const PoolSettingsFieldsSchema = z.object({
  game: PlayableGameSchema,
  custom_name: z.string().trim().max(60, m.poolName).optional(),
  buyin: cents.default(POOL_DEFAULTS.buyin),
  rebuys: z
    .number({ error: m.rebuys })
    .int(m.rebuys)
    .min(POOL_LIMITS.minRebuys, m.rebuys)
    .default(POOL_DEFAULTS.rebuys),
  rebuy_price: cents.default(POOL_DEFAULTS.rebuy_price),
  max_entries: z
    .number({ error: m.maxEntries })
    .int(m.maxEntries)
    .min(POOL_LIMITS.minMaxEntries, m.maxEntries)
    .default(POOL_DEFAULTS.max_entries),
  insurance_option: InsuranceOptionSchema.default(POOL_DEFAULTS.insurance_option),
  insurance: cents.default(POOL_DEFAULTS.insurance),
  shoot_moon: z.boolean().default(POOL_DEFAULTS.shoot_moon),
  bonus_active: z.boolean().default(POOL_DEFAULTS.bonus_active),
  bonus_cadence: BonusCadenceSchema.default(POOL_DEFAULTS.bonus_cadence),
  bonus_shutdown: z
    .number({ error: m.bonusShutdown })
    .int(m.bonusShutdown)
    .min(0, m.bonusShutdown)
    .default(POOL_DEFAULTS.bonus_shutdown),
  bonus_options: BonusOptionsMapSchema.optional(),
  players_per_week: z
    .number({ error: m.playersPerWeek })
    .int(m.playersPerWeek)
    .min(POOL_LIMITS.minPlayersPerWeek, m.playersPerWeek)
    .max(POOL_LIMITS.maxPlayersPerWeek, m.playersPerWeek)
    .optional(),
  max_players_per_team: z
    .number({ error: m.maxPlayersPerTeam })
    .int(m.maxPlayersPerTeam)
    .min(POOL_LIMITS.minPlayersPerTeam, m.maxPlayersPerTeam)
    .default(POOL_DEFAULTS.max_players_per_team),
  nfl_pass_tds: z
    .number({ error: m.passTds })
    .int(m.passTds)
    .min(POOL_LIMITS.minPassTds, m.passTds)
    .max(POOL_LIMITS.maxPassTds, m.passTds)
    .default(POOL_DEFAULTS.nfl_pass_tds),
  nfl_lock_time: NflLockTimeSchema.default(POOL_DEFAULTS.nfl_lock_time),
  lock_at_pick_start: z.boolean().default(POOL_DEFAULTS.lock_at_pick_start),
  start_week: z
    .number({ error: m.startWeek })
    .int(m.startWeek)
    .min(1, m.startWeek)
    .default(POOL_DEFAULTS.start_week),
});

/**
 * A pool's settings: spec 2 section 9 defaults filled in, section 5 ranges checked, and options a game does not
 * offer (insurance and bonus for nfl-td, shoot the moon outside mlb) rejected rather than silently dropped.
 */
export const PoolSettingsSchema = PoolSettingsFieldsSchema.transform((raw) => {
  const isNfl = raw.game === 'nfl-td';
  return {
    ...raw,
    custom_name: raw.custom_name ?? null,
    players_per_week:
      raw.players_per_week ?? (isNfl ? POOL_DEFAULTS.nflPlayersPerWeek : POOL_DEFAULTS.otherPlayersPerWeek),
    // With no rebuys allowed there is nothing to price.
    rebuy_price: raw.rebuys < 1 ? 0 : raw.rebuy_price,
    bonus_options:
      raw.bonus_options ?? (isNfl ? {} : getDefaultBonusOptions(raw.game === 'nba' ? 'nba' : 'mlb')),
  };
}).superRefine((settings, ctx) => {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  const isNfl = settings.game === 'nfl-td';
  if (!isNfl && settings.players_per_week !== 1) issue('players_per_week', m.playersPerWeekNotNfl);
  if (settings.max_players_per_team > settings.players_per_week)
    issue('max_players_per_team', m.maxPlayersPerTeam);
  if (isNfl && settings.insurance_option !== 0) issue('insurance_option', m.insuranceNfl);
  if (isNfl && settings.bonus_active) issue('bonus_active', m.bonusNfl);
  if (settings.shoot_moon && settings.game !== 'mlb') issue('shoot_moon', m.shootMoon);
  if (settings.bonus_active && settings.bonus_shutdown < POOL_LIMITS.minBonusShutdown) {
    issue('bonus_shutdown', m.bonusShutdown);
  }
  const offered = isNfl
    ? []
    : listBonusOptions(settings.game === 'nba' ? 'nba' : 'mlb').map((o) => String(o.bonus_id));
  for (const id of Object.keys(settings.bonus_options)) {
    if (!offered.includes(id))
      ctx.addIssue({ code: 'custom', path: ['bonus_options', id], message: m.bonusOption });
  }
});
export type PoolSettingsInput = z.input<typeof PoolSettingsSchema>;
export type PoolSettings = z.output<typeof PoolSettingsSchema>;

/** A new pool's settings for a game, all defaults. */
export function getDefaultPoolSettings(game: PlayableGame): PoolSettings {
  return PoolSettingsSchema.parse({ game });
}

/** Settings that may no longer change: rebuys once the pool has started, and the game itself. */
export function findLockedSettingChanges(
  current: PoolSettings,
  next: PoolSettings,
  pool: { start: Date | null; now: Date },
): Array<{ field: keyof PoolSettings; message: string }> {
  const locked: Array<{ field: keyof PoolSettings; message: string }> = [];
  if (next.game !== current.game) locked.push({ field: 'game', message: "A pool's game cannot be changed." });
  const started = pool.start !== null && pool.start.getTime() <= pool.now.getTime();
  if (started && next.rebuys !== current.rebuys) {
    locked.push({
      field: 'rebuys',
      message: 'Extra lives/rebuys cannot be changed once the pool has started.',
    });
  }
  return locked;
}

/** Keeps only digits while an integer field is typed in. */
export function sanitizeIntegerText(text: string): string {
  return text.replace(/\D/g, '');
}

/** Numeric input on blur: integer text within [min, max]; empty or non-numeric becomes min, out of range is clamped. */
export function clampNumericInput(text: string, bounds: { min: number; max?: number }): number {
  const trimmed = text.trim();
  const value = /^-?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (Number.isNaN(value) || value < bounds.min) return bounds.min;
  if (bounds.max !== undefined && value > bounds.max) return bounds.max;
  return value;
}

/** A dependent value (max players per team) lowered to a new limit (players per week) it now exceeds. */
export function lowerDependentValue(limit: number, dependent: number): number {
  return Math.min(limit, dependent);
}
