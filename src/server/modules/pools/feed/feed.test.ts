import { beforeEach, describe, expect, it } from 'vitest';
import { FEED_EVENT_TYPES, type FeedEvent, POOL_MESSAGES } from '../../../../core/contracts/pools';
import { poolWeeks } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { addMemberByInvite, registerNamed, type TestUser } from '../../../test/league-test-world';
import { buildMlbPool, createPoolWorld, enter, NOW, type PoolWorld } from '../../../test/pool-test-world';
import { type EntryWeekKind, rewriteEntryWeeks } from '../store/entry-weeks.repo';
import { postPoolEvent } from './feed.service';
import { readJudgedWeekNews } from './week-news.repo';

let t: TestApp;
let world: PoolWorld;
let member: TestUser;
let poolId: number;
beforeEach(async () => {
  t = await createTestApp({ now: NOW });
  world = await createPoolWorld(t.app);
  member = await registerNamed(t.app, 'member');
  await addMemberByInvite(t.app, t.ctx, world.leagueId, member);
  poolId = (await buildMlbPool(t.ctx, world.leagueId)).id;
});

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

const minutesAgo = (n: number) => new Date(NOW.getTime() - n * 60_000);
/** An entry's week as it locked, not judged yet. */
const LOCKED_KIND: EntryWeekKind = {
  inBonus: false,
  autoRebuy: false,
  livesBefore: 3,
  rebuysBefore: 0,
  needsRebuyBefore: false,
  weeksAliveBefore: 0,
  result: null,
  lives: null,
  status: null,
  rebuysBought: 0,
  bonusNet: 0,
};

async function post(values: Partial<Parameters<typeof postPoolEvent>[1]>, at: Date) {
  await postPoolEvent(
    t.ctx.db,
    { poolId, type: FEED_EVENT_TYPES.alert, summary: 'Headline', desc: 'Body', ...values },
    at,
  );
}

