import { and, desc, eq, inArray, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import {
  COMMISH_POST_TYPES,
  type CommishPostsResponse,
  FEED_EVENT_TYPES,
  type FeedEvent,
  type FeedPath,
  type FeedResponse,
  POOL_MESSAGES,
  USER_FEED_ONLY_TYPES,
} from '../../../../core/contracts/pools';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import type { UserRow } from '../../../db/schema';
import { poolEvents, users } from '../../../db/schema';
import { notFound } from '../../../lib/errors';
import { requirePoolAccess } from '../access/pool-access';
import { readJudgedWeekNews } from './week-news.repo';

/** A feed event to post; its text must never name a pick of a week that has not locked. */
export interface NewPoolEvent {
  poolId: number;
  entryId?: number | null;
  userId?: number | null;
  type: number;
  desc: string;
  summary: string;
  link?: string | null;
}

/** Posts one event to the pool's feed (inside the caller's transaction). */
export async function postPoolEvent(db: DbOrTx, event: NewPoolEvent, now: Date): Promise<void> {
  await db.insert(poolEvents).values({
    poolId: event.poolId,
    entryId: event.entryId ?? null,
    userId: event.userId ?? null,
    type: event.type,
    desc: event.desc,
    summary: event.summary,
    link: event.link ?? null,
    createdAt: now,
  });
}

/**
 * GET /api/feed/{leagueId}/{leagueSeasonId}/{x}: the pool's news, newest first. 'pool' and 'all'
 * show every event, 'mine' the viewer's own (none for a visitor), 'bonus' the bonus news.
 */
export async function listFeed(
  ctx: AppContext,
  path: FeedPath,
  viewer: UserRow | null,
): Promise<FeedResponse> {
  const { pool } = await requirePoolAccess(ctx.db, { poolId: path.poolId }, viewer);
  if (pool.leagueId !== path.leagueId) throw notFound(POOL_MESSAGES.poolNotFound);
  const conditions: SQL[] = [eq(poolEvents.poolId, pool.id)];
  if (path.x === 'mine') {
    if (!viewer) return { events: [] };
    conditions.push(eq(poolEvents.userId, viewer.id));
  }
  if (path.x === 'bonus') conditions.push(eq(poolEvents.type, FEED_EVENT_TYPES.bonusPrize));
  // An entrant's own settings are their activity, not the pool's news.
  if (path.x !== 'mine') conditions.push(notInArray(poolEvents.type, [...USER_FEED_ONLY_TYPES]));
  const stored = await ctx.db
    .select({ event: poolEvents, username: users.username })
    .from(poolEvents)
    .leftJoin(users, eq(users.id, poolEvents.userId))
    .where(and(...conditions))
    .orderBy(desc(poolEvents.createdAt), desc(poolEvents.id))
    .limit(FEED_LIMIT);
  const events = stored.map(({ event, username }) => ({
    id: event.id,
    type: event.type,
    username,
    desc: event.desc,
    summary: event.summary,
    submitted_at: event.createdAt.toISOString(),
    link: event.link,
  }));
  if (path.x === 'bonus') return { events };
  const judged = await readJudgedWeekNews(
    ctx.db,
    { poolId: pool.id, userId: path.x === 'mine' ? viewer?.id : undefined },
    FEED_LIMIT,
  );
  return { events: newestFirst(judged, events).slice(0, FEED_LIMIT) };
}

/** How many events the feed shows (the newest). */
const FEED_LIMIT = 200;

/**
 * Two lists of events, each newest first, as one. At the same instant `first`'s come first: a week's
 * news about its entries was posted after the other news of its settlement.
 */
function newestFirst(first: readonly FeedEvent[], second: readonly FeedEvent[]): FeedEvent[] {
  const merged: FeedEvent[] = [];
  let i = 0;
  let j = 0;
  while (i < first.length || j < second.length) {
    const takeFirst =
      j >= second.length || (i < first.length && first[i].submitted_at >= second[j].submitted_at);
    merged.push(takeFirst ? first[i++] : second[j++]);
  }
  return merged;
}

/** How many commissioner posts the Commish's Desk shows (the newest). */
export const COMMISH_POSTS_LIMIT = 50;

/**
 * GET /admin/commishPosts/{poolId}: the posts of the league's commissioners (alerts and bonus-related
 * news they wrote, not tied to an entry), newest first, for anyone who may see the pool.
 */
export async function listCommishPosts(
  ctx: AppContext,
  poolId: number,
  viewer: UserRow | null,
): Promise<CommishPostsResponse> {
  const { pool, league } = await requirePoolAccess(ctx.db, { poolId }, viewer);
  const admins = league.admins.map((name) => name.toLowerCase());
  if (admins.length === 0) return { posts: [] };
  // Posted by a current admin of the league: a former commissioner's posts leave the desk with them.
  const rows = await ctx.db
    .select({ event: poolEvents, username: users.username })
    .from(poolEvents)
    .innerJoin(users, eq(users.id, poolEvents.userId))
    .where(
      and(
        eq(poolEvents.poolId, pool.id),
        inArray(poolEvents.type, [...COMMISH_POST_TYPES]),
        isNull(poolEvents.entryId),
        inArray(sql`lower(${users.username})`, admins),
      ),
    )
    .orderBy(desc(poolEvents.createdAt), desc(poolEvents.id))
    .limit(COMMISH_POSTS_LIMIT);
  return {
    posts: rows.map(({ event, username }) => ({
      id: event.id,
      type: event.type,
      username,
      summary: event.summary,
      post: event.desc,
      link: event.link,
      submitted_at: event.createdAt.toISOString(),
    })),
  };
}
