import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { leagueRequests, leagues } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { createLeagueAs, insertEntry, insertPool, registerNamed, type TestUser } from './league-test-world';

/**
 * The permission matrix of spec 3 section 6 against a hidden league: every endpoint, every role.
 * Besides the status, outsiders' answers must never carry a real name or the hidden league's data.
 */
const ROLES = ['visitor', 'nonMember', 'member', 'admin', 'siteAdmin'] as const;
type Role = (typeof ROLES)[number];
const OUTSIDERS: Role[] = ['visitor', 'nonMember', 'siteAdmin'];

interface World {
  hiddenId: number;
  privateId: number;
  poolId: number;
  requestId: number;
  inviteCode: string;
}

interface Cell {
  name: string;
  method: 'GET' | 'POST';
  url: (w: World) => string;
  payload?: (w: World, role: Role) => object;
  expected: Record<Role, number>;
  /** The gate view and invite view may name the hidden league itself (never its members). */
  mayNameLeague?: boolean;
  /** A visible league page lists usernames (never real names); the hidden league's pools only via its invite. */
  mayListMembers?: boolean;
}

const all = (status: number): Record<Role, number> => ({
  visitor: status,
  nonMember: status,
  member: status,
  admin: status,
  siteAdmin: status,
});

const MATRIX: Cell[] = [
  { name: 'allLeagues', method: 'GET', url: () => '/leagueRoutes/allLeagues', expected: all(200) },
  { name: 'allPools', method: 'GET', url: () => '/leagueRoutes/allPools', expected: all(200) },
  {
    name: 'fetchLeague by abb (gate for outsiders)',
    method: 'GET',
    url: () => '/leagueRoutes/fetchLeague/abb/HIDE',
    expected: all(200),
    mayNameLeague: true,
  },
  {
    name: 'fetchLeague by invite',
    method: 'GET',
    url: (w) => `/leagueRoutes/fetchLeague/invite/${w.inviteCode}`,
    expected: all(200),
    mayNameLeague: true,
    mayListMembers: true,
  },
  {
    name: 'fetchLeague private (not hidden)',
    method: 'GET',
    url: () => '/leagueRoutes/fetchLeague/abb/PRIV',
    expected: all(200),
    mayListMembers: true,
  },
  {
    name: 'requests list',
    method: 'GET',
    url: (w) => `/leagueRoutes/requests/${w.hiddenId}`,
    expected: { visitor: 401, nonMember: 404, member: 403, admin: 200, siteAdmin: 404 },
  },
  {
    name: 'updateLeague',
    method: 'POST',
    url: () => '/leagueRoutes/updateLeague',
    payload: (w) => ({
      leagueId: w.hiddenId,
      name: 'Hidden Club',
      abb: 'HIDE',
      joinable: false,
      hidden: true,
      hiddenGames: [],
    }),
    expected: { visitor: 401, nonMember: 404, member: 403, admin: 200, siteAdmin: 404 },
  },
  {
    name: 'decideAccess',
    method: 'POST',
    url: () => '/leagueRoutes/decideAccess',
    payload: (w) => ({ request_id: w.requestId, status: 3 }),
    expected: { visitor: 401, nonMember: 404, member: 403, admin: 200, siteAdmin: 404 },
  },
  {
    name: 'updateSettings',
    method: 'POST',
    url: () => '/user/updateSettings',
    payload: (w) => ({ leagueId: w.hiddenId, settings: { newPoolEmails: true } }),
    expected: { visitor: 401, nonMember: 404, member: 200, admin: 200, siteAdmin: 404 },
  },
  {
    name: 'inviteByEmail',
    method: 'POST',
    url: () => '/leagueRoutes/inviteByEmail',
    payload: (w) => ({ leagueId: w.hiddenId, email: 'friend@example.com' }),
    expected: { visitor: 401, nonMember: 404, member: 200, admin: 200, siteAdmin: 404 },
  },
  {
    name: 'emailUsers league',
    method: 'POST',
    url: () => '/admin/emailUsers',
    payload: (w) => ({ subject: 'Hi', html: '<p>Hi</p>', umbrella: 'league', umbrellaId: w.hiddenId }),
    expected: { visitor: 401, nonMember: 404, member: 403, admin: 200, siteAdmin: 404 },
  },
  {
    name: 'emailUsers pool',
    method: 'POST',
    url: () => '/admin/emailUsers',
    payload: (w) => ({ subject: 'Hi', html: '<p>Hi</p>', umbrella: 'pool', umbrellaId: w.poolId }),
    expected: { visitor: 401, nonMember: 404, member: 403, admin: 200, siteAdmin: 404 },
  },
  {
    name: 'joinLeague hidden',
    method: 'POST',
    url: () => '/leagueRoutes/joinLeague',
    payload: (w) => ({ league_id: w.hiddenId }),
    expected: { visitor: 401, nonMember: 404, member: 409, admin: 409, siteAdmin: 404 },
  },
  {
    name: 'createLeague',
    method: 'POST',
    url: () => '/leagueRoutes/createLeague',
    payload: (_w, role) => ({ name: `League of ${role}`, abb: `Z${ROLES.indexOf(role)}` }),
    expected: { visitor: 401, nonMember: 201, member: 201, admin: 201, siteAdmin: 201 },
  },
  {
    name: 'profile of the hidden league admin',
    method: 'GET',
    url: () => '/user/userProfile/hadmin',
    expected: all(200),
  },
  {
    name: 'profile of the hidden league member (has an entry there)',
    method: 'GET',
    url: () => '/user/userProfile/hmember',
    expected: all(200),
  },
  {
    name: 'activity of the member',
    method: 'GET',
    url: () => '/user/activity/hmember',
    expected: { visitor: 401, nonMember: 403, member: 200, admin: 403, siteAdmin: 403 },
  },
  {
    name: 'changelog unread count of the member',
    method: 'GET',
    url: () => '/api/changelog/unread-count/hmember',
    expected: { visitor: 401, nonMember: 403, member: 200, admin: 403, siteAdmin: 403 },
  },
  {
    name: 'addChangelogEntry',
    method: 'POST',
    url: () => '/admin/super/addChangelogEntry',
    payload: () => ({ title: 'T', date: '2026-11-01', items: ['x'] }),
    expected: { visitor: 401, nonMember: 403, member: 403, admin: 403, siteAdmin: 201 },
  },
  {
    name: 'allPools my scope',
    method: 'GET',
    url: () => '/leagueRoutes/allPools?scope=my',
    expected: { visitor: 401, nonMember: 200, member: 200, admin: 200, siteAdmin: 200 },
  },
  {
    name: 'fetchLeague unknown',
    method: 'GET',
    url: () => '/leagueRoutes/fetchLeague/abb/NOPE',
    expected: all(404),
  },
  {
    name: 'fetchLeague by a wrong invite code',
    method: 'GET',
    url: () => '/leagueRoutes/fetchLeague/invite/not-a-code',
    expected: all(404),
  },
  {
    name: 'requests list of the private league',
    method: 'GET',
    url: (w) => `/leagueRoutes/requests/${w.privateId}`,
    expected: { visitor: 401, nonMember: 403, member: 403, admin: 200, siteAdmin: 403 },
  },
  {
    name: 'updateLeague private',
    method: 'POST',
    url: () => '/leagueRoutes/updateLeague',
    payload: (w) => ({
      leagueId: w.privateId,
      name: 'Private Club',
      abb: 'PRIV',
      joinable: false,
      hidden: false,
      hiddenGames: [],
    }),
    expected: { visitor: 401, nonMember: 403, member: 403, admin: 200, siteAdmin: 403 },
  },
  {
    name: 'updateSettings private',
    method: 'POST',
    url: () => '/user/updateSettings',
    payload: (w) => ({ leagueId: w.privateId, settings: { newPoolEmails: false } }),
    expected: { visitor: 401, nonMember: 403, member: 200, admin: 200, siteAdmin: 403 },
  },
  {
    name: 'inviteByEmail private',
    method: 'POST',
    url: () => '/leagueRoutes/inviteByEmail',
    payload: (w) => ({ leagueId: w.privateId, email: 'friend@example.com' }),
    expected: { visitor: 401, nonMember: 403, member: 200, admin: 200, siteAdmin: 403 },
  },
  {
    name: 'emailUsers private league',
    method: 'POST',
    url: () => '/admin/emailUsers',
    payload: (w) => ({ subject: 'Hi', html: '<p>Hi</p>', umbrella: 'league', umbrellaId: w.privateId }),
    expected: { visitor: 401, nonMember: 403, member: 403, admin: 200, siteAdmin: 403 },
  },
  {
    name: 'joinLeague private (not joinable)',
    method: 'POST',
    url: () => '/leagueRoutes/joinLeague',
    payload: (w) => ({ league_id: w.privateId }),
    expected: { visitor: 401, nonMember: 403, member: 409, admin: 409, siteAdmin: 403 },
  },
  {
    name: 'acceptInvite with a wrong code',
    method: 'POST',
    url: () => '/leagueRoutes/acceptInvite',
    payload: (w) => ({ invite_code: 'not-a-code', league_id: w.hiddenId }),
    expected: { visitor: 401, nonMember: 404, member: 404, admin: 404, siteAdmin: 404 },
  },
  {
    name: 'transactions of the member',
    method: 'GET',
    url: () => '/user/transactions/hmember',
    expected: { visitor: 401, nonMember: 403, member: 200, admin: 403, siteAdmin: 403 },
  },
  {
    name: 'sign up for the hidden league pool',
    method: 'POST',
    url: () => '/user/regForGame',
    payload: (w) => ({ pool_id: w.poolId }),
    // The member already holds the pool's one entry; the admin signs up.
    expected: { visitor: 401, nonMember: 404, member: 409, admin: 201, siteAdmin: 404 },
  },
  { name: 'changelog list', method: 'GET', url: () => '/api/changelog', expected: all(200) },
  {
    name: 'changelog mark-viewed',
    method: 'POST',
    url: () => '/api/changelog/mark-viewed',
    payload: () => ({}),
    expected: { visitor: 401, nonMember: 200, member: 200, admin: 200, siteAdmin: 200 },
  },
  {
    name: 'requestAccess hidden (last: it changes the outsiders)',
    method: 'POST',
    url: () => '/leagueRoutes/requestAccess',
    payload: (w) => ({ league_id: w.hiddenId }),
    expected: { visitor: 401, nonMember: 200, member: 409, admin: 409, siteAdmin: 200 },
    mayNameLeague: true,
  },
];