describe("GET /admin/commishPosts/{poolId} (the Commish's Desk)", () => {
  it("answers the league admins' alerts and bonus-related posts, newest first, with their links", async () => {
    await post(
      {
        userId: world.owner.id,
        summary: 'Welcome!',
        desc: 'Picks lock Sunday.',
        link: 'https://example.com/rules',
      },
      minutesAgo(30),
    );
    await post(
      {
        userId: world.owner.id,
        type: FEED_EVENT_TYPES.bonusPrize,
        summary: 'Bonus news',
        desc: 'Grand slams pay $40.',
      },
      minutesAgo(10),
    );
    const response = await get(`/admin/commishPosts/${poolId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().posts).toEqual([
      {
        id: expect.any(Number),
        type: FEED_EVENT_TYPES.bonusPrize,
        username: 'commish',
        summary: 'Bonus news',
        post: 'Grand slams pay $40.',
        link: null,
        submitted_at: minutesAgo(10).toISOString(),
      },
      expect.objectContaining({
        summary: 'Welcome!',
        post: 'Picks lock Sunday.',
        link: 'https://example.com/rules',
      }),
    ]);
  });

  it('leaves out what is not a commissioner post: members’ events, entry news, other types and other pools', async () => {
    const entry = await enter(t.ctx, poolId, member);
    await post({ userId: member.id, summary: 'Not the commish' }, minutesAgo(5));
    await post({ userId: world.owner.id, entryId: entry.id, summary: 'About an entry' }, minutesAgo(5));
    await post({ userId: world.owner.id, type: FEED_EVENT_TYPES.signUp, summary: 'Joined' }, minutesAgo(5));
    await post({ userId: null, summary: 'System alert' }, minutesAgo(5));
    const other = await buildMlbPool(t.ctx, world.leagueId, { poolIdx: 1 });
    await postPoolEvent(
      t.ctx.db,
      {
        poolId: other.id,
        userId: world.owner.id,
        type: FEED_EVENT_TYPES.alert,
        summary: 'Elsewhere',
        desc: '',
      },
      NOW,
    );
    expect((await get(`/admin/commishPosts/${poolId}`)).json()).toEqual({ posts: [] });
  });

  // A hidden league's pool answers 404 to outsiders: a row of src/server/authz.test.ts (feed.authz.ts).
  it('answers 404 with a message for an unknown pool and 400 for an id that is not one', async () => {
    const missing = await get(`/admin/commishPosts/${poolId + 1000}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(POOL_MESSAGES.poolNotFound);
    const bad = await get('/admin/commishPosts/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTruthy();
  });
});

describe('GET /api/feed/{leagueId}/{poolId}/{x}: the news of judged weeks', () => {
  /** A week settled at `settledAt` with what it did to each entry ([entry id, result, status]). */
  async function judged(
    week: number,
    settledAt: Date,
    rows: Array<[number, string, string]>,
    aliveAtLock = rows.length,
  ) {
    await t.ctx.db.insert(poolWeeks).values({
      poolId,
      week,
      aliveAtLock,
      bonusRunning: false,
      lockedAt: minutesAgo(600),
      settledAt,
    });
    const kind = { ...LOCKED_KIND, livesBefore: 1 };
    await t.ctx.db.transaction((tx) =>
      rewriteEntryWeeks(
        tx,
        poolId,
        week,
        rows.map(([entryId, result, status]) => ({ entryId, kind: { ...kind, result, status } })),
      ),
    );
  }

  it('tells what each settled week did to entries, newest week first, among the stored events', async () => {
    const first = await enter(t.ctx, poolId, member);
    const second = await enter(t.ctx, poolId, member, { entryNum: 2 });
    const owners = await enter(t.ctx, poolId, world.owner);
    await judged(1, minutesAgo(50), [
      [first.id, 'loss', 'needs-rebuy'],
      [second.id, 'moon', 'alive'],
      [owners.id, 'advance', 'alive'],
    ]);
    await post({ userId: world.owner.id, summary: 'Between the weeks' }, minutesAgo(30));
    await judged(2, minutesAgo(10), [
      [first.id, 'no-rebuy', 'eliminated'],
      [second.id, 'loss', 'needs-rebuy'],
      [owners.id, 'loss', 'needs-rebuy'],
    ]);

    const all = (await get(`/api/feed/${world.leagueId}/${poolId}/all`, member.cookie)).json().events;
    expect(all.map((event: FeedEvent) => [event.type, event.summary, event.desc])).toEqual([
      [
        FEED_EVENT_TYPES.needsRebuy,
        'Rebuy needed',
        'commish lost a life in Week 2 and must rebuy before Week 3 locks.',
      ],
      [
        FEED_EVENT_TYPES.needsRebuy,
        'Rebuy needed',
        'member [2] lost a life in Week 2 and must rebuy before Week 3 locks.',
      ],
      [FEED_EVENT_TYPES.eliminated, 'Eliminated', 'member was eliminated in Week 2.'],
      [FEED_EVENT_TYPES.alert, 'Between the weeks', 'Body'],
      [FEED_EVENT_TYPES.moon, 'Shot the moon', 'member [2] shot the moon in Week 1: one more life.'],
      [
        FEED_EVENT_TYPES.needsRebuy,
        'Rebuy needed',
        'member lost a life in Week 1 and must rebuy before Week 2 locks.',
      ],
    ]);
    expect(all[0]).toMatchObject({
      username: 'commish',
      submitted_at: minutesAgo(10).toISOString(),
      link: null,
    });
    expect(new Set(all.map((event: FeedEvent) => event.id)).size).toBe(all.length);

    const mine = (await get(`/api/feed/${world.leagueId}/${poolId}/mine`, member.cookie)).json().events;
    expect(mine.map((event: FeedEvent) => event.desc)).toEqual([
      'member [2] lost a life in Week 2 and must rebuy before Week 3 locks.',
      'member was eliminated in Week 2.',
      'member [2] shot the moon in Week 1: one more life.',
      'member lost a life in Week 1 and must rebuy before Week 2 locks.',
    ]);
    expect((await get(`/api/feed/${world.leagueId}/${poolId}/bonus`, member.cookie)).json().events).toEqual(
      [],
    );
  });

  // A small pool's weeks are read together; a big week (as many in play as 50,000) on its own.
  it.each([
    ['small weeks, read together', 3],
    ['a big week between them, read on its own', 50_000],
  ])(
    'keeps the newest news up to its limit, newest week first, across weeks with no news (%s)',
    async (_, weekTwoSize) => {
      const [a, b, c] = [
        await enter(t.ctx, poolId, member),
        await enter(t.ctx, poolId, member, { entryNum: 2 }),
        await enter(t.ctx, poolId, world.owner),
      ];
      await judged(1, minutesAgo(50), [
        [a.id, 'loss', 'needs-rebuy'],
        [b.id, 'loss', 'needs-rebuy'],
        [c.id, 'loss', 'needs-rebuy'],
      ]);
      // Week 2: everyone won, no news. Week 3: one elimination.
      await judged(
        2,
        minutesAgo(30),
        [
          [a.id, 'advance', 'alive'],
          [b.id, 'advance', 'alive'],
          [c.id, 'advance', 'alive'],
        ],
        weekTwoSize,
      );
      await judged(3, minutesAgo(10), [[a.id, 'no-rebuy', 'eliminated']]);

      const news = async (limit: number) =>
        (await readJudgedWeekNews(t.ctx.db, { poolId }, limit)).map((event) => event.desc);
      expect(await news(3)).toEqual([
        'member was eliminated in Week 3.',
        'commish lost a life in Week 1 and must rebuy before Week 2 locks.',
        'member [2] lost a life in Week 1 and must rebuy before Week 2 locks.',
      ]);
      expect(await news(1)).toEqual(['member was eliminated in Week 3.']);
      expect(await news(10)).toHaveLength(4);
    },
  );

  it('tells nothing of a week locked but not settled yet', async () => {
    const entry = await enter(t.ctx, poolId, member);
    await t.ctx.db
      .insert(poolWeeks)
      .values({ poolId, week: 1, aliveAtLock: 1, bonusRunning: false, lockedAt: minutesAgo(60) });
    await t.ctx.db.transaction((tx) =>
      rewriteEntryWeeks(tx, poolId, 1, [{ entryId: entry.id, kind: LOCKED_KIND }]),
    );
    expect((await get(`/api/feed/${world.leagueId}/${poolId}/all`, member.cookie)).json().events).toEqual([]);
  });
});
