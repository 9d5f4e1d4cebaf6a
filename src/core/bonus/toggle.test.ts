import { describe, expect, it } from 'vitest';
import {
  type BonusPoolRules,
  canToggleAutoRebuy,
  canToggleBonus,
  getEffectiveWeek,
  isBonusPoolRunning,
  isBonusShutDown,
} from './toggle';

const pool = (overrides: Partial<BonusPoolRules> = {}): BonusPoolRules => ({
  bonusActive: true,
  bonusDisabled: false,
  cadence: 1,
  entryWeeks: [],
  ...overrides,
});
const entry = { active: true, eliminated: false };

describe('canToggleBonus', () => {
  it.each([
    ['anytime, mid-season', pool({ cadence: 1 }), 7, { allowed: true, effectiveWeek: 8 }],
    [
      'monthly, week before an entry week',
      pool({ cadence: 2, entryWeeks: [1, 5, 9] }),
      4,
      { allowed: true, effectiveWeek: 5 },
    ],
    [
      'monthly, other week',
      pool({ cadence: 2, entryWeeks: [1, 5, 9] }),
      5,
      { allowed: false, reason: 'not_entry_week' },
    ],
    [
      'monthly, before week 1 when 1 is listed',
      pool({ cadence: 2, entryWeeks: [1] }),
      0,
      { allowed: true, effectiveWeek: 1 },
    ],
    ['preseason, before the season', pool({ cadence: 3 }), 0, { allowed: true, effectiveWeek: 1 }],
    ['preseason, after week 1 locked', pool({ cadence: 3 }), 1, { allowed: false, reason: 'season_started' }],
    ['stored 0 behaves as preseason, before', pool({ cadence: 0 }), 0, { allowed: true, effectiveWeek: 1 }],
    [
      'stored 0 behaves as preseason, after',
      pool({ cadence: 0 }),
      2,
      { allowed: false, reason: 'season_started' },
    ],
    ['bonus inactive', pool({ bonusActive: false }), 0, { allowed: false, reason: 'bonus_inactive' }],
    ['bonus disabled', pool({ bonusDisabled: true }), 0, { allowed: false, reason: 'bonus_inactive' }],
  ])('%s', (_, rules, liveWeek, expected) => {
    expect(canToggleBonus({ pool: rules, entry, liveWeek, actor: 'owner' })).toMatchObject(expected);
  });

  it.each([
    [{ active: false, eliminated: false }, 'entry_inactive'],
    [{ active: true, eliminated: true }, 'entry_eliminated'],
  ])('rejects entry %o', (badEntry, reason) => {
    expect(canToggleBonus({ pool: pool(), entry: badEntry, liveWeek: 0, actor: 'owner' })).toMatchObject({
      allowed: false,
      reason,
    });
  });

  it('lets the commissioner move an entry outside the cadence, effective next week', () => {
    expect(canToggleBonus({ pool: pool({ cadence: 3 }), entry, liveWeek: 6, actor: 'commissioner' })).toEqual(
      {
        allowed: true,
        effectiveWeek: 7,
      },
    );
    expect(
      canToggleBonus({ pool: pool({ bonusDisabled: true }), entry, liveWeek: 6, actor: 'commissioner' }),
    ).toMatchObject({ allowed: false, reason: 'bonus_inactive' });
  });

  it('gives a message with every rejection', () => {
    const result = canToggleBonus({ pool: pool({ cadence: 3 }), entry, liveWeek: 3, actor: 'owner' });
    expect(result).toEqual({
      allowed: false,
      reason: 'season_started',
      message: 'The bonus pool can only be joined or left before the season begins.',
    });
  });
});

describe('bonus shutdown', () => {
  it.each([
    [6, 5, false],
    [5, 5, true],
    [2, 5, true],
    [1, 0, false],
  ])('%i alive with shutdown %i: shut down %s', (alive, shutdown, expected) => {
    expect(isBonusShutDown(alive, shutdown)).toBe(expected);
  });

  it.each([
    [{ bonusActive: true, bonusDisabled: false, bonusShutdown: 5, aliveAtWeekStart: 10 }, true],
    [{ bonusActive: true, bonusDisabled: false, bonusShutdown: 5, aliveAtWeekStart: 5 }, false],
    [{ bonusActive: true, bonusDisabled: true, bonusShutdown: 0, aliveAtWeekStart: 10 }, false],
    [{ bonusActive: false, bonusDisabled: false, bonusShutdown: 0, aliveAtWeekStart: 10 }, false],
  ])('running %o is %s', (input, expected) => {
    expect(isBonusPoolRunning(input)).toBe(expected);
  });
});

describe('auto-rebuy toggle', () => {
  it('takes effect next week', () => {
    expect(getEffectiveWeek(4)).toBe(5);
    expect(canToggleAutoRebuy({ poolRebuys: 2, entry, liveWeek: 4 })).toEqual({
      allowed: true,
      effectiveWeek: 5,
    });
  });
  it.each([
    [0, entry, 'no_rebuys'],
    [2, { active: false, eliminated: false }, 'entry_inactive'],
    [2, { active: true, eliminated: true }, 'entry_eliminated'],
  ])('rebuys %i entry %o: %s', (poolRebuys, e, reason) => {
    expect(canToggleAutoRebuy({ poolRebuys, entry: e, liveWeek: 1 })).toMatchObject({
      allowed: false,
      reason,
    });
  });
});
