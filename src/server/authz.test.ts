import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PICK_MESSAGES } from '../core/contracts/pools';
import { leagueRequests, leagues } from './db/schema';
import { grantSiteAdmin } from './modules/admin/site-admins.service';
import { createSession } from './modules/auth/sessions';
import { POOL_AREA_CELLS } from './modules/pools/pool-page/pool-area.authz';
import {
  all,
  type Cell,
  HIDDEN_POOL,
  OUTSIDERS,
  PRIVATE_POOL,
  ROLES,
  type Role,
  type World,
} from './test/authz-matrix';
import { buildEntry, buildPool } from './test/factories';
import { createTestApp, type TestApp } from './test/harness';
import { createLeagueAs, registerNamed, type TestUser } from './test/league-test-world';

/**
 * The permission matrix (spec 3 section 6) against a hidden league: every route the application
 * registers, every role. A route without a row fails the first test, so a new route must say who may
 * call it. Besides the status, outsiders' answers must never carry a real name or the hidden league's data.
 */
const MATRIX: Cell[] = [
  ...POOL_AREA_CELLS,
  {
    name: 'allLeagues',
    method: 'GET',
    route: 'GET /leagueRoutes/allLeagues',
    url: () => '/leagueRoutes/allLeagues',
    expected: all(200),
  },
  {
    name: 'allPools',
    method: 'GET',
    route: 'GET /leagueRoutes/allPools',
    url: () => '/leagueRoutes/allPools',
    expected: all(200),
  },
  {
    name: 'fetchLeague by abb (gate for outsiders)',
    method: 'GET',
    route: 'GET /leagueRoutes/fetchLeague/:a/:b',
    url: () => '/leagueRoutes/fetchLeague/abb/HIDE',
    expected: all(200),
    mayNameLeague: true,
  },
  {
    name: 'fetchLeague by invite',
    method: 'GET',
    route: 'GET /leagueRoutes/fetchLeague/:a/:b',
    url: (w) => `/leagueRoutes/fetchLeague/invite/${w.inviteCode}`,
    expected: all(200),
    mayNameLeague: true,
    mayListMembers: true,
  },
  {
    name: 'fetchLeague private (not hidden)',
    method: 'GET',
    route: 'GET /leagueRoutes/fetchLeague/:a/:b',
    url: () => '/leagueRoutes/fetchLeague/abb/PRIV',
    expected: all(200),
    mayListMembers: true,
  },
  {
    name: 'league members page',
    method: 'GET',
    route: 'GET /leagueRoutes/members/:leagueId',
    url: (w) => `/leagueRoutes/members/${w.hiddenId}`,
    expected: { visitor: 404, nonMember: 404, member: 200, admin: 200, siteAdmin: 404 },
  },
  {
    name: 'requests list',
    method: 'GET',
    route: 'GET /leagueRoutes/requests/:leagueId',
    url: (w) => `/leagueRoutes/requests/${w.hiddenId}`,
    expected: { visitor: 401, nonMember: 404, member: 403, admin: 200, siteAdmin: 404 },
  },
  {
    name: 'updateLeague',
    method: 'POST',
    route: 'POST /leagueRoutes/updateLeague',
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
    route: 'POST /leagueRoutes/decideAccess',
    url: () => '/leagueRoutes/decideAccess',
    payload: (w) => ({ request_id: w.requestId, status: 3 }),
    expected: { visitor: 401, nonMember: 404, member: 403, admin: 200, siteAdmin: 404 },
  },
  {
    name: 'updateSettings',
    method: 'POST',
    route: 'POST /user/updateSettings',
    url: () => '/user/updateSettings',
    payload: (w) => ({ leagueId: w.hiddenId, settings: { newPoolEmails: true } }),
    expected: { visitor: 401, nonMember: 404, member: 200, admin: 200, siteAdmin: 404 },
  },
  {
    name: 'inviteByEmail',
    method: 'POST',
    route: 'POST /leagueRoutes/inviteByEmail',
    url: () => '/leagueRoutes/inviteByEmail',
    payload: (w) => ({ leagueId: w.hiddenId, email: 'friend@example.com' }),
    expected: { visitor: 401, nonMember: 404, member: 200, admin: 200, siteAdmin: 404 },
  },
  {
    name: 'emailUsers league',
    method: 'POST',
    route: 'POST /admin/emailUsers',
    url: () => '/admin/emailUsers',
    payload: (w) => ({ subject: 'Hi', html: '<p>Hi</p>', umbrella: 'league', umbrellaId: w.hiddenId }),
    expected: { visitor: 401, nonMember: 404, member: 403, admin: 200, siteAdmin: 404 },
  },
  {
    name: 'emailUsers pool',
    method: 'POST',
    route: 'POST /admin/emailUsers',
    url: () => '/admin/emailUsers',
    payload: (w) => ({ subject: 'Hi', html: '<p>Hi</p>', umbrella: 'pool', umbrellaId: w.poolId }),
    expected: { visitor: 401, nonMember: 404, member: 403, admin: 200, siteAdmin: 404 },
  },
  {
    name: 'joinLeague hidden',
    method: 'POST',
    route: 'POST /leagueRoutes/joinLeague',
    url: () => '/leagueRoutes/joinLeague',
    payload: (w) => ({ league_id: w.hiddenId }),
    expected: { visitor: 401, nonMember: 404, member: 409, admin: 409, siteAdmin: 404 },
  },
  {
    name: 'createLeague',
    method: 'POST',
    route: 'POST /leagueRoutes/createLeague',
    url: () => '/leagueRoutes/createLeague',
    payload: (_w, role) => ({ name: `League of ${role}`, abb: `Z${ROLES.indexOf(role)}` }),
    expected: { visitor: 401, nonMember: 201, member: 201, admin: 201, siteAdmin: 201 },
  },
  {
    name: 'profile of the hidden league admin',
    method: 'GET',
    route: 'GET /user/userProfile/:username',
    url: () => '/user/userProfile/hadmin',
    expected: all(200),
  },
  {
    name: 'profile of the hidden league member (has an entry there)',
    method: 'GET',
    route: 'GET /user/userProfile/:username',
    url: () => '/user/userProfile/hmember',
    expected: all(200),
  },
  {
    name: 'activity of the member',
    method: 'GET',
    route: 'GET /user/activity/:username',
    url: () => '/user/activity/hmember',
    expected: { visitor: 401, nonMember: 403, member: 200, admin: 403, siteAdmin: 403 },
  },
  {
    name: 'picks due (the viewer own entries only)',
    method: 'GET',
    route: 'GET /api/me/picks-due',
    url: () => '/api/me/picks-due',
    expected: { visitor: 401, nonMember: 200, member: 200, admin: 200, siteAdmin: 200 },
  },
  {
    name: 'calendar address',
    method: 'GET',
    route: 'GET /api/me/calendar',
    url: () => '/api/me/calendar',
    expected: { visitor: 401, nonMember: 200, member: 200, admin: 200, siteAdmin: 200 },
  },
  {
    name: 'renew the calendar address',
    method: 'POST',
    route: 'POST /api/me/calendar/renew',
    url: () => '/api/me/calendar/renew',
    expected: { visitor: 401, nonMember: 200, member: 200, admin: 200, siteAdmin: 200 },
  },
  {
    name: 'calendar feed of an unknown token',
    method: 'GET',
    route: 'GET /api/calendar/:file',
    url: () => '/api/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics',
    expected: all(404),
  },
  {
    name: 'changelog unread count of the member',
    method: 'GET',
    route: 'GET /api/changelog/unread-count/:username',
    url: () => '/api/changelog/unread-count/hmember',
    expected: { visitor: 401, nonMember: 403, member: 200, admin: 403, siteAdmin: 403 },
  },
  {
    name: 'addChangelogEntry',
    method: 'POST',
    route: 'POST /admin/super/addChangelogEntry',
    url: () => '/admin/super/addChangelogEntry',
    payload: () => ({ title: 'T', date: '2026-11-01', items: ['x'] }),
    expected: { visitor: 401, nonMember: 403, member: 403, admin: 403, siteAdmin: 201 },
  },
  {
    name: 'allPools my scope',
    method: 'GET',
    route: 'GET /leagueRoutes/allPools',
    url: () => '/leagueRoutes/allPools?scope=my',
    expected: { visitor: 401, nonMember: 200, member: 200, admin: 200, siteAdmin: 200 },
  },
  {
    name: 'fetchLeague unknown',
    method: 'GET',
    route: 'GET /leagueRoutes/fetchLeague/:a/:b',
    url: () => '/leagueRoutes/fetchLeague/abb/NOPE',
    expected: all(404),
  },
  {
    name: 'fetchLeague by a wrong invite code',
    method: 'GET',
    route: 'GET /leagueRoutes/fetchLeague/:a/:b',
    url: () => '/leagueRoutes/fetchLeague/invite/not-a-code',
    expected: all(404),
  },
  {
    name: 'requests list of the private league',
    method: 'GET',
    route: 'GET /leagueRoutes/requests/:leagueId',
    url: (w) => `/leagueRoutes/requests/${w.privateId}`,
    expected: { visitor: 401, nonMember: 403, member: 403, admin: 200, siteAdmin: 403 },
  },
  {
    name: 'updateLeague private',
    method: 'POST',
    route: 'POST /leagueRoutes/updateLeague',
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
    route: 'POST /user/updateSettings',
    url: () => '/user/updateSettings',
    payload: (w) => ({ leagueId: w.privateId, settings: { newPoolEmails: false } }),
    expected: { visitor: 401, nonMember: 403, member: 200, admin: 200, siteAdmin: 403 },
  },
  {
    name: 'inviteByEmail private',
    method: 'POST',
    route: 'POST /leagueRoutes/inviteByEmail',
    url: () => '/leagueRoutes/inviteByEmail',
    payload: (w) => ({ leagueId: w.privateId, email: 'friend@example.com' }),
    expected: { visitor: 401, nonMember: 403, member: 200, admin: 200, siteAdmin: 403 },
  },
  {
    name: 'emailUsers private league',
    method: 'POST',
    route: 'POST /admin/emailUsers',
    url: () => '/admin/emailUsers',
    payload: (w) => ({ subject: 'Hi', html: '<p>Hi</p>', umbrella: 'league', umbrellaId: w.privateId }),
    expected: { visitor: 401, nonMember: 403, member: 403, admin: 200, siteAdmin: 403 },
  },
  {
    name: 'joinLeague private (not joinable)',
    method: 'POST',
    route: 'POST /leagueRoutes/joinLeague',
    url: () => '/leagueRoutes/joinLeague',
    payload: (w) => ({ league_id: w.privateId }),
    expected: { visitor: 401, nonMember: 403, member: 409, admin: 409, siteAdmin: 403 },
  },
  {
    name: 'acceptInvite with a wrong code',
    method: 'POST',
    route: 'POST /leagueRoutes/acceptInvite',
    url: () => '/leagueRoutes/acceptInvite',
    payload: (w) => ({ invite_code: 'not-a-code', league_id: w.hiddenId }),
    expected: { visitor: 401, nonMember: 404, member: 404, admin: 404, siteAdmin: 404 },
  },
  {
    name: 'transactions of the member',
    method: 'GET',
    route: 'GET /user/transactions/:username',
    url: () => '/user/transactions/hmember',
    expected: { visitor: 401, nonMember: 403, member: 200, admin: 403, siteAdmin: 403 },
  },
  {
    name: 'reminder settings (each user their own)',
    method: 'GET',
    route: 'GET /user/reminders',
    url: () => '/user/reminders',
    expected: { visitor: 401, nonMember: 200, member: 200, admin: 200, siteAdmin: 200 },
  },
  {
    name: 'reminder choice (each user their own)',
    method: 'POST',
    route: 'POST /user/reminders',
    url: () => '/user/reminders',
    payload: () => ({ reminders: 'both' }),
    expected: { visitor: 401, nonMember: 200, member: 200, admin: 200, siteAdmin: 200 },
  },
  {
    name: 'mute the hidden league pool (only with an entry in it; others find nothing)',
    method: 'POST',
    route: 'POST /user/reminders/mutes/:poolId',
    url: (w) => `/user/reminders/mutes/${w.poolId}`,
    payload: () => ({ muted: false }),
    expected: { visitor: 401, nonMember: 404, member: 200, admin: 404, siteAdmin: 404 },
  },
  {
    name: 'push state (each user their own devices)',
    method: 'GET',
    route: 'GET /api/push',
    url: () => '/api/push',
    expected: { visitor: 401, nonMember: 200, member: 200, admin: 200, siteAdmin: 200 },
  },
  {
    name: 'turn push on for a device (each user their own)',
    method: 'PUT',
    route: 'PUT /api/push/subscription',
    url: () => '/api/push/subscription',
    payload: () => ({
      subscription: {
        endpoint: 'https://fcm.googleapis.com/fcm/send/authz-device',
        keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
      },
      choices: { reminders: 'both', results: true, champions: true, nudges: true },
    }),
    expected: { visitor: 401, nonMember: 200, member: 200, admin: 200, siteAdmin: 200 },
  },
  {
    name: 'turn push off for a device (already off: success)',
    method: 'DELETE',
    route: 'DELETE /api/push/subscription',
    url: () => '/api/push/subscription',
    payload: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/authz-device' }),
    expected: { visitor: 401, nonMember: 200, member: 200, admin: 200, siteAdmin: 200 },
  },
  {
    name: "a test push to a device that is not the user's",
    method: 'POST',
    route: 'POST /api/push/test',
    url: () => '/api/push/test',
    payload: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/authz-nobody' }),
    expected: { visitor: 401, nonMember: 400, member: 400, admin: 400, siteAdmin: 400 },
  },
  {
    name: 'unsubscribe page with a made-up token',
    method: 'GET',
    route: 'GET /user/reminders/unsubscribe',
    url: () => '/user/reminders/unsubscribe?token=1.made-up',
    expected: all(400),
  },
  {
    name: 'one-click unsubscribe with a made-up token',
    method: 'POST',
    route: 'POST /user/reminders/unsubscribe',
    url: () => '/user/reminders/unsubscribe?token=1.made-up',
    expected: all(400),
  },
  {
    name: 'sign up for the hidden league pool',
    method: 'POST',
    route: 'POST /user/regForGame',
    url: () => '/user/regForGame',
    payload: (w) => ({ pool_id: w.poolId }),
    // The member already holds the pool's one entry; the admin signs up.
    expected: { visitor: 401, nonMember: 404, member: 409, admin: 201, siteAdmin: 404 },
  },
  {
    name: 'changelog list',
    method: 'GET',
    route: 'GET /api/changelog',
    url: () => '/api/changelog',
    expected: all(200),
  },
  {
    name: 'changelog mark-viewed',
    method: 'POST',
    route: 'POST /api/changelog/mark-viewed',
    url: () => '/api/changelog/mark-viewed',
    payload: () => ({}),
    expected: { visitor: 401, nonMember: 200, member: 200, admin: 200, siteAdmin: 200 },
  },
  {
    name: 'requestAccess hidden by id alone (answers as an unknown id)',
    method: 'POST',
    route: 'POST /leagueRoutes/requestAccess',
    url: () => '/leagueRoutes/requestAccess',
    payload: (w) => ({ league_id: w.hiddenId }),
    expected: { visitor: 401, nonMember: 404, member: 409, admin: 409, siteAdmin: 404 },
  },
  {
    name: 'requestAccess hidden under another league abb',
    method: 'POST',
    route: 'POST /leagueRoutes/requestAccess',
    url: () => '/leagueRoutes/requestAccess',
    payload: (w) => ({ league_id: w.hiddenId, abb: 'PRIV' }),
    expected: { visitor: 401, nonMember: 404, member: 409, admin: 409, siteAdmin: 404 },
  },
  { name: 'health', method: 'GET', route: 'GET /api/health', url: () => '/api/health', expected: all(200) },
  { name: 'readiness', method: 'GET', route: 'GET /api/ready', url: () => '/api/ready', expected: all(200) },
  // Prometheus's figures: only with METRICS_TOKEN as a bearer token, and off (404) when none is set.
  { name: 'metrics', method: 'GET', route: 'GET /metrics', url: () => '/metrics', expected: all(404) },
  // The API's description and its page: public, as the web app that calls the API is.
  ...[
    ['openapi.json', '/api/docs/openapi.json'],
    ['docs page', '/api/docs'],
    ['docs json', '/api/docs/json'],
    ['docs yaml', '/api/docs/yaml'],
    ['docs page settings', '/api/docs/static/swagger-initializer.js'],
  ].map(
    ([name, url]): Cell => ({ name, method: 'GET', route: `GET ${url}`, url: () => url, expected: all(200) }),
  ),
  {
    name: 'docs page file (sends the browser to the page)',
    method: 'GET',
    route: 'GET /api/docs/static/index.html',
    url: () => '/api/docs/static/index.html',
    expected: all(302),
  },
  {
    name: 'docs page assets',
    method: 'GET',
    route: 'GET /api/docs/static/*',
    url: () => '/api/docs/static/swagger-ui.css',
    expected: all(200),
  },
  {
    name: 'currentUser',
    method: 'GET',
    route: 'GET /api/currentUser',
    url: () => '/api/currentUser',
    expected: all(200),
  },
  {
    name: 'authConfig',
    method: 'GET',
    route: 'GET /api/authConfig',
    url: () => '/api/authConfig',
    expected: all(200),
  },
  {
    name: 'register with an incomplete form (open to all; the form is checked for everyone alike)',
    method: 'POST',
    route: 'POST /auth/register',
    url: () => '/auth/register',
    payload: () => ({ username: 'hmember', email: 'taken@example.com' }),
    expected: all(400),
  },
  {
    name: 'register an address that has an account (open to all: "check your e-mail", no session)',
    method: 'POST',
    route: 'POST /auth/register',
    url: () => '/auth/register',
    payload: (_w, role) => ({
      nameFirst: 'Reg',
      nameLast: 'Again',
      username: `again-${role}`,
      // Addresses of the world's accounts, spread so that none reaches the mail limit per address.
      email: `${{ visitor: 'outsider', nonMember: 'outsider', member: 'hpending', admin: 'hpending', siteAdmin: 'admin' }[role]}@example.com`,
      password: 'register-again',
      passwordConfirm: 'register-again',
    }),
    expected: all(202),
  },
  {
    name: 'login with a wrong password',
    method: 'POST',
    route: 'POST /auth/login',
    url: () => '/auth/login',
    payload: () => ({ username: 'hmember', password: 'wrong-password' }),
    expected: all(401),
  },
  {
    name: 'forgotPassword',
    method: 'POST',
    route: 'POST /auth/forgotPassword',
    url: () => '/auth/forgotPassword',
    payload: () => ({ username: 'nobody', email: 'nobody@example.com' }),
    expected: all(200),
  },
  {
    name: 'fetchUserByResetToken with a wrong token',
    method: 'POST',
    route: 'POST /auth/fetchUserByResetToken',
    url: () => '/auth/fetchUserByResetToken',
    payload: () => ({ token: 'not-a-token' }),
    expected: all(400),
  },
  {
    name: 'finalizePasswordReset with a wrong token',
    method: 'POST',
    route: 'POST /auth/finalizePasswordReset',
    url: () => '/auth/finalizePasswordReset',
    payload: () => ({ token: 'not-a-token', password: 'correct-horse-battery' }),
    expected: all(400),
  },
  { name: 'logout', method: 'POST', route: 'POST /api/logout', url: () => '/api/logout', expected: all(200) },
  {
    name: 'verifyEmail with a wrong token',
    method: 'POST',
    route: 'POST /auth/verifyEmail',
    url: () => '/auth/verifyEmail',
    payload: () => ({ token: 'not-a-token' }),
    expected: all(400),
  },
  {
    name: 'resendVerification',
    method: 'POST',
    route: 'POST /auth/resendVerification',
    url: () => '/auth/resendVerification',
    payload: () => ({ email: 'nobody@example.com' }),
    expected: all(200),
  },
  {
    name: 'loadPool of the hidden league',
    method: 'GET',
    route: 'GET /api/loadPool/:game/:league/:season/:poolIdx/:seasonType',
    url: () => '/api/loadPool/mlb/HIDE/2023/0/reg',
    expected: HIDDEN_POOL,
  },
  {
    name: 'loadPool of the private league',
    method: 'GET',
    route: 'GET /api/loadPool/:game/:league/:season/:poolIdx/:seasonType',
    url: () => '/api/loadPool/mlb/PRIV/2023/0/reg',
    expected: PRIVATE_POOL,
  },
  {
    name: 'gameEntrants of the private league',
    method: 'GET',
    route: 'GET /api/gameEntrants/:game/:league/:season/:poolIdx/:seasonType',
    url: () => '/api/gameEntrants/mlb/PRIV/2023/0/reg',
    expected: PRIVATE_POOL,
  },
  {
    name: 'gameEntrants of the hidden league',
    method: 'GET',
    route: 'GET /api/gameEntrants/:game/:league/:season/:poolIdx/:seasonType',
    url: () => '/api/gameEntrants/mlb/HIDE/2023/0/reg',
    expected: HIDDEN_POOL,
  },
  {
    name: 'poolEntrants of the hidden league',
    method: 'GET',
    route: 'GET /api/poolEntrants/:poolId',
    url: (w) => `/api/poolEntrants/${w.poolId}`,
    expected: HIDDEN_POOL,
  },
  {
    name: 'selections of the hidden league',
    method: 'GET',
    route: 'GET /api/selections/all/:game/:league/:season/:poolIdx/:seasonType',
    url: () => '/api/selections/all/mlb/HIDE/2023/0/reg',
    expected: HIDDEN_POOL,
  },
  {
    name: 'bonus options',
    method: 'GET',
    route: 'GET /api/bonus/options/:game',
    url: () => '/api/bonus/options/mlb',
    expected: all(200),
  },
  {
    name: 'feed of the hidden league',
    method: 'GET',
    route: 'GET /api/feed/:leagueId/:leagueSeasonId/:x',
    url: (w) => `/api/feed/${w.hiddenId}/${w.poolId}/all`,
    expected: HIDDEN_POOL,
  },
  {
    name: "makeUserPick on the member's entry",
    method: 'POST',
    route: 'POST /user/makeUserPick',
    url: () => '/user/makeUserPick',
    payload: (w) => ({ userSeasonId: w.entryId, week: 1, action: 'confirm', team: 'ZZZ' }),
    // Outsiders of the hidden league find no entry (as for a missing id); the admin sees the pool: not theirs.
    expected: { visitor: 401, nonMember: 404, member: 404, admin: 403, siteAdmin: 404 },
    entryNotFound: PICK_MESSAGES.entryNotFound,
  },
  {
    name: 'makeUserPick on a missing entry',
    method: 'POST',
    route: 'POST /user/makeUserPick',
    url: () => '/user/makeUserPick',
    payload: (w) => ({ userSeasonId: w.missingEntryId, week: 1, action: 'confirm', team: 'ZZZ' }),
    expected: { visitor: 401, nonMember: 404, member: 404, admin: 404, siteAdmin: 404 },
    entryNotFound: PICK_MESSAGES.entryNotFound,
  },
  {
    name: 'nba19 offline redirect',
    method: 'GET',
    route: 'GET /nba19/offline',
    url: () => '/nba19/offline',
    expected: all(302),
  },
  {
    name: 'mail outbox',
    method: 'GET',
    route: 'GET /admin/outbox',
    url: () => '/admin/outbox',
    expected: { visitor: 401, nonMember: 403, member: 403, admin: 403, siteAdmin: 200 },
    seesAll: ['siteAdmin'],
  },
  {
    name: 'feeds health',
    method: 'GET',
    route: 'GET /admin/feeds',
    url: () => '/admin/feeds',
    expected: { visitor: 401, nonMember: 403, member: 403, admin: 403, siteAdmin: 200 },
  },
  {
    name: 'failing settlement jobs',
    method: 'GET',
    route: 'GET /admin/settlement',
    url: () => '/admin/settlement',
    expected: { visitor: 401, nonMember: 403, member: 403, admin: 403, siteAdmin: 200 },
  },
  {
    name: 'enter a result for an unknown game',
    method: 'POST',
    route: 'POST /admin/results',
    url: () => '/admin/results',
    payload: () => ({ game: 'mlb', gid: 'nope', score_home: 1, score_away: 2 }),
    expected: { visitor: 401, nonMember: 403, member: 403, admin: 403, siteAdmin: 404 },
  },
  {
    name: 'return an unknown game to the feed',
    method: 'POST',
    route: 'POST /admin/results/feed',
    url: () => '/admin/results/feed',
    payload: () => ({ game: 'mlb', gid: 'nope' }),
    expected: { visitor: 401, nonMember: 403, member: 403, admin: 403, siteAdmin: 404 },
  },
  {
    name: 'season params index',
    method: 'GET',
    route: 'GET /api/seasonParams/index',
    url: () => '/api/seasonParams/index',
    expected: all(200),
  },
  {
    name: 'season params of a season without data',
    method: 'GET',
    route: 'GET /api/seasonParams/:game/:season/:type',
    url: () => '/api/seasonParams/mlb/2023/reg',
    expected: all(404),
  },
  {
    name: 'team details',
    method: 'GET',
    route: 'GET /api/teams/details/:game',
    url: () => '/api/teams/details/mlb',
    expected: all(200),
  },
  {
    name: 'team schedules of a season without data',
    method: 'GET',
    route: 'GET /api/teamSchedules/:game/:season/:seasonType',
    url: () => '/api/teamSchedules/mlb/2023/reg',
    expected: all(404),
  },
  {
    name: 'week schedule of a season without data',
    method: 'GET',
    route: 'GET /api/weekSchedules/:game/:season/:seasonType/:week',
    url: () => '/api/weekSchedules/mlb/2023/reg/1',
    expected: all(404),
  },
  {
    name: 'active week of a season without data',
    method: 'GET',
    route: 'GET /api/activeWeek/:game/:season/:seasonType',
    url: () => '/api/activeWeek/mlb/2023/reg',
    expected: all(404),
  },
  {
    name: 'results of a season without data',
    method: 'GET',
    route: 'GET /api/results/:game/:season/:seasonType',
    url: () => '/api/results/mlb/2023/reg',
    expected: all(404),
  },
  {
    name: 'NFL players',
    method: 'GET',
    route: 'GET /api/nflPlayers',
    url: () => '/api/nflPlayers',
    expected: all(200),
  },
  {
    name: 'NFL weekly stats of a season without data',
    method: 'GET',
    route: 'GET /api/nflPlayers/weeklyStats/:week',
    url: () => '/api/nflPlayers/weeklyStats/1',
    expected: all(404),
  },
  {
    name: 'requestAccess hidden (last: it changes the outsiders)',
    method: 'POST',
    route: 'POST /leagueRoutes/requestAccess',
    url: () => '/leagueRoutes/requestAccess',
    payload: (w) => ({ league_id: w.hiddenId, abb: 'HIDE' }),
    expected: { visitor: 401, nonMember: 200, member: 409, admin: 409, siteAdmin: 200 },
    mayNameLeague: true,
  },
];

