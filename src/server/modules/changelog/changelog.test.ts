import { beforeEach, describe, expect, it } from 'vitest';
import { CHANGELOG_MESSAGES } from '../../../core/contracts/changelog';
import { registerUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { grantSiteAdmin } from '../admin/site-admins.service';

let t: TestApp;
let admin: { cookie: string; username: string };
let user: { cookie: string; username: string };

beforeEach(async () => {
  t = await createTestApp();
  admin = await registerUser(t.app, { username: 'admin' });
  await grantSiteAdmin(t.ctx.db, 'admin');
  user = await registerUser(t.app, { username: 'reader' });
});

function add(payload: object, who = admin) {
  return t.app.inject({
    method: 'POST',
    url: '/admin/super/addChangelogEntry',
    headers: { cookie: who.cookie },
    payload,
  });
}

describe('changelog', () => {
  it('adds entries (blank bullets dropped), lists them newest first and counts unread per user', async () => {
    const first = await add({
      title: 'First',
      date: '2026-11-01',
      items: ['one', '  ', 'two'],
      author: 'Casey',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      message: CHANGELOG_MESSAGES.submitted,
      entry: { title: 'First', date: '2026-11-01', author: 'Casey', items: ['one', 'two'] },
    });
    t.clock.advance(1000);
    await add({ title: 'Second', date: '2026-11-20', items: ['three'] });

    const list = await t.app.inject({ method: 'GET', url: '/api/changelog' });
    expect(list.json().map((e: { title: string }) => e.title)).toEqual(['Second', 'First']);
    expect(list.json()[0].author).toBeNull();

    const unread = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/changelog/unread-count/reader',
        headers: { cookie: user.cookie },
      });
    expect((await unread()).json()).toEqual({ unreadCount: 2, lastViewedAt: null });
    t.clock.advance(1000);
    const marked = await t.app.inject({
      method: 'POST',
      url: '/api/changelog/mark-viewed',
      headers: { cookie: user.cookie },
      payload: { username: 'reader' },
    });
    expect(marked.json()).toMatchObject({ unreadCount: 0 });
    t.clock.advance(1000);
    await add({ title: 'Third', date: '2026-11-21', items: ['four'] });
    expect((await unread()).json().unreadCount).toBe(1);
  });

  it("never counts a site admin's own new entry as unread for that admin, but does for other admins", async () => {
    const other = await registerUser(t.app, { username: 'other' });
    await grantSiteAdmin(t.ctx.db, 'other');
    const unreadOf = async (who: { cookie: string; username: string }) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/changelog/unread-count/${who.username}`,
          headers: { cookie: who.cookie },
        })
      ).json().unreadCount;
    expect(await unreadOf(admin)).toBe(0);
    expect((await add({ title: 'Mine', date: '2026-11-01', items: ['a'] })).statusCode).toBe(201);
    expect(await unreadOf(admin)).toBe(0);
    expect(await unreadOf(other)).toBe(1);
  });

  it.each([
    [{ date: '2026-11-01', items: ['a'] }, CHANGELOG_MESSAGES.title],
    [{ title: '   ', date: '2026-11-01', items: ['a'] }, CHANGELOG_MESSAGES.title],
    [{ title: 'T', items: ['a'] }, CHANGELOG_MESSAGES.date],
    [{ title: 'T', date: '', items: ['a'] }, CHANGELOG_MESSAGES.date],
    [{ title: 'T', date: '11/01/2026', items: ['a'] }, CHANGELOG_MESSAGES.dateFormat],
    [{ title: 'T', date: '2026-11-01', items: [] }, CHANGELOG_MESSAGES.items],
    [{ title: 'T', date: '2026-11-01', items: [' ', ''] }, CHANGELOG_MESSAGES.items],
    [{ title: 'T', date: '2026-11-01' }, CHANGELOG_MESSAGES.items],
  ])('refuses %j with its message', async (payload, message) => {
    const response = await add(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('lets only site admins add entries and only the user read their own count', async () => {
    const byUser = await add({ title: 'T', date: '2026-11-01', items: ['a'] }, user);
    expect(byUser.statusCode).toBe(403);
    const byVisitor = await t.app.inject({
      method: 'POST',
      url: '/admin/super/addChangelogEntry',
      payload: {},
    });
    expect(byVisitor.statusCode).toBe(401);
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/changelog/unread-count/admin',
      headers: { cookie: user.cookie },
    });
    expect(other.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/changelog/unread-count/reader' })).statusCode,
    ).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/changelog/mark-viewed' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/changelog' })).statusCode).toBe(200);
  });
});
