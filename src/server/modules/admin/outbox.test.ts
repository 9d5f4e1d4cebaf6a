import { describe, expect, it } from 'vitest';
import { registerUser } from '../../test/factories';
import { createTestApp } from '../../test/harness';

describe('GET /admin/outbox', () => {
  it('shows the kept mail to site admins only, newest first', async () => {
    const { app } = await createTestApp({ env: { SITE_ADMINS: 'Boss' } });
    const admin = await registerUser(app, { username: 'boss' });
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
    expect(mails.json()).toEqual([
      expect.objectContaining({
        to: 'boss@example.com',
        status: 'outbox',
        subject: 'Reset your ALA Survivor password',
      }),
      expect.objectContaining({ to: 'player@x.io', status: 'outbox' }),
    ]);
    expect(mails.json()[1].text).toMatch(/http:\/\/localhost:3000\/reset-password\/[A-Za-z0-9_-]{43}/);
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