let t: TestApp;
let world: World;
const users = {} as Record<Role, TestUser | undefined>;

const routes: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    onRoute: (route) => {
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD' && method !== 'OPTIONS') routes.push(`${method} ${route.url}`);
      }
    },
  });
  const admin = await registerNamed(t.app, 'hadmin');
  const member = await registerNamed(t.app, 'hmember');
  const pending = await registerNamed(t.app, 'hpending');
  users.visitor = undefined;
  users.admin = admin;
  users.member = member;
  users.nonMember = await registerNamed(t.app, 'outsider');
  users.siteAdmin = await registerNamed(t.app, 'admin');
  await grantSiteAdmin(t.ctx.db, 'admin');
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
  const pool = await buildPool(t.ctx, { leagueId: hiddenId, customName: 'Hidden Pool' });
  const privatePool = await buildPool(t.ctx, { leagueId: privateId, customName: 'Private Pool' });
  const entry = await buildEntry(t.ctx, { poolId: pool.id, userId: member.id });
  await t.app.inject({
    method: 'POST',
    url: '/leagueRoutes/requestAccess',
    headers: { cookie: pending.cookie },
    payload: { league_id: hiddenId, abb: 'HIDE' },
  });
  const [request] = await t.ctx.db.select().from(leagueRequests).where(eq(leagueRequests.leagueId, hiddenId));
  world = {
    hiddenId,
    privateId,
    poolId: pool.id,
    privatePoolId: privatePool.id,
    requestId: request.id,
    inviteCode: hidden.inviteCode,
    entryId: entry.id,
    missingEntryId: entry.id + 100_000,
  };
});

