import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIVE_MESSAGES, POOL_MESSAGES } from '../../../../core/contracts/pools';
import { buildPick } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { addMemberByInvite, registerNamed } from '../../../test/league-test-world';
import { buildMlbPool, createPoolWorld, enter, NOW, type PoolWorld } from '../../../test/pool-test-world';
import { openSse, type SseClient } from '../../../test/sse-client';
import { timeLimit } from '../../../test/time-limit';
import { LIVE_PICKS_COALESCE_MS } from './live.routes';
import { notifyGamePools, notifyPoolChanged } from './notify';

let t: TestApp;
let world: PoolWorld;
let base: string;
const open: SseClient[] = [];

beforeEach(async () => {
  t = await createTestApp({ now: NOW });
  world = await createPoolWorld(t.app);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  base = `http://127.0.0.1:${address.port}`;
});
afterEach(async () => {
  for (const client of open.splice(0)) client.close();
  await t.app.close();
});

/** Starts the app afresh with these settings (the caps are read when it starts). */
async function restart(env: Record<string, string>): Promise<void> {
  await t.app.close();
  t = await createTestApp({ now: NOW, env });
  world = await createPoolWorld(t.app);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  base = `http://127.0.0.1:${address.port}`;
}

/** A refused stream's status and message (fetch reads the JSON body an EventSource cannot). */
async function refused(path: string): Promise<{ status: number; message: string }> {
  const answer = await fetch(`${base}${path}`, { headers: { accept: 'text/event-stream' } });
  return { status: answer.status, message: ((await answer.json()) as { message: string }).message };
}

async function stream(path: string, cookie?: string): Promise<SseClient> {
  const client = await openSse(`${base}${path}`, { headers: cookie ? { cookie } : {} });
  open.push(client);
  return client;
}

