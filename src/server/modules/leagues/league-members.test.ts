import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { LEAGUE_MEMBER_SEARCH_CAP, LEAGUE_PAGE_MEMBERS } from '../../../core/contracts/leagues';
import { PAGING_MESSAGES } from '../../../core/contracts/paging';
import { buildEntry, buildPool } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  addMemberByInvite,
  createLeagueAs,
  registerNamed,
  type TestUser,
} from '../../test/league-test-world';

/*
 * A big league's member list and join requests are paged on the server: members are bulk-inserted with
 * generate_series (the global league holds every user), and the answers stay one page whatever the size.
 */

const MEMBERS = 3000;
let t: TestApp;
let founder: TestUser;
let viewer: TestUser;
let leagueId: number;

function get(url: string, user?: TestUser) {
  return t.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });
}

/**
 * `count` users m00001... (real names Real m00001...) made members of the league, in one statement each;
 * they joined before the founder and the viewer, so the viewer's row falls on the last page.
 */
async function bulkMembers(count: number): Promise<void> {
  await t.ctx.db.execute(sql`
    insert into users (username, email, name_first, name_last)
    select 'm' || lpad(i::text, 5, '0'), 'm' || i || '@example.com', 'Real', 'm' || lpad(i::text, 5, '0')
    from generate_series(1, ${count}) as i`);
  await t.ctx.db.execute(sql`
    insert into league_members (league_id, user_id, created_at)
    select ${leagueId}, u.id, '2026-01-01T00:00:00Z' from users u where u.username like 'm%'`);
}

async function userId(username: string): Promise<number> {
  const { rows } = await t.ctx.db.execute<{ id: number }>(
    sql`select id from users where username = ${username}`,
  );
  return Number(rows[0]?.id);
}

beforeEach(async () => {
  t = await createTestApp();
  founder = await registerNamed(t.app, 'founder');
  leagueId = await createLeagueAs(t.app, founder, { name: 'Everyone', abb: 'ALL', joinable: true });
  // The viewer joins before the bulk members are added, but they are dated earlier: the viewer's row is on
  // the last page, and must come with every answer anyway.
  viewer = await registerNamed(t.app, 'zviewer');
  await addMemberByInvite(t.app, t.ctx, leagueId, viewer);
  await bulkMembers(MEMBERS);
});

