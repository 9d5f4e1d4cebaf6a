import { beforeEach, describe, expect, it } from 'vitest';
import { FEED_EVENT_TYPES, POOL_MESSAGES } from '../../../../core/contracts/pools';
import { createTestApp, type TestApp } from '../../../test/harness';
import { addMemberByInvite, registerNamed, type TestUser } from '../../leagues/league-test-world';
import { buildMlbPool, createPoolWorld, enter, NOW, type PoolWorld } from '../pool-test-world';
import { postPoolEvent } from './feed.service';

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
