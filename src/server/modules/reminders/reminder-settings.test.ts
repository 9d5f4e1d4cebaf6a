import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { reminderMutes, users } from '../../db/schema';
import { buildPool } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { registerNamed, type TestUser } from '../../test/league-test-world';
import { sentMail } from '../../test/mail-capture';
import { buildMlbPool, createPoolWorld, enter, NOW, type PoolWorld } from '../../test/pool-test-world';
import { runReminderPass } from './reminders.service';
import { signUnsubscribeToken, unsubscribeSecret } from './unsubscribe-token';

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

let t: TestApp;
let world: PoolWorld;
let alice: TestUser;

beforeEach(async () => {
  t = await createTestApp({ now: NOW });
  world = await createPoolWorld(t.app);
  alice = await registerNamed(t.app, 'alice');
});

const storedChoice = async (user: TestUser) =>
  (await t.ctx.db.select({ reminders: users.reminders }).from(users).where(eq(users.id, user.id)))[0]
    .reminders;

describe('reminder settings', () => {
  it('default to both, list the running pools, and take a choice (a repeat answers the same)', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId, { customName: 'Office MLB' });
    const ended = await buildMlbPool(t.ctx, world.leagueId, { poolIdx: 1, final: true });
    await enter(t.ctx, pool.id, alice);
    await enter(t.ctx, ended.id, alice);
    await buildMlbPool(t.ctx, world.leagueId, { poolIdx: 2 });
    const read = await t.app.inject({
      method: 'GET',
      url: '/user/reminders',
      headers: { cookie: alice.cookie },
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      reminders: 'both',
      email_confirmed: true,
      pools: [{ pool_id: pool.id, pool_name: 'Office MLB', league_name: 'Sunday Squad', muted: false }],
    });
    for (let i = 0; i < 2; i++) {
      const put = await t.app.inject({
        method: 'POST',
        url: '/user/reminders',
        headers: { cookie: alice.cookie },
        payload: { reminders: '2h' },
      });
      expect(put.statusCode).toBe(200);
      expect(put.json().reminders).toBe('2h');
    }
    expect(await storedChoice(alice)).toBe('2h');
  });

  it('refuse a bad choice and visitors with a clear message', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/user/reminders',
      headers: { cookie: alice.cookie },
      payload: { reminders: 'hourly' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Choose off, 24 hours, 2 hours or both.');
    const visitor = await t.app.inject({ method: 'GET', url: '/user/reminders' });
    expect(visitor.statusCode).toBe(401);
    expect(await storedChoice(alice)).toBe('both');
  });

  it('mute and unmute a pool of theirs, repeats harmless; not a pool they are not in', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    const other = await buildMlbPool(t.ctx, world.leagueId, { poolIdx: 1 });
    await enter(t.ctx, pool.id, alice);
    const mute = (poolId: number, muted: boolean) =>
      t.app.inject({
        method: 'POST',
        url: `/user/reminders/mutes/${poolId}`,
        headers: { cookie: alice.cookie },
        payload: { muted },
      });
    expect((await mute(pool.id, true)).json()).toEqual({ pool_id: pool.id, muted: true });
    expect((await mute(pool.id, true)).statusCode).toBe(200);
    expect(await t.ctx.db.select().from(reminderMutes)).toHaveLength(1);
    const read = await t.app.inject({
      method: 'GET',
      url: '/user/reminders',
      headers: { cookie: alice.cookie },
    });
    expect(read.json().pools[0].muted).toBe(true);
    expect((await mute(pool.id, false)).json()).toEqual({ pool_id: pool.id, muted: false });
    expect((await mute(pool.id, false)).statusCode).toBe(200);
    expect(await t.ctx.db.select().from(reminderMutes)).toHaveLength(0);

    const outside = await mute(other.id, true);
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).toContain('You have no entry in that pool');
    const badId = await t.app.inject({
      method: 'POST',
      url: '/user/reminders/mutes/abc',
      headers: { cookie: alice.cookie },
      payload: { muted: true },
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toContain('You have no entry in that pool');
  });
});

