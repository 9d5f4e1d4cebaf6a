import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { LEAGUE_MESSAGES } from '../../../core/contracts/leagues';
import { ENTRY_STATUS } from '../../../core/pool/entry-status';
import { leagueMembers, leagues, seasonParams } from '../../db/schema';
import { buildEntry, buildPool } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  addMemberByInvite,
  createLeagueAs,
  registerNamed,
  type TestUser,
} from '../../test/league-test-world';

let t: TestApp;
let founder: TestUser;

beforeEach(async () => {
  t = await createTestApp();
  founder = await registerNamed(t.app, 'founder');
});

function post(url: string, payload: unknown, user?: TestUser) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: user ? { cookie: user.cookie } : {},
  });
}
function get(url: string, user?: TestUser) {
  return t.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });
}

describe('POST /leagueRoutes/createLeague', () => {
  it('creates a private league whose creator is founder, admin and member', async () => {
    const response = await post(
      '/leagueRoutes/createLeague',
      { name: 'My League', abb: 'MINE', userId: 999 },
      founder,
    );
    expect(response.statusCode).toBe(201);
    const { league } = response.json();
    expect(league.abb).toBe('MINE');
    const [row] = await t.ctx.db.select().from(leagues).where(eq(leagues.id, league.id));
    expect(row).toMatchObject({ joinable: false, hidden: false, founderId: founder.id, admins: ['founder'] });
    expect(row.inviteCode.length).toBeGreaterThanOrEqual(12);
    const members = await t.ctx.db.select().from(leagueMembers).where(eq(leagueMembers.leagueId, league.id));
    expect(members.map((m) => m.userId)).toEqual([founder.id]);
  });

  it.each([
    [{ name: '', abb: 'A' }, LEAGUE_MESSAGES.name],
    [{ name: '   ', abb: 'A' }, LEAGUE_MESSAGES.name],
    [{ abb: 'A' }, LEAGUE_MESSAGES.name],
    [{ name: 'x'.repeat(41), abb: 'A' }, LEAGUE_MESSAGES.nameLong],
    [{ name: 'N', abb: '' }, LEAGUE_MESSAGES.abb],
    [{ name: 'N', abb: 'a b' }, LEAGUE_MESSAGES.abbFormat],
    [{ name: 'N', abb: 'a-b' }, LEAGUE_MESSAGES.abbFormat],
    [{ name: 'N', abb: 'ABCDEF' }, LEAGUE_MESSAGES.abbLong],
    [{ name: 'N', abb: 'A', desc: 'd'.repeat(256) }, LEAGUE_MESSAGES.descLong],
    [{ name: 'N', abb: 'A', logo: 'not a url' }, LEAGUE_MESSAGES.logo],
    [{ name: 'N', abb: 'A', logo: 'javascript:alert(1)' }, LEAGUE_MESSAGES.logo],
    [{ name: 'N', abb: 'A', joinable: true, hidden: true }, LEAGUE_MESSAGES.hiddenNeedsPrivate],
  ])('refuses %j with its message', async (payload, message) => {
    const response = await post('/leagueRoutes/createLeague', payload, founder);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('refuses an abbreviation already taken, case-insensitively', async () => {
    await createLeagueAs(t.app, founder, { name: 'One', abb: 'SAME' });
    const response = await post('/leagueRoutes/createLeague', { name: 'Two', abb: 'same' }, founder);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: LEAGUE_MESSAGES.abbTaken });
  });

  it('answers 401 to visitors before looking at the body', async () => {
    const response = await post('/leagueRoutes/createLeague', { name: '' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'You must be logged in to do that.' });
  });
});

