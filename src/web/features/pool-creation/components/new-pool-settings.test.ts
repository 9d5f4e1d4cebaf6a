import { schemaResolver } from '@mantine/form';
import { describe, expect, it } from 'vitest';
import { getDefaultBonusOptions } from '../../../../core/bonus';
import {
  getDefaultPoolSettings,
  POOL_SETTINGS_MESSAGES,
  PoolSettingsSchema,
} from '../../../../core/pool/settings';
import type { PoolSettingsFormValues } from '../../../components/pool-settings-form/use-pool-settings-form';
import {
  applyNflPreset,
  defaultValues,
  isNflPreset,
  NFL_PRESETS,
  reviewSettings,
  toSettings,
  valuesFromCopy,
} from './new-pool-settings';

// The form's validation: the server's schema through its Standard Schema interface, as usePoolSettingsForm reads it.
const check = schemaResolver(PoolSettingsSchema, { sync: true });

describe('a new pool on the shared settings form', () => {
  it.each(['mlb', 'nba', 'nfl-td', 'nfl'] as const)(
    'starts %s at the defaults the server fills in, valid',
    (game) => {
      const values = defaultValues(game);
      expect(check(values)).toEqual({});
      const { custom_name: _name, start_week: _week, ...defaults } = getDefaultPoolSettings(game);
      // Lock at first pick start means nothing outside NFL TD and goes out off.
      expect(PoolSettingsSchema.parse(toSettings(values))).toMatchObject({
        ...defaults,
        lock_at_pick_start: game === 'nfl-td',
      });
    },
  );

  it('says an empty or 0 max entries is wrong, on the field, with the message of issue 26', () => {
    for (const max_entries of ['', 0, 101] as const) {
      expect(check({ ...defaultValues('mlb'), max_entries })).toEqual({
        max_entries: POOL_SETTINGS_MESSAGES.maxEntries,
      });
    }
  });

  it('puts a rule across settings on the field it names, and a bonus prize on its option', () => {
    const nfl = { ...defaultValues('nfl-td'), players_per_week: 2, max_players_per_team: 3 };
    expect(check(nfl)).toEqual({ max_players_per_team: POOL_SETTINGS_MESSAGES.maxPlayersPerTeam });
    const options = getDefaultBonusOptions('mlb');
    const [id] = Object.keys(options);
    const mlb = {
      ...defaultValues('mlb'),
      bonus_active: true,
      bonus_options: { ...options, [id]: { ...options[id], prize: 20_000_000 } },
    };
    expect(check(mlb)).toEqual({ [`bonus_options.${id}`]: POOL_SETTINGS_MESSAGES.money });
  });

  it('sends only what the game offers, and no price for rebuys that are not allowed', () => {
    const settings = toSettings({
      ...defaultValues('nfl-td'),
      custom_name: '  Sunday TDs ',
      rebuys: 0,
      rebuy_price: 900,
      insurance_option: 1,
      insurance: 500,
      players_per_week: 1,
    });
    expect(settings).toMatchObject({
      custom_name: 'Sunday TDs',
      rebuy_price: 0,
      insurance_option: 0,
      insurance: 0,
      bonus_active: false,
      bonus_options: undefined,
      lock_at_pick_start: false,
    });
    expect(reviewSettings(settings)).toContainEqual(['Extra lives/rebuys', '0 (1 lives)']);
  });

  it("copies an earlier pool's settings within what the game offers", () => {
    const copied = {
      ...getDefaultPoolSettings('mlb'),
      custom_name: 'Dog Days',
      max_entries: 0,
      shoot_moon: true,
      bonus_cadence: 0 as const,
      bonus_shutdown: 0,
      bonus_options: {
        ...getDefaultBonusOptions('mlb'),
        ...getDefaultBonusOptions('nba'),
        999: { active: true, prize: 100, bonus_long_name: 'Not a bonus' },
      },
    };
    const values = valuesFromCopy('nba', copied, 25);
    expect(values).toMatchObject({
      custom_name: 'Dog Days',
      max_entries: 1,
      shoot_moon: false,
      bonus_cadence: 3,
    });
    expect(values.bonus_shutdown).toBe(1);
    expect(Object.keys(values.bonus_options ?? {}).sort()).toEqual(
      Object.keys(getDefaultBonusOptions('nba')).sort(),
    );
    expect(check(values)).toEqual({});
  });

  it("fills NFL Survivor's rules from a preset, leaves the rest as entered, and shows which preset still holds", () => {
    const entered: PoolSettingsFormValues = {
      ...defaultValues('nfl'),
      buyin: 2000,
      insurance_option: 1,
      insurance: 500,
    };
    const presets = NFL_PRESETS.map((preset) => preset.key);
    const chosen = (values: PoolSettingsFormValues) =>
      presets.filter((preset) => isNflPreset(values, preset, 18));
    // The defaults (3 lives) are no preset.
    expect(chosen(entered)).toEqual([]);

    const classic = applyNflPreset(entered, 'classic', 18);
    expect(classic).toMatchObject({
      buyin: 2000,
      insurance_option: 1,
      tie_rule: 'loss',
      rebuys: 0,
      auto_pick: false,
      nfl_lock_time: 'early_slate',
      picks_per_week: {},
    });
    expect(chosen(classic)).toEqual(['classic']);
    expect(applyNflPreset(classic, 'ties-win', 18)).toMatchObject({
      tie_rule: 'win',
      nfl_lock_time: 'last_game',
    });
    expect(applyNflPreset(classic, 'two-strikes', 18)).toMatchObject({ rebuys: 1, rebuy_price: 0 });
    const late = applyNflPreset({ ...classic, tie_rule: 'win' }, 'double-late', 18);
    expect(late).toMatchObject({ tie_rule: 'loss', rebuys: 0 });
    expect(Object.entries(late.picks_per_week)).toEqual(
      [12, 13, 14, 15, 16, 17, 18].map((w) => [String(w), 2]),
    );
    expect(chosen(late)).toEqual(['double-late']);
    // A field changed after the preset: no preset holds any more, and the form is still valid.
    const edited = { ...late, auto_pick: true };
    expect(chosen(edited)).toEqual([]);
    for (const preset of presets) expect(check(applyNflPreset(entered, preset, 18))).toEqual({});
  });

  it("sends NFL Survivor's rules with its insurance, no bonus pool, and says them in the Review", () => {
    const values = {
      ...applyNflPreset(defaultValues('nfl'), 'double-late', 18),
      auto_pick: true,
      insurance_option: 2 as const,
      insurance: 700,
      bonus_active: true,
    };
    const settings = toSettings(values);
    expect(settings).toMatchObject({
      game: 'nfl',
      players_per_week: 1,
      insurance_option: 2,
      insurance: 700,
      bonus_active: false,
      bonus_options: undefined,
      tie_rule: 'loss',
      auto_pick: true,
      nfl_lock_time: 'early_slate',
    });
    expect(PoolSettingsSchema.safeParse(settings).success).toBe(true);
    const review = reviewSettings(settings);
    expect(review).toEqual(
      expect.arrayContaining([
        ['Extra lives/rebuys', '0 (1 lives)'],
        ['Tie rule', 'A tie is a loss'],
        ['Multi-pick weeks', 'Weeks 12–18: 2 picks'],
        ['Auto-pick', 'On'],
        ['Lock time', 'Sunday Early Slate (10 AM PT)'],
        ['Insurance', 'Random Pick, $7'],
      ]),
    );
    expect(review.map(([label]) => label)).not.toContain('Bonus pool');
  });

  it("sends the other games NFL Survivor's rules at their defaults, which the server requires", () => {
    const settings = toSettings({
      ...defaultValues('nba'),
      tie_rule: 'win',
      picks_per_week: { 3: 2 },
      auto_pick: true,
    });
    expect(settings).toMatchObject({ tie_rule: 'loss', picks_per_week: {}, auto_pick: false });
    expect(PoolSettingsSchema.safeParse(settings).success).toBe(true);
    expect(reviewSettings(settings).map(([label]) => label)).not.toContain('Tie rule');
  });

  it("copies an earlier NFL Survivor pool's rules, with its multi-pick weeks within the new season", () => {
    const copied = {
      ...getDefaultPoolSettings('nfl'),
      custom_name: '',
      insurance_option: 1 as const,
      insurance: 300,
      tie_rule: 'win' as const,
      auto_pick: true,
      nfl_lock_time: 'late_slate' as const,
      picks_per_week: { 12: 2, 17: 3, 18: 3 },
    };
    const values = valuesFromCopy('nfl', copied, 17);
    expect(values).toMatchObject({
      insurance_option: 1,
      insurance: 300,
      tie_rule: 'win',
      auto_pick: true,
      nfl_lock_time: 'late_slate',
      picks_per_week: { 12: 2, 17: 3 },
    });
    expect(check(values)).toEqual({});
  });
});
