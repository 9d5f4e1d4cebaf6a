import { schemaResolver } from '@mantine/form';
import { describe, expect, it } from 'vitest';
import { getDefaultBonusOptions } from '../../../../core/bonus';
import {
  getDefaultPoolSettings,
  POOL_SETTINGS_MESSAGES,
  PoolSettingsSchema,
} from '../../../../core/pool/settings';
import { defaultValues, reviewSettings, toSettings, valuesFromCopy } from './new-pool-settings';

// The form's validation: the server's schema through its Standard Schema interface, as usePoolSettingsForm reads it.
const check = schemaResolver(PoolSettingsSchema, { sync: true });

describe('a new pool on the shared settings form', () => {
  it.each(['mlb', 'nba', 'nfl-td'] as const)(
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
    const values = valuesFromCopy('nba', copied);
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
});