describe('a big league page', () => {
  it('carries one page of members sorted by prizes, the total, and the viewer', async () => {
    const past = new Date('2026-01-01T00:00:00Z');
    const poolA = await buildPool(t.ctx, {
      leagueId,
      season: 2021,
      final: true,
      start: past,
      entryDeadline: past,
    });
    const poolB = await buildPool(t.ctx, {
      leagueId,
      season: 2022,
      final: true,
      start: past,
      entryDeadline: past,
    });
    // Every member has an entry; three won prizes, one of them in two pools (over 2^31 cents together).
    await t.ctx.db.execute(sql`
      insert into entries (pool_id, user_id, lives)
      select ${poolA.id}, m.user_id, 0 from league_members m where m.league_id = ${leagueId}`);
    const rich = await userId('m02000');
    await t.ctx.db.execute(
      sql`update entries set prizes = 2000000000 where pool_id = ${poolA.id} and user_id = ${rich}`,
    );
    await buildEntry(t.ctx, { poolId: poolB.id, userId: rich, prizes: 2_000_000_000, lives: 0 });
    await buildEntry(t.ctx, { poolId: poolB.id, userId: await userId('m00500'), prizes: 5000, lives: 0 });
    await buildEntry(t.ctx, { poolId: poolB.id, userId: viewer.id, prizes: 100, lives: 0 });
    // Ten entries deactivated by the commissioner are not counted.
    await t.ctx.db.execute(
      sql`update entries set status = 0 where pool_id = ${poolA.id} and user_id in (select user_id from entries where pool_id = ${poolA.id} order by user_id limit 10)`,
    );

    const response = await get('/leagueRoutes/fetchLeague/abb/ALL', viewer);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.members).toHaveLength(LEAGUE_PAGE_MEMBERS);
    expect(body.member_page).toEqual({ page: 1, pageSize: LEAGUE_PAGE_MEMBERS, total: MEMBERS + 2 });
    expect(body.league.member_count).toBe(MEMBERS + 2);
    expect(
      body.members.slice(0, 4).map((m: { username: string; prizes: number }) => [m.username, m.prizes]),
    ).toEqual([
      ['m02000', 4_000_000_000],
      ['m00500', 5000],
      ['zviewer', 100],
      ['m00001', 0],
    ]);
    expect(body.my_member).toMatchObject({
      username: 'zviewer',
      prizes: 100,
      real_name: 'Firstzviewer Secretzviewer',
    });
    // The entrant counts come from SQL (slots and the deactivated ones), the same on All Pools.
    expect(body.pools.find((p: { id: number }) => p.id === poolA.id).entries).toBe(MEMBERS + 2 - 10);
    expect(body.pools.find((p: { id: number }) => p.id === poolB.id).entries).toBe(3);
    const allPools = (await get('/leagueRoutes/allPools', viewer)).json();
    expect(allPools.find((p: { id: number }) => p.id === poolA.id)).toMatchObject({
      entries: MEMBERS + 2 - 10,
      has_entry: true,
    });
    expect(response.body.length).toBeLessThan(60_000);
  });

  it('pages the members on the server, with the viewer always in the answer', async () => {
    const first = (await get(`/leagueRoutes/members/${leagueId}?pageSize=100`, viewer)).json();
    expect(first).toMatchObject({ page: 1, pageSize: 100, total: MEMBERS + 2 });
    expect(first.members).toHaveLength(100);
    expect(first.mine).toMatchObject({ username: 'zviewer' });
    expect(first.members.some((m: { username: string }) => m.username === 'zviewer')).toBe(false);

    const second = (await get(`/leagueRoutes/members/${leagueId}?page=2&pageSize=100`, viewer)).json();
    expect(second.members).toHaveLength(100);
    const firstIds = new Set(first.members.map((m: { id: number }) => m.id));
    expect(second.members.some((m: { id: number }) => firstIds.has(m.id))).toBe(false);
    expect(second.members[0].username).toBe('m00101');

    const last = (await get(`/leagueRoutes/members/${leagueId}?page=31&pageSize=100`, viewer)).json();
    // 3002 members: m00001..m03000 (who won nothing, in the order they joined), then founder and zviewer.
    expect(last.members.map((m: { username: string }) => m.username)).toEqual(['founder', 'zviewer']);
    const past = (await get(`/leagueRoutes/members/${leagueId}?page=99&pageSize=100`, viewer)).json();
    expect(past.members).toEqual([]);
  });

  it('searches usernames for everyone and real names for members only', async () => {
    const byName = (await get(`/leagueRoutes/members/${leagueId}?q=m0012`, viewer)).json();
    expect(byName.total).toBe(10);
    expect(byName.members.map((m: { username: string }) => m.username)).toContain('m00125');
    expect(byName.mine).toMatchObject({ username: 'zviewer' });

    // "Secretzviewer" is the viewer's real name: members find it, visitors do not (nor see real names).
    const member = (await get(`/leagueRoutes/members/${leagueId}?q=secretzv`, viewer)).json();
    expect(member.members.map((m: { username: string }) => m.username)).toEqual(['zviewer']);
    const visitor = (await get(`/leagueRoutes/members/${leagueId}?q=secretzv`)).json();
    expect(visitor).toMatchObject({ total: 0, members: [], mine: null });
    const visitorPage = (await get(`/leagueRoutes/members/${leagueId}`)).json();
    expect(visitorPage.members.every((m: { real_name: string | null }) => m.real_name === null)).toBe(true);

    // A search pages too, and a page past its end still says how many match.
    const many1 = (await get(`/leagueRoutes/members/${leagueId}?q=m0&pageSize=100`, viewer)).json();
    const many2 = (await get(`/leagueRoutes/members/${leagueId}?q=m0&pageSize=100&page=2`, viewer)).json();
    expect([many1.total, many2.total]).toEqual([MEMBERS, MEMBERS]);
    expect(many2.members[0].username).toBe('m00101');
    const beyond = (await get(`/leagueRoutes/members/${leagueId}?q=m0&pageSize=100&page=40`, viewer)).json();
    expect(beyond).toMatchObject({ total: MEMBERS, members: [] });

    // A search for "%" matches the character, not everything.
    expect((await get(`/leagueRoutes/members/${leagueId}?q=%25`, viewer)).json().total).toBe(0);
  });

  it('counts a broad search only up to the cap, through the trigram indexes', async () => {
    // More members than the cap, all matching "m"; the list without a search still counts them all.
    await t.ctx.db.execute(sql`
      insert into users (username, email, name_first, name_last)
      select 'm' || lpad(i::text, 5, '0'), 'm' || i || '@example.com', 'Real', 'm' || lpad(i::text, 5, '0')
      from generate_series(${MEMBERS + 1}::int, ${LEAGUE_MEMBER_SEARCH_CAP + 500}::int) as i`);
    await t.ctx.db.execute(sql`
      insert into league_members (league_id, user_id, created_at)
      select ${leagueId}, u.id, '2026-01-01T00:00:00Z' from users u
      where u.username like 'm%' and u.username > ${`m${String(MEMBERS).padStart(5, '0')}`}`);
    const broad = (await get(`/leagueRoutes/members/${leagueId}?q=m&pageSize=100`, viewer)).json();
    expect(broad.total).toBe(LEAGUE_MEMBER_SEARCH_CAP + 1);
    expect(broad.members).toHaveLength(100);
    const all = (await get(`/leagueRoutes/members/${leagueId}?pageSize=100`, viewer)).json();
    expect(all.total).toBe(LEAGUE_MEMBER_SEARCH_CAP + 500 + 2);
    const narrow = (await get(`/leagueRoutes/members/${leagueId}?q=m10499`, viewer)).json();
    expect(narrow.members.map((m: { username: string }) => m.username)).toEqual(['m10499']);

    const { rows } = await t.ctx.db.execute<{ indexname: string }>(sql`
      select indexname from pg_indexes where tablename = 'users' and indexname like '%trgm%' order by indexname`);
    expect(rows.map((r) => r.indexname)).toEqual(['users_real_name_trgm_idx', 'users_username_trgm_idx']);
  });

  it('refuses a page size above 100 and a bad page with the message', async () => {
    const tooBig = await get(`/leagueRoutes/members/${leagueId}?pageSize=101`, viewer);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toBe(PAGING_MESSAGES.pageSize);
    const badPage = await get(`/leagueRoutes/members/${leagueId}?page=0`, viewer);
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().message).toBe(PAGING_MESSAGES.page);
  });

  it('hides a hidden league members from outsiders', async () => {
    const hiddenId = await createLeagueAs(t.app, founder, { name: 'Secret', abb: 'SEC', hidden: true });
    expect((await get(`/leagueRoutes/members/${hiddenId}`, viewer)).statusCode).toBe(404);
    expect((await get(`/leagueRoutes/members/${hiddenId}`)).statusCode).toBe(404);
    expect((await get(`/leagueRoutes/members/${hiddenId}`, founder)).statusCode).toBe(200);
  });
});

