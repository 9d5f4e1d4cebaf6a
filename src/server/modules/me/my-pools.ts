import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { playsNflWeeks, scheduleOfKey } from '../../../core/games';
import { countSiblings, poolDisplayName, poolPagePath } from '../../../core/pool/identity';
import type { DbOrTx } from '../../db/client';
import type { PoolRecord } from '../../db/schema';
import { entries, games, leagues, pools } from '../../db/schema';
import { PoolWeeks, type WeekGame } from '../pools/store/pool-weeks.repo';

/** One pool the user has an entry in, named and addressed as the pool pages are, with its week calendar. */
export interface MyPool {
  pool: PoolRecord;
  name: string;
  leagueName: string;
  /** The pool page's path. */
  path: string;
  weeks: PoolWeeks;
}

/**
 * The pools the user has entries in, read by the user's entries (never a scan of a pool): every pool
 * not final, and with `finishedSince` also the final ones whose last deadline is not older than it.
 * NFL TD pools get their season's kickoffs (their weeks lock by the pool's lock mode); the others lock
 * at their deadlines.
 */
export async function loadMyPools(
  db: DbOrTx,
  userId: number,
  options: { finishedSince?: Date } = {},
): Promise<MyPool[]> {
  const since = options.finishedSince;
  const rows = await db
    .selectDistinct({ pool: pools, leagueName: leagues.name, leagueAbb: leagues.abb })
    .from(entries)
    .innerJoin(pools, eq(pools.id, entries.poolId))
    .innerJoin(leagues, eq(leagues.id, pools.leagueId))
    .where(
      and(
        eq(entries.userId, userId),
        since === undefined
          ? eq(pools.final, false)
          : or(
              eq(pools.final, false),
              sql`(${pools.deadlines} ->> -1)::timestamptz >= ${since.toISOString()}::timestamptz`,
            ),
      ),
    );
  if (rows.length === 0) return [];
  // Pool names need every pool of the same league season, not only the ones this user entered.
  const leagueIds = [...new Set(rows.map((row) => row.pool.leagueId))];
  const siblings = countSiblings(await db.select().from(pools).where(inArray(pools.leagueId, leagueIds)));
  const kickoffs = await loadNflKickoffs(
    db,
    rows.map((row) => row.pool),
  );
  return rows
    .map(({ pool, leagueName, leagueAbb }) => ({
      pool,
      name: poolDisplayName(pool, siblings),
      leagueName,
      path: poolPagePath({ ...pool, leagueAbb: leagueAbb }),
      weeks: new PoolWeeks(pool, kickoffs.get(seasonKey(pool)) ?? []),
    }))
    .sort((a, b) => a.pool.id - b.pool.id);
}

const seasonKey = (pool: Pick<PoolRecord, 'game' | 'season' | 'seasonType'>) =>
  `${scheduleOfKey(pool.game)}|${pool.season}|${pool.seasonType}`;

/** The games of each NFL season the pools play (one read per season; other games lock at deadlines). */
async function loadNflKickoffs(db: DbOrTx, list: PoolRecord[]): Promise<Map<string, WeekGame[]>> {
  const seasons = new Map<string, PoolRecord>();
  for (const pool of list) if (playsNflWeeks(pool.game)) seasons.set(seasonKey(pool), pool);
  const found = new Map<string, WeekGame[]>();
  for (const [key, pool] of seasons) {
    const rows = await db
      .select({ week: games.week, home: games.home, away: games.away, startTime: games.startTime })
      .from(games)
      .where(
        and(
          eq(games.game, scheduleOfKey(pool.game)),
          eq(games.season, pool.season),
          eq(games.seasonType, pool.seasonType),
          eq(games.postponed, false),
        ),
      );
    found.set(
      key,
      rows.filter((row): row is WeekGame => row.week !== null),
    );
  }
  return found;
}