describe('POST /leagueRoutes/updateLeague', () => {
  it('lets an admin edit the details; joinable turns hidden off', async () => {
    const id = await createLeagueAs(t.app, founder, { name: 'One', abb: 'ONE', hidden: true });
    const response = await post(
      '/leagueRoutes/updateLeague',
      {
        leagueId: id,
        name: 'Renamed',
        abb: 'RN',
        desc: '',
        logo: 'https://img.example/logo.png',
        joinable: true,
        hidden: true,
        hiddenGames: ['nba'],
      },
      founder,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().league).toMatchObject({
      name: 'Renamed',
      abb: 'RN',
      desc: 'Welcome to Renamed!',
      joinable: true,
      hidden: false,
      hiddenGames: ['nba'],
      founder: 'founder',
    });
  });

  it.each([
    [{ name: '' }, LEAGUE_MESSAGES.detailsName],
    [{ abb: '' }, LEAGUE_MESSAGES.detailsAbb],
    [{ abb: 'TOOLONG' }, LEAGUE_MESSAGES.detailsAbbLong],
    [{ logo: 'nope' }, LEAGUE_MESSAGES.detailsLogo],
  ])('refuses %j with the League Details message', async (change, message) => {
    const id = await createLeagueAs(t.app, founder, { name: 'One', abb: 'ONE' });
    const base = { leagueId: id, name: 'One', abb: 'ONE', joinable: false, hidden: false, hiddenGames: [] };
    const response = await post('/leagueRoutes/updateLeague', { ...base, ...change }, founder);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('refuses members who are not admins, and a taken abbreviation', async () => {
    const id = await createLeagueAs(t.app, founder, { name: 'One', abb: 'ONE', joinable: true });
    await createLeagueAs(t.app, founder, { name: 'Two', abb: 'TWO' });
    const member = await registerNamed(t.app, 'member');
    await addMemberByInvite(t.app, t.ctx, id, member);
    const base = { leagueId: id, name: 'One', abb: 'ONE', joinable: true, hidden: false, hiddenGames: [] };
    const byMember = await post('/leagueRoutes/updateLeague', base, member);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json()).toEqual({ message: LEAGUE_MESSAGES.adminsOnly });
    const taken = await post('/leagueRoutes/updateLeague', { ...base, abb: 'two' }, founder);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: LEAGUE_MESSAGES.abbTaken });
  });
});

describe('GET /leagueRoutes/allLeagues', () => {
  it('lists visible leagues with counts and the viewer standing; hidden ones only for members', async () => {
    const open = await createLeagueAs(t.app, founder, { name: 'Open', abb: 'OPEN', joinable: true });
    await createLeagueAs(t.app, founder, { name: 'Secret', abb: 'SEC', hidden: true });
    await buildPool(t.ctx, { leagueId: open });
    const viewer = await registerNamed(t.app, 'viewer');
    const asViewer = (await get('/leagueRoutes/allLeagues', viewer)).json();
    expect(asViewer.map((l: { abb: string }) => l.abb)).toEqual(['OPEN']);
    expect(asViewer[0]).toMatchObject({
      name: 'Open',
      commissioner: 'founder',
      members: 1,
      pools_hosted: 1,
      joinable: true,
      hidden: false,
      is_member: false,
      request_status: null,
    });
    const asFounder = (await get('/leagueRoutes/allLeagues', founder)).json();
    expect(asFounder.map((l: { abb: string }) => l.abb)).toEqual(['OPEN', 'SEC']);
    expect(asFounder[1]).toMatchObject({ hidden: true, is_member: true });
    expect((await get('/leagueRoutes/allLeagues')).json()).toHaveLength(1);
  });
});

describe('GET /leagueRoutes/allPools', () => {
  it('builds rows with status, counts, lives, lock and the viewer entry; hides hidden leagues', async () => {
    const open = await createLeagueAs(t.app, founder, { name: 'Open', abb: 'OPEN', joinable: true });
    const priv = await createLeagueAs(t.app, founder, { name: 'Private', abb: 'PRIV' });
    const secret = await createLeagueAs(t.app, founder, { name: 'Secret', abb: 'SEC', hidden: true });
    const viewer = await registerNamed(t.app, 'viewer');
    const past = new Date('2026-01-01T00:00:00Z');
    const final = await buildPool(t.ctx, {
      leagueId: open,
      final: true,
      champions: ['founder'],
      start: past,
      entryDeadline: past,
    });
    const running = await buildPool(t.ctx, {
      leagueId: open,
      poolIdx: 1,
      start: past,
      entryDeadline: past,
      rebuys: 1,
      insuranceOption: 1,
      insurance: 500,
      bonusActive: true,
    });
    const upcoming = await buildPool(t.ctx, { leagueId: priv, game: 'nba', gameName: 'NBA', season: 2018 });
    await buildPool(t.ctx, { leagueId: secret, game: 'nfl-td', gameName: 'NFL TD', season: 2025 });
    await buildEntry(t.ctx, { poolId: running.id, userId: viewer.id });
    await buildEntry(t.ctx, { poolId: running.id, userId: founder.id, status: ENTRY_STATUS.inactive });

    const rows = (await get('/leagueRoutes/allPools', viewer)).json();
    expect(rows.map((r: { id: number }) => r.id).sort()).toEqual([final.id, running.id, upcoming.id].sort());
    const byId = new Map(rows.map((r: { id: number }) => [r.id, r]));
    expect(byId.get(final.id)).toMatchObject({
      status: 'final',
      champions: ['founder'],
      pool_name: 'MLB #1',
    });
    expect(byId.get(running.id)).toMatchObject({
      status: 'in_progress',
      pool_name: 'MLB #2',
      entries: 1,
      lives: 2,
      bonus_active: true,
      insurance_option: 1,
      insurance: 500,
      locked: false,
      has_entry: true,
      path: '/mlb/OPEN/2023/reg/1',
      league_abb: 'OPEN',
    });
    expect(byId.get(upcoming.id)).toMatchObject({
      status: 'open',
      locked: true,
      pool_name: 'NBA',
      has_entry: false,
    });

    const mine = (await get('/leagueRoutes/allPools?scope=my', viewer)).json();
    expect(mine.map((r: { id: number }) => r.id)).toEqual([running.id]);
    const nba = (await get('/leagueRoutes/allPools?game=nba')).json();
    expect(nba.map((r: { id: number }) => r.id)).toEqual([upcoming.id]);
    expect((await get('/leagueRoutes/allPools?scope=my')).statusCode).toBe(401);
    const founderRows = (await get('/leagueRoutes/allPools', founder)).json();
    expect(founderRows).toHaveLength(4);
  });
});

