import { sql } from 'drizzle-orm';
import { FEED_EVENT_TYPES, type FeedEvent } from '../../../../core/contracts/pools';
import { must } from '../../../../core/must';
import { type DbOrTx, rowsOf } from '../../../db/client';
import { entryWeekKindSql, readSlotRangeKinds, weekSlotCountSql } from '../store/entry-weeks.repo';

// What a judged week did to its entries (eliminated, rebuy needed, shot the moon) is feed news. It is read
// from the judged weeks themselves (their entry weeks' kinds), not copied into the feed: a big pool's week would post
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

/** Whether an entry's judged week (its kind, `w`) makes news. */
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
  // A user's own entries are few: each one's kind read in place from each settled week.
  const rows = rowsOf<JudgedWeekRow>(
    await db.execute(sql`
      select e.id as entry_id, pw.week, w.status, w.result, e.entry_num, u.username, pw.settled_at
      from entries e
      join pool_weeks pw on pw.pool_id = e.pool_id and pw.settled_at is not null
      join entry_week_kinds w on w.pool_id = pw.pool_id and w.week = pw.week
        and w.kind = ${entryWeekKindSql('pw', sql`e.slot`)}
      join users u on u.id = e.user_id
      where e.pool_id = ${scope.poolId} and e.user_id = ${scope.userId} and ${MAKES_NEWS}
      order by pw.settled_at desc, pw.week desc, e.id desc
      limit ${limit}`),
  );
  return rows.map(judgedWeekEvent);
}

/** Slots of a week's byte string read at a time, from its end, while looking for its newest news. */
const SLOTS_READ_TOGETHER = 20_000;

/**
 * The whole pool's news, newest settled week first, and no further back than `limit` news. A week whose
 * kinds hold no news (everyone won) is not read at all; a week that does is read from its last slot
 * back, a part of its byte string at a time, until `limit` news are found: the first page of a million
 * entries' week reads the end of it, not all of it.
 */
async function readPoolWeekNews(db: DbOrTx, poolId: number, limit: number): Promise<FeedEvent[]> {
  const weeks = rowsOf<{ week: number; settled_at: Date | string; slots: number; news: number[] | null }>(
    await db.execute(sql`
      select pw.week, pw.settled_at, ${weekSlotCountSql('pw')} as slots,
        (select array_agg(w.kind) from entry_week_kinds w
          where w.pool_id = pw.pool_id and w.week = pw.week and ${MAKES_NEWS}) as news
      from pool_weeks pw
      where pw.pool_id = ${poolId} and pw.settled_at is not null
      order by pw.settled_at desc, pw.week desc`),
  );
  const news: FeedEvent[] = [];
  for (const week of weeks) {
    if (news.length >= limit) break;
    const newsKinds = new Set((week.news ?? []).map(Number));
    if (newsKinds.size === 0) continue;
    const found = new Map<number, number>();
    for (
      let end = Number(week.slots);
      end > 0 && news.length + found.size < limit;
      end -= SLOTS_READ_TOGETHER
    ) {
      const start = Math.max(0, end - SLOTS_READ_TOGETHER);
      const kindOf = await readSlotRangeKinds(db, poolId, { first: start, last: end - 1 }, [week.week]);
      for (let slot = end - 1; slot >= start && news.length + found.size < limit; slot--) {
        const kind = kindOf(week.week, slot);
        if (newsKinds.has(kind)) found.set(slot, kind);
      }
    }
    if (found.size === 0) continue;
    const rows = rowsOf<Omit<JudgedWeekRow, 'status' | 'result' | 'settled_at' | 'week'> & { slot: number }>(
      await db.execute(sql`
        select e.id as entry_id, e.slot, e.entry_num, u.username
        from entries e join users u on u.id = e.user_id
        where e.pool_id = ${poolId} and e.slot = any(string_to_array(${[...found.keys()].join(',')}, ',')::int[])
        order by e.slot desc`),
    );
    const kinds = new Map(
      rowsOf<{ kind: number; status: string; result: string | null }>(
        await db.execute(sql`
          select kind, status, result from entry_week_kinds
          where pool_id = ${poolId} and week = ${week.week} and kind = any(string_to_array(${[...newsKinds].join(',')}, ',')::int[])`),
      ).map((row) => [Number(row.kind), row]),
    );
    for (const row of rows) {
      const kind = must(kinds.get(must(found.get(Number(row.slot)))));
      news.push(
        judgedWeekEvent({
          ...row,
          week: Number(week.week),
          status: kind.status,
          result: kind.result,
          settled_at: week.settled_at,
        }),
      );
    }
  }
  return news.slice(0, limit);
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
