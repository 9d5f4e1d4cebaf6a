import type { PickVerdict } from './results';
import type { EntryStatus } from './scenario.schema';

/** Where an entry stands between two weeks. */
export interface EntryState {
  /** Lives left; 0 exactly when eliminated. */
  lives: number;
  /** Paid rebuys made so far (auto or manual). */
  rebuysMade: number;
  /** alive, needs-rebuy (lost a life and must pay before the next lock) or eliminated. */
  status: EntryStatus;
  /** Weeks finished alive; waiting for a rebuy counts as alive. */
  weeksAlive: number;
}

/** A new entry: lives = the pool's rebuys + 1, nothing paid beyond the buy-in. */
export function startEntry(poolRebuys: number): EntryState {
  return { lives: poolRebuys + 1, rebuysMade: 0, status: 'alive', weeksAlive: 0 };
}

/** Whether the entry takes part in a week (alive or waiting for a rebuy when the week locks). */
export function isInPlay(state: EntryState): boolean {
  return state.status !== 'eliminated';
}

/** Applies a week's lock: an entry waiting for a rebuy either pays it now or is eliminated with 0 lives. */
export function applyLock(state: EntryState, rebuyBeforeLock: boolean): EntryState {
  if (state.status !== 'needs-rebuy') return state;
  if (rebuyBeforeLock) return { ...state, status: 'alive', rebuysMade: state.rebuysMade + 1 };
  return { ...state, status: 'eliminated', lives: 0 };
}

/** Applies a judged pick: a moon adds a free life, a loss costs one and may call for a paid rebuy. */
export function applyVerdict(
  state: EntryState,
  verdict: PickVerdict,
  poolRebuys: number,
  autoRebuy: boolean,
): EntryState {
  // One object per call: settleWeek runs this for every entry of a pool, up to millions.
  const weeksAlive = state.weeksAlive + 1;
  if (verdict === 'advance') return { ...state, weeksAlive };
  if (verdict === 'moon') return { ...state, lives: state.lives + 1, weeksAlive };

  const lives = state.lives - 1;
  if (lives <= 0) return { ...state, lives: 0, status: 'eliminated' };
  // Once every paid rebuy is used, the remaining lives can only be moon lives, which are free.
  if (state.rebuysMade >= poolRebuys) return { ...state, lives, weeksAlive };
  if (autoRebuy) return { ...state, lives, rebuysMade: state.rebuysMade + 1, weeksAlive };
  return { ...state, lives, status: 'needs-rebuy', weeksAlive };
}
