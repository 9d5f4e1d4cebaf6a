import { sql } from 'drizzle-orm';
import { FEED_EVENT_TYPES, type FeedEvent } from '../../../../core/contracts/pools';
import { type DbOrTx, rowsOf } from '../../../db/client';

// What a judged week did to its entries (eliminated, rebuy needed, shot the moon) is feed news. It is read
// from the judged weeks themselves (entry_weeks), not copied into the feed: a big pool's week would post
// half a million rows, and a corrected result re-judges the week, so its news follow the new judgement.

/** One entry's judged week that makes news, with what its text needs. */
interface JudgedWeekRow {
  entry_id: number;
  week: number;
  status: string;
  result: string | null;
  entry_num: number;
  username: string;
  settled_at: Date | string;
}

/** Whether an entry's judged week (`w`) makes news. */
const MAKES_NEWS = sql`(w.status in ('eliminated', 'needs-rebuy') or w.result = 'moon')`;

/** Whom the news is about: every entry of the pool, or only a user's own entries. */
export type WeekNewsScope = { poolId: number; userId?: number };

/**
 * The newest news of the pool's settled weeks, newest first: a later-settled week before an earlier
 * one, and within a week the later entry first (the order the settlement used to post them in).
 */
export async function readJudgedWeekNews(
  db: DbOrTx,
  scope: WeekNewsScope,
  limit: number,
): Promise<FeedEvent[]> {
  if (scope.userId === undefined) return readPoolWeekNews(db, scope.poolId, limit);
  // A user's own entries are few: found from the entries.
  const rows = rowsOf<JudgedWeekRow>(
    await db.execute(sql`
      select w.entry_id, w.week, w.status, w.result, e.entry_num, u.username, pw.settled_at
      from entries e
      join pool_weeks pw on pw.pool_id = e.pool_id and pw.settled_at is not null
      join entry_weeks w on w.pool_id = pw.pool_id and w.week = pw.week and w.entry_id = e.id
      join users u on u.id = e.user_id
      where e.pool_id = ${scope.poolId} and e.user_id = ${scope.userId} and ${MAKES_NEWS}
      order by pw.settled_at desc, pw.week desc, w.entry_id desc
      limit ${limit}`),
  );
  return rows.map(judgedWeekEvent);
}

/**
 * Settled weeks read by one statement while their entries in play add up to no more than this: reading
 * them costs a few milliseconds however few news they hold.
 */
const WEEKS_READ_TOGETHER_ROWS = 20_000;

/**
 * The whole pool's news, newest settled week first, each week's newest first from its (pool, week,
 * entry) index, and no further back than `limit` news. Weeks are read in batches, newest first: small
 * weeks together (a small pool's season in one statement), a big week alone, and once `limit` news are
 * read the older weeks are not searched. (Read in one statement, every settled week was searched:
 * mid-season, the weeks that everyone won were scanned through to find no news, two seconds at a
 * million entries and six weeks. Read one week a statement, a small pool's season took 26 round trips.)
 */
async function readPoolWeekNews(db: DbOrTx, poolId: number, limit: number): Promise<FeedEvent[]> {
  const weeks = rowsOf<{ week: number; alive_at_lock: number }>(
    await db.execute(sql`
      select week, alive_at_lock from pool_weeks where pool_id = ${poolId} and settled_at is not null
      order by settled_at desc, week desc`),
  );
  const news: FeedEvent[] = [];
  let next = 0;
  while (next < weeks.length && news.length < limit) {
    const batch = [Number(weeks[next].week)];
    let rows = Number(weeks[next].alive_at_lock);
    for (next++; next < weeks.length; next++) {
      rows += Number(weeks[next].alive_at_lock);
      if (rows > WEEKS_READ_TOGETHER_ROWS) break;
      batch.push(Number(weeks[next].week));
    }
    const found = rowsOf<JudgedWeekRow>(
      await db.execute(sql`
        select n.*, pw.settled_at
        from pool_weeks pw
        cross join lateral (
          select w.entry_id, w.week, w.status, w.result, e.entry_num, u.username
          from entry_weeks w
          join entries e on e.id = w.entry_id
          join users u on u.id = e.user_id
          where w.pool_id = pw.pool_id and w.week = pw.week and ${MAKES_NEWS}
          order by w.entry_id desc
          limit ${limit - news.length}
        ) n
        where pw.pool_id = ${poolId} and pw.week = any(string_to_array(${batch.join(',')}, ',')::int[])
        order by pw.settled_at desc, pw.week desc, n.entry_id desc
        limit ${limit - news.length}`),
    );
    for (const row of found) news.push(judgedWeekEvent(row));
  }
  return news;
}

/** The feed event of one entry's judged week: the entry's label (username, [n] from its second entry on). */
function judgedWeekEvent(row: JudgedWeekRow): FeedEvent {
  const week = Number(row.week);
  const entryNum = Number(row.entry_num);
  const label = entryNum > 1 ? `${row.username} [${entryNum}]` : row.username;
  const news =
    row.status === 'eliminated'
      ? { type: FEED_EVENT_TYPES.eliminated, summary: 'Eliminated', text: ` was eliminated in Week ${week}.` }
      : row.status === 'needs-rebuy'
        ? {
            type: FEED_EVENT_TYPES.needsRebuy,
            summary: 'Rebuy needed',
            text: ` lost a life in Week ${week} and must rebuy before Week ${week + 1} locks.`,
          }
        : {
            type: FEED_EVENT_TYPES.moon,
            summary: 'Shot the moon',
            text: ` shot the moon in Week ${week}: one more life.`,
          };
  return {
    // Negative, so never one of the stored events' ids; one per entry and week.
    id: -(Number(row.entry_id) * 1000 + week),
    type: news.type,
    username: row.username,
    desc: `${label}${news.text}`,
    summary: news.summary,
    submitted_at: new Date(row.settled_at).toISOString(),
    link: null,
  };
}