describe('unsubscribe link', () => {
  async function mailedLink(): Promise<string> {
    const pool = await buildPool(t.ctx, {
      leagueId: world.leagueId,
      deadlines: ['2026-11-23T00:00:00Z'],
    });
    await enter(t.ctx, pool.id, alice);
    await runReminderPass(t.ctx);
    const mail = sentMail(t.app).find(
      (m) => m.to === 'alice@example.com' && m.subject.startsWith('Pick reminder'),
    );
    const link = mail?.headers?.['List-Unsubscribe']?.slice(1, -1);
    if (!link) throw new Error('no reminder was mailed');
    return link.replace('http://localhost:3000', '');
  }

  it('GET shows a page that asks, and changes nothing (mail scanners open links)', async () => {
    const url = await mailedLink();
    const page = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Stop the e-mails that remind <strong>alice</strong>');
    expect(page.body).toContain('<form method="post"');
    // Its button's POST then carries this site's origin, which the session's same-site check accepts.
    expect(page.headers['referrer-policy']).toBe('same-origin');
    expect(await storedChoice(alice)).toBe('both');
  });

  it('a one-click POST (RFC 8058) turns reminders off without signing in; a repeat answers the same', async () => {
    const url = await mailedLink();
    for (let i = 0; i < 2; i++) {
      const done = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(done.statusCode).toBe(200);
      expect(done.json()).toEqual({ message: 'alice gets no more pick reminders.' });
    }
    expect(await storedChoice(alice)).toBe('off');
    // No reminder follows, whatever comes due.
    const before = sentMail(t.app).length;
    t.clock.set(new Date('2026-11-22T23:00:00Z'));
    await runReminderPass(t.ctx);
    expect(sentMail(t.app)).toHaveLength(before);
  });

  it('a tampered, made-up or missing token gets a 4xx and changes nothing', async () => {
    const url = await mailedLink();
    const token = new URL(`http://x${url}`).searchParams.get('token') ?? '';
    const [id, signature] = token.split('.');
    const tampered = [
      `${Number(id) + 1}.${signature}`,
      `${id}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      // The last character's two unused bits flipped: the same bytes, another spelling of the link.
      `${id}.${signature.slice(0, -1)}${BASE64URL[BASE64URL.indexOf(signature.slice(-1)) ^ 1]}`,
      `${id}.short`,
      'nonsense',
    ];
    for (const bad of tampered) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await t.app.inject({
          method,
          url: `/user/reminders/unsubscribe?token=${encodeURIComponent(bad)}`,
          headers: method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
          payload: method === 'POST' ? 'List-Unsubscribe=One-Click' : undefined,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toContain('This unsubscribe link is not valid');
        const page = await t.app.inject({
          method,
          url: `/user/reminders/unsubscribe?token=${encodeURIComponent(bad)}`,
          headers: { accept: 'text/html' },
        });
        expect(page.statusCode).toBe(400);
        expect(page.body).toContain('<p role="alert">This unsubscribe link is not valid');
      }
    }
    // Signed right, but for an account that is gone.
    const gone = signUnsubscribeToken(await unsubscribeSecret(t.ctx), 999_999);
    const missing = await t.app.inject({ method: 'POST', url: `/user/reminders/unsubscribe?token=${gone}` });
    expect(missing.statusCode).toBe(404);
    const none = await t.app.inject({ method: 'POST', url: '/user/reminders/unsubscribe' });
    expect(none.statusCode).toBe(400);
    expect(await storedChoice(alice)).toBe('both');
  });

  it('a configured secret signs the links; links of another key are refused', async () => {
    const other = signUnsubscribeToken('x'.repeat(40), alice.id);
    const refused = await t.app.inject({ method: 'POST', url: `/user/reminders/unsubscribe?token=${other}` });
    expect(refused.statusCode).toBe(400);
    t.ctx.config.unsubscribeSecret = 'x'.repeat(40);
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/user/reminders/unsubscribe?token=${other}`,
    });
    expect(accepted.statusCode).toBe(200);
    expect(await storedChoice(alice)).toBe('off');
  });
});