describe('GET /leagueRoutes/fetchLeague', () => {
  it('answers the full league page to members with names, settings, pools, statuses and trophies', async () => {
    const id = await createLeagueAs(t.app, founder, { name: 'Home', abb: 'HOME' });
    const member = await registerNamed(t.app, 'member');
    await addMemberByInvite(t.app, t.ctx, id, member);
    const past = new Date('2026-01-01T00:00:00Z');
    const final = await buildPool(t.ctx, {
      leagueId: id,
      season: 2022,
      final: true,
      champions: ['member'],
      start: past,
      entryDeadline: past,
    });
    await buildEntry(t.ctx, { poolId: final.id, userId: member.id, finalRank: 1, prizes: 12_000, lives: 1 });
    const alive = await buildPool(t.ctx, {
      leagueId: id,
      game: 'nba',
      gameName: 'NBA',
      season: 2018,
      start: past,
      entryDeadline: past,
    });
    await buildEntry(t.ctx, { poolId: alive.id, userId: member.id, lives: 2 });
    const dead = await buildPool(t.ctx, {
      leagueId: id,
      game: 'nfl-td',
      gameName: 'NFL TD',
      season: 2020,
      start: past,
      entryDeadline: past,
    });
    await buildEntry(t.ctx, { poolId: dead.id, userId: member.id, lives: 0 });
    const missed = await buildPool(t.ctx, {
      leagueId: id,
      game: 'nfl-td',
      gameName: 'NFL TD',
      season: 2021,
      start: past,
      entryDeadline: past,
    });
    const open = await buildPool(t.ctx, { leagueId: id, season: 2027, customName: 'Summer Fun' });
    await t.ctx.db.insert(seasonParams).values([
      {
        game: 'nba',
        season: 2026,
        start: new Date('2026-12-10T00:00:00Z'),
        end: new Date('2027-04-10T00:00:00Z'),
      },
      {
        game: 'mlb',
        season: 2026,
        start: new Date('2026-03-10T00:00:00Z'),
        end: new Date('2027-01-10T00:00:00Z'),
      },
      {
        game: 'nba',
        season: 2018,
        start: new Date('2026-10-10T00:00:00Z'),
        end: new Date('2027-04-10T00:00:00Z'),
      },
      {
        game: 'mlb',
        season: 2025,
        start: new Date('2025-03-10T00:00:00Z'),
        end: new Date('2025-10-10T00:00:00Z'),
      },
    ]);

    const body = (await get('/leagueRoutes/fetchLeague/abb/home', member)).json();
    expect(body.gate).toBe(false);
    expect(body.league).toMatchObject({
      abb: 'HOME',
      desc: 'Welcome to Home!',
      founder: 'founder',
      member_count: 2,
    });
    expect(body.league.invite_code).toBeTruthy();
    expect(body.invite_url).toBe(`http://localhost:3000/invite/league/${body.league.invite_code}`);
    expect(body.members[0]).toMatchObject({
      username: 'member',
      real_name: 'Firstmember Secretmember',
      prizes: 12_000,
      admin: false,
    });
    expect(body.members[1]).toMatchObject({ username: 'founder', admin: true });
    expect(body.viewer).toEqual({
      loggedIn: true,
      isMember: true,
      isAdmin: false,
      requestStatus: null,
      settings: { email_new_pools: true },
    });
    const status = new Map(
      body.pools.map((p: { id: number; your_status: unknown }) => [p.id, p.your_status]),
    );
    expect(status.get(final.id)).toEqual({ kind: 'final', final_rank: 1, prizes: 12_000, lives: null });
    expect(status.get(alive.id)).toMatchObject({ kind: 'alive', lives: 2 });
    expect(status.get(dead.id)).toMatchObject({ kind: 'eliminated', lives: 0 });
    expect(status.get(missed.id)).toMatchObject({ kind: 'dnp' });
    expect(status.get(open.id)).toMatchObject({ kind: 'sign_up' });
    expect(body.pools.find((p: { id: number }) => p.id === open.id)).toMatchObject({
      pool_name: 'Summer Fun',
      status: 'open',
    });
    expect(body.trophies).toEqual([expect.objectContaining({ pool_id: final.id, champions: ['member'] })]);
    // nba 2018 is already a pool; mlb 2025 ended; so two seasons remain, newest start first.
    expect(
      body.available_pools.map((p: { game: string; status: string }) => `${p.game}:${p.status}`),
    ).toEqual(['nba:begins', 'mlb:late_reg']);
  });

  it('shows non-members of a public league no real names, no invite and n/a statuses', async () => {
    const id = await createLeagueAs(t.app, founder, { name: 'Public', abb: 'PUB', joinable: true });
    await buildPool(t.ctx, { leagueId: id });
    const outsider = await registerNamed(t.app, 'outsider');
    for (const user of [outsider, undefined]) {
      const response = await get('/leagueRoutes/fetchLeague/abb/PUB', user);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.members[0].real_name).toBeNull();
      expect(body.league.invite_code).toBeNull();
      expect(body.invite_url).toBeNull();
      expect(body.pools[0].your_status.kind).toBe('na');
      expect(body.pools[0].locked).toBe(false);
      expect(body.viewer.settings).toBeNull();
      expect(response.body).not.toContain('Secretfounder');
    }
  });

  it("locks a private league's pools to non-members, not to members", async () => {
    const id = await createLeagueAs(t.app, founder, { name: 'Private', abb: 'PRIV' });
    await buildPool(t.ctx, { leagueId: id });
    const outsider = await registerNamed(t.app, 'outsider');
    for (const user of [outsider, undefined]) {
      const body = (await get('/leagueRoutes/fetchLeague/abb/PRIV', user)).json();
      expect(body.pools[0]).toMatchObject({ locked: true, your_status: { kind: 'na' } });
    }
    const own = (await get('/leagueRoutes/fetchLeague/abb/PRIV', founder)).json();
    expect(own.pools[0]).toMatchObject({ locked: false, your_status: { kind: 'sign_up' } });
  });

  it('answers a gate for hidden leagues by abbreviation, the page by invite code, and 404 otherwise', async () => {
    const id = await createLeagueAs(t.app, founder, { name: 'Hidden', abb: 'HID', hidden: true });
    await buildPool(t.ctx, { leagueId: id });
    const outsider = await registerNamed(t.app, 'outsider');
    const gate = (await get('/leagueRoutes/fetchLeague/abb/HID', outsider)).json();
    expect(gate).toEqual({
      gate: true,
      league_id: id,
      name: 'Hidden',
      abb: 'HID',
      commissioner: 'founder',
      loggedIn: true,
      requestStatus: null,
    });
    expect((await get('/leagueRoutes/fetchLeague/abb/HID')).json()).toMatchObject({
      gate: true,
      loggedIn: false,
    });
    const [league] = await t.ctx.db.select().from(leagues).where(eq(leagues.id, id));
    const invited = await get(`/leagueRoutes/fetchLeague/invite/${league.inviteCode}`, outsider);
    expect(invited.json()).toMatchObject({ gate: false, league: { abb: 'HID' } });
    expect(invited.body).not.toContain('Secretfounder');
    for (const url of ['/leagueRoutes/fetchLeague/abb/NOPE', '/leagueRoutes/fetchLeague/invite/wrong-code']) {
      const response = await get(url, outsider);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: LEAGUE_MESSAGES.notFound });
    }
    expect((await get('/leagueRoutes/fetchLeague/other/HID')).statusCode).toBe(400);
  });
});
