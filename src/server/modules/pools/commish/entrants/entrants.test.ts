import { and, asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { PAGING_MESSAGES } from '../../../../../core/contracts/paging';
import {
  ADMIN_ENTRANTS_QUERY_MESSAGES,
  type AdminEntrantsResponse,
  ENTRANTS_MESSAGES,
  FEED_EVENT_TYPES,
} from '../../../../../core/contracts/pools';
import { must } from '../../../../../core/must';
import { ENTRY_STATUS } from '../../../../../core/pool/entry-status';
import { entries, ledger, poolAudits, poolEvents, pools } from '../../../../db/schema';
import { buildLedgerRow } from '../../../../test/factories';
import type { TestApp } from '../../../../test/harness';
import { addMemberByInvite, createLeagueAs, registerNamed } from '../../../../test/league-test-world';
import {
  buildMlbPool,
  chargeEntries,
  enter,
  joinLeague,
  type PoolWorld,
  startPoolWorld,
} from '../../../../test/pool-test-world';
import { COMMISH_ONLY_MESSAGE } from '../../access/pool-access';
import { NAME_ORDER_MAX_ENTRIES } from '../../store/pool-entries.repo';
import { bulkPoolEntries } from '../big-pool-test-world';

let t: TestApp;
let world: PoolWorld;
beforeEach(async () => {
  ({ t, world } = await startPoolWorld());
});

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });

const member = (username: string) => joinLeague(t, world.leagueId, username);

const auditsOf = (poolId: number) =>
  t.ctx.db.select().from(poolAudits).where(eq(poolAudits.poolId, poolId)).orderBy(asc(poolAudits.id));
const eventsOf = (poolId: number) =>
  t.ctx.db.select().from(poolEvents).where(eq(poolEvents.poolId, poolId)).orderBy(asc(poolEvents.id));
const entryRow = async (id: number) =>
  must((await t.ctx.db.select().from(entries).where(eq(entries.id, id)))[0]);

describe('GET /admin/entrants/{poolId}', () => {
  it('lists every entry with its lives, notes and prizes, the members still to add and the prizes left', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId, { buyin: 5000, rebuys: 2 });
    const alice = await member('alice');
    const bob = await member('bob');
    await member('carol');
    const a1 = await enter(t.ctx, pool.id, alice, { lives: 2, notes: 'Paid', weeksAlive: 4 });
    const a2 = await enter(t.ctx, pool.id, alice, { entryNum: 2, lives: 0 });
    const b = await enter(t.ctx, pool.id, bob, { lives: 1, needsRebuy: true, status: ENTRY_STATUS.inactive });
    await chargeEntries(t.ctx, pool.id);
    await buildLedgerRow(t.ctx, { poolId: pool.id, entryId: a1.id, kind: 'prize', amount: 2500 });

    const answer = await get(`/admin/entrants/${pool.id}`, world.owner.cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    const body: AdminEntrantsResponse = answer.json();
    expect(
      body.entrants.map((e) => [e.entry_id, e.label, e.status, e.lives, e.eliminated, e.prizes]),
    ).toEqual([
      [a1.id, 'alice', 1, 2, false, 2500],
      [a2.id, 'alice [2]', 1, 0, true, 0],
      [b.id, 'bob', 0, 1, false, 0],
    ]);
    expect(body.entrants[0]).toMatchObject({ notes: 'Paid', weeks_alive: 4, champion: false });
    expect(body.entrants[2].needs_rebuy).toBe(true);
    expect(body).toMatchObject({
      page: 1,
      pageSize: 50,
      total: 3,
      counts: { entries: 3, active: 2, inactive: 1, eliminated: 1 },
      max_weeks_alive: 4,
    });
    // The commissioner (an admin without an entry) and carol may be added; alice and bob are entrants.
    const members = await get(`/admin/entrants/${pool.id}/members`, world.owner.cookie);
    expect(members.statusCode, members.body).toBe(200);
    expect(members.json()).toEqual({
      members: [
        { user_id: expect.any(Number), username: 'carol' },
        { user_id: world.owner.id, username: 'commish' },
      ],
      page: 1,
      pageSize: 20,
      total: 2,
      capped: false,
    });
    // Two active entries: $100 prize pool, $25 already awarded.
    expect(body).toMatchObject({
      final: false,
      champions: [],
      prize_pool: 10_000,
      allocated: 2500,
      remaining_prizes: 7500,
      starting_lives: 3,
    });
    expect(answer.body).not.toContain('Secret');
  });

  it('refuses members who are not admins (403) and finds no pool for outsiders of a hidden league (404)', async () => {
    const hidey = await registerNamed(t.app, 'hidey');
    const hiddenLeague = await createLeagueAs(t.app, hidey, { name: 'Hideout', abb: 'HIDE', hidden: true });
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    const bob = await member('bob');
    const refused = await get(`/admin/entrants/${pool.id}`, bob.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(COMMISH_ONLY_MESSAGE);
    const hiddenPool = await buildMlbPool(t.ctx, hiddenLeague);
    expect((await get(`/admin/entrants/${hiddenPool.id}`, bob.cookie)).statusCode).toBe(404);
    expect((await get(`/admin/entrants/${hiddenPool.id}`)).statusCode).toBe(404);
    expect((await get('/admin/entrants/abc', world.owner.cookie)).statusCode).toBe(400);
    // A call naming an entry of the hidden pool answers an outsider as an id that does not exist.
    const hiddenEntry = await enter(t.ctx, hiddenPool.id, hidey);
    for (const entryId of [hiddenEntry.id, 999_999]) {
      const probe = await post('/admin/updateUserNotes', { userSeasonId: entryId, note: 'x' }, bob.cookie);
      expect([probe.statusCode, probe.json().message]).toEqual([404, ENTRANTS_MESSAGES.entryNotFound]);
    }
  });
});

