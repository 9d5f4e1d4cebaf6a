import { describe, expect, it } from 'vitest';
import {
  BONUS_CADENCE_LABELS,
  BonusOptionsMapSchema,
  findBonusOption,
  getDefaultBonusOptions,
  INSURANCE_OPTION_LABELS,
  listBonusOptions,
  NFL_LOCK_TIME_LABELS,
  normalizeBonusCadence,
  resolveBonusOptions,
} from './options';

describe('bonus options', () => {
  it.each([
    [1, '50 PTS', 5000],
    [2, '20-20', 5000],
    [3, '140 TM PTS', 4000],
    [4, '20-0 RUN', 2000],
    [5, 'PERFECT WEEK', 3000],
    [6, '30+ PT WIN', 2500],
    [7, '2-OT+ WIN', 2000],
    [8, 'BUZZER-BEATER', 2000],
    [9, 'TRIPLE-DOUBLE', 1500],
  ])('nba id %i is %s at %i cents', (id, label, prize) => {
    expect(findBonusOption('nba', id)).toMatchObject({ bonus_name: label, prize_default: prize });
  });

  it.each([
    [10, 'PERFECT GAME', 20000],
    [11, 'NO HITTER', 10000],
    [5, 'PERFECT WEEK', 7500],
    [12, 'CYCLE', 6000],
    [13, 'GRAND SLAM', 4000],
    [14, '15+ RUNS', 3000],
    [15, 'ASTRO BEANED', 1000],
  ])('mlb id %i is %s at %i cents', (id, label, prize) => {
    expect(findBonusOption('mlb', id)).toMatchObject({ bonus_name: label, prize_default: prize });
  });

  it('uses ids 1-9 for nba and 5, 10-15 for mlb', () => {
    expect(listBonusOptions('nba').map((o) => o.bonus_id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(
      listBonusOptions('mlb')
        .map((o) => o.bonus_id)
        .sort((a, b) => a - b),
    ).toEqual([5, 10, 11, 12, 13, 14, 15]);
    expect(findBonusOption('mlb', 1)).toBeUndefined();
  });

  it('builds default pool options that pass the stored schema', () => {
    const options = getDefaultBonusOptions('mlb');
    expect(options['10']).toEqual({ active: true, prize: 20000, bonus_long_name: 'Perfect Game' });
    expect(BonusOptionsMapSchema.parse(options)).toEqual(options);
    expect(Object.keys(getDefaultBonusOptions('nba'))).toHaveLength(9);
  });

  it('reads a never-configured pool as every option on at its default prize', () => {
    expect(resolveBonusOptions('mlb', {})).toEqual(getDefaultBonusOptions('mlb'));
    expect(resolveBonusOptions('nfl-td', {})).toEqual({});
  });

  it('reads a configured pool as stored, options it leaves out off, ids the game lacks dropped', () => {
    const resolved = resolveBonusOptions('mlb', {
      '11': { active: true, prize: 500, bonus_long_name: 'old name' },
      '1': { active: true, prize: 900, bonus_long_name: '50-Point Game' },
    });
    expect(Object.keys(resolved).sort()).toEqual(['10', '11', '12', '13', '14', '15', '5']);
    expect(resolved['11']).toEqual({ active: true, prize: 500, bonus_long_name: 'No-Hitter' });
    expect(resolved['10']).toEqual({ active: false, prize: 20000, bonus_long_name: 'Perfect Game' });
  });

  it('rejects fractional prizes', () => {
    const result = BonusOptionsMapSchema.safeParse({
      '1': { active: true, prize: 10.5, bonus_long_name: 'x' },
    });
    expect(result.success).toBe(false);
  });
});

describe('labels', () => {
  it('cadence', () => {
    expect(BONUS_CADENCE_LABELS).toEqual({ 0: 'n/a', 1: 'Anytime', 2: 'Monthly', 3: 'Preseason' });
  });
  it.each([
    [0, 3],
    [1, 1],
    [2, 2],
    [3, 3],
    [7, 3],
  ])('cadence %i behaves as %i', (code, normalized) => {
    expect(normalizeBonusCadence(code)).toBe(normalized);
  });
  it('insurance', () => {
    expect(INSURANCE_OPTION_LABELS).toEqual({ 0: 'Not Offered', 1: 'Most Popular Pick', 2: 'Random Pick' });
  });
  it('nfl lock times', () => {
    expect(NFL_LOCK_TIME_LABELS).toEqual({
      first_game: 'First Game',
      early_slate: 'Sunday Early Slate (10 AM PT)',
      late_slate: 'Sunday Late Slate (1 PM PT)',
      last_game: 'Last Game',
    });
  });
});
