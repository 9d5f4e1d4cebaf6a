import { describe, expect, it } from 'vitest';
import { applyLock, applyVerdict, type EntryState, startEntry } from './entries';
import type { PickVerdict } from './results';

const state = (overrides: Partial<EntryState> = {}): EntryState => ({
  lives: 3,
  rebuysMade: 0,
  status: 'alive',
  weeksAlive: 0,
  ...overrides,
});

describe('startEntry', () => {
  it('starts with rebuys + 1 lives and nothing bought', () => {
    expect(startEntry(2)).toEqual(state());
    expect(startEntry(0)).toEqual(state({ lives: 1 }));
  });
});

describe('applyLock', () => {
  it.each<[string, EntryState, boolean, EntryState]>([
    ['an alive entry is untouched', state(), false, state()],
    [
      'a rebuy before the lock is made',
      state({ lives: 2, status: 'needs-rebuy' }),
      true,
      state({ lives: 2, rebuysMade: 1 }),
    ],
    [
      'no rebuy before the lock eliminates with 0 lives',
      state({ lives: 2, status: 'needs-rebuy' }),
      false,
      state({ lives: 0, status: 'eliminated' }),
    ],
    ['a rebuy noted while not waiting buys nothing', state(), true, state()],
  ])('%s', (_, before, rebuyBeforeLock, after) => {
    expect(applyLock(before, rebuyBeforeLock)).toEqual(after);
  });
});

describe('applyVerdict', () => {
  it.each<[string, EntryState, PickVerdict, number, boolean, EntryState]>([
    ['advance keeps lives', state(), 'advance', 2, false, state({ weeksAlive: 1 })],
    ['moon adds a free life', state(), 'moon', 2, false, state({ lives: 4, weeksAlive: 1 })],
    [
      'loss with paid rebuys left waits for one',
      state(),
      'loss',
      2,
      false,
      state({ lives: 2, status: 'needs-rebuy', weeksAlive: 1 }),
    ],
    [
      'loss with auto-rebuy buys at once',
      state(),
      'loss',
      2,
      true,
      state({ lives: 2, rebuysMade: 1, weeksAlive: 1 }),
    ],
    [
      'loss of the last life eliminates',
      state({ lives: 1, rebuysMade: 2 }),
      'loss',
      2,
      true,
      state({ lives: 0, rebuysMade: 2, status: 'eliminated' }),
    ],
    [
      'no rebuys in the pool: one loss eliminates',
      state({ lives: 1 }),
      'loss',
      0,
      false,
      state({ lives: 0, status: 'eliminated' }),
    ],
    [
      'moon life after all rebuys is free',
      state({ lives: 2, rebuysMade: 2 }),
      'loss',
      2,
      false,
      state({ lives: 1, rebuysMade: 2, weeksAlive: 1 }),
    ],
    [
      'moon life with no rebuys in the pool is free',
      state({ lives: 2 }),
      'loss',
      0,
      false,
      state({ lives: 1, weeksAlive: 1 }),
    ],
    [
      'moon lives do not waive a paid rebuy still owed',
      state({ lives: 4 }),
      'loss',
      2,
      false,
      state({ lives: 3, status: 'needs-rebuy', weeksAlive: 1 }),
    ],
  ])('%s', (_, before, verdict, poolRebuys, autoRebuy, after) => {
    expect(applyVerdict(before, verdict, poolRebuys, autoRebuy)).toEqual(after);
  });
});
