import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { ENTRANTS_MESSAGES } from '../../../../../core/contracts/pools';
import { poolAudits, poolEvents } from '../../../../db/schema';
import type { TestApp } from '../../../../test/harness';
import { addMemberByInvite, createLeagueAs, registerNamed } from '../../../../test/league-test-world';
import { buildMlbPool, type PoolWorld, startPoolWorld } from '../../../../test/pool-test-world';
import { COMMISH_ONLY_MESSAGE } from '../../access/pool-access';

let t: TestApp;
let world: PoolWorld;
beforeEach(async () => {
  ({ t, world } = await startPoolWorld());
});

const send = (payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/admin/commishPosts', payload, headers: cookie ? { cookie } : {} });

describe('POST /admin/commishPosts', () => {
  it("posts to the pool's feed, where the Commish's Desk and the news show it, and audits it", async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    const alert = await send(
      {
        activePool: pool.id,
        summary: ' Picks lock at noon ',
        post: 'Get them in early.',
        type: 17,
        link: '',
      },
      world.owner.cookie,
    );
    expect(alert.statusCode, alert.body).toBe(200);
    expect(alert.json().message).toBe(ENTRANTS_MESSAGES.posted);
    const bonus = await send(
      {
        activePool: pool.id,
        summary: 'Cycle bonus paid',
        post: 'Congrats to the winners.',
        type: 7,
        link: 'https://www.mlb.com/news',
      },
      world.owner.cookie,
    );
    expect(bonus.statusCode, bonus.body).toBe(200);

    const desk = await t.app.inject({
      method: 'GET',
      url: `/admin/commishPosts/${pool.id}`,
      headers: { cookie: world.owner.cookie },
    });
    expect(
      desk
        .json()
        .posts.map((p: { summary: string; type: number; link: string | null }) => [
          p.summary,
          p.type,
          p.link,
        ]),
    ).toEqual([
      ['Cycle bonus paid', 7, 'https://www.mlb.com/news'],
      ['Picks lock at noon', 17, null],
    ]);
    const feed = await t.app.inject({
      method: 'GET',
      url: `/api/feed/${world.leagueId}/${pool.id}/pool`,
      headers: { cookie: world.owner.cookie },
    });
    expect(feed.json().events.map((e: { desc: string }) => e.desc)).toEqual([
      'Congrats to the winners.',
      'Get them in early.',
    ]);
    const audits = await t.ctx.db.select().from(poolAudits).where(eq(poolAudits.poolId, pool.id));
    expect(audits.map((a) => [a.action, a.summary, a.userId])).toEqual([
      ['post', 'Posted "Picks lock at noon"', world.owner.id],
      ['post', 'Posted "Cycle bonus paid"', world.owner.id],
    ]);
  });

  it('answers every missing or wrong field with its message and posts nothing', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    const good = { activePool: pool.id, summary: 'Headline', post: 'Body', type: 17 };
    const cases: [object, string][] = [
      [{ ...good, post: '' }, ENTRANTS_MESSAGES.postBodyRequired],
      [{ ...good, post: '   ', summary: '' }, ENTRANTS_MESSAGES.postBodyRequired],
      [{ ...good, summary: '' }, ENTRANTS_MESSAGES.postHeadlineRequired],
      [{ ...good, summary: undefined }, ENTRANTS_MESSAGES.postHeadlineRequired],
      [{ ...good, type: undefined }, ENTRANTS_MESSAGES.postTypeRequired],
      [{ ...good, type: 3 }, ENTRANTS_MESSAGES.postTypeRequired],
      [{ ...good, link: 'javascript:alert(1)' }, ENTRANTS_MESSAGES.postLink],
      [{ ...good, link: 'not a link' }, ENTRANTS_MESSAGES.postLink],
      [{ ...good, summary: 'x'.repeat(201) }, ENTRANTS_MESSAGES.postHeadlineLong],
      [{ ...good, post: 'x'.repeat(5001) }, ENTRANTS_MESSAGES.postBodyLong],
    ];
    for (const [payload, message] of cases) {
      const answer = await send(payload, world.owner.cookie);
      expect({ status: answer.statusCode, message: answer.json().message }).toEqual({ status: 400, message });
    }
    expect(await t.ctx.db.select().from(poolEvents)).toEqual([]);
    expect(await t.ctx.db.select().from(poolAudits)).toEqual([]);
  });

  it('refuses members who are not admins (403), outsiders of a hidden league (404) and visitors (401)', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    const bob = await registerNamed(t.app, 'bob');
    await addMemberByInvite(t.app, t.ctx, world.leagueId, bob);
    const good = { activePool: pool.id, summary: 'Headline', post: 'Body', type: 17 };
    const member = await send(good, bob.cookie);
    expect(member.statusCode).toBe(403);
    expect(member.json().message).toBe(COMMISH_ONLY_MESSAGE);
    expect((await send(good)).statusCode).toBe(401);
    const hidey = await registerNamed(t.app, 'hidey');
    const hidden = await buildMlbPool(
      t.ctx,
      await createLeagueAs(t.app, hidey, { name: 'Hideout', abb: 'HIDE', hidden: true }),
    );
    expect((await send({ ...good, activePool: hidden.id }, bob.cookie)).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(poolEvents)).toEqual([]);
  });
});