describe('GET /api/pools/:poolId/live', () => {
  it('streams a change of the pool to a visitor after notifyPoolChanged, and only that pool’s', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    const other = await buildMlbPool(t.ctx, world.leagueId, { poolIdx: 1 });
    const client = await stream(`/api/pools/${pool.id}/live`);
    expect(client.status).toBe(200);
    expect(client.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(client.headers['cache-control']).toBe('no-store');
    // The first comment says the subscription is in place: a change from now on reaches the client.
    await expect.poll(() => client.comments).toContain('connected');

    notifyPoolChanged(t.ctx, other.id, 'standings');
    notifyPoolChanged(t.ctx, pool.id, 'scores');
    const event = await client.next((e) => e.event === 'change');
    expect(JSON.parse(event.data)).toEqual({ topic: 'scores' });
    expect(client.events).toHaveLength(1);
  });

  it('tells a member of a pick without the pick: the stream carries the topic only', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    const entry = await enter(t.ctx, pool.id, world.owner);
    const client = await stream(`/api/pools/${pool.id}/live`, world.owner.cookie);
    await expect.poll(() => client.comments).toContain('connected');
    await buildPick(t.ctx, { entryId: entry.id, week: 2, pickId: 'NYY' });
    notifyPoolChanged(t.ctx, pool.id, 'picks');
    await client.next((e) => e.event === 'change');
    expect(client.events).toEqual([{ event: 'change', data: '{"topic":"picks"}' }]);
  });

  it('tells the pools of a game’s season when the ingest wrote its games', async () => {
    const mlb = await buildMlbPool(t.ctx, world.leagueId);
    const nba = await buildMlbPool(t.ctx, world.leagueId, { game: 'nba', gameName: 'NBA' });
    const mlbClient = await stream(`/api/pools/${mlb.id}/live`);
    const nbaClient = await stream(`/api/pools/${nba.id}/live`);
    await expect.poll(() => nbaClient.comments).toContain('connected');
    await expect.poll(() => mlbClient.comments).toContain('connected');
    await notifyGamePools(t.ctx, 'mlb', [2023, 2023]);
    expect(JSON.parse((await mlbClient.next((e) => e.event === 'change')).data)).toEqual({ topic: 'scores' });
    notifyPoolChanged(t.ctx, nba.id, 'feed');
    await nbaClient.next((e) => e.event === 'change');
    expect(nbaClient.events).toEqual([{ event: 'change', data: '{"topic":"feed"}' }]);
  });

  it('answers an unknown pool, or a hidden league’s pool to an outsider, as not found', async () => {
    const outsider = await registerNamed(t.app, 'outsider');
    const member = await registerNamed(t.app, 'member');
    const league = await t.app.inject({
      method: 'POST',
      url: '/leagueRoutes/createLeague',
      headers: { cookie: world.owner.cookie },
      payload: { name: 'Hidden Club', abb: 'HIDE', hidden: true },
    });
    const hiddenLeagueId = league.json().league.id as number;
    await addMemberByInvite(t.app, t.ctx, hiddenLeagueId, member);
    const pool = await buildMlbPool(t.ctx, hiddenLeagueId);

    for (const [path, cookie] of [
      [`/api/pools/${pool.id}/live`, outsider.cookie],
      [`/api/pools/${pool.id}/live`, undefined],
      ['/api/pools/999999/live', world.owner.cookie],
    ] as const) {
      const client = await stream(path, cookie);
      expect(client.status).toBe(404);
      await client.ended;
    }
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/pools/${pool.id}/live`,
      headers: { cookie: outsider.cookie, accept: 'text/event-stream' },
    });
    expect(answer.json()).toEqual({ message: POOL_MESSAGES.poolNotFound });
    const allowed = await stream(`/api/pools/${pool.id}/live`, member.cookie);
    expect(allowed.status).toBe(200);
  });

  it('asks a client that does not accept an event stream to open it as one (406 with a message)', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    const answer = await t.app.inject({ method: 'GET', url: `/api/pools/${pool.id}/live` });
    expect(answer.statusCode).toBe(406);
    expect(answer.json()).toEqual({ message: LIVE_MESSAGES.streamOnly });
  });

  it('keeps open streams out of the API rate limit, and closing the app ends them', async () => {
    await restart({ RATE_LIMIT_MAX: '5' });
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    const clients = await Promise.all([1, 2, 3].map(() => stream(`/api/pools/${pool.id}/live`)));
    expect(clients.map((c) => c.status)).toEqual([200, 200, 200]);
    // Three open streams did not use the address's API budget.
    const page = await fetch(`${base}/api/poolEntrants/${pool.id}`);
    expect(page.status).toBe(200);

    const started = Date.now();
    await t.app.close();
    await Promise.all(clients.map((c) => c.ended));
    expect(Date.now() - started).toBeLessThan(timeLimit(5_000));
  });

  it('refuses a stream past the cap of one client address with 429 and a message, and frees the place on close', async () => {
    await restart({ LIVE_MAX_STREAMS_PER_IP: '2' });
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    const path = `/api/pools/${pool.id}/live`;
    const first = await stream(path);
    const second = await stream(path);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await refused(path)).toEqual({ status: 429, message: LIVE_MESSAGES.tooManyFromAddress });
    first.close();
    await expect.poll(async () => (await stream(path)).status).toBe(200);
    expect((await refused(path)).status).toBe(429);
  });

  it('refuses a stream past the cap of the instance with 429 and a message', async () => {
    await restart({ LIVE_MAX_STREAMS: '3' });
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    const other = await buildMlbPool(t.ctx, world.leagueId, { poolIdx: 1 });
    const clients = await Promise.all(
      [pool.id, pool.id, other.id].map((id) => stream(`/api/pools/${id}/live`)),
    );
    expect(clients.map((c) => c.status)).toEqual([200, 200, 200]);
    expect(await refused(`/api/pools/${other.id}/live`)).toEqual({
      status: 429,
      message: LIVE_MESSAGES.tooManyOnServer,
    });
  });

  it(
    'tells an entrant of each pick at once, and anyone else only of picks coalesced on a shared beat',
    async () => {
      const pool = await buildMlbPool(t.ctx, world.leagueId);
      await enter(t.ctx, pool.id, world.owner);
      const outsider = await registerNamed(t.app, 'watcher');
      const entrant = await stream(`/api/pools/${pool.id}/live`, world.owner.cookie);
      const visitor = await stream(`/api/pools/${pool.id}/live`);
      const member = await stream(`/api/pools/${pool.id}/live`, outsider.cookie);
      for (const client of [entrant, visitor, member])
        await expect.poll(() => client.comments).toContain('connected');

      notifyPoolChanged(t.ctx, pool.id, 'picks');
      notifyPoolChanged(t.ctx, pool.id, 'picks');
      notifyPoolChanged(t.ctx, pool.id, 'picks');
      await expect.poll(() => entrant.events.length).toBe(3);
      // Other topics are not about one entrant: they go to everyone at once.
      notifyPoolChanged(t.ctx, pool.id, 'feed');
      const feed = (e: { data: string }) => e.data === '{"topic":"feed"}';
      await visitor.next(feed);
      await member.next(feed);
      const picks = (e: { data: string }) => e.data === '{"topic":"picks"}';
      // The burst of picks comes to the others as one event, within one beat.
      await visitor.next(picks, LIVE_PICKS_COALESCE_MS + 2_000);
      await member.next(picks, LIVE_PICKS_COALESCE_MS + 2_000);
      // Nothing more of that beat: a change sent after it reaches them after all the beat wrote.
      notifyPoolChanged(t.ctx, pool.id, 'feed');
      for (const client of [visitor, member])
        await expect.poll(() => client.events.filter(feed)).toHaveLength(2);
      for (const client of [visitor, member]) {
        expect(client.events.filter(picks)).toEqual([{ event: 'change', data: '{"topic":"picks"}' }]);
      }
      expect(entrant.events.filter(picks)).toHaveLength(3);
    },
    timeLimit(30_000),
  );
});
