import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_MESSAGES, type CalendarAddressResponse } from '../../../core/contracts/me';
import { calendarFeeds } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { createTestApp, type TestApp } from '../../test/harness';
import type { TestUser } from '../../test/league-test-world';
import {
  buildMlbPool,
  buildNflPool,
  enter,
  joinLeague,
  NOW,
  type PoolWorld,
  startPoolWorld,
} from '../../test/pool-test-world';

let t: TestApp;
let world: PoolWorld;
let ann: TestUser;
let bob: TestUser;

beforeAll(async () => {
  ({
    t,
    world,
    members: [ann, bob],
  } = await startPoolWorld({ members: ['ann', 'bob'], seasons: ['mlb', 'nfl'] }));
  const mlb = await buildMlbPool(t.ctx, world.leagueId, { customName: 'Bronx Pool' });
  await enter(t.ctx, mlb.id, ann);
  await enter(t.ctx, mlb.id, ann, { entryNum: 2 });
  const nfl = await buildNflPool(t.ctx, world.leagueId, { customName: 'TD Late', nflLockTime: 'late_slate' });
  await enter(t.ctx, nfl.id, ann);
  // A pool of Bob's alone: never in Ann's feed.
  const secret = await buildMlbPool(t.ctx, world.leagueId, { customName: 'Bobs Secret', poolIdx: 1 });
  await enter(t.ctx, secret.id, bob);
});

async function renew(user: TestUser): Promise<CalendarAddressResponse> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/me/calendar/renew',
    headers: { cookie: user.cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const feedPath = (address: CalendarAddressResponse) => new URL(address.url ?? '').pathname;

interface ParsedEvent {
  uid: string;
  summary: string;
  start: string;
  url: string;
}

function parseFeed(text: string): ParsedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toJSDate().toISOString(),
      url: String(component.getFirstPropertyValue('url')),
    };
  });
}

