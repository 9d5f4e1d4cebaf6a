import { normalizeBonusCadence } from './options';

/** The pool fields that govern the bonus pool. */
export interface BonusPoolRules {
  bonusActive: boolean;
  bonusDisabled: boolean;
  /** Stored cadence code; 0 behaves as preseason. */
  cadence: number;
  /** Monthly cadence: the weeks in which a changed bonus membership takes effect. */
  entryWeeks: readonly number[];
}

/** The entry asking to join or leave the bonus pool. */
export interface BonusToggleEntry {
  /** status 1; inactive entries cannot be moved in or out. */
  active: boolean;
  eliminated: boolean;
}

export type BonusToggleRejection =
  | 'bonus_inactive'
  | 'entry_inactive'
  | 'entry_eliminated'
  | 'not_entry_week'
  | 'season_started';

export type BonusToggleResult =
  | { allowed: true; effectiveWeek: number }
  | { allowed: false; reason: BonusToggleRejection; message: string };

const REJECTION_MESSAGES: Record<BonusToggleRejection, string> = {
  bonus_inactive: 'The bonus pool is not active in this pool.',
  entry_inactive: 'This entry is inactive and cannot join or leave the bonus pool.',
  entry_eliminated: 'Eliminated entries cannot join or leave the bonus pool.',
  not_entry_week: 'The bonus pool can only be joined or left in the week before a monthly bonus entry week.',
  season_started: 'The bonus pool can only be joined or left before the season begins.',
};

/** The week a bonus opt-in/out or auto-rebuy change made during the live week takes effect. */
export function getEffectiveWeek(liveWeek: number): number {
  return liveWeek + 1;
}

/**
 * Whether an entry may join or leave the bonus pool now. The owner is bound by the cadence; a commissioner
 * (Manage Bonuses) is not, but neither may move an inactive or eliminated entry or use a disabled bonus pool.
 */
export function canToggleBonus(input: {
  pool: BonusPoolRules;
  entry: BonusToggleEntry;
  liveWeek: number;
  actor: 'owner' | 'commissioner';
}): BonusToggleResult {
  const { pool, entry, liveWeek, actor } = input;
  if (!pool.bonusActive || pool.bonusDisabled) return rejectToggle('bonus_inactive');
  if (!entry.active) return rejectToggle('entry_inactive');
  if (entry.eliminated) return rejectToggle('entry_eliminated');
  const effectiveWeek = getEffectiveWeek(liveWeek);
  if (actor === 'commissioner') return { allowed: true, effectiveWeek };
  switch (normalizeBonusCadence(pool.cadence)) {
    case 1:
      return { allowed: true, effectiveWeek };
    case 2:
      return pool.entryWeeks.includes(effectiveWeek)
        ? { allowed: true, effectiveWeek }
        : rejectToggle('not_entry_week');
    case 3:
      return liveWeek < 1 ? { allowed: true, effectiveWeek } : rejectToggle('season_started');
  }
}

/** Automatic shutdown: the bonus pool stops once the entrants alive at a week's start are at or below bonus_shutdown (0 never). */
export function isBonusShutDown(aliveAtWeekStart: number, bonusShutdown: number): boolean {
  return bonusShutdown > 0 && aliveAtWeekStart <= bonusShutdown;
}

/** Whether the bonus pool runs in a week: active, not disabled by the commissioner, and not shut down automatically. */
export function isBonusPoolRunning(input: {
  bonusActive: boolean;
  bonusDisabled: boolean;
  bonusShutdown: number;
  aliveAtWeekStart: number;
}): boolean {
  return (
    input.bonusActive && !input.bonusDisabled && !isBonusShutDown(input.aliveAtWeekStart, input.bonusShutdown)
  );
}

export type AutoRebuyToggleResult =
  | { allowed: true; effectiveWeek: number }
  | { allowed: false; reason: 'no_rebuys' | 'entry_inactive' | 'entry_eliminated'; message: string };

/** Whether the owner may switch auto-rebuy, and the week the change takes effect (live week + 1). */
export function canToggleAutoRebuy(input: {
  poolRebuys: number;
  entry: BonusToggleEntry;
  liveWeek: number;
}): AutoRebuyToggleResult {
  if (input.poolRebuys < 1) {
    return { allowed: false, reason: 'no_rebuys', message: 'This pool does not allow rebuys.' };
  }
  if (!input.entry.active) {
    return { allowed: false, reason: 'entry_inactive', message: 'This entry is inactive.' };
  }
  if (input.entry.eliminated) {
    return { allowed: false, reason: 'entry_eliminated', message: 'This entry has been eliminated.' };
  }
  return { allowed: true, effectiveWeek: getEffectiveWeek(input.liveWeek) };
}

function rejectToggle(reason: BonusToggleRejection): BonusToggleResult {
  return { allowed: false, reason, message: REJECTION_MESSAGES[reason] };
}
