import { and, eq, ne, sql } from 'drizzle-orm';
import { getDeadlineCutoff } from '../../../../core/calendar';
import { type PlayableGame, scheduleOfKey } from '../../../../core/games';
import type { AppContext } from '../../../context';
import { rowsOf } from '../../../db/client';
import type { PoolRecord } from '../../../db/schema';
import { games, poolEnds, pools } from '../../../db/schema';
import { type CalendarPool, groupByWeek, PoolWeeks, type WeekGame } from '../store/pool-weeks.repo';
import { storedEndRule } from './season-end.service';
import { digestWeekResults, isWeekComplete } from './week-facts.repo';

// Which pools have settlement to do now (the queue's scan, decision 043): read for all the pools of a
// season at once, a handful of statements whatever the number of pools, so that the scan stays cheap
// with ten thousand pools and each pool's job runs only when it has something to do.

/** What the scan reads of a pool. */
type ScanPool = CalendarPool &
  Pick<PoolRecord, 'id' | 'season' | 'seasonType' | 'startWeek' | 'endWipeout' | 'endCrowning'>;

/** What a pool's weeks stand at: its last locked week, its first not judged, and whether a judged one changed. */
interface WeeksStatus {
  lastLocked: number;
  /** Entries in play at its last lock. */
  inPlay: number;
  firstUnsettled: number | null;
  corrected: boolean;
}

/**
 * The pools still playing with settlement due now: a week whose lock has passed and is not locked yet
 * (the weeks before it settled), a locked week whose games are all final (nfl-td: with its players'
 * lines), a judged week whose results were corrected, or an automatic crowning not made yet. What
 * settlePoolDueWeeks and the re-judging would do; a pool listed by mistake only costs a job that does
 * nothing.
 */
/** A pool with settlement due, whether a judged week of it was corrected (to re-judge first), and its size. */
export interface DuePool {
  poolId: number;
  corrected: boolean;
  /** Entries in play at its last lock (0 before its first). */
  inPlay: number;
}

export async function findDuePools(ctx: AppContext, now: Date): Promise<DuePool[]> {
  // Only what the scan reads of each pool: ten thousand of them every few seconds.
  const open = await ctx.db
    .select({
      id: pools.id,
      game: pools.game,
      season: pools.season,
      seasonType: pools.seasonType,
      deadlines: pools.deadlines,
      startWeek: pools.startWeek,
      nflLockTime: pools.nflLockTime,
      final: pools.final,
      endWipeout: pools.endWipeout,
      endCrowning: pools.endCrowning,
    })
    .from(pools)
    .where(and(eq(pools.final, false), ne(pools.game, 'world-cup')));
  const seasons = new Map<string, ScanPool[]>();
  for (const pool of open) {
    const key = `${pool.game}|${pool.season}|${pool.seasonType}`;
    const list = seasons.get(key) ?? [];
    list.push(pool);
    seasons.set(key, list);
  }
  const decided = new Set(
    (
      await ctx.db
        .select({ poolId: poolEnds.poolId })
        .from(poolEnds)
        .innerJoin(pools, eq(pools.id, poolEnds.poolId))
        .where(eq(pools.final, false))
    ).map((row) => row.poolId),
  );
  const due: DuePool[] = [];
  for (const seasonPools of seasons.values()) {
    const season = await readSeason(ctx, seasonPools[0]);
    const status = await readWeeksStatus(ctx, seasonPools[0], season.digests);
    for (const pool of seasonPools) {
      // A pool its end rule decided crowns itself at once; one waiting for its commissioner plays on.
      const weeks = status.get(pool.id);
      const found = { poolId: pool.id, corrected: weeks?.corrected ?? false, inPlay: weeks?.inPlay ?? 0 };
      if (decided.has(pool.id) && storedEndRule(pool).end_crowning === 'automatic') {
        due.push(found);
        continue;
      }
      if (isDue(pool, weeks, season, now)) due.push(found);
    }
  }
  return due;
}

