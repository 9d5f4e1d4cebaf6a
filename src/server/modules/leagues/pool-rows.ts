import type { PoolRow, YourStatus } from '../../../core/contracts/leagues';
import { ENTRY_STATUS } from '../../../core/pool/entry-status';
import { poolDisplayName, poolPagePathIn, poolStatus } from '../../../core/pool/identity';
import type { EntryRecord, LeagueRow, PoolRecord } from '../../db/schema';

export interface PoolRowInput {
  pool: PoolRecord;
  league: Pick<LeagueRow, 'id' | 'name' | 'abb' | 'joinable' | 'hidden'>;
  siblings: Map<string, number>;
  counted: number;
  /** The instant after which the pool reads In Progress (start on All Pools, entry deadline on league pages). */
  startedAt: Date;
  now: Date;
  viewerIsMember: boolean;
  viewerHasEntry: boolean;
}

/** One pool row as lists show it. */
export function toPoolRow(input: PoolRowInput): PoolRow {
  const { pool, league } = input;
  return {
    id: pool.id,
    game: pool.game,
    game_name: pool.gameName,
    season: pool.season,
    season_type: pool.seasonType,
    pool_idx: pool.poolIdx,
    pool_name: poolDisplayName(pool, input.siblings),
    league_id: league.id,
    league_name: league.name,
    league_abb: league.abb,
    path: poolPagePathIn(pool, league),
    status: poolStatus(pool, input.startedAt, input.now),
    champions: pool.champions,
    start: pool.start.toISOString(),
    entry_deadline: pool.entryDeadline.toISOString(),
    entries: input.counted,
    lives: pool.rebuys + 1,
    rebuys: pool.rebuys,
    buyin: pool.buyin,
    rebuy_price: pool.rebuyPrice,
    bonus_active: pool.bonusActive && !pool.bonusDisabled,
    insurance_option: pool.insuranceOption,
    insurance: pool.insurance,
    locked: !league.joinable && !input.viewerIsMember,
    has_entry: input.viewerHasEntry,
  };
}

/** The viewer's Your Status cell: n/a outside the league, then final, alive, eliminated, DNP or SIGN UP. */
export function yourStatus(pool: PoolRecord, mine: EntryRecord[], isMember: boolean, now: Date): YourStatus {
  const none = { final_rank: null, prizes: 0, lives: null };
  if (!isMember) return { kind: 'na', ...none };
  const counted = mine.filter((entry) => entry.status === ENTRY_STATUS.active);
  const relevant = counted.length > 0 ? counted : mine;
  const prizes = relevant.reduce((sum, entry) => sum + entry.prizes, 0);
  if (relevant.length === 0) {
    if (pool.final || now.getTime() >= pool.entryDeadline.getTime()) return { kind: 'dnp', ...none };
    return { kind: 'sign_up', ...none };
  }
  if (pool.final) {
    const ranks = relevant.map((entry) => entry.finalRank).filter((rank): rank is number => rank !== null);
    return { kind: 'final', final_rank: ranks.length > 0 ? Math.min(...ranks) : null, prizes, lives: null };
  }
  const lives = Math.max(...relevant.map((entry) => entry.lives));
  return lives > 0
    ? { kind: 'alive', final_rank: null, prizes, lives }
    : { kind: 'eliminated', final_rank: null, prizes, lives: 0 };
}
