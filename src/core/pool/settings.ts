import { z } from 'zod';
import {
  BonusCadenceSchema,
  type BonusOptionsMap,
  BonusOptionsMapSchema,
  DEFAULT_BONUS_CADENCE,
  getDefaultBonusOptions,
  INSURANCE_OPTION,
  InsuranceOptionSchema,
  listBonusOptions,
} from '../bonus/options';
import { DEFAULT_NFL_LOCK_TIME, NflLockTimeSchema } from '../calendar/locks';
import { hasBonusPool, type PlayableGame, PlayableGameSchema, picksPlayers } from '../games';
import { CrowningSchema, WipeoutSchema } from '../season/end-rule';
import { TieRuleSchema } from '../season/tie-rule';

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
  maxBonusShutdown: 100_000,
  maxMaxEntries: 100,
  maxRebuys: 99,
  /** $100,000 in cents: the largest buy-in, price or prize. */
  maxMoney: 10_000_000,
  maxWeeks: 60,
  /** nfl: the picks a multi-pick week may ask for. */
  minMultiPicks: 2,
  maxMultiPicks: 3,
} as const;

/** Defaults of spec 2 section 9 (money in cents); players per week depends on the game. */
export const POOL_DEFAULTS = {
  buyin: 5000,
  rebuys: 2,
  rebuy_price: 2500,
  max_entries: 1,
  insurance_option: INSURANCE_OPTION.none,
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
  end_wipeout: 'split',
  end_crowning: 'automatic',
  tie_rule: 'loss',
  auto_pick: false,
  /** NFL Survivor locks its week at Sunday's early slate (spec 4); NFL TD at the first game. */
  nflSurvivorLockTime: 'early_slate',
} as const;

export const POOL_SETTINGS_MESSAGES = {
  maxEntries: 'Max entries must be a whole number from 1 to 100.',
  rebuys: 'Extra lives/rebuys must be a whole number from 0 to 99.',
  money: 'Amounts must be whole cents from $0 to $100,000.',
  playersPerWeek: 'Picks per week must be from 1 to 5.',
  playersPerWeekNotNfl: 'Only NFL TD pools pick more than one per week.',
  maxPlayersPerTeam: 'Max players per team must be at least 1 and at most the picks per week.',
  passTds: 'Passing TDs to advance must be from 0 to 5.',
  bonusShutdown: 'Bonus shutdown # must be a whole number from 1 to 100,000.',
  insuranceNfl: 'Insurance is not offered for NFL TD pools.',
  bonusNfl: 'The bonus pool is not offered for NFL TD pools.',
  shootMoon: 'Shoot the moon is only offered for MLB pools.',
  bonusOption: 'This bonus option is not offered for this game.',
  startWeek: 'Start week must be a whole number from 1 to 60.',
  poolName: 'Pool name cannot be longer than 60 characters.',
  deadline: 'Each deadline must be a date and time.',
  deadlineOrder: 'Deadlines must stay in increasing order.',
  weekCount: "A pool's season must have from 1 to 60 weeks.",
  startWeekRange: "The start week must be one of the season's weeks.",
  endRuleLocked: "The end rule cannot be changed once the pool's first week has locked.",
  nflOnly: 'Only NFL Survivor pools have a tie rule, multi-pick weeks or auto-pick.',
  multiPicks: 'A multi-pick week asks for 2 or 3 picks.',
  multiPickWeek: "Multi-pick weeks must be weeks of the pool's season.",
  multiPicksLocked: "A week's picks asked cannot change once that week has locked.",
} as const;

const m = POOL_SETTINGS_MESSAGES;
const cents = z.number({ error: m.money }).int(m.money).min(0, m.money).max(POOL_LIMITS.maxMoney, m.money);

