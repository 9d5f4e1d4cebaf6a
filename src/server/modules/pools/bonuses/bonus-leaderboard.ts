import { sql } from 'drizzle-orm';
import {
  BONUS_LEADERBOARD_TOP,
  type BonusLeaderboardResponse,
  type BonusLeaderRow,
} from '../../../../core/contracts/pools';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import type { UserRow } from '../../auth/sessions';
import { type PoolRef, requirePoolAccess } from '../pool-access';
import { entryLabel } from '../pool-entries.repo';
import { CACHED_POOL_MIN_ENTRIES, standingsCacheOf } from '../standings/standings-cache';

/*
 * The Bonus Pool Leaderboard, summed in SQL: the ranked entries are those in the bonus pool or with bonus
 * money; each one's money is the sum of its bonus ledger rows. What ranks them (the top rows and how many
 * entries hold each amount) is one pass over the pool's bonus rows, kept for a big pool until its money
 * changes; the viewer's own entries are read afresh, entry by entry.
 */

interface Ranking {
  top: BonusLeaderRow[];
  /** Each amount held, highest first, with how many ranked entries hold it: places without a rescan. */
  amounts: { bonus: number; count: number }[];
  ranked: number;
}

function rankedSql(poolId: number) {
  return sql`
    with net as (
      select l.entry_id, sum(l.amount)::bigint as bonus from ledger l
      where l.pool_id = ${poolId} and l.kind = 'bonus' and l.entry_id is not null
      group by l.entry_id),
    ranked as (
      select e.id, e.entry_num, u.username, coalesce(n.bonus, 0) as bonus
      from entries e join users u on u.id = e.user_id
      left join net n on n.entry_id = e.id
      where e.pool_id = ${poolId} and (e.bonus or coalesce(n.bonus, 0) <> 0))`;
}

async function loadRanking(db: DbOrTx, poolId: number): Promise<Ranking> {
  const [top, amounts] = await Promise.all([
    db.execute<{ id: number; entry_num: number; username: string; bonus: string }>(sql`
      ${rankedSql(poolId)}
      select id, entry_num, username, bonus from ranked
      order by bonus desc, lower(username), entry_num
      limit ${BONUS_LEADERBOARD_TOP}`),
    db.execute<{ bonus: string; count: number }>(sql`
      ${rankedSql(poolId)}
      select bonus, count(*)::int as count from ranked group by bonus order by bonus desc`),
  ]);
  const held = amounts.rows.map((row) => ({ bonus: Number(row.bonus), count: Number(row.count) }));
  const ranking = { amounts: held, ranked: held.reduce((sum, row) => sum + row.count, 0) };
  return {
    ...ranking,
    top: top.rows.map((row) => ({
      entry_id: Number(row.id),
      label: entryLabel(row.username, Number(row.entry_num)),
      bonus: Number(row.bonus),
      place: placeOf(ranking.amounts, Number(row.bonus)),
    })),
  };
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
