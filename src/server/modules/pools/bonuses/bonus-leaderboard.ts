import { sql } from 'drizzle-orm';
import type { BonusLeaderboardResponse, BonusLeaderRow } from '../../../../core/contracts/pools';
import type { AppContext } from '../../../context';
import { type DbOrTx, rowsOf } from '../../../db/client';
import type { UserRow } from '../../../db/schema';
import { type PoolRef, requirePoolAccess } from '../access/pool-access';
import {
  leaderboardSql,
  readRanking,
  type StoredLeaderboard,
  toLeaderboard,
} from '../standings/pool-rankings';
import { CACHED_POOL_MIN_ENTRIES, standingsCacheOf } from '../store/kept-reads';
import { entryLabel } from '../store/pool-entries.repo';

/*
 * The Bonus Pool Leaderboard, summed in SQL: the ranked entries are those in the bonus pool or with bonus
 * money; each one's money is the sum of its bonus ledger rows. What ranks them (the top rows and how many
 * entries hold each amount) is one pass over the pool's bonus rows, stored after each settle or money change
 * (pool-rankings) and read from there while current, else computed and kept for a big pool until its money
 * changes; the viewer's own entries are read afresh, entry by entry.
 */

interface Ranking {
  top: BonusLeaderRow[];
  /** Each amount held, highest first, with how many ranked entries hold it: places without a rescan. */
  amounts: { bonus: number; count: number }[];
  ranked: number;
}

/**
 * The ranking: the stored one (pool-rankings) while current, else one pass over the pool's bonus rows. Only
 * the top entries' users are then read (one array of ten ids).
 */
async function loadRanking(db: DbOrTx, poolId: number): Promise<Ranking> {
  const stored = await readRanking<Parameters<typeof toLeaderboard>[0]>(db, poolId, 'bonus-leaderboard');
  const ranking = stored
    ? toLeaderboard(stored.data)
    : toLeaderboard(
        rowsOf<{ data: Parameters<typeof toLeaderboard>[0] }>(await db.execute(leaderboardSql(poolId)))[0]
          .data,
      );
  return labelTop(db, poolId, ranking);
}

/** The top entries with their labels and places. */
async function labelTop(db: DbOrTx, poolId: number, ranking: StoredLeaderboard): Promise<Ranking> {
  const { amounts } = ranking;
  const candidates = ranking.top;
  const labels = new Map<number, { username: string; entryNum: number }>();
  if (candidates.length > 0) {
    const named = await db.execute<{ id: number; username: string; entry_num: number }>(sql`
      select e.id, u.username, e.entry_num from entries e join users u on u.id = e.user_id
      where e.pool_id = ${poolId} and e.id = any(${`{${candidates.map((item) => item.id).join(',')}}`}::int[])`);
    for (const item of named.rows)
      labels.set(Number(item.id), { username: item.username, entryNum: Number(item.entry_num) });
  }
  const top = candidates.map((item) => {
    const who = labels.get(item.id) ?? { username: '', entryNum: 1 };
    return {
      entry_id: item.id,
      label: entryLabel(who.username, who.entryNum),
      bonus: item.bonus,
      place: placeOf(amounts, item.bonus),
    };
  });
  return { top, amounts, ranked: ranking.ranked };
}

/** 1 + how many ranked entries hold more: ties share a place. */
function placeOf(amounts: Ranking['amounts'], bonus: number): number {
  let above = 0;
  for (const row of amounts) {
    if (row.bonus <= bonus) break;
    above += row.count;
  }
  return above + 1;
}

/** GET /api/bonus/leaderboard/{leagueSeasonId}. */
export async function getBonusLeaderboard(
  ctx: AppContext,
  ref: PoolRef,
  viewer: UserRow | null,
): Promise<BonusLeaderboardResponse> {
  const { pool } = await requirePoolAccess(ctx.db, ref, viewer);
  const load = () => loadRanking(ctx.db, pool.id);
  const cache = standingsCacheOf(ctx);
  const [ranking, own] = await Promise.all([
    cache
      ? cache.read(pool.id, 'bonus-leaderboard', load, (value) => value.ranked >= CACHED_POOL_MIN_ENTRIES)
      : load(),
    viewer
      ? ctx.db.execute<{
          id: number;
          entry_num: number;
          username: string;
          bonus: string;
          in_bonus: boolean;
        }>(sql`
          select e.id, e.entry_num, u.username, e.bonus as in_bonus,
            (select coalesce(sum(l.amount), 0)::bigint from ledger l
              where l.pool_id = e.pool_id and l.entry_id = e.id and l.kind = 'bonus') as bonus
          from entries e join users u on u.id = e.user_id
          where e.pool_id = ${pool.id} and e.user_id = ${viewer.id}
          order by e.entry_num`)
      : Promise.resolve({ rows: [] }),
  ]);
  return {
    top: ranking.top,
    mine: own.rows
      .filter((row) => row.in_bonus || Number(row.bonus) !== 0)
      .map((row) => ({
        entry_id: Number(row.id),
        label: entryLabel(row.username, Number(row.entry_num)),
        bonus: Number(row.bonus),
        place: placeOf(ranking.amounts, Number(row.bonus)),
      })),
    ranked: ranking.ranked,
  };
}
