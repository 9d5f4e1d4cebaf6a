import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PUSH_MESSAGES } from '../../../core/contracts/push';
import { entries, poolEnds, pushQueue, pushSubscriptions } from '../../db/schema';
import { buildPick } from '../../test/factories';
import type { TestApp } from '../../test/harness';
import type { TestUser } from '../../test/league-test-world';
import {
  buildMlbPool,
  buildNflSurvivorPool,
  enter,
  finishWeek,
  type PoolWorld,
  seedNflTeams,
  startPoolWorld,
} from '../../test/pool-test-world';
import { type TestDevice, TestPushService } from '../../test/push-test-service';
import { settleDueWeeks } from '../pools/settlement/settle-pool.job';
import { runReminderPass } from '../reminders/reminders.service';
import { leaseQueuedPushes } from './push.repo';
import { runPushPass, sendQueuedPushes } from './push.service';

// Web push (issue 44) on the API and the jobs, delivered to a push service on this machine that checks
// each request's VAPID signature and decrypts its payload with the device's keys.

let t: TestApp;
let world: PoolWorld;
let ann: TestUser;
let bob: TestUser;
let service: TestPushService;

beforeEach(async () => {
  service = new TestPushService();
  await service.start();
  const started = await startPoolWorld({
    seasons: ['nfl'],
    members: ['ann', 'bob'],
    env: { PUSH_SERVICE_HOSTS: '127.0.0.1' },
  });
  ({ t, world } = started);
  [ann, bob] = started.members;
});
afterEach(async () => {
  await service.stop();
});

const api = (
  user: TestUser | null,
  method: 'GET' | 'PUT' | 'DELETE' | 'POST',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: user ? { cookie: user.cookie } : {}, payload });