let address = 0;

/** One request as a role, with a fresh session (logout must not end the next row's) and its own address. */
async function send(role: Role, cell: Cell) {
  const user = users[role];
  address += 1;
  const headers: Record<string, string> = {};
  if (user) headers.cookie = `ala_session=${await createSession(t.ctx.db, user.id, t.ctx.wallClock.now())}`;
  return t.app.inject({
    method: cell.method,
    url: cell.url(world),
    headers,
    remoteAddress: `10.9.${(address >> 8) & 255}.${address & 255}`,
    ...(cell.payload ? { payload: cell.payload(world, role) } : {}),
  });
}

/**
 * Every read of a hidden league's pool, asked of the private league's pool instead (decision 035): its
 * members read it, everyone else is refused in words, on every route, not only the ones with rows of
 * their own.
 */
const PRIVATE_READS: Cell[] = MATRIX.filter(
  (cell) => cell.method === 'GET' && cell.expected === HIDDEN_POOL,
).map((cell) => ({
  ...cell,
  name: `${cell.name} (of the private league instead)`,
  url: (w: World) =>
    cell.url({ ...w, poolId: w.privatePoolId, hiddenId: w.privateId }).replace('/HIDE/', '/PRIV/'),
  expected: PRIVATE_POOL,
}));

describe('authorization matrix', () => {
  it('has a row for every route the application registers', () => {
    const covered = new Set(MATRIX.map((cell) => cell.route));
    const missing = routes.filter((route) => !covered.has(route));
    expect(routes.length).toBeGreaterThan(30);
    expect(missing).toEqual([]);
    // And no row names a route that does not exist (a renamed route must move its rows).
    expect([...covered].filter((route) => !routes.includes(route))).toEqual([]);
  });

  for (const cell of [...MATRIX, ...PRIVATE_READS]) {
    it(cell.name, async () => {
      for (const role of ROLES) {
        const response = await send(role, cell);
        expect({ role, status: response.statusCode }).toEqual({ role, status: cell.expected[role] });
        if (response.statusCode >= 400) expect(Object.keys(response.json())).toEqual(['message']);
        if (cell.entryNotFound && OUTSIDERS.includes(role) && response.statusCode === 404) {
          expect({ role, message: response.json().message }).toEqual({ role, message: cell.entryNotFound });
        }
        if (OUTSIDERS.includes(role) && !cell.seesAll?.includes(role)) {
          // Real names are "First{username} Secret{username}" in this world; the hidden league's people must not show.
          const leaksRealName = ['Secrethadmin', 'Secrethmember', 'Secrethpending'].some((name) =>
            response.body.includes(name),
          );
          expect({ role, leaksRealName }).toEqual({
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
            const leaksLeague = response.body.includes('HIDE') || response.body.includes('Hidden Club');
            expect({ role, leaksLeague }).toEqual({
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
