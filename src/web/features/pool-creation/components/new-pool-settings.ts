import {
  BONUS_CADENCE_LABELS,
  type BonusOptionsMap,
  INSURANCE_OPTION_LABELS,
  listBonusOptions,
  NFL_LOCK_TIME_LABELS,
} from '../../../../core/bonus';
import { BONUS_CADENCE, INSURANCE_OPTION } from '../../../../core/bonus/options';

import type { CopiedSettings } from '../../../../core/contracts/pools';
import { hasBonusPool, type PlayableGame, picksPlayers, playsNflWeeks } from '../../../../core/games';
import { getDefaultPoolSettings, POOL_DEFAULTS, POOL_LIMITS } from '../../../../core/pool/settings';
import { listBonusOptionRows } from '../../../components/bonus-option-fields';
import {
  describeMultiPickWeeks,
  multiPickRange,
  TIE_RULE_LABELS,
  withinSeason,
} from '../../../components/pool-settings-form/nfl-survivor-rules';
import {
  type PoolSettingsFormValues,
  wholeValue,
} from '../../../components/pool-settings-form/use-pool-settings-form';
import { formatDollars } from '../../../lib/format';

/** A new pool's settings for a game, all defaults (spec 2 section 9); absent bonus options mean the game's. */
export function defaultValues(game: PlayableGame): PoolSettingsFormValues {
  const {
    custom_name: _name,
    bonus_options: _options,
    start_week: _week,
    ...defaults
  } = getDefaultPoolSettings(game);
  return { ...defaults, custom_name: '', bonus_options: undefined };
}

/**
 * An earlier pool's settings as the form's values: only what the game offers, and multi-pick weeks only
 * among the new season's `weeks`, so the copy activates as it is.
 */
export function valuesFromCopy(
  game: PlayableGame,
  copied: CopiedSettings,
  weeks: number,
): PoolSettingsFormValues {
  const isNflTd = picksPlayers(game);
  const offersBonus = hasBonusPool(game);
  const offered = offersBonus ? listBonusOptions(game).map((option) => String(option.bonus_id)) : [];
  return {
    ...defaultValues(game),
    custom_name: copied.custom_name,
    buyin: copied.buyin,
    rebuys: copied.rebuys,
    rebuy_price: copied.rebuy_price,
    max_entries: Math.max(1, copied.max_entries),
    insurance_option: isNflTd ? 0 : copied.insurance_option,
    insurance: isNflTd ? 0 : copied.insurance,
    shoot_moon: game === 'mlb' && copied.shoot_moon,
    bonus_active: offersBonus && copied.bonus_active,
    bonus_cadence:
      copied.bonus_cadence === BONUS_CADENCE.none ? BONUS_CADENCE.preseason : copied.bonus_cadence,
    bonus_shutdown: Math.max(POOL_LIMITS.minBonusShutdown, copied.bonus_shutdown),
    end_wipeout: copied.end_wipeout,
    end_crowning: copied.end_crowning,
    bonus_options: offersBonus
      ? Object.fromEntries(Object.entries(copied.bonus_options).filter(([id]) => offered.includes(id)))
      : undefined,
    ...(playsNflWeeks(game) ? { nfl_lock_time: copied.nfl_lock_time } : {}),
    ...(isNflTd
      ? {
          players_per_week: copied.players_per_week,
          max_players_per_team: Math.min(copied.players_per_week, copied.max_players_per_team),
          nfl_pass_tds: copied.nfl_pass_tds,
          lock_at_pick_start: copied.lock_at_pick_start,
        }
      : {}),
    ...(game === 'nfl'
      ? {
          tie_rule: copied.tie_rule,
          picks_per_week: withinSeason(copied.picks_per_week, weeks),
          auto_pick: copied.auto_pick,
        }
      : {}),
  };
}

/** NFL Survivor's presets at pool creation (spec 4): each fills the rules below; every field stays editable. */
export const NFL_PRESETS = [
  { key: 'classic', label: 'Classic', summary: 'Ties lose, 1 life, no auto-pick, Sunday early slate' },
  {
    key: 'ties-win',
    label: 'Ties win, each game locks at kickoff',
    summary: 'Ties win; each pick locks at its kickoff, the week at its last game',
  },
  { key: 'two-strikes', label: 'Two strikes', summary: '2 lives, the second free' },
  { key: 'double-late', label: 'Double picks late', summary: 'Classic, with 2 picks a week from week 12' },
] as const;
export type NflPreset = (typeof NFL_PRESETS)[number]['key'];

/** The first week "Double picks late" asks for two picks. */
const DOUBLE_PICKS_FROM = 12;

/**
 * The rules a preset sets: Classic's, with the preset's own difference. Money, entries, insurance and the end
 * rule stay as entered; a rebuy price matters only with rebuys, so only Two strikes sets one.
 */
function presetRules(preset: NflPreset, weeks: number): Partial<PoolSettingsFormValues> {
  const classic: Partial<PoolSettingsFormValues> = {
    tie_rule: 'loss',
    rebuys: 0,
    auto_pick: false,
    nfl_lock_time: 'early_slate',
    picks_per_week: {},
  };
  switch (preset) {
    case 'classic':
      return classic;
    case 'ties-win':
      return { ...classic, tie_rule: 'win', nfl_lock_time: 'last_game' };
    case 'two-strikes':
      return { ...classic, rebuys: 1, rebuy_price: 0 };
    case 'double-late':
      return { ...classic, picks_per_week: multiPickRange(DOUBLE_PICKS_FROM, weeks, 2) };
  }
}

