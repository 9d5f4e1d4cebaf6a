import { describe, expect, it } from 'vitest';
import {
  clampNumericInput,
  findLockedSettingChanges,
  getDefaultPoolSettings,
  lowerDependentValue,
  POOL_SETTINGS_MESSAGES as M,
  PoolSettingsEditSchema,
  PoolSettingsSchema,
  sanitizeIntegerText,
} from './settings';

describe('PoolSettingsSchema defaults', () => {
  it('fills the spec 2 defaults for nfl-td', () => {
    expect(getDefaultPoolSettings('nfl-td')).toEqual({
      game: 'nfl-td',
      custom_name: null,
      buyin: 5000,
      rebuys: 2,
      rebuy_price: 2500,
      max_entries: 1,
      insurance_option: 0,
      insurance: 0,
      shoot_moon: false,
      bonus_active: false,
      bonus_cadence: 2,
      bonus_shutdown: 5,
      bonus_options: {},
      players_per_week: 3,
      max_players_per_team: 1,
      nfl_pass_tds: 2,
      nfl_lock_time: 'first_game',
      lock_at_pick_start: true,
      start_week: 1,
      end_wipeout: 'split',
      end_crowning: 'automatic',
      tie_rule: 'loss',
      picks_per_week: {},
      auto_pick: false,
    });
  });

  it('fills NFL Survivor defaults: one team a week, ties lose, Sunday early slate, no bonus pool', () => {
    const nfl = getDefaultPoolSettings('nfl');
    expect(nfl).toMatchObject({
      players_per_week: 1,
      nfl_lock_time: 'early_slate',
      tie_rule: 'loss',
      picks_per_week: {},
      auto_pick: false,
      bonus_options: {},
    });
  });

  it('takes NFL Survivor rules for nfl only, with 2 or 3 picks in a multi-pick week', () => {
    const nfl = PoolSettingsSchema.safeParse({
      game: 'nfl',
      tie_rule: 'win',
      picks_per_week: { '12': 2, '13': 3 },
      auto_pick: true,
      insurance_option: 1,
      insurance: 500,
    });
    expect(nfl.success).toBe(true);
    const messages = (input: object) =>
      PoolSettingsSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages({ game: 'nfl', picks_per_week: { '12': 4 } })).toEqual([M.multiPicks]);
    expect(messages({ game: 'nfl', bonus_active: true })).toEqual([M.bonusNfl]);
    expect(messages({ game: 'nba', tie_rule: 'win' })).toEqual([M.nflOnly]);
    expect(messages({ game: 'nfl-td', auto_pick: true })).toEqual([M.nflOnly]);
    expect(messages({ game: 'mlb', picks_per_week: { '3': 2 } })).toEqual([M.nflOnly]);
  });

  it('picks one team a week and carries the default bonus options for nba and mlb', () => {
    const nba = getDefaultPoolSettings('nba');
    expect(nba.players_per_week).toBe(1);
    expect(Object.keys(nba.bonus_options)).toHaveLength(9);
    expect(getDefaultPoolSettings('mlb').bonus_options['15']).toMatchObject({ active: true, prize: 1000 });
  });

  it('prices rebuys at 0 when none are allowed', () => {
    expect(PoolSettingsSchema.parse({ game: 'nba', rebuys: 0, rebuy_price: 2500 }).rebuy_price).toBe(0);
  });
});