let t: TestApp;
let world: World;
const users = {} as Record<Role, TestUser | undefined>;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await registerNamed(t.app, 'hadmin');
  const member = await registerNamed(t.app, 'hmember');
  const pending = await registerNamed(t.app, 'hpending');
  users.visitor = undefined;
  users.admin = admin;
  users.member = member;
  users.nonMember = await registerNamed(t.app, 'outsider');
  users.siteAdmin = await registerNamed(t.app, 'admin');
  const hiddenId = await createLeagueAs(t.app, admin, { name: 'Hidden Club', abb: 'HIDE', hidden: true });
  const privateId = await createLeagueAs(t.app, admin, { name: 'Private Club', abb: 'PRIV' });
  const [hidden] = await t.ctx.db.select().from(leagues).where(eq(leagues.id, hiddenId));
  for (const leagueId of [hiddenId, privateId]) {
    const [league] = await t.ctx.db.select().from(leagues).where(eq(leagues.id, leagueId));
    await t.app.inject({
      method: 'POST',
      url: '/leagueRoutes/acceptInvite',
      headers: { cookie: member.cookie },
      payload: { invite_code: league.inviteCode },
    });
  }
  const pool = await insertPool(t.ctx, { leagueId: hiddenId, customName: 'Hidden Pool' });
  await insertEntry(t.ctx, { poolId: pool.id, userId: member.id });
  await t.app.inject({
    method: 'POST',
    url: '/leagueRoutes/requestAccess',
    headers: { cookie: pending.cookie },
    payload: { league_id: hiddenId },
  });
  const [request] = await t.ctx.db.select().from(leagueRequests).where(eq(leagueRequests.leagueId, hiddenId));
  world = { hiddenId, privateId, poolId: pool.id, requestId: request.id, inviteCode: hidden.inviteCode };
});