describe('deadline calendar', () => {
  it('has no address until one is made, and needs a session to make one', async () => {
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/me/calendar',
      headers: { cookie: ann.cookie },
    });
    expect(none.json()).toEqual({ created_at: null });
    const visitor = await t.app.inject({ method: 'POST', url: '/api/me/calendar/renew' });
    expect(visitor.statusCode).toBe(401);
  });

  it('lists every lock of the user pools as events, times as instants, NFL by its lock mode', async () => {
    // The wall's clock runs apart from the app's (the demo replays a past season): the address is dated on
    // the app's.
    t.wallClock.set(new Date(NOW.getTime() + 3 * 86_400_000));
    const address = await renew(ann);
    t.wallClock.set(NOW);
    expect(address.url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(address.webcal_url).toBe(address.url?.replace('http:', 'webcal:'));
    // Dated on the application's clock, as every other date the profile shows (the demo replays a past season).
    expect(address.created_at).toBe(NOW.toISOString());
    // Only the hash is kept, and the address is never shown again.
    const token = /calendar\/(.+)\.ics$/.exec(address.url ?? '')?.[1] ?? '';
    const [stored] = await t.ctx.db
      .select()
      .from(calendarFeeds)
      .where(eq(calendarFeeds.tokenHash, hashToken(token)));
    expect(stored.userId).toBe(ann.id);
    const shown = await t.app.inject({
      method: 'GET',
      url: '/api/me/calendar',
      headers: { cookie: ann.cookie },
    });
    expect(shown.json()).toEqual({ created_at: address.created_at });

    const response = await t.app.inject({ method: 'GET', url: feedPath(address) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const events = parseFeed(response.body);
    const mlb = '/mlb/SQUAD/2023/reg/0/makepicks';
    const nfl = '/nfl-td/SQUAD/2023/reg/0/makepicks';
    expect(events.map((event) => [event.summary, event.start, new URL(event.url).pathname])).toEqual([
      // MLB weeks lock at their deadlines (the entry's two entries make one pool's events).
      ['Bronx Pool: week 1 picks lock', '2026-11-16T00:00:00.000Z', mlb],
      ['Bronx Pool: week 2 picks lock', '2026-11-23T00:00:00.000Z', mlb],
      ['Bronx Pool: week 3 picks lock', '2026-11-30T00:00:00.000Z', mlb],
      // Late slate: Sunday 13:00 Pacific of each week with games (week 1 has none, so no lock).
      ['TD Late: week 2 picks lock', '2026-11-22T21:00:00.000Z', nfl],
      ['TD Late: week 3 picks lock', '2026-11-29T21:00:00.000Z', nfl],
    ]);
    expect(new Set(events.map((event) => event.uid)).size).toBe(5);
    expect(response.body).not.toContain('Bobs Secret');
  });

  it('leaves out locks older than the recent past', async () => {
    const address = await renew(ann);
    // Thirty days back from 12-25 is 11-25: the weeks of 11-16 and 11-22/23 are left out.
    t.clock.set(new Date('2026-12-25T00:00:00Z'));
    try {
      const events = parseFeed((await t.app.inject({ method: 'GET', url: feedPath(address) })).body);
      expect(events.map((event) => event.start)).toEqual([
        '2026-11-30T00:00:00.000Z',
        '2026-11-29T21:00:00.000Z',
      ]);
    } finally {
      t.clock.set(NOW);
    }
  });

  it('renewing kills the old address', async () => {
    const old = await renew(ann);
    const fresh = await renew(ann);
    expect(fresh.url).not.toBe(old.url);
    const gone = await t.app.inject({ method: 'GET', url: feedPath(old) });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: CALENDAR_MESSAGES.unknownToken });
    expect((await t.app.inject({ method: 'GET', url: feedPath(fresh) })).statusCode).toBe(200);
    expect(await t.ctx.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, ann.id))).toHaveLength(
      1,
    );
  });

  it('answers an unknown or malformed token with a clear 404', async () => {
    for (const url of [
      '/api/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics',
      '/api/calendar/short.ics',
      '/api/calendar/x',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
      expect(response.json()).toEqual({ message: CALENDAR_MESSAGES.unknownToken });
    }
  });

  it('shows each user only their own pools', async () => {
    const cat = await joinLeague(t, world.leagueId, 'cat');
    const events = parseFeed((await t.app.inject({ method: 'GET', url: feedPath(await renew(cat)) })).body);
    expect(events).toEqual([]);
    const bobs = parseFeed((await t.app.inject({ method: 'GET', url: feedPath(await renew(bob)) })).body);
    expect(bobs.map((event) => event.summary)).toEqual([
      'Bobs Secret: week 1 picks lock',
      'Bobs Secret: week 2 picks lock',
      'Bobs Secret: week 3 picks lock',
    ]);
  });

  it('leaves out the locks ahead of a concluded pool, keeping its past ones', async () => {
    const dan = await joinLeague(t, world.leagueId, 'dan');
    const ended = await buildMlbPool(t.ctx, world.leagueId, {
      customName: 'Ended Early',
      poolIdx: 2,
      final: true,
    });
    await enter(t.ctx, ended.id, dan);
    // After week 2's lock: weeks 1 and 2 locked before the pool ended; week 3 never comes.
    t.clock.set(new Date('2026-11-24T00:00:00Z'));
    try {
      const events = parseFeed((await t.app.inject({ method: 'GET', url: feedPath(await renew(dan)) })).body);
      expect(events.map((event) => event.summary)).toEqual([
        'Ended Early: week 1 picks lock',
        'Ended Early: week 2 picks lock',
      ]);
    } finally {
      t.clock.set(NOW);
    }
  });

  it('is rate-limited as the API is (last: it starts an app of its own)', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_MAX: '2' } });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push(
        (await limited.app.inject({ method: 'GET', url: '/api/calendar/unknown-token-0123456789.ics' }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([404, 404, 429]);
    await limited.app.close();
  });
});
