import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { registerUser } from '../../test/factories';
import { createTestApp } from '../../test/harness';
import { runSiteAdminCommand } from './site-admins.service';

function currentUser(app: Awaited<ReturnType<typeof createTestApp>>['app'], cookie: string) {
  return app.inject({ url: '/api/currentUser', headers: { cookie } }).then((response) => response.json()[0]);
}

describe('site admins', () => {
  it('are nobody on a fresh deployment, whoever registers commish or admin first', async () => {
    const { app } = await createTestApp({ env: { DEMO: '0' } });
    for (const username of ['commish', 'admin']) {
      const user = await registerUser(app, { username });
      expect((await currentUser(app, user.cookie)).siteAdmin).toBe(false);
      for (const url of ['/admin/outbox', '/admin/feeds']) {
        const refused = await app.inject({ url, headers: { cookie: user.cookie } });
        expect(refused.statusCode).toBe(403);
      }
    }
  });

  it('are granted to an existing account by the command, shown by currentUser and login, and revoked', async () => {
    const { app, ctx } = await createTestApp();
    const boss = await registerUser(app, { username: 'Boss', password: 'correct-horse' });

    expect(await runSiteAdminCommand(ctx.db, ['grant', 'nobody'])).toEqual({
      code: 1,
      lines: ['No account is named "nobody".'],
    });
    expect(await runSiteAdminCommand(ctx.db, ['list'])).toEqual({ code: 0, lines: ['No site admins.'] });
    expect(await runSiteAdminCommand(ctx.db, ['grant', 'boss'])).toEqual({
      code: 0,
      lines: ['Boss is a site admin.'],
    });
    // Granting twice changes nothing.
    expect((await runSiteAdminCommand(ctx.db, ['grant', 'BOSS'])).code).toBe(0);
    const listed = await runSiteAdminCommand(ctx.db, ['list']);
    expect(listed.lines).toEqual([expect.stringMatching(/^Boss \(since \d{4}-\d\d-\d\dT/)]);

    expect((await currentUser(app, boss.cookie)).siteAdmin).toBe(true);
    expect((await app.inject({ url: '/admin/outbox', headers: { cookie: boss.cookie } })).statusCode).toBe(
      200,
    );
    const login = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: 'boss', password: 'correct-horse' },
    });
    expect(login.json().user.siteAdmin).toBe(true);

    expect(await runSiteAdminCommand(ctx.db, ['revoke', 'boss'])).toEqual({
      code: 0,
      lines: ['Boss is no longer a site admin.'],
    });
    expect((await currentUser(app, boss.cookie)).siteAdmin).toBe(false);
    expect((await app.inject({ url: '/admin/outbox', headers: { cookie: boss.cookie } })).statusCode).toBe(
      403,
    );
    expect((await runSiteAdminCommand(ctx.db, ['revoke', 'boss'])).lines).toEqual([
      'Boss was not a site admin.',
    ]);
  });

  it('belong to the account, not its name: a later account with the same name is no admin', async () => {
    const { app, ctx } = await createTestApp();
    const first = await registerUser(app, { username: 'chief' });
    await runSiteAdminCommand(ctx.db, ['grant', 'chief']);
    await ctx.db.delete(users).where(eq(users.id, first.id));
    const second = await registerUser(app, { username: 'chief', email: 'other@example.com' });
    expect((await currentUser(app, second.cookie)).siteAdmin).toBe(false);
    expect(await runSiteAdminCommand(ctx.db, ['list'])).toEqual({ code: 0, lines: ['No site admins.'] });
  });

  it('answers the usage for anything else', async () => {
    const { ctx } = await createTestApp();
    for (const args of [[], ['grant'], ['promote', 'x'], ['grant', 'a', 'b'], ['list', 'x']]) {
      expect((await runSiteAdminCommand(ctx.db, args)).code).toBe(2);
    }
  });
});
