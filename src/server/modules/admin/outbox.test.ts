import { describe, expect, it } from 'vitest';
import { OUTBOX_PAGE_SIZE } from '../../../core/contracts/admin';
import { mailOutbox } from '../../db/schema';
import { HIDDEN_LINK } from '../../mail/mailer';
import { registerUser } from '../../test/factories';
import { createTestApp } from '../../test/harness';
import { grantSiteAdmin } from './site-admins.service';

describe('GET /admin/outbox', () => {
  it('shows the kept mail to site admins only, newest first', async () => {
    const { app, ctx } = await createTestApp();
    const admin = await registerUser(app, { username: 'boss' });
    await grantSiteAdmin(ctx.db, 'Boss');
    const player = await registerUser(app, { username: 'player', email: 'player@x.io' });
    for (const [username, email] of [
      ['player', 'player@x.io'],
      ['boss', 'boss@example.com'],
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: '/auth/forgotPassword',
        payload: { username, email },
      });
      expect(response.statusCode).toBe(200);
    }

    expect((await app.inject({ url: '/admin/outbox' })).statusCode).toBe(401);
    const refused = await app.inject({ url: '/admin/outbox', headers: { cookie: player.cookie } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Only site admins can do that.' });

    const mails = await app.inject({ url: '/admin/outbox', headers: { cookie: admin.cookie } });
    expect(mails.statusCode).toBe(200);
    expect(mails.json()).toEqual({
      mails: [
        expect.objectContaining({
          to: 'boss@example.com',
          status: 'outbox',
          subject: 'Reset your ALA Survivor password',
        }),
        expect.objectContaining({ to: 'player@x.io', status: 'outbox' }),
      ],
      total: 2,
      page: 1,
      pageSize: OUTBOX_PAGE_SIZE,
    });
    // Site admins have no power over accounts (decision 004): the link that resets a password is hidden.
    expect(mails.json().mails[1].text).toContain(HIDDEN_LINK);
    expect(mails.json().mails[1].text).not.toMatch(/reset-password/);
  });

  it('pages the mail on the server and searches recipient, subject and text', async () => {
    const { app, ctx } = await createTestApp();
    const admin = await registerUser(app, { username: 'boss' });
    await grantSiteAdmin(ctx.db, 'boss');
    const now = ctx.clock.now();
    await ctx.db.insert(mailOutbox).values(
      Array.from({ length: 45 }, (_, i) => ({
        to: i % 3 === 0 ? `fizz${i}@x.io` : `buzz${i}@x.io`,
        subject: i === 7 ? 'Special 100% offer_' : `Mail ${i}`,
        text: i === 11 ? 'Open https://example.com/needle now' : 'Hello',
        createdAt: now,
      })),
    );
    const get = (query: string) =>
      app.inject({ url: `/admin/outbox${query}`, headers: { cookie: admin.cookie } });

    const first = (await get('')).json();
    expect(first).toMatchObject({ total: 45, page: 1, pageSize: 20 });
    expect(first.mails).toHaveLength(20);
    expect(first.mails[0].subject).toBe('Mail 44');
    const third = (await get('?page=3')).json();
    expect(third.mails.map((m: { subject: string }) => m.subject)).toEqual([
      'Mail 4',
      'Mail 3',
      'Mail 2',
      'Mail 1',
      'Mail 0',
    ]);
    expect((await get('?page=9')).json()).toMatchObject({ mails: [], total: 45, page: 9 });

    expect((await get('?q=FIZZ')).json().total).toBe(15);
    expect((await get('?q=needle')).json().mails).toEqual([
      expect.objectContaining({ to: 'buzz11@x.io', text: 'Open https://example.com/needle now' }),
    ]);
    // LIKE wildcards are searched for literally.
    expect((await get('?q=100%25')).json().mails.map((m: { subject: string }) => m.subject)).toEqual([
      'Special 100% offer_',
    ]);
    expect((await get('?q=_')).json().total).toBe(1);
    expect((await get(`?q=${'%25'.repeat(3)}`)).json().total).toBe(0);

    for (const bad of ['?page=0', '?page=-1', '?page=abc', `?q=${'x'.repeat(201)}`]) {
      const refused = await get(bad);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().message).toMatch(/page|search/);
    }
  });
});

describe('GET /api/health', () => {
  it('answers 503 with the state when the database does not answer', async () => {
    const { app, ctx } = await createTestApp();
    const healthy = await app.inject({ url: '/api/health' });
    expect(healthy.statusCode).toBe(200);
    expect(healthy.json()).toMatchObject({ status: 'ok', database: { state: 'up' }, mail: 'outbox' });
    ctx.database = { ...ctx.database, ping: async () => false };
    const down = await app.inject({ url: '/api/health' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: 'degraded', database: { state: 'down' } });
  });
});