/** One schema per setting, without defaults: pool creation adds them, the settings tool sends every field. */
export const POOL_SETTING_FIELDS = {
  game: PlayableGameSchema,
  buyin: cents,
  rebuys: z
    .number({ error: m.rebuys })
    .int(m.rebuys)
    .min(POOL_LIMITS.minRebuys, m.rebuys)
    .max(POOL_LIMITS.maxRebuys, m.rebuys),
  rebuy_price: cents,
  max_entries: z
    .number({ error: m.maxEntries })
    .int(m.maxEntries)
    .min(POOL_LIMITS.minMaxEntries, m.maxEntries)
    .max(POOL_LIMITS.maxMaxEntries, m.maxEntries),
  insurance_option: InsuranceOptionSchema,
  insurance: cents,
  shoot_moon: z.boolean(),
  bonus_active: z.boolean(),
  bonus_cadence: BonusCadenceSchema,
  bonus_shutdown: z
    .number({ error: m.bonusShutdown })
    .int(m.bonusShutdown)
    .min(0, m.bonusShutdown)
    .max(POOL_LIMITS.maxBonusShutdown, m.bonusShutdown),
  bonus_options: BonusOptionsMapSchema,
  players_per_week: z
    .number({ error: m.playersPerWeek })
    .int(m.playersPerWeek)
    .min(POOL_LIMITS.minPlayersPerWeek, m.playersPerWeek)
    .max(POOL_LIMITS.maxPlayersPerWeek, m.playersPerWeek),
  max_players_per_team: z
    .number({ error: m.maxPlayersPerTeam })
    .int(m.maxPlayersPerTeam)
    .min(POOL_LIMITS.minPlayersPerTeam, m.maxPlayersPerTeam),
  nfl_pass_tds: z
    .number({ error: m.passTds })
    .int(m.passTds)
    .min(POOL_LIMITS.minPassTds, m.passTds)
    .max(POOL_LIMITS.maxPassTds, m.passTds),
  nfl_lock_time: NflLockTimeSchema,
  lock_at_pick_start: z.boolean(),
  /** The end rule (spec 4, part 2): a wipeout's entries split the prize or come back with 1 life. */
  end_wipeout: WipeoutSchema,
  /** Who crowns the champions the end rule names. */
  end_crowning: CrowningSchema,
  /** nfl: a tied game counts as a loss (default) or a win for the teams picked in it. */
  tie_rule: TieRuleSchema,
  /** nfl: multi-pick weeks, week number -> picks asked (2 or 3). */
  picks_per_week: z.record(
    z.string().regex(/^[1-9][0-9]*$/, m.multiPickWeek),
    z
      .number({ error: m.multiPicks })
      .int(m.multiPicks)
      .min(POOL_LIMITS.minMultiPicks, m.multiPicks)
      .max(POOL_LIMITS.maxMultiPicks, m.multiPicks),
  ),
  /** nfl: a missed pick takes the week's unused favourite(s). */
  auto_pick: z.boolean(),
  start_week: z
    .number({ error: m.startWeek })
    .int(m.startWeek)
    .min(1, m.startWeek)
    .max(POOL_LIMITS.maxWeeks, m.startWeek),
} as const;
const f = POOL_SETTING_FIELDS;

const PoolSettingsFieldsSchema = z.object({
  game: f.game,
  custom_name: z.string().trim().max(60, m.poolName).optional(),
  buyin: f.buyin.default(POOL_DEFAULTS.buyin),
  rebuys: f.rebuys.default(POOL_DEFAULTS.rebuys),
  rebuy_price: f.rebuy_price.default(POOL_DEFAULTS.rebuy_price),
  max_entries: f.max_entries.default(POOL_DEFAULTS.max_entries),
  insurance_option: f.insurance_option.default(POOL_DEFAULTS.insurance_option),
  insurance: f.insurance.default(POOL_DEFAULTS.insurance),
  shoot_moon: f.shoot_moon.default(POOL_DEFAULTS.shoot_moon),
  bonus_active: f.bonus_active.default(POOL_DEFAULTS.bonus_active),
  bonus_cadence: f.bonus_cadence.default(POOL_DEFAULTS.bonus_cadence),
  bonus_shutdown: f.bonus_shutdown.default(POOL_DEFAULTS.bonus_shutdown),
  bonus_options: f.bonus_options.optional(),
  players_per_week: f.players_per_week.optional(),
  max_players_per_team: f.max_players_per_team.default(POOL_DEFAULTS.max_players_per_team),
  nfl_pass_tds: f.nfl_pass_tds.default(POOL_DEFAULTS.nfl_pass_tds),
  nfl_lock_time: f.nfl_lock_time.optional(),
  lock_at_pick_start: f.lock_at_pick_start.default(POOL_DEFAULTS.lock_at_pick_start),
  start_week: f.start_week.default(POOL_DEFAULTS.start_week),
  end_wipeout: f.end_wipeout.default(POOL_DEFAULTS.end_wipeout),
  end_crowning: f.end_crowning.default(POOL_DEFAULTS.end_crowning),
  tie_rule: f.tie_rule.default(POOL_DEFAULTS.tie_rule),
  picks_per_week: f.picks_per_week.default({}),
  auto_pick: f.auto_pick.default(POOL_DEFAULTS.auto_pick),
});

