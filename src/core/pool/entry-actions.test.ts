import { describe, expect, it } from 'vitest';
import { ENTRY_ACTION_MESSAGES as M } from '../contracts/pools/entry-actions';
import {
  changeFlag,
  checkInsurance,
  checkRebuy,
  flagForWeek,
  getInsuranceStartWeek,
  getRebuyWindowWeek,
  isInsuranceOffered,
} from './entry-actions';

describe('deferred switches', () => {
  it('reads prev before the effective week and current from it', () => {
    const flag = { current: true, prev: false, effWeek: 3 };
    expect([flagForWeek(flag, 2), flagForWeek(flag, 3), flagForWeek(flag, 4)]).toEqual([false, true, true]);
  });

  it('keeps the value in force as prev, and a pending change keeps its prev', () => {
    const once = changeFlag({ current: true, prev: false, effWeek: 1 }, false, 4);
    expect(once).toEqual({ current: false, prev: true, effWeek: 5 });
    expect(changeFlag(once, true, 4)).toEqual({ current: true, prev: true, effWeek: 5 });
    // A change pending from an earlier week is already in force now.
    expect(changeFlag({ current: true, prev: false, effWeek: 5 }, false, 6)).toEqual({
      current: false,
      prev: true,
      effWeek: 7,
    });
  });
});

describe('rebuy rules', () => {
  const base: Parameters<typeof checkRebuy>[0] = {
    final: false,
    active: true,
    lives: 2,
    needsRebuy: true,
    rebuysMade: 0,
    poolRebuys: 2,
    windowWeek: 4,
    lockAt: new Date('2026-01-10T00:00:00Z'),
    now: new Date('2026-01-09T00:00:00Z'),
  };

  it('opens the window for the week after a needs-rebuy week', () => {
    expect(getRebuyWindowWeek({ week: 3, status: 'needs-rebuy' }, 5)).toBe(4);
    expect(getRebuyWindowWeek({ week: 3, status: 'alive' }, 5)).toBe(6);
    expect(getRebuyWindowWeek(null, 0)).toBe(1);
  });

  it('allows a waiting entry before the lock and says why otherwise', () => {
    expect(checkRebuy(base)).toEqual({ ok: true });
    const refused = (over: Partial<typeof base>) => {
      const check = checkRebuy({ ...base, ...over });
      return check.ok ? null : check.message;
    };
    expect(refused({ now: new Date('2026-01-10T00:00:00Z') })).toBe(M.rebuyClosed(4));
    expect(refused({ lives: 0 })).toBe(M.eliminated);
    expect(refused({ needsRebuy: false })).toBe(M.noRebuyNeeded);
    expect(refused({ active: false })).toBe(M.inactive);
    expect(refused({ rebuysMade: 2 })).toBe(M.noRebuysLeft);
    expect(refused({ lockAt: null })).toBe(M.noWeekLeft);
    expect(refused({ final: true })).toBe(M.concluded);
  });
});

describe('insurance rules', () => {
  const base = {
    pool: { game: 'nba', insuranceOption: 1, final: false },
    price: 1000,
    active: true,
    lives: 3,
    purchased: false,
  };

  it('is offered for options 1 and 2, never for nfl-td', () => {
    expect(isInsuranceOffered({ game: 'mlb', insuranceOption: 2 })).toBe(true);
    expect(isInsuranceOffered({ game: 'mlb', insuranceOption: 0 })).toBe(false);
    expect(isInsuranceOffered({ game: 'nfl-td', insuranceOption: 1 })).toBe(false);
  });

  it('sells once, at the price', () => {
    expect(checkInsurance({ ...base, cost: 1000 })).toEqual({ ok: true });
    expect(checkInsurance({ ...base, cost: 1 })).toEqual({
      ok: false,
      status: 400,
      message: M.wrongCost('$10'),
    });
    expect(checkInsurance({ ...base, purchased: true })).toMatchObject({
      status: 409,
      message: M.alreadyInsured,
    });
    expect(checkInsurance({ ...base, lives: 0 })).toMatchObject({ message: M.eliminated });
  });

  it('covers from the week after the live week, never before the start week', () => {
    // Bought during week 4 (its deadline passed, its lock perhaps not written yet): week 5 on.
    expect(getInsuranceStartWeek(4, 1)).toBe(5);
    expect(getInsuranceStartWeek(0, 1)).toBe(1);
    expect(getInsuranceStartWeek(0, 3)).toBe(3);
    expect(getInsuranceStartWeek(0, 0)).toBe(1);
  });
});
