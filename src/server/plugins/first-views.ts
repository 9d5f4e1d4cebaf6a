import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { leagues, pools } from '../db/schema';
import type { FirstView } from './server-render';

/** The tabs of a pool a phone opens first, warmed at start. */
const WARMED_TABS = ['', '/makepicks', '/standings'];
/** As a phone asks (the layout most first views are drawn in). */
const PHONE = 'Mozilla/5.0 (Linux; Android 11) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36';

/**
 * The first views worth rendering once the server listens (decision 037): the landing page and All
 * Pools, and the first tabs of the newest pools still in play of leagues anyone may look into.
 */
export async function firstViewsToWarm(ctx: AppContext, poolCount: number): Promise<FirstView[]> {
  if (poolCount <= 0) return [];
  const rows = await ctx.db
    .select({
      game: pools.game,
      abb: leagues.abb,
      season: pools.season,
      seasonType: pools.seasonType,
      poolIdx: pools.poolIdx,
    })
    .from(pools)
    .innerJoin(leagues, eq(leagues.id, pools.leagueId))
    // The pools a visitor without a session may read (a private league's are for its members, decision 035).
    .where(and(eq(pools.final, false), eq(leagues.hidden, false), eq(leagues.joinable, true)))
    .orderBy(desc(pools.season), desc(pools.id))
    .limit(poolCount);
  const urls = [
    '/',
    '/leagues/allpools',
    ...rows.flatMap((row) =>
      WARMED_TABS.map(
        (tab) => `/${row.game}/${row.abb}/${row.season}/${row.seasonType}/${row.poolIdx}${tab}`,
      ),
    ),
  ];
  return urls.map((url) => ({ url, headers: { 'user-agent': PHONE } }));
}