/** The settings the game-wide rules look at. */
type RuledSettings = Pick<
  z.output<typeof PoolSettingsFieldsSchema>,
  | 'game'
  | 'players_per_week'
  | 'max_players_per_team'
  | 'insurance_option'
  | 'bonus_active'
  | 'shoot_moon'
  | 'bonus_shutdown'
  | 'tie_rule'
  | 'picks_per_week'
  | 'auto_pick'
> & { players_per_week: number; bonus_options: BonusOptionsMap };

/**
 * The rules across settings, shared by pool creation and the settings tool: one pick a week outside nfl-td,
 * max per team within picks per week, options a game does not offer (insurance and bonus for nfl-td, the bonus
 * for nfl, shoot the moon outside mlb, the tie rule, multi-pick weeks and auto-pick outside nfl) rejected rather
 * than silently dropped, a running bonus pool's shutdown number at least 1.
 */
export function checkPoolSettingsRules(
  settings: RuledSettings,
  issue: (path: Array<string>, message: string) => void,
): void {
  const isNfl = picksPlayers(settings.game);
  const noBonus = !hasBonusPool(settings.game);
  if (!isNfl && settings.players_per_week !== 1) issue(['players_per_week'], m.playersPerWeekNotNfl);
  if (settings.max_players_per_team > settings.players_per_week)
    issue(['max_players_per_team'], m.maxPlayersPerTeam);
  if (isNfl && settings.insurance_option !== INSURANCE_OPTION.none)
    issue(['insurance_option'], m.insuranceNfl);
  if (noBonus && settings.bonus_active) issue(['bonus_active'], m.bonusNfl);
  if (settings.game !== 'nfl') {
    if (settings.tie_rule !== POOL_DEFAULTS.tie_rule) issue(['tie_rule'], m.nflOnly);
    if (Object.keys(settings.picks_per_week).length > 0) issue(['picks_per_week'], m.nflOnly);
    if (settings.auto_pick) issue(['auto_pick'], m.nflOnly);
  }
  if (settings.shoot_moon && settings.game !== 'mlb') issue(['shoot_moon'], m.shootMoon);
  if (settings.bonus_active && settings.bonus_shutdown < POOL_LIMITS.minBonusShutdown) {
    issue(['bonus_shutdown'], m.bonusShutdown);
  }
  const offered = noBonus
    ? []
    : listBonusOptions(settings.game === 'nba' ? 'nba' : 'mlb').map((o) => String(o.bonus_id));
  for (const [id, option] of Object.entries(settings.bonus_options)) {
    if (!offered.includes(id)) issue(['bonus_options', id], m.bonusOption);
    else if (option.prize > POOL_LIMITS.maxMoney) issue(['bonus_options', id], m.money);
  }
}

/**
 * A pool's settings: spec 2 section 9 defaults filled in, section 5 ranges checked, and the rules across
 * settings (checkPoolSettingsRules).
 */
export const PoolSettingsSchema = PoolSettingsFieldsSchema.transform((raw) => {
  const isNfl = picksPlayers(raw.game);
  return {
    ...raw,
    custom_name: raw.custom_name ?? null,
    players_per_week:
      raw.players_per_week ?? (isNfl ? POOL_DEFAULTS.nflPlayersPerWeek : POOL_DEFAULTS.otherPlayersPerWeek),
    nfl_lock_time:
      raw.nfl_lock_time ??
      (raw.game === 'nfl' ? POOL_DEFAULTS.nflSurvivorLockTime : POOL_DEFAULTS.nfl_lock_time),
    // With no rebuys allowed there is nothing to price.
    rebuy_price: raw.rebuys < 1 ? 0 : raw.rebuy_price,
    bonus_options:
      raw.bonus_options ??
      (hasBonusPool(raw.game) ? getDefaultBonusOptions(raw.game === 'nba' ? 'nba' : 'mlb') : {}),
  };
}).superRefine((settings, ctx) => {
  checkPoolSettingsRules(settings, (path, message) => ctx.addIssue({ code: 'custom', path, message }));
});
/**
 * Every setting as the Commish tools' Pool Settings edits it (no defaults: the form sends them all), with
 * the manual bonus shutdown and the week deadlines. Ranges and the rules across settings are the ones pool
 * creation uses; whether a change is still allowed (started pool, locked weeks) is the server's to decide.
 */