describe('GET /admin/entrants/{poolId} of a big pool', () => {
  it('answers one page of a bounded size, searches, filters and counts in SQL, and refuses pages over 100', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    const prefix = `big${pool.id}x`;
    // 1,400 members with 3 entries each: 4,200 entries, every 7th member's inactive with a note.
    await bulkPoolEntries(t.ctx.db, {
      poolId: pool.id,
      leagueId: world.leagueId,
      prefix,
      users: 1400,
      perUser: 3,
    });
    const url = `/admin/entrants/${pool.id}`;
    const first = await get(url, world.owner.cookie);
    expect(first.statusCode, first.body).toBe(200);
    const body: AdminEntrantsResponse = first.json();
    expect(body.entrants).toHaveLength(50);
    expect(body.total).toBe(4200);
    expect(body.counts.entries).toBe(4200);
    expect(body.counts.active + body.counts.inactive).toBe(4200);
    expect(body.counts.eliminated).toBe(1400);
    expect(body.max_weeks_alive).toBe(3);
    // Every entry of the pool in the answer would be hundreds of kilobytes.
    expect(first.body.length).toBeLessThan(30_000);
    const second: AdminEntrantsResponse = (await get(`${url}?page=2`, world.owner.cookie)).json();
    expect(second.entrants).toHaveLength(50);
    const firstIds = new Set(body.entrants.map((e) => e.entry_id));
    expect(second.entrants.some((e) => firstIds.has(e.entry_id))).toBe(false);

    // A deep entry is found by its username, and by its note.
    const deep = await get(`${url}?q=${prefix}1397`, world.owner.cookie);
    expect(deep.json().entrants.map((e: { label: string }) => e.label)).toEqual([
      `${prefix}1397`,
      `${prefix}1397 [2]`,
      `${prefix}1397 [3]`,
    ]);
    expect(deep.json().total).toBe(3);
    const noted: AdminEntrantsResponse = (
      await get(`${url}?q=note%20of&pageSize=100`, world.owner.cookie)
    ).json();
    expect(noted.total).toBe(body.counts.inactive);
    expect(noted.entrants.every((e) => e.status === 0 && e.notes?.startsWith('note of'))).toBe(true);
    const inactive: AdminEntrantsResponse = (await get(`${url}?status=inactive`, world.owner.cookie)).json();
    expect(inactive.total).toBe(body.counts.inactive);
    const eliminated: AdminEntrantsResponse = (
      await get(`${url}?status=eliminated`, world.owner.cookie)
    ).json();
    expect(eliminated.total).toBe(1400);
    expect(eliminated.entrants.every((e) => e.eliminated)).toBe(true);

    for (const [query, message] of [
      ['pageSize=101', PAGING_MESSAGES.pageSize],
      ['page=0', PAGING_MESSAGES.page],
      ['status=gone', ADMIN_ENTRANTS_QUERY_MESSAGES.status],
    ]) {
      const refused = await get(`${url}?${query}`, world.owner.cookie);
      expect([refused.statusCode, refused.json().message], query).toEqual([400, message]);
    }
  });

  it('pages and searches the members still to add on the server', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    const other = await buildMlbPool(t.ctx, world.leagueId, { poolIdx: 1 });
    const prefix = `mem${pool.id}x`;
    // 2,000 members with an entry in another pool, none in this one.
    await bulkPoolEntries(t.ctx.db, {
      poolId: other.id,
      leagueId: world.leagueId,
      prefix,
      users: 2000,
      perUser: 1,
    });
    const alice = await member('alice');
    await enter(t.ctx, pool.id, alice);
    const url = `/admin/entrants/${pool.id}/members`;
    const first = await get(url, world.owner.cookie);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().members).toHaveLength(20);
    expect(first.json().total).toBe(2001);
    expect(first.body.length).toBeLessThan(5_000);
    const second = await get(`${url}?page=2`, world.owner.cookie);
    expect(second.json().members[0]).not.toEqual(first.json().members[0]);
    const deep = await get(`${url}?q=${prefix}1999`, world.owner.cookie);
    expect(deep.json().members.map((m: { username: string }) => m.username)).toEqual([`${prefix}1999`]);
    expect((await get(`${url}?q=alice`, world.owner.cookie)).json().total).toBe(0);
    const refused = await get(`${url}?pageSize=101`, world.owner.cookie);
    expect([refused.statusCode, refused.json().message]).toEqual([400, PAGING_MESSAGES.pageSize]);
  });
  it('looks for members to add among the newest 5,000 and reaches older ones by a search', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    const other = await buildMlbPool(t.ctx, world.leagueId, { poolIdx: 1 });
    const prefix = `old${pool.id}x`;
    await bulkPoolEntries(t.ctx.db, {
      poolId: other.id,
      leagueId: world.leagueId,
      prefix,
      users: 5100,
      perUser: 1,
    });
    const url = `/admin/entrants/${pool.id}/members`;
    const first = (await get(url, world.owner.cookie)).json();
    expect(first).toMatchObject({ capped: true });
    expect(first.total).toBeGreaterThanOrEqual(5000);
    expect(first.total).toBeLessThanOrEqual(5001);
    // The first members joined before the newest 5,000: a search finds them.
    const found = (await get(`${url}?q=${prefix}1`, world.owner.cookie)).json();
    expect(found).toMatchObject({ capped: false, total: 1111 });
    expect(found.members[0].username).toBe(`${prefix}1`);
  });

  it('pages over 10,000 matching entries in sign-up order, with the status filter', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    // 2,100 members with 5 entries each: 10,500 entries; every 7th member's are inactive.
    await bulkPoolEntries(t.ctx.db, {
      poolId: pool.id,
      leagueId: world.leagueId,
      prefix: `sg${pool.id}x`,
      users: 2100,
      perUser: 5,
    });
    const bySlot = await t.ctx.db
      .select({ id: entries.id, status: entries.status })
      .from(entries)
      .where(eq(entries.poolId, pool.id))
      .orderBy(asc(entries.slot));
    const ids = (body: AdminEntrantsResponse) => body.entrants.map((e) => e.entry_id);
    const url = `/admin/entrants/${pool.id}?pageSize=50`;
    const first: AdminEntrantsResponse = (await get(url, world.owner.cookie)).json();
    expect(first.total).toBe(10_500);
    expect(ids(first)).toEqual(bySlot.slice(0, 50).map((e) => e.id));
    const deep: AdminEntrantsResponse = (await get(`${url}&page=210`, world.owner.cookie)).json();
    expect(ids(deep)).toEqual(bySlot.slice(10_450).map((e) => e.id));
    const active = bySlot.filter((e) => e.status === 1);
    const activePage: AdminEntrantsResponse = (
      await get(`${url}&status=active&page=2`, world.owner.cookie)
    ).json();
    expect(activePage.total).toBe(active.length);
    expect(active.length).toBeGreaterThan(NAME_ORDER_MAX_ENTRIES - 1_500);
    if (active.length > NAME_ORDER_MAX_ENTRIES)
      expect(ids(activePage)).toEqual(active.slice(50, 100).map((e) => e.id));
    expect(activePage.entrants.every((e) => e.status === 1)).toBe(true);
  });
});

