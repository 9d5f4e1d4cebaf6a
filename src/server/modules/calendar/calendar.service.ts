import { eq } from 'drizzle-orm';
import ical, { ICalAlarmType } from 'ical-generator';
import { CALENDAR_MESSAGES, type CalendarAddressResponse } from '../../../core/contracts/me';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { calendarFeeds, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { publicUrl } from '../../lib/public-url';
import { createToken, hashToken } from '../../lib/tokens';
import { loadMyPools } from '../me/my-pools';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How far back the feed lists locks: the recent past, so a calendar app keeps last weeks' events. */
const PAST_DAYS = 30;
/** An NFL week may lock some days after its deadline (last game): final pools are read this much earlier. */
const NFL_LOCK_SLACK_DAYS = 14;
/** Each event lasts this long from its lock: calendar apps draw a zero-length event poorly. */
const EVENT_MINUTES = 15;

/** The path of a feed; the token is the whole secret. */
export function calendarPath(token: string): string {
  return `/api/calendar/${token}.ics`;
}

/** GET /api/me/calendar: whether the viewer has an address, and since when (never the address: only its hash is kept). */
export async function getCalendarAddress(ctx: AppContext, viewer: UserRow): Promise<CalendarAddressResponse> {
  const [row] = await ctx.db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, viewer.id));
  return { created_at: row ? row.createdAt.toISOString() : null };
}

/**
 * POST /api/me/calendar/renew: a new secret address for the viewer, replacing the old one (which then
 * answers 404). The answer is the only place the address is ever shown.
 */
export async function renewCalendarAddress(
  ctx: AppContext,
  viewer: UserRow,
): Promise<CalendarAddressResponse> {
  const token = createToken();
  // The application's clock, as every date the profile shows beside it (the demo replays a past season).
  const createdAt = ctx.clock.now();
  await ctx.db
    .insert(calendarFeeds)
    .values({ userId: viewer.id, tokenHash: hashToken(token), createdAt })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: hashToken(token), createdAt } });
  const url = `${publicUrl(ctx.config)}${calendarPath(token)}`;
  return { created_at: createdAt.toISOString(), url, webcal_url: url.replace(/^https?:/, 'webcal:') };
}

/**
 * GET /api/calendar/{token}.ics, without a session (calendar apps fetch it): the token's user's week
 * locks of every pool they have entries in, from the recent past on, as an iCalendar feed. Bounded by
 * the user's own pools and their weeks; names no entry and no pick. An unknown token is a 404.
 */
export async function renderCalendarFeed(ctx: AppContext, token: string): Promise<string> {
  const [owner] = await ctx.db
    .select({ id: users.id, username: users.username })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.tokenHash, hashToken(token)));
  if (!owner) throw notFound(CALENDAR_MESSAGES.unknownToken);
  const now = ctx.clock.now();
  const from = new Date(now.getTime() - PAST_DAYS * DAY_MS);
  const myPools = await loadMyPools(ctx.db, owner.id, {
    finishedSince: new Date(from.getTime() - NFL_LOCK_SLACK_DAYS * DAY_MS),
  });
  const base = publicUrl(ctx.config);
  const host = new URL(base).host;
  const calendar = ical({
    name: 'ALA Survivor pick deadlines',
    description: `Every week's pick lock of ${owner.username}'s pools`,
    prodId: { company: 'ALA Survivor', product: 'Pick deadlines', language: 'EN' },
    ttl: 60 * 60,
  });
  for (const { pool, name, leagueName, path, weeks } of myPools) {
    const link = `${base}${path}/makepicks`;
    for (let week = Math.max(1, pool.startWeek); week <= weeks.weekCount; week++) {
      const lockAt = weeks.weekLockAt(week);
      if (lockAt === null || lockAt.getTime() < from.getTime()) continue;
      // A concluded pool (champions crowned, by its end rule or its commissioner) has no lock ahead.
      if (pool.final && lockAt.getTime() > now.getTime()) continue;
      calendar.createEvent({
        id: `lock-${pool.id}-${week}@${host}`,
        start: lockAt,
        end: new Date(lockAt.getTime() + EVENT_MINUTES * 60 * 1000),
        stamp: now,
        summary: `${name}: week ${week} picks lock`,
        description: `${name} (${leagueName}): your picks for week ${week} lock at this time. Make picks: ${link}`,
        url: link,
        alarms: [
          {
            type: ICalAlarmType.display,
            trigger: 60 * 60,
            description: `${name}: week ${week} picks lock in an hour`,
          },
        ],
      });
    }
  }
  return calendar.toString();
}
