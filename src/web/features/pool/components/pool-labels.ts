import {
  BONUS_CADENCE_LABELS,
  INSURANCE_OPTION,
  normalizeBonusCadence,
} from '../../../../core/bonus/options';
import type { MyEntry, PoolDetails } from '../../../../core/contracts/pools';
import { GAME_NAMES, GameSchema } from '../../../../core/games';
import {
  globalPoolPath,
  poolAddressOf,
  poolPagePath,
  type WirePoolAddress,
} from '../../../../core/pool/identity';
import { formatDollars } from '../../../lib/format';

/** The banner: "NBA SURVIVOR 2024", or "NBA [PRE] SURVIVOR 2024" for a preseason pool. */
export function bannerTitle(pool: Pick<PoolDetails, 'game' | 'season' | 'season_type'>): string {
  const parsed = GameSchema.safeParse(pool.game);
  const game = parsed.success ? GAME_NAMES[parsed.data] : pool.game.toUpperCase();
  const survivor = pool.season_type === 'pre' ? '[PRE] SURVIVOR' : 'SURVIVOR';
  return `${game.toUpperCase()} ${survivor} ${pool.season}`;
}

/** The address of a pool page, from the wire's names. */
export function poolPath(parts: WirePoolAddress): string {
  return poolPagePath(poolAddressOf(parts));
}

export { globalPoolPath };

/** Insurance as the pool details and How to play show it. */
export function insuranceText(pool: Pick<PoolDetails, 'game' | 'insurance' | 'insurance_option'>): string {
  if (pool.game === 'nfl-td' || pool.insurance_option === INSURANCE_OPTION.none) return 'Not offered';
  const how = pool.insurance_option === INSURANCE_OPTION.mostPopular ? 'most popular pick' : 'random pick';
  return `${formatDollars(pool.insurance)} (${how})`;
}

/** The bonus pool's status: not offered (NFL TD, or off), disabled by the commissioner, or active with its cadence. */
export function bonusText(
  pool: Pick<PoolDetails, 'game' | 'bonus_active' | 'bonus_disabled' | 'bonus_cadence'>,
): string {
  if (pool.game === 'nfl-td' || !pool.bonus_active) return 'Not offered';
  if (pool.bonus_disabled) return 'Shut down';
  return `Active (entry: ${BONUS_CADENCE_LABELS[normalizeBonusCadence(pool.bonus_cadence)]})`;
}

/** The pool's state as a short label. */
export function stateText(state: PoolDetails['state']): string {
  return { open: 'Open For Entry', in_progress: 'In Progress', concluded: 'Concluded' }[state];
}

/** An entry's standing in words: ELIMINATED, REBUY NEEDED, or its lives. */
export function entryStatusText(entry: Pick<MyEntry, 'extinct' | 'lives' | 'needs_rebuy'>): string {
  if (entry.extinct || entry.lives === 0) return 'ELIMINATED';
  if (entry.needs_rebuy) return 'REBUY NEEDED';
  return `${entry.lives} ${entry.lives === 1 ? 'LIFE' : 'LIVES'}`;
}

/** "s" when a count is not one. */
export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