/** The form's values with an NFL Survivor preset's rules, for a season of `weeks` weeks. */
export function applyNflPreset(
  values: PoolSettingsFormValues,
  preset: NflPreset,
  weeks: number,
): PoolSettingsFormValues {
  return { ...values, ...presetRules(preset, weeks) };
}

/** Whether the form's rules are a preset's (what its button shows as chosen). */
export function isNflPreset(values: PoolSettingsFormValues, preset: NflPreset, weeks: number): boolean {
  const rules = presetRules(preset, weeks);
  return (Object.keys(rules) as (keyof PoolSettingsFormValues)[]).every((key) =>
    key === 'picks_per_week'
      ? describeMultiPickWeeks(values.picks_per_week) === describeMultiPickWeeks(rules.picks_per_week ?? {})
      : values[key] === rules[key],
  );
}

/**
 * The request's settings: only those the game offers, so the server's "not offered" rules never trip on hidden
 * fields. Sent only once the form is valid, when no whole number is empty.
 */
export function toSettings(values: PoolSettingsFormValues) {
  const isNflTd = picksPlayers(values.game);
  const offersBonus = hasBonusPool(values.game);
  const survivor = values.game === 'nfl';
  const rebuys = wholeValue(values.rebuys);
  const picks = wholeValue(values.players_per_week);
  return {
    game: values.game,
    custom_name: values.custom_name.trim() || undefined,
    buyin: values.buyin,
    rebuys,
    rebuy_price: rebuys < 1 ? 0 : values.rebuy_price,
    max_entries: wholeValue(values.max_entries),
    insurance_option: isNflTd ? 0 : values.insurance_option,
    insurance: isNflTd || values.insurance_option === INSURANCE_OPTION.none ? 0 : values.insurance,
    shoot_moon: values.game === 'mlb' && values.shoot_moon,
    bonus_active: offersBonus && values.bonus_active,
    bonus_cadence: values.bonus_cadence,
    bonus_shutdown: wholeValue(values.bonus_shutdown),
    players_per_week: isNflTd ? picks : 1,
    max_players_per_team: isNflTd ? wholeValue(values.max_players_per_team) : 1,
    nfl_pass_tds: wholeValue(values.nfl_pass_tds),
    nfl_lock_time: values.nfl_lock_time,
    lock_at_pick_start: isNflTd && picks > 1 && values.lock_at_pick_start,
    bonus_options: offersBonus ? values.bonus_options : undefined,
    end_wipeout: values.end_wipeout,
    end_crowning: values.end_crowning,
    tie_rule: survivor ? values.tie_rule : POOL_DEFAULTS.tie_rule,
    picks_per_week: survivor ? values.picks_per_week : {},
    auto_pick: survivor && values.auto_pick,
  };
}

/** The bonuses a new pool will pay, with prizes, for the Review. */
function bonusSummary(game: PlayableGame, options: BonusOptionsMap): string {
  const active = listBonusOptionRows(game, options).filter((row) => row.setting.active);
  if (active.length === 0) return 'None';
  return active
    .map((row) => `${row.definition.bonus_long_name} ${formatDollars(row.setting.prize)}`)
    .join(', ');
}

/** The Review's lines of the settings a new pool is created with. */
export function reviewSettings(settings: ReturnType<typeof toSettings>): [string, string][] {
  const rows: [string, string][] = [
    ['Buy-in', formatDollars(settings.buyin)],
    ['Extra lives/rebuys', `${settings.rebuys} (${settings.rebuys + 1} lives)`],
    ['Rebuy price', formatDollars(settings.rebuy_price)],
    ['Max entries', String(settings.max_entries)],
    [
      'If everyone left loses',
      settings.end_wipeout === 'revive' ? 'They all come back with 1 life' : 'They split the prize',
    ],
    ['Champions crowned', settings.end_crowning === 'automatic' ? 'Automatically' : 'By the commissioner'],
  ];
  if (picksPlayers(settings.game)) {
    rows.push(
      ['Picks per week', String(settings.players_per_week)],
      ['Max players per team', String(settings.max_players_per_team)],
      ['Passing TDs to advance', settings.nfl_pass_tds === 0 ? 'Ignored' : String(settings.nfl_pass_tds)],
      ['Lock time', NFL_LOCK_TIME_LABELS[settings.nfl_lock_time]],
    );
    if (settings.players_per_week > 1)
      rows.push(['Lock at first pick start', settings.lock_at_pick_start ? 'Yes' : 'No']);
    return rows;
  }
  if (settings.game === 'nfl') {
    rows.push(
      ['Tie rule', TIE_RULE_LABELS[settings.tie_rule]],
      ['Multi-pick weeks', describeMultiPickWeeks(settings.picks_per_week)],
      ['Auto-pick', settings.auto_pick ? 'On' : 'Off'],
      ['Lock time', NFL_LOCK_TIME_LABELS[settings.nfl_lock_time]],
    );
  }
  rows.push([
    'Insurance',
    settings.insurance_option === INSURANCE_OPTION.none
      ? INSURANCE_OPTION_LABELS[0]
      : `${INSURANCE_OPTION_LABELS[settings.insurance_option]}, ${formatDollars(settings.insurance)}`,
  ]);
  if (settings.game === 'mlb') rows.push(['Shoot the moon', settings.shoot_moon ? 'On' : 'Off']);
  if (!hasBonusPool(settings.game)) return rows;
  rows.push([
    'Bonus pool',
    settings.bonus_active
      ? `On, ${BONUS_CADENCE_LABELS[settings.bonus_cadence]}, shuts down at ${settings.bonus_shutdown} entrants`
      : 'Off',
  ]);
  if (settings.bonus_active)
    rows.push(['Bonuses', bonusSummary(settings.game, settings.bonus_options ?? {})]);
  return rows;
}