describe('POST /admin/addEntrant', () => {
  it('adds a league member after the entry deadline as sign-up would: lives, buy-in, news and audit', async () => {
    // The test clock is past this pool's entry deadline: only a commissioner can still add someone.
    const pool = await buildMlbPool(t.ctx, world.leagueId, {
      buyin: 4000,
      rebuys: 1,
      entryDeadline: new Date('2026-11-01T00:00:00Z'),
    });
    const carol = await member('carol');
    const answer = await post('/admin/addEntrant', { poolId: pool.id, userId: carol.id }, world.owner.cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      message: 'carol was added to the pool.',
      entrant: { label: 'carol', entry_num: 1, lives: 2, status: 1 },
    });
    const [entry] = await t.ctx.db.select().from(entries).where(eq(entries.poolId, pool.id));
    expect(entry).toMatchObject({ userId: carol.id, entryNum: 1, lives: 2, bonus: false });
    const money = await t.ctx.db.select().from(ledger).where(eq(ledger.entryId, entry.id));
    expect(money.map((row) => [row.kind, row.amount, row.createdBy])).toEqual([
      ['buyin', -4000, world.owner.id],
    ]);
    const [event] = await eventsOf(pool.id);
    expect(event).toMatchObject({ type: FEED_EVENT_TYPES.signUp, entryId: entry.id, userId: carol.id });
    expect(event.desc).toContain('added');
    const [audit] = await auditsOf(pool.id);
    expect(audit).toMatchObject({ action: 'add_entrant', entryId: entry.id, userId: world.owner.id });

    const again = await post('/admin/addEntrant', { poolId: pool.id, userId: carol.id }, world.owner.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ENTRANTS_MESSAGES.alreadyEntrant('carol'));
  });

  it('refuses outsiders, bad requests and a final pool, and changes nothing', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    const outsider = await registerNamed(t.app, 'outsider');
    const bob = await member('bob');
    const cases: [object, string | undefined, number, string][] = [
      [{ poolId: pool.id }, world.owner.cookie, 400, ENTRANTS_MESSAGES.userRequired],
      [{ poolId: pool.id, userId: outsider.id }, world.owner.cookie, 400, ENTRANTS_MESSAGES.notMember],
      [{ poolId: pool.id, userId: 999_999 }, world.owner.cookie, 400, ENTRANTS_MESSAGES.notMember],
      [{ poolId: pool.id, userId: outsider.id }, bob.cookie, 403, COMMISH_ONLY_MESSAGE],
      [{ poolId: pool.id, userId: bob.id }, undefined, 401, 'You must be logged in to do that.'],
    ];
    for (const [payload, cookie, status, message] of cases) {
      const answer = await post('/admin/addEntrant', payload, cookie);
      expect({ status: answer.statusCode, message: answer.json().message }).toEqual({ status, message });
    }
    const final = await buildMlbPool(t.ctx, world.leagueId, { poolIdx: 1, final: true });
    const closed = await post('/admin/addEntrant', { poolId: final.id, userId: bob.id }, world.owner.cookie);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(ENTRANTS_MESSAGES.concluded);
    expect(await t.ctx.db.select().from(entries)).toEqual([]);
    expect(await t.ctx.db.select().from(ledger)).toEqual([]);
    expect(await t.ctx.db.select().from(poolAudits)).toEqual([]);
  });
});