async function turnOn(user: TestUser, choices: object = {}): Promise<TestDevice> {
  const device = service.device();
  const answer = await api(user, 'PUT', '/api/push/subscription', {
    subscription: device.subscription,
    choices: { reminders: 'both', results: true, champions: true, nudges: true, ...choices },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return device;
}

describe('a device turned on for push', () => {
  it('is saved once per device, listed, tested, and turned off (again: still success)', async () => {
    expect((await api(null, 'GET', '/api/push')).statusCode).toBe(401);
    const device = await turnOn(ann);
    // A repeat, with other choices, changes the same row.
    await turnOn(ann, {}).then(() => undefined);
    const again = await api(ann, 'PUT', '/api/push/subscription', {
      subscription: device.subscription,
      choices: { reminders: '2h', results: false, champions: true, nudges: true },
    });
    expect(again.json()).toMatchObject({
      message: PUSH_MESSAGES.saved,
      device: { reminders: '2h', results: false },
    });
    const state = (await api(ann, 'GET', '/api/push')).json();
    expect(state.public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(
      state.devices.filter((d: { endpoint: string }) => d.endpoint === device.subscription.endpoint),
    ).toHaveLength(1);

    const test = await api(ann, 'POST', '/api/push/test', { endpoint: device.subscription.endpoint });
    expect(test.statusCode, test.body).toBe(200);
    const [push] = service.pushesOf(device);
    expect(service.refused).toEqual([]);
    expect(push.payload).toMatchObject({ title: 'ALA Survivor', url: '/profile', tag: 'test' });
    expect(push.vapidKey).toBe(state.public_key);
    expect(push.claims.sub).toMatch(/^mailto:/);

    for (let i = 0; i < 2; i++) {
      const off = await api(ann, 'DELETE', '/api/push/subscription', {
        endpoint: device.subscription.endpoint,
      });
      expect(off.json()).toEqual({ message: PUSH_MESSAGES.removed });
    }
    const tested = await api(ann, 'POST', '/api/push/test', { endpoint: device.subscription.endpoint });
    expect(tested.statusCode).toBe(400);
    expect(tested.json().message).toBe(PUSH_MESSAGES.notThisDevice);
  });

  it('refuses an address that is not a push service, and bad keys, with what to do', async () => {
    const device = service.device();
    for (const subscription of [
      { ...device.subscription, endpoint: 'https://internal.example.com/hook' },
      { ...device.subscription, endpoint: 'ftp://127.0.0.1/x' },
      { ...device.subscription, keys: { p256dh: 'not a key!', auth: 'x' } },
    ]) {
      const answer = await api(ann, 'PUT', '/api/push/subscription', {
        subscription,
        choices: { reminders: 'both', results: true, champions: true, nudges: true },
      });
      expect(answer.statusCode).toBe(400);
      expect([PUSH_MESSAGES.badEndpoint, PUSH_MESSAGES.badSubscription]).toContain(answer.json().message);
    }
    expect(await t.ctx.db.select().from(pushSubscriptions)).toEqual([]);
  });

  it('is dropped when its user signs out on it', async () => {
    await turnOn(ann);
    await api(ann, 'POST', '/api/logout');
    expect(await t.ctx.db.select().from(pushSubscriptions)).toEqual([]);
  });
});

describe('pushes of the jobs', () => {
  it('reminds once per entry, week and kind, batched per player, and never after the lock', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId, { customName: 'Office MLB', maxEntries: 3 });
    const annDevice = await turnOn(ann);
    const bobDevice = await turnOn(bob, { reminders: 'off' });
    await enter(t.ctx, pool.id, ann);
    await enter(t.ctx, pool.id, ann, { entryNum: 2 });
    const bobs = await enter(t.ctx, pool.id, bob);
    await buildPick(t.ctx, { entryId: bobs.id, week: 2, pickId: 'NYY' });

    await runReminderPass(t.ctx);
    const first = await runPushPass(t.ctx);
    expect(first).toMatchObject({ sent: 1, failed: 0, gone: 0 });
    const [push] = service.pushesOf(annDevice);
    expect(push.payload).toMatchObject({ title: 'Pick due', url: '/mlb/SQUAD/2023/reg/0/makepicks' });
    expect(push.payload.body).toBe('2 entries need a pick. The first lock is in 6 hours.');
    // It may wait for an offline phone only until the lock.
    expect(push.ttl).toBeGreaterThan(5 * 3600);
    expect(push.ttl).toBeLessThanOrEqual(6 * 3600);
    expect(service.pushesOf(bobDevice)).toEqual([]);

    // Another pass, or a restart: nothing more.
    await runReminderPass(t.ctx);
    await runPushPass(t.ctx);
    expect(service.pushesOf(annDevice)).toHaveLength(1);

    // A reminder queued but not sent before the lock is dropped.
    await t.ctx.db.insert(pushQueue).values({
      userId: ann.id,
      kind: 'reminder-2h',
      poolId: pool.id,
      week: 2,
      entryId: bobs.id,
      lockAt: new Date(t.clock.now().getTime() - 1),
    });
    await sendQueuedPushes(t.ctx);
    expect(service.pushesOf(annDevice)).toHaveLength(1);
    expect(await t.ctx.db.select().from(pushQueue)).toEqual([]);
  });

  it("pushes each player their own entries' results once, and deletes a device that is gone", async () => {
    await seedNflTeams(t.ctx);
    const pool = await buildNflSurvivorPool(t.ctx, world.leagueId, { customName: 'Office NFL' });
    const annDevice = await turnOn(ann);
    const bobDevice = await turnOn(bob);
    const annEntry = await enter(t.ctx, pool.id, ann);
    const bobEntry = await enter(t.ctx, pool.id, bob);
    await buildPick(t.ctx, { entryId: annEntry.id, week: 2, pickId: 'KC' });
    await buildPick(t.ctx, { entryId: bobEntry.id, week: 2, pickId: 'GB' });
    service.makeGone(bobDevice);
    t.clock.set(new Date('2026-11-23T12:00:00Z'));
    await finishWeek(t.ctx, 2, {
      'KC-BAL': [27, 20],
      'GB-ATL': [17, 24],
      'SF-DAL': [20, 20],
      'NYJ-MIA': [10, 13],
    });
    await settleDueWeeks(t.ctx);

    const run = await runPushPass(t.ctx);
    expect(run.failedPools).toEqual([]);
    expect(run).toMatchObject({ sent: 1, gone: 1 });
    const [push] = service.pushesOf(annDevice);
    expect(push.payload).toEqual({
      title: 'Office NFL: week 2 results',
      body: 'ann survived.',
      url: `/nfl/SQUAD/${pool.season}/reg/0/standings`,
      tag: `result:${pool.id}:2`,
    });
    // Nothing of anyone else's pick or result.
    expect(JSON.stringify(push.payload)).not.toMatch(/bob|GB|KC/);
    const left = await t.ctx.db.select().from(pushSubscriptions);
    expect(left.map((row) => row.endpoint)).toEqual([annDevice.subscription.endpoint]);

    await runPushPass(t.ctx);
    expect(service.pushesOf(annDevice)).toHaveLength(1);
  });

  it('tells each player of a crowned pool whether they won, once, and sends nudges', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId, { customName: 'Office MLB' });
    const annDevice = await turnOn(ann);
    const bobDevice = await turnOn(bob, { champions: false });
    const annEntry = await enter(t.ctx, pool.id, ann);
    await enter(t.ctx, pool.id, bob);
    await t.ctx.db.update(entries).set({ finalRank: 1 }).where(eq(entries.id, annEntry.id));
    await t.ctx.db.insert(poolEnds).values({
      poolId: pool.id,
      week: 1,
      kind: 'last-survivor',
      reason: 'last survivor after week 1',
      champions: 1,
      championSlots: Buffer.from([1, 0]),
      decidedAt: t.clock.now(),
      crownedAt: t.clock.now(),
    });
    await runPushPass(t.ctx);
    await runPushPass(t.ctx);
    expect(service.pushesOf(annDevice).map((push) => push.payload)).toEqual([
      {
        title: 'Office MLB is over',
        body: 'Congratulations: ann is a champion!',
        url: '/mlb/SQUAD/2023/reg/0/standings',
        tag: `champion:${pool.id}:0`,
      },
    ]);
    expect(service.pushesOf(bobDevice)).toEqual([]);

    // The pushes are queued with the nudge's claim: when they cannot be, nothing is claimed, and the
    // commissioner may nudge again at once (rather than an hour later, with no push sent).
    await t.ctx.db.execute(sql`alter table push_queue rename to push_queue_away`);
    const refused = await api(world.owner, 'POST', `/api/pools/${pool.id}/commish/nudge`, {});
    await t.ctx.db.execute(sql`alter table push_queue_away rename to push_queue`);
    expect(refused.statusCode).toBe(500);
    const nudge = await api(world.owner, 'POST', `/api/pools/${pool.id}/commish/nudge`, {});
    expect(nudge.statusCode, nudge.body).toBe(200);
    await runPushPass(t.ctx);
    const nudged = service.pushesOf(bobDevice).map((push) => push.payload);
    expect(nudged).toEqual([expect.objectContaining({ tag: `nudge:${pool.id}:2` })]);
    expect(nudged[0].title).toContain('nudges you');
  });

  it('sends again, with the same tag, what a sender killed mid-batch had taken', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    const device = await turnOn(ann);
    await enter(t.ctx, pool.id, ann);
    await runReminderPass(t.ctx);
    // A sender takes the rows and dies before it sends them.
    const taken = await leaseQueuedPushes(t.ctx.db, 0, 100, 'dead-sender', 60_000);
    expect(taken.rows).toHaveLength(1);
    expect(await sendQueuedPushes(t.ctx)).toMatchObject({ sent: 0 });
    // Its lease runs out; the next pass sends the row.
    await t.ctx.db.execute(sql`update push_queue set leased_until = now() - interval '1 second'`);
    expect(await sendQueuedPushes(t.ctx)).toMatchObject({ sent: 1 });
    expect(service.pushesOf(device).map((push) => push.payload.tag)).toEqual([`reminder:${pool.id}:2`]);
    expect(await t.ctx.db.select().from(pushQueue).where(eq(pushQueue.userId, ann.id))).toEqual([]);
  });
});
