import { sql } from 'drizzle-orm';
import type { PickDistribution } from '../../../../core/contracts/pools';
import type { AppContext } from '../../../context';
import { type DbOrTx, rowsOf } from '../../../db/client';
import { keptForBigPool } from './entry-pages.repo';
import { loadPickNames } from './pool-entries.repo';

/**
 * A locked week's picks counted per choice in the database (GROUP BY pick), most picked first, with
 * whole-number percentages of the week's picks; kept for a big pool as its counts are.
 */
export async function readDistribution(
  ctx: AppContext,
  poolId: number,
  game: string,
  week: number,
): Promise<{ total: number; rows: PickDistribution[] }> {
  return keptForBigPool(
    ctx,
    poolId,
    `distribution:${week}`,
    () => countWeekPicks(ctx.db, poolId, game, week),
    (value) => value.total,
  );
}

async function countWeekPicks(
  db: DbOrTx,
  poolId: number,
  game: string,
  week: number,
): Promise<{ total: number; rows: PickDistribution[] }> {
  const counted = rowsOf<{ pick_id: string; team_abb: string; n: string | number }>(
    await db.execute(sql`
      select pick_id, min(team_abb) as team_abb, count(*) as n
      from picks where pool_id = ${poolId} and week = ${week}
      group by pick_id`),
  ).map((row) => ({ pickId: row.pick_id, teamAbb: row.team_abb, count: Number(row.n) }));
  const total = counted.reduce((sum, row) => sum + row.count, 0);
  const names = await loadPickNames(db, game, counted);
  const rows = counted
    .map((row) => ({
      pick_id: row.pickId,
      team_abb: row.teamAbb,
      name: names.get(row.pickId) ?? row.pickId,
      count: row.count,
      pct: Math.round((row.count * 100) / total),
    }))
    .sort((a, b) => b.count - a.count || a.pick_id.localeCompare(b.pick_id));
  return { total, rows };
}