describe('POST /admin/toggleUserStatus', () => {
  it('deactivates and reactivates an entry, audited each time; the same status changes nothing', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    const bob = await member('bob');
    const entry = await enter(t.ctx, pool.id, bob);
    const off = await post(
      '/admin/toggleUserStatus',
      { userSeasonId: entry.id, updatedStatus: 0 },
      world.owner.cookie,
    );
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ message: 'bob is now inactive.', entrant: { status: 0 } });
    const same = await post(
      '/admin/toggleUserStatus',
      { userSeasonId: entry.id, updatedStatus: 0 },
      world.owner.cookie,
    );
    expect(same.json().message).toBe(ENTRANTS_MESSAGES.statusUnchanged('bob', false));
    const on = await post(
      '/admin/toggleUserStatus',
      { userSeasonId: entry.id, updatedStatus: 1 },
      world.owner.cookie,
    );
    expect(on.json().entrant.status).toBe(1);
    expect(
      (await auditsOf(pool.id)).map((row) => [row.action, row.oldValue, row.newValue, row.entryId]),
    ).toEqual([
      ['status', 1, 0, entry.id],
      ['status', 0, 1, entry.id],
    ]);
  });

  it('refuses a bad status, an unknown entry and a member who is not an admin', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    const bob = await member('bob');
    const entry = await enter(t.ctx, pool.id, bob);
    const bad = await post(
      '/admin/toggleUserStatus',
      { userSeasonId: entry.id, updatedStatus: 2 },
      world.owner.cookie,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(ENTRANTS_MESSAGES.statusRequired);
    const unknown = await post(
      '/admin/toggleUserStatus',
      { userSeasonId: 999_999, updatedStatus: 0 },
      world.owner.cookie,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(ENTRANTS_MESSAGES.entryNotFound);
    const refused = await post(
      '/admin/toggleUserStatus',
      { userSeasonId: entry.id, updatedStatus: 0 },
      bob.cookie,
    );
    expect(refused.statusCode).toBe(403);
    expect((await entryRow(entry.id)).status).toBe(1);
  });
});

