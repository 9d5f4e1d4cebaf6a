import { type TieRule, TieRuleSchema } from '../../../../core/season/tie-rule';
import type { PoolRecord } from '../../../db/schema';

/** The NFL Survivor rules of a pool as the API shows them (other games hold the defaults). */
export interface StoredNflRules {
  tie_rule: TieRule;
  picks_per_week: Record<string, number>;
  auto_pick: boolean;
}

/** A pool's tie rule, multi-pick weeks and auto-pick as stored; an unknown stored value reads as the default. */
export function storedNflRules(
  pool: Pick<PoolRecord, 'tieRule' | 'picksPerWeek' | 'autoPick'>,
): StoredNflRules {
  return {
    tie_rule: TieRuleSchema.catch('loss').parse(pool.tieRule),
    picks_per_week: { ...pool.picksPerWeek },
    auto_pick: pool.autoPick,
  };
}
