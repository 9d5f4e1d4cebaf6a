import { type PlayableGame, picksPlayers } from '../../../../core/games';
import type { WeekRules } from '../../../../core/season';
import type { PoolRecord } from '../../../db/schema';
import { storedNflRules } from '../store/nfl-survivor-rules';
import { picksAsked } from '../store/owed-picks.repo';

// The judging step's rules, read from the pool's settings once per week (judge-week.engine.ts judges by them).

/** A pool's rules for one week as the engine reads them, read from the pool once. */
export interface PoolWeekRules {
  rules: WeekRules;
  /** Whether a pick goes to the engine as a list (nfl-td's players, a multi-pick week's teams). */
  picksAsList: boolean;
  /** Whether it is the pool's last week (the end rule's wipeout then crowns). */
  lastWeek: boolean;
}

export function weekRulesOf(pool: PoolRecord, week: number): PoolWeekRules {
  const asked = picksAsked(pool, week);
  const nfl = storedNflRules(pool);
  return {
    rules: {
      game: pool.game as PlayableGame,
      rebuys: pool.rebuys,
      shootMoon: pool.shootMoon,
      insuranceOption: 0,
      nflPassTds: pool.nflPassTds,
      tieRule: nfl.tie_rule,
      picksAsked: asked,
      // Insurance and auto-picks were assigned when the week locked; they are the entries' picks now.
      autoPick: false,
    },
    picksAsList: picksPlayers(pool.game) || (pool.game === 'nfl' && asked > 1),
    lastWeek: week >= pool.deadlines.length,
  };
}