describe('POST /admin/editUserLives', () => {
  const lives = (
    userSeasonId: number,
    oldLives: number,
    newLives: number,
    actionDesc = 'Rainout ruling.',
  ) => ({
    userSeasonId,
    lifeAction: newLives > oldLives ? 'increase' : 'decrease',
    actionDesc,
    oldLives,
    newLives,
  });

  it('lowers lives with a message posted to the league, eliminates at 0 and brings an entry back', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    const bob = await member('bob');
    const entry = await enter(t.ctx, pool.id, bob, { lives: 2, needsRebuy: true });
    const lower = await post('/admin/editUserLives', lives(entry.id, 2, 1, 'Late pick.'), world.owner.cookie);
    expect(lower.statusCode, lower.body).toBe(200);
    expect(lower.json()).toMatchObject({
      message: 'bob now has 1 life.',
      entrant: { lives: 1, needs_rebuy: true },
    });

    const out = await post('/admin/editUserLives', lives(entry.id, 1, 0), world.owner.cookie);
    expect(out.json().entrant).toMatchObject({ lives: 0, eliminated: true, needs_rebuy: false });
    const back = await post(
      '/admin/editUserLives',
      lives(entry.id, 0, 2, 'Appeal upheld.'),
      world.owner.cookie,
    );
    expect(back.json().entrant).toMatchObject({ lives: 2, eliminated: false });

    const events = await eventsOf(pool.id);
    expect(events.map((event) => [event.type, event.entryId, event.summary, event.desc])).toEqual([
      [17, entry.id, "The Commish lowered bob's lives from 2 to 1", 'Late pick.'],
      [17, entry.id, "The Commish lowered bob's lives from 1 to 0, so bob is eliminated", 'Rainout ruling.'],
      [
        17,
        entry.id,
        "The Commish raised bob's lives from 0 to 2, so bob is back in the pool",
        'Appeal upheld.',
      ],
    ]);
    expect((await auditsOf(pool.id)).map((row) => [row.action, row.oldValue, row.newValue])).toEqual([
      ['lives', 2, 1],
      ['lives', 1, 0],
      ['lives', 0, 2],
    ]);
    // The entrant's life changes are news of the pool, never posts on the Commish's Desk.
    const desk = await get(`/admin/commishPosts/${pool.id}`, world.owner.cookie);
    expect(desk.json().posts).toEqual([]);
  });

  it('refuses a stale number of lives (409) and every malformed change, and changes nothing', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    const bob = await member('bob');
    const entry = await enter(t.ctx, pool.id, bob, { lives: 3 });
    const stale = await post('/admin/editUserLives', lives(entry.id, 2, 1), world.owner.cookie);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(ENTRANTS_MESSAGES.livesStale('bob', 3));
    const cases: [object, string][] = [
      [{ ...lives(entry.id, 3, 2), actionDesc: '  ' }, ENTRANTS_MESSAGES.livesMessageRequired],
      [{ ...lives(entry.id, 3, 2), actionDesc: undefined }, ENTRANTS_MESSAGES.livesMessageRequired],
      [{ ...lives(entry.id, 3, 2), actionDesc: 'x'.repeat(1001) }, ENTRANTS_MESSAGES.livesMessageLong],
      [{ ...lives(entry.id, 3, 2), newLives: -1 }, ENTRANTS_MESSAGES.livesNumber],
      [{ ...lives(entry.id, 3, 2), newLives: 1.5 }, ENTRANTS_MESSAGES.livesNumber],
      [{ ...lives(entry.id, 3, 2), lifeAction: 'increase' }, ENTRANTS_MESSAGES.livesDirection('increase')],
      [{ ...lives(entry.id, 3, 4), lifeAction: 'decrease' }, ENTRANTS_MESSAGES.livesDirection('decrease')],
      [{ ...lives(entry.id, 3, 2), lifeAction: 'zap' }, ENTRANTS_MESSAGES.lifeActionRequired],
    ];
    for (const [payload, message] of cases) {
      const answer = await post('/admin/editUserLives', payload, world.owner.cookie);
      expect({ status: answer.statusCode, message: answer.json().message }).toEqual({ status: 400, message });
    }
    const refused = await post('/admin/editUserLives', lives(entry.id, 3, 2), bob.cookie);
    expect(refused.statusCode).toBe(403);
    expect((await entryRow(entry.id)).lives).toBe(3);
    expect(await eventsOf(pool.id)).toEqual([]);
    expect(await auditsOf(pool.id)).toEqual([]);
  });
});

