import { ENTRY_ACTION_MESSAGES as M } from '../contracts/pools/entry-actions';
import { formatDollars } from '../money/finances';

/**
 * A switch whose changes take effect at live week + 1: `current` holds from `effWeek` on, `prev`
 * before it (entries.bonus / bonusPrev / bonusEffWeek and the auto-rebuy trio).
 */
export interface DeferredFlag {
  current: boolean;
  prev: boolean;
  effWeek: number;
}

/** The switch's value for week w. */
export function flagForWeek(flag: DeferredFlag, week: number): boolean {
  return week >= flag.effWeek ? flag.current : flag.prev;
}

/**
 * The switch after a change made during live week L: the new value holds from L + 1, and the value
 * in force in week L stays as `prev` (unless a change is already pending for L + 1, whose `prev` is
 * still the one in force), so flipping twice in one week never loses the current week's value.
 */
export function changeFlag(flag: DeferredFlag, value: boolean, liveWeek: number): DeferredFlag {
  const effWeek = liveWeek + 1;
  const prev = flag.effWeek === effWeek ? flag.prev : flagForWeek(flag, liveWeek);
  return { current: value, prev, effWeek };
}

/** A refusal of an entry action: the HTTP status and the message the player reads. */
export type ActionCheck = { ok: true } | { ok: false; status: 400 | 409; message: string };

const refuse = (message: string, status: 400 | 409 = 409): ActionCheck => ({ ok: false, status, message });

/**
 * The week whose lock ends an entry's rebuy window: the week after its last settled week when that
 * week left it waiting for a rebuy; otherwise (a commissioner set the flag) the next week to lock.
 */
export function getRebuyWindowWeek(
  lastSettled: { week: number; status: string | null } | null,
  liveWeek: number,
): number {
  if (lastSettled && lastSettled.status === 'needs-rebuy') return lastSettled.week + 1;
  return liveWeek + 1;
}

/** Whether the owner may rebuy now (docs/RULES.md, "Lives, rebuys and elimination"). */
export function checkRebuy(input: {
  final: boolean;
  active: boolean;
  lives: number;
  needsRebuy: boolean;
  rebuysMade: number;
  poolRebuys: number;
  windowWeek: number;
  /** The window week's lock; null when the season has no such week. */
  lockAt: Date | null;
  now: Date;
}): ActionCheck {
  if (input.final) return refuse(M.concluded);
  if (!input.active) return refuse(M.inactive);
  if (input.lives <= 0) return refuse(M.eliminated);
  if (!input.needsRebuy) return refuse(M.noRebuyNeeded);
  if (input.rebuysMade >= input.poolRebuys) return refuse(M.noRebuysLeft);
  if (input.lockAt === null) return refuse(M.noWeekLeft);
  if (input.now.getTime() >= input.lockAt.getTime()) return refuse(M.rebuyClosed(input.windowWeek));
  return { ok: true };
}

/**
 * The first week insurance bought during live week L covers: week L's deadline has passed, so L + 1
 * (never before the pool's start week). Week L's lock may be written later; it judges what held at
 * its deadline (docs/RULES.md, "Changes after a deadline").
 */
export function getInsuranceStartWeek(liveWeek: number, startWeek: number): number {
  return Math.max(liveWeek + 1, startWeek, 1);
}

/** Whether the pool sells pick insurance (options 1 and 2, never NFL TD). */
export function isInsuranceOffered(pool: { game: string; insuranceOption: number }): boolean {
  return pool.game !== 'nfl-td' && (pool.insuranceOption === 1 || pool.insuranceOption === 2);
}

/**
 * Whether the owner may buy insurance now; `cost` (what the buyer saw, in cents) must equal the
 * price, so a forged or stale price is refused. Without a cost only the entry's state is checked.
 */
export function checkInsurance(input: {
  pool: { game: string; insuranceOption: number; final: boolean };
  price: number;
  active: boolean;
  lives: number;
  purchased: boolean;
  cost?: number;
}): ActionCheck {
  if (!isInsuranceOffered(input.pool)) return refuse(M.noInsurance);
  if (input.pool.final) return refuse(M.concluded);
  if (!input.active) return refuse(M.inactive);
  if (input.lives <= 0) return refuse(M.eliminated);
  if (input.purchased) return refuse(M.alreadyInsured);
  if (input.cost !== undefined && input.cost !== input.price) {
    return refuse(M.wrongCost(formatDollars(input.price)), 400);
  }
  return { ok: true };
}