/** A season's facts as the scan needs them: its games by week, the weeks ready to judge, their digests. */
interface SeasonFacts {
  byWeek: Map<number, WeekGame[]>;
  complete: Set<number>;
  digests: Map<number, string>;
}

async function readSeason(ctx: AppContext, pool: ScanPool): Promise<SeasonFacts> {
  const rows = await ctx.db
    .select({
      week: games.week,
      home: games.home,
      away: games.away,
      startTime: games.startTime,
      final: games.final,
      postponed: games.postponed,
      homeScore: games.homeScore,
      awayScore: games.awayScore,
    })
    .from(games)
    .where(
      and(
        eq(games.game, scheduleOfKey(pool.game)),
        eq(games.season, pool.season),
        eq(games.seasonType, pool.seasonType),
      ),
    );
  const weeks = new Map<number, typeof rows>();
  for (const row of rows) {
    if (row.week === null) continue;
    const list = weeks.get(row.week) ?? [];
    list.push(row);
    weeks.set(row.week, list);
  }
  const withStats =
    pool.game === 'nfl-td'
      ? new Set(
          rowsOf<{ week: number }>(
            await ctx.db.execute(
              sql`select distinct week from nfl_player_week_stats where season = ${pool.season}`,
            ),
          ).map((row) => Number(row.week)),
        )
      : null;
  const complete = new Set<number>();
  for (const [week, list] of weeks) {
    if (isWeekComplete(list) && (withStats === null || withStats.has(week))) complete.add(week);
  }
  const scheduled = rows.filter(
    (row): row is (typeof rows)[number] & WeekGame => row.week !== null && !row.postponed,
  );
  return { byWeek: groupByWeek(scheduled), complete, digests: await digestWeekResults(ctx.db, pool) };
}

/** Each pool of the season's weeks as they stand: one statement for all of them. */
async function readWeeksStatus(
  ctx: AppContext,
  pool: ScanPool,
  digests: Map<number, string>,
): Promise<Map<number, WeeksStatus>> {
  const current = JSON.stringify(Object.fromEntries(digests));
  const rows = rowsOf<{
    pool_id: number;
    last_locked: number;
    in_play: number;
    first_unsettled: number | null;
    corrected: boolean;
  }>(
    await ctx.db.execute(sql`
      select pw.pool_id, max(pw.week) as last_locked,
        (array_agg(pw.alive_at_lock order by pw.week desc))[1] as in_play,
        min(pw.week) filter (where pw.settled_at is null) as first_unsettled,
        coalesce(bool_or(pw.settled_at is not null and pw.results_digest is not null
          and pw.results_digest is distinct from (${current}::jsonb ->> pw.week::text)), false) as corrected
      from pool_weeks pw join pools p on p.id = pw.pool_id
      where p.final = false and p.game = ${pool.game} and p.season = ${pool.season}
        and p.season_type = ${pool.seasonType}
      group by pw.pool_id`),
  );
  return new Map(
    rows.map((row) => [
      Number(row.pool_id),
      {
        lastLocked: Number(row.last_locked),
        inPlay: Number(row.in_play ?? 0),
        firstUnsettled: row.first_unsettled === null ? null : Number(row.first_unsettled),
        corrected: row.corrected === true,
      },
    ]),
  );
}

function isDue(pool: ScanPool, status: WeeksStatus | undefined, season: SeasonFacts, now: Date): boolean {
  if (status?.corrected) return true;
  // A locked week waits for its games; the weeks after it wait for it (settlePoolDueWeeks).
  if (status && status.firstUnsettled !== null) return season.complete.has(status.firstUnsettled);
  const next = Math.max(status?.lastLocked ?? 0, Math.max(1, pool.startWeek) - 1) + 1;
  if (next > pool.deadlines.length) return false;
  const calendar = new PoolWeeks(pool, season.byWeek);
  const lockAt =
    calendar.weekLockAt(next) ?? getDeadlineCutoff(pool.deadlines[next - 1], pool.game as PlayableGame);
  return lockAt.getTime() <= now.getTime();
}