export const PoolSettingsEditSchema = z
  .object({
    game: f.game,
    custom_name: z
      .string()
      .trim()
      .max(60, m.poolName)
      .nullable()
      .transform((name) => name || null),
    buyin: f.buyin,
    rebuys: f.rebuys,
    rebuy_price: f.rebuy_price,
    max_entries: f.max_entries,
    insurance_option: f.insurance_option,
    insurance: f.insurance,
    shoot_moon: f.shoot_moon,
    bonus_active: f.bonus_active,
    bonus_disabled: z.boolean(),
    bonus_cadence: f.bonus_cadence,
    bonus_shutdown: f.bonus_shutdown,
    bonus_options: f.bonus_options,
    players_per_week: f.players_per_week,
    max_players_per_team: f.max_players_per_team,
    nfl_pass_tds: f.nfl_pass_tds,
    nfl_lock_time: f.nfl_lock_time,
    lock_at_pick_start: f.lock_at_pick_start,
    start_week: f.start_week,
    /** Absent: the pool's end rule stays as it is. */
    end_wipeout: f.end_wipeout.optional(),
    end_crowning: f.end_crowning.optional(),
    /** Absent: the pool's NFL Survivor rules stay as they are. */
    tie_rule: f.tie_rule.optional(),
    picks_per_week: f.picks_per_week.optional(),
    auto_pick: f.auto_pick.optional(),
    /** Week n locks at deadlines[n-1]: ISO instants. */
    deadlines: z
      .array(z.iso.datetime({ offset: true, error: m.deadline }))
      .min(1, m.weekCount)
      .max(POOL_LIMITS.maxWeeks, m.weekCount),
  })
  .superRefine((settings, ctx) => {
    const issue = (path: Array<string | number>, message: string) =>
      ctx.addIssue({ code: 'custom', path, message });
    checkPoolSettingsRules(
      {
        ...settings,
        tie_rule: settings.tie_rule ?? POOL_DEFAULTS.tie_rule,
        picks_per_week: settings.picks_per_week ?? {},
        auto_pick: settings.auto_pick ?? false,
      },
      issue,
    );
    if (settings.start_week > settings.deadlines.length) issue(['start_week'], m.startWeekRange);
    for (const week of Object.keys(settings.picks_per_week ?? {})) {
      if (Number(week) > settings.deadlines.length) issue(['picks_per_week', week], m.multiPickWeek);
    }
    const times = settings.deadlines.map((deadline) => new Date(deadline).getTime());
    for (let i = 1; i < times.length; i++) {
      if (times[i] <= times[i - 1]) {
        issue(['deadlines', i], m.deadlineOrder);
        break;
      }
    }
  });
export type PoolSettingsEditInput = z.input<typeof PoolSettingsEditSchema>;
export type PoolSettingsEdit = z.output<typeof PoolSettingsEditSchema>;

export type PoolSettingsInput = z.input<typeof PoolSettingsSchema>;
export type PoolSettings = z.output<typeof PoolSettingsSchema>;

/** A new pool's settings for a game, all defaults. */
export function getDefaultPoolSettings(game: PlayableGame): PoolSettings {
  return PoolSettingsSchema.parse({ game });
}

/** Settings that may no longer change: the game; rebuys and the end rule once the pool has started. */
export function findLockedSettingChanges(
  current: Pick<PoolSettings, 'game' | 'rebuys' | 'end_wipeout' | 'end_crowning'>,
  next: Pick<PoolSettings, 'game' | 'rebuys'> & Partial<Pick<PoolSettings, 'end_wipeout' | 'end_crowning'>>,
  pool: { start: Date | null; now: Date },
): Array<{ field: LockedSetting; message: string }> {
  const locked: Array<{ field: LockedSetting; message: string }> = [];
  if (next.game !== current.game) locked.push({ field: 'game', message: "A pool's game cannot be changed." });
  // The pool starts when its first week locks: from then on everyone has played by these rules.
  const started = pool.start !== null && pool.start.getTime() <= pool.now.getTime();
  if (started && next.rebuys !== current.rebuys) {
    locked.push({
      field: 'rebuys',
      message: 'Extra lives/rebuys cannot be changed once the pool has started.',
    });
  }
  for (const field of ['end_wipeout', 'end_crowning'] as const) {
    if (started && next[field] !== undefined && next[field] !== current[field]) {
      locked.push({ field, message: POOL_SETTINGS_MESSAGES.endRuleLocked });
    }
  }
  return locked;
}

type LockedSetting = 'game' | 'rebuys' | 'end_wipeout' | 'end_crowning';

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