describe('PoolSettingsSchema validation', () => {
  it.each([
    ['max entries 0', { game: 'nba', max_entries: 0 }, 'max_entries', M.maxEntries],
    ['negative rebuys', { game: 'nba', rebuys: -1 }, 'rebuys', M.rebuys],
    ['fractional buy-in cents', { game: 'nba', buyin: 10.5 }, 'buyin', M.money],
    ['players per week 6', { game: 'nfl-td', players_per_week: 6 }, 'players_per_week', M.playersPerWeek],
    ['players per week 0', { game: 'nfl-td', players_per_week: 0 }, 'players_per_week', M.playersPerWeek],
    [
      'nba picking 2 a week',
      { game: 'nba', players_per_week: 2 },
      'players_per_week',
      M.playersPerWeekNotNfl,
    ],
    [
      'max per team above picks per week',
      { game: 'nfl-td', players_per_week: 2, max_players_per_team: 3 },
      'max_players_per_team',
      M.maxPlayersPerTeam,
    ],
    [
      'max per team 0',
      { game: 'nfl-td', max_players_per_team: 0 },
      'max_players_per_team',
      M.maxPlayersPerTeam,
    ],
    ['pass TDs 6', { game: 'nfl-td', nfl_pass_tds: 6 }, 'nfl_pass_tds', M.passTds],
    ['pass TDs -1', { game: 'nfl-td', nfl_pass_tds: -1 }, 'nfl_pass_tds', M.passTds],
    [
      'bonus shutdown 0 with the bonus active',
      { game: 'nba', bonus_active: true, bonus_shutdown: 0 },
      'bonus_shutdown',
      M.bonusShutdown,
    ],
    ['insurance for nfl-td', { game: 'nfl-td', insurance_option: 1 }, 'insurance_option', M.insuranceNfl],
    ['bonus for nfl-td', { game: 'nfl-td', bonus_active: true }, 'bonus_active', M.bonusNfl],
    ['shoot the moon for nba', { game: 'nba', shoot_moon: true }, 'shoot_moon', M.shootMoon],
    [
      'an mlb option in an nba pool',
      { game: 'nba', bonus_options: { '12': { active: true, prize: 100, bonus_long_name: 'Cycle' } } },
      'bonus_options',
      M.bonusOption,
    ],
  ])('rejects %s', (_, input, path, message) => {
    const result = PoolSettingsSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issue = result.error?.issues.find((i) => i.path[0] === path);
    expect(issue?.message).toBe(message);
  });

  it.each([
    ['bonus shutdown 0 with the bonus off', { game: 'nba', bonus_shutdown: 0 }],
    ['five picks, five per team', { game: 'nfl-td', players_per_week: 5, max_players_per_team: 5 }],
    ['pass TDs 0 (ignored)', { game: 'nfl-td', nfl_pass_tds: 0 }],
    ['shoot the moon for mlb', { game: 'mlb', shoot_moon: true }],
    ['free pool', { game: 'mlb', buyin: 0, rebuy_price: 0 }],
  ])('accepts %s', (_, input) => {
    expect(PoolSettingsSchema.safeParse(input).success).toBe(true);
  });
});

describe('findLockedSettingChanges', () => {
  const current = getDefaultPoolSettings('nba');
  const start = new Date('2024-10-22T00:00:00Z');
  it.each([
    ['rebuys before the start', { ...current, rebuys: 3 }, new Date('2024-10-21T00:00:00Z'), []],
    ['rebuys after the start', { ...current, rebuys: 3 }, new Date('2024-10-23T00:00:00Z'), ['rebuys']],
    ['buy-in after the start', { ...current, buyin: 100 }, new Date('2024-10-23T00:00:00Z'), []],
  ])('%s', (_, next, now, fields) => {
    expect(findLockedSettingChanges(current, next, { start, now }).map((c) => c.field)).toEqual(fields);
  });
});

describe('numeric input helpers', () => {
  it.each([
    ['3', { min: 1, max: 5 }, 3],
    ['', { min: 1, max: 5 }, 1],
    ['0', { min: 1, max: 5 }, 1],
    ['9', { min: 1, max: 5 }, 5],
    ['abc', { min: 0 }, 0],
    ['1000', { min: 1 }, 1000],
    ['2.5', { min: 1, max: 5 }, 1],
  ])('clamps %o within %o to %i', (text, bounds, expected) => {
    expect(clampNumericInput(text, bounds)).toBe(expected);
  });

  it('keeps digits only while typing', () => {
    expect(sanitizeIntegerText('1a2-3.')).toBe('123');
  });

  it.each([
    [2, 3, 2],
    [4, 3, 3],
  ])('limit %i lowers dependent %i to %i', (limit, dependent, expected) => {
    expect(lowerDependentValue(limit, dependent)).toBe(expected);
  });
});

describe('PoolSettingsEditSchema', () => {
  const edit = {
    ...getDefaultPoolSettings('mlb'),
    custom_name: '  ',
    bonus_disabled: false,
    players_per_week: 1,
    deadlines: ['2026-11-16T00:00:00Z', '2026-11-23T00:00:00.000Z', '2026-11-30T00:00:00+01:00'],
  };

  it('takes every setting, an empty name as the default one', () => {
    const parsed = PoolSettingsEditSchema.parse(edit);
    expect(parsed.custom_name).toBeNull();
    expect(parsed.deadlines).toHaveLength(3);
  });

  it.each([
    [
      'deadlines out of order',
      { deadlines: ['2026-11-23T00:00:00Z', '2026-11-16T00:00:00Z'] },
      M.deadlineOrder,
    ],
    ['two equal deadlines', { deadlines: ['2026-11-23T00:00:00Z', '2026-11-23T00:00:00Z'] }, M.deadlineOrder],
    ['a deadline that is no instant', { deadlines: ['next Sunday'] }, M.deadline],
    ['no weeks', { deadlines: [] }, M.weekCount],
    ['a start week past the season', { start_week: 4 }, M.startWeekRange],
    ['101 entries', { max_entries: 101 }, M.maxEntries],
    ['100 rebuys', { rebuys: 100 }, M.rebuys],
    ['a buy-in over $100,000', { buyin: 10_000_001 }, M.money],
    ['shoot the moon outside mlb', { game: 'nba', shoot_moon: true, bonus_options: {} }, M.shootMoon],
  ])('refuses %s', (_, change, message) => {
    const result = PoolSettingsEditSchema.safeParse({ ...edit, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });
});