describe('authorization matrix', () => {
  for (const cell of MATRIX) {
    it(cell.name, async () => {
      for (const role of ROLES) {
        const user = users[role];
        const response = await t.app.inject({
          method: cell.method,
          url: cell.url(world),
          headers: user ? { cookie: user.cookie } : {},
          ...(cell.payload ? { payload: cell.payload(world, role) } : {}),
        });
        expect({ role, status: response.statusCode }).toEqual({ role, status: cell.expected[role] });
        if (response.statusCode >= 400) expect(Object.keys(response.json())).toEqual(['message']);
        if (OUTSIDERS.includes(role)) {
          // Real names are "First{username} Secret{username}" in this world.
          expect({ role, leaksRealName: response.body.includes('Secret') }).toEqual({
            role,
            leaksRealName: false,
          });
          // Holding the invite code shows the league page (usernames, pools), still without real names.
          if (!cell.mayListMembers) {
            expect({ role, leaksPool: response.body.includes('Hidden Pool') }).toEqual({
              role,
              leaksPool: false,
            });
            const asked = cell.url(world).includes('hmember');
            expect({ role, leaksMember: !asked && response.body.includes('hmember') }).toEqual({
              role,
              leaksMember: false,
            });
          }
          if (!cell.mayNameLeague) {
            expect({ role, leaksLeague: response.body.includes('HIDE') }).toEqual({
              role,
              leaksLeague: false,
            });
          }
        }
      }
    });
  }

  it('shows the gate to outsiders and the page to members of the hidden league', async () => {
    for (const role of ROLES) {
      const user = users[role];
      const body = (
        await t.app.inject({
          url: '/leagueRoutes/fetchLeague/abb/HIDE',
          headers: user ? { cookie: user.cookie } : {},
        })
      ).json();
      expect({ role, gate: body.gate }).toEqual({ role, gate: OUTSIDERS.includes(role) });
    }
  });
});