describe('POST /admin/updateUserNotes', () => {
  it('saves, clears and audits a note, up to its length', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    const bob = await member('bob');
    const entry = await enter(t.ctx, pool.id, bob);
    const saved = await post(
      '/admin/updateUserNotes',
      { userSeasonId: entry.id, note: ' Owes $25 ' },
      world.owner.cookie,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().entrant.notes).toBe('Owes $25');
    const cleared = await post(
      '/admin/updateUserNotes',
      { userSeasonId: entry.id, note: '' },
      world.owner.cookie,
    );
    expect(cleared.json().entrant.notes).toBeNull();
    const long = await post(
      '/admin/updateUserNotes',
      { userSeasonId: entry.id, note: 'x'.repeat(501) },
      world.owner.cookie,
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(ENTRANTS_MESSAGES.noteLong);
    expect((await auditsOf(pool.id)).map((row) => [row.action, row.oldValue, row.newValue])).toEqual([
      ['notes', null, 'Owes $25'],
      ['notes', 'Owes $25', null],
    ]);
    expect(
      (await post('/admin/updateUserNotes', { userSeasonId: entry.id, note: 'Mine' }, bob.cookie)).statusCode,
    ).toBe(403);
  });
});

describe('POST /admin/processLeagueChamps', () => {
  /** Three active entries at $33.33 and a $20 prize already split: $79.99 remains. */
  async function seedChampions() {
    const pool = await buildMlbPool(t.ctx, world.leagueId, { buyin: 3333 });
    const alice = await member('alice');
    const bob = await member('bob');
    const carol = await member('carol');
    const a = await enter(t.ctx, pool.id, alice, { lives: 2, weeksAlive: 9 });
    const b = await enter(t.ctx, pool.id, bob, { lives: 1, weeksAlive: 9, needsRebuy: true });
    const c = await enter(t.ctx, pool.id, carol, { lives: 1, weeksAlive: 8 });
    const d = await enter(t.ctx, pool.id, carol, {
      entryNum: 2,
      lives: 0,
      weeksAlive: 3,
      status: ENTRY_STATUS.inactive,
    });
    await chargeEntries(t.ctx, pool.id);
    await buildLedgerRow(t.ctx, { poolId: pool.id, entryId: c.id, kind: 'prize', amount: 2000 });
    return { pool, a, b, c, d };
  }

  it('splits the remaining prizes evenly in cents, ends everyone else and makes the pool final', async () => {
    const { pool, a, b, c, d } = await seedChampions();
    const answer = await post(
      '/admin/processLeagueChamps',
      {
        leagueSeason: pool.id,
        champions: [b.id, a.id],
        defaultWeeksAlive: 10,
        userWeeksAlive: { [String(d.id)]: 4 },
        prizesRemaining: 1, // the client's figures are ignored
      },
      world.owner.cookie,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    // 9999 - 2000 = 7999 cents: the extra cent goes to the first champion named.
    expect(answer.json()).toEqual({
      message: 'Champions processed: bob and alice.',
      champions: ['bob', 'alice'],
      awards: [4000, 3999],
    });
    const [row] = await t.ctx.db.select().from(pools).where(eq(pools.id, pool.id));
    expect(row).toMatchObject({ final: true, champions: ['bob', 'alice'] });
    expect(await entryRow(a.id)).toMatchObject({ lives: 2, weeksAlive: 9, prizes: 3999, finalRank: 1 });
    expect(await entryRow(b.id)).toMatchObject({ lives: 1, prizes: 4000, needsRebuy: true, finalRank: 1 });
    expect(await entryRow(c.id)).toMatchObject({
      lives: 0,
      weeksAlive: 10,
      needsRebuy: false,
      finalRank: null,
    });
    expect(await entryRow(d.id)).toMatchObject({ lives: 0, weeksAlive: 4 });
    const prizes = await t.ctx.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.poolId, pool.id), eq(ledger.kind, 'prize')))
      .orderBy(asc(ledger.id));
    expect(prizes.map((p) => [p.entryId, p.amount])).toEqual([
      [c.id, 2000],
      [b.id, 4000],
      [a.id, 3999],
    ]);
    const events = await eventsOf(pool.id);
    expect(events.map((event) => [event.type, event.summary])).toEqual([
      [17, 'bob and alice are the champions!'],
    ]);
    expect(events[0].desc).toContain('$79.99');
    const audits = await auditsOf(pool.id);
    expect(audits.map((audit) => [audit.action, audit.entryId])).toEqual([
      ['champions', null],
      ['champions', b.id],
      ['champions', a.id],
    ]);
    // Finances and the list read the champions and their prizes.
    const list: AdminEntrantsResponse = (await get(`/admin/entrants/${pool.id}`, world.owner.cookie)).json();
    expect(list).toMatchObject({ final: true, remaining_prizes: 0, allocated: 9999 });
    expect(list.entrants.filter((e) => e.champion).map((e) => [e.label, e.prizes])).toEqual([
      ['alice', 3999],
      ['bob', 4000],
    ]);
    const finances = (await get(`/api/finances/${pool.id}`, world.owner.cookie)).json();
    expect(finances.rows.filter((r: { champion: boolean }) => r.champion).length).toBe(2);

    // Irreversible: a second crowning is refused and changes nothing.
    const again = await post(
      '/admin/processLeagueChamps',
      { leagueSeason: pool.id, champions: [c.id] },
      world.owner.cookie,
    );
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(ENTRANTS_MESSAGES.championsAlready);
    expect((await entryRow(c.id)).prizes).toBe(0);
    // Nor can the entrants of a final pool change any more.
    const lives = await post(
      '/admin/editUserLives',
      { userSeasonId: c.id, lifeAction: 'increase', actionDesc: 'Back', oldLives: 0, newLives: 1 },
      world.owner.cookie,
    );
    expect(lives.statusCode).toBe(409);
  });

  it('refuses no champion, an inactive or unknown champion and bad weeks alive, and changes nothing', async () => {
    const { pool, a, d } = await seedChampions();
    const other = await buildMlbPool(t.ctx, world.leagueId, { poolIdx: 1 });
    const stranger = await enter(t.ctx, other.id, await registerNamed(t.app, 'dave'));
    const cases: [object, string][] = [
      [{ leagueSeason: pool.id, champions: [] }, ENTRANTS_MESSAGES.championsRequired],
      [{ leagueSeason: pool.id }, ENTRANTS_MESSAGES.championsRequired],
      [{ leagueSeason: pool.id, champions: [d.id] }, ENTRANTS_MESSAGES.championInactive('carol [2]')],
      [{ leagueSeason: pool.id, champions: [stranger.id] }, ENTRANTS_MESSAGES.entryNotFound],
      [{ leagueSeason: pool.id, champions: [a.id, a.id] }, 'Each champion can be selected only once.'],
      [{ leagueSeason: pool.id, champions: [a.id], defaultWeeksAlive: -1 }, ENTRANTS_MESSAGES.weeksAlive],
      [
        { leagueSeason: pool.id, champions: [a.id], userWeeksAlive: { [d.id]: 2.5 } },
        ENTRANTS_MESSAGES.weeksAlive,
      ],
    ];
    for (const [payload, message] of cases) {
      const answer = await post('/admin/processLeagueChamps', payload, world.owner.cookie);
      expect({ status: answer.statusCode, message: answer.json().message }).toEqual({ status: 400, message });
    }
    const bob = await t.ctx.db.select().from(entries).where(eq(entries.poolId, pool.id));
    const member = await registerNamed(t.app, 'erin');
    await addMemberByInvite(t.app, t.ctx, world.leagueId, member);
    const refused = await post(
      '/admin/processLeagueChamps',
      { leagueSeason: pool.id, champions: [a.id] },
      member.cookie,
    );
    expect(refused.statusCode).toBe(403);
    const [row] = await t.ctx.db.select().from(pools).where(eq(pools.id, pool.id));
    expect(row).toMatchObject({ final: false, champions: [] });
    expect(await t.ctx.db.select().from(entries).where(eq(entries.poolId, pool.id))).toEqual(bob);
    expect(await auditsOf(pool.id)).toEqual([]);
  });
});
