import {
  BONUS_CADENCE_LABELS,
  INSURANCE_OPTION,
  NFL_LOCK_TIME_LABELS,
  normalizeBonusCadence,
} from '../../../../core/bonus/options';
import type { MyEntry, PoolDetails } from '../../../../core/contracts/pools';
import { GAME_NAMES, GameSchema, hasBonusPool, picksPlayers } from '../../../../core/games';
import {
  globalPoolPath,
  poolAddressOf,
  poolPagePath,
  type WirePoolAddress,
} from '../../../../core/pool/identity';
import { type Crowning, describeWipeout, type Wipeout } from '../../../../core/season/end-rule';
import { formatDollars } from '../../../lib/format';

/**
 * The banner: "NBA SURVIVOR 2024", or "NBA [PRE] SURVIVOR 2024" for a preseason pool; a game named a
 * survivor game already ("NFL Survivor") says it once.
 */
export function bannerTitle(pool: Pick<PoolDetails, 'game' | 'season' | 'season_type'>): string {
  const parsed = GameSchema.safeParse(pool.game);
  const game = (parsed.success ? GAME_NAMES[parsed.data] : pool.game.toUpperCase()).replace(
    /\s+survivor$/i,
    '',
  );
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
  if (picksPlayers(pool.game) || pool.insurance_option === INSURANCE_OPTION.none) return 'Not offered';
  const how = pool.insurance_option === INSURANCE_OPTION.mostPopular ? 'most popular pick' : 'random pick';
  return `${formatDollars(pool.insurance)} (${how})`;
}

/** The bonus pool's status: not offered (the NFL games, or off), disabled by the commissioner, or active with its cadence. */
export function bonusText(
  pool: Pick<PoolDetails, 'game' | 'bonus_active' | 'bonus_disabled' | 'bonus_cadence'>,
): string {
  if (!hasBonusPool(pool.game) || !pool.bonus_active) return 'Not offered';
  if (pool.bonus_disabled) return 'Shut down';
  return `Active (entry: ${BONUS_CADENCE_LABELS[normalizeBonusCadence(pool.bonus_cadence)]})`;
}

/** NFL Survivor's tie rule in words: "A tie counts as a loss". */
export function tieRuleText(pool: Pick<PoolDetails, 'tie_rule'>): string {
  return pool.tie_rule === 'win' ? 'A tie counts as a win' : 'A tie counts as a loss';
}

/**
 * NFL Survivor's multi-pick weeks in words ("Weeks 12-18: 2 picks, all must win"), or null when every week
 * asks for one team.
 */
export function multiPickWeeksText(picksPerWeek: Readonly<Record<string, number>>): string | null {
  const byCount = new Map<number, number[]>();
  for (const [week, count] of Object.entries(picksPerWeek)) {
    if (count > 1) byCount.set(count, [...(byCount.get(count) ?? []), Number(week)]);
  }
  if (byCount.size === 0) return null;
  const parts = [...byCount.entries()]
    .sort((a, b) => Math.min(...a[1]) - Math.min(...b[1]))
    .map(([count, weeks]) => {
      const ranges = listRanges(weeks);
      const several = ranges.length > 1 || ranges[0].includes('-');
      return `${several ? 'Weeks' : 'Week'} ${joinWords(ranges)}: ${count} picks`;
    });
  return `${parts.join('; ')}, all must win`;
}

// Weeks 12, 13, 14 and 4 read "4" and "12-14".
function listRanges(weeks: readonly number[]): string[] {
  const sorted = [...weeks].sort((a, b) => a - b);
  const ranges: [number, number][] = [];
  for (const week of sorted) {
    const last = ranges.at(-1);
    if (last && week === last[1] + 1) last[1] = week;
    else ranges.push([week, week]);
  }
  return ranges.map(([first, last]) => (first === last ? String(first) : `${first}-${last}`));
}

// "4", "4 and 12", "4, 8 and 12-18".
function joinWords(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * What an NFL Survivor entry without a pick at the deadline gets: its insurance (when bought, in a pool
 * offering it), else the auto-pick (when on), else a loss.
 */
export function missedPickText(pool: Pick<PoolDetails, 'auto_pick' | 'insurance_option'>): string {
  const insurance = pool.insurance_option !== INSURANCE_OPTION.none;
  if (insurance && pool.auto_pick) return 'Insurance if bought, else the unused favourite (auto-pick)';
  if (insurance) return 'Insurance if bought, else a loss';
  if (pool.auto_pick) return 'The unused favourite (auto-pick)';
  return 'Counts as a loss';
}

/**
 * The NFL games' weekly lock mode by name ("Sunday Early Slate (10 AM PT)"). Read from the labels, not
 * the lock mode's schema: the calendar code it brings would weigh on every pool page's first chunk.
 */
export function nflLockText(pool: Pick<PoolDetails, 'nfl_lock_time' | 'game'>): string {
  const mode = pool.nfl_lock_time;
  if (Object.hasOwn(NFL_LOCK_TIME_LABELS, mode))
    return NFL_LOCK_TIME_LABELS[mode as keyof typeof NFL_LOCK_TIME_LABELS];
  return NFL_LOCK_TIME_LABELS[pool.game === 'nfl' ? 'early_slate' : 'first_game'];
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

/** "Champion: ann" / "Champions: ann, bob, cat and 997 more", from the first names and the whole count. */
export function championsText(names: readonly string[], count: number): string {
  if (count === 0) return 'No champion was crowned.';
  const shown = names.slice(0, 5);
  const more = count - shown.length;
  const list = more > 0 ? `${shown.join(', ')} and ${more.toLocaleString('en-US')} more` : shown.join(', ');
  return `${count === 1 ? 'Champion' : 'Champions'}: ${list}`;
}

/** The end rule in words (How to play): who wins, what a wipeout does, and who crowns. */
export function endRuleText(rule: { wipeout: Wipeout; crowning: Crowning }): string[] {
  return [
    'When only one entry is still in (alive or waiting for a rebuy) after a week, it is the champion.',
    rule.wipeout === 'revive'
      ? 'If every entry still in goes out in the same week, they all come back with 1 life and play on (in the last week, they split the prize).'
      : 'If every entry still in goes out in the same week, those entries split the prize.',
    'When the last week is over, every entry still in shares the prize.',
    rule.crowning === 'automatic'
      ? 'The champions are crowned automatically as soon as a week decides the pool.'
      : 'The commissioner crowns the champions the rule names.',
  ];
}

/** Pool Details' line: what happens if every entry still in loses this week. */
export function wipeoutText(
  rule: { wipeout: Wipeout },
  pool: Pick<PoolDetails, 'live_week' | 'week_count'>,
): string {
  const words = describeWipeout({ wipeout: rule.wipeout }, pool.live_week >= pool.week_count);
  return words.charAt(0).toUpperCase() + words.slice(1);
}