describe('a big league join requests', () => {
  it('are paged newest first, searchable, with the pending count', async () => {
    const privateId = await createLeagueAs(t.app, founder, { name: 'Private', abb: 'PRV' });
    await t.ctx.db.execute(sql`
      insert into league_requests (league_id, user_id, status, source, created_at, updated_at)
      select ${privateId}, u.id, case when u.id % 3 = 0 then 3 else 2 end, 'home',
        now() - (u.id || ' minutes')::interval, now()
      from users u where u.username like 'm%' and u.username <= 'm00120'`);
    const first = (await get(`/leagueRoutes/requests/${privateId}`, founder)).json();
    expect(first).toMatchObject({ page: 1, pageSize: 50, total: 120 });
    expect(first.requests).toHaveLength(50);
    const { rows } = await t.ctx.db.execute<{ pending: number }>(
      sql`select count(*)::int as pending from league_requests where league_id = ${privateId} and status = 2`,
    );
    expect(first.pending).toBe(Number(rows[0]?.pending));
    const third = (await get(`/leagueRoutes/requests/${privateId}?page=3`, founder)).json();
    expect(third.requests).toHaveLength(20);
    expect(third.requests[0].id).not.toBe(first.requests[0].id);
    const found = (await get(`/leagueRoutes/requests/${privateId}?q=m00077`, founder)).json();
    expect(found.total).toBe(1);
    expect(found.requests[0].username).toBe('m00077');
    const tooBig = await get(`/leagueRoutes/requests/${privateId}?pageSize=101`, founder);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toBe(PAGING_MESSAGES.pageSize);
  });
});
