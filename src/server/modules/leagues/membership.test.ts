import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { LEAGUE_MESSAGES } from '../../../core/contracts/leagues';
import { leagues } from '../../db/schema';
import { buildRegistration, takeVerificationToken } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  addMemberByInvite,
  createLeagueAs,
  registerNamed,
  type TestUser,
} from '../../test/league-test-world';

let t: TestApp;
let founder: TestUser;
let player: TestUser;

beforeEach(async () => {
  t = await createTestApp();
  founder = await registerNamed(t.app, 'founder');
  player = await registerNamed(t.app, 'player');
});

function post(url: string, payload: object, user?: TestUser) {
  return t.app.inject({ method: 'POST', url, payload, headers: user ? { cookie: user.cookie } : {} });
}
function get(url: string, user?: TestUser) {
  return t.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });
}
async function memberUsernames(abb: string): Promise<string[]> {
  const body = (await get(`/leagueRoutes/fetchLeague/abb/${abb}`, founder)).json();
  return body.members.map((m: { username: string }) => m.username).sort();
}

describe('joinLeague', () => {
  it('joins a public league at once and refuses a second join', async () => {
    const id = await createLeagueAs(t.app, founder, { name: 'Open', abb: 'OPEN', joinable: true });
    const joined = await post(
      '/leagueRoutes/joinLeague',
      { league_id: id, league_abb: 'OPEN', source: 'home' },
      player,
    );
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toEqual({ leagueMember: { league_id: id, league_abb: 'OPEN' } });
    expect(await memberUsernames('OPEN')).toEqual(['founder', 'player']);
    const again = await post('/leagueRoutes/joinLeague', { league_id: id }, player);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: LEAGUE_MESSAGES.alreadyMember });
  });

  it('refuses private leagues, and hidden ones as if they did not exist', async () => {
    const priv = await createLeagueAs(t.app, founder, { name: 'Private', abb: 'PRIV' });
    const hidden = await createLeagueAs(t.app, founder, { name: 'Hidden', abb: 'HID', hidden: true });
    const refused = await post('/leagueRoutes/joinLeague', { league_id: priv }, player);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: LEAGUE_MESSAGES.notJoinable });
    const unseen = await post('/leagueRoutes/joinLeague', { league_id: hidden }, player);
    expect(unseen.statusCode).toBe(404);
    expect(unseen.json()).toEqual({ message: LEAGUE_MESSAGES.notFound });
  });
});

describe('requestAccess and decideAccess', () => {
  it('creates one pending request, which an admin approves, rejects or reopens', async () => {
    const id = await createLeagueAs(t.app, founder, { name: 'Hidden', abb: 'HID', hidden: true });
    // The gate page names the league by its abbreviation (compared case-insensitively).
    const sent = await post(
      '/leagueRoutes/requestAccess',
      { league_id: id, abb: 'hid', source: 'blocked' },
      player,
    );
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      request: { league_id: id, status: 2 },
      message: LEAGUE_MESSAGES.requestSent,
    });
    const twice = await post('/leagueRoutes/requestAccess', { league_id: id, abb: 'HID' }, player);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: LEAGUE_MESSAGES.requestPending });
    expect((await get('/leagueRoutes/fetchLeague/abb/HID', player)).json()).toMatchObject({
      gate: true,
      requestStatus: 2,
    });

    const list = await get(`/leagueRoutes/requests/${id}`, founder);
    expect(list.statusCode).toBe(200);
    const [request] = list.json().requests;
    expect(request).toMatchObject({
      username: 'player',
      full_name: 'Firstplayer Secretplayer',
      email: 'player@example.com',
      status: 2,
    });

    const rejected = await post('/leagueRoutes/decideAccess', { request_id: request.id, status: 3 }, founder);
    expect(rejected.json()).toMatchObject({ request: { status: 3 }, league_abb: 'HID' });
    const afterReject = await post('/leagueRoutes/requestAccess', { league_id: id, abb: 'HID' }, player);
    expect(afterReject.statusCode).toBe(409);
    expect(afterReject.json()).toEqual({ message: LEAGUE_MESSAGES.requestRejected });

    const reopened = await post('/leagueRoutes/decideAccess', { request_id: request.id, status: 2 }, founder);
    expect(reopened.json().request.status).toBe(2);
    const approved = await post('/leagueRoutes/decideAccess', { request_id: request.id, status: 1 }, founder);
    expect(approved.json().request.status).toBe(1);
    expect(await memberUsernames('HID')).toEqual(['founder', 'player']);
    expect((await get('/leagueRoutes/fetchLeague/abb/HID', player)).json().gate).toBe(false);
  });

  it('answers a request for a hidden league by id alone exactly as for an unknown id', async () => {
    const id = await createLeagueAs(t.app, founder, { name: 'Secret Society', abb: 'HID', hidden: true });
    const other = await createLeagueAs(t.app, founder, { name: 'Other', abb: 'OTH', hidden: true });
    const [league] = await t.ctx.db.select().from(leagues).where(eq(leagues.id, id));
    const unknown = await post('/leagueRoutes/requestAccess', { league_id: 99_999 }, player);
    expect(unknown.statusCode).toBe(404);
    for (const payload of [
      { league_id: id },
      { league_id: id, abb: 'OTH' },
      { league_id: id, invite_code: 'not-the-code' },
      { league_id: other, abb: 'HID' },
    ]) {
      const probe = await post('/leagueRoutes/requestAccess', payload, player);
      expect({ payload, status: probe.statusCode, body: probe.body }).toEqual({
        payload,
        status: 404,
        body: unknown.body,
      });
    }
    // Nothing was recorded, so the profile and activity cannot name the league either.
    const profile = await get('/user/userProfile/player', player);
    const activity = await get('/user/activity/player', player);
    for (const answer of [profile, activity]) expect(answer.body).not.toContain('Secret Society');

    // Named as its gate page names it (abbreviation or invite code), the request goes through.
    const byCode = await post(
      '/leagueRoutes/requestAccess',
      { league_id: id, invite_code: league.inviteCode },
      player,
    );
    expect(byCode.statusCode).toBe(200);
    const third = await registerNamed(t.app, 'third');
    expect((await post('/leagueRoutes/requestAccess', { league_id: id, abb: 'HID' }, third)).statusCode).toBe(
      200,
    );
    // A member (here the admin) knows the league anyway: the usual answer, not a 404.
    const member = await post('/leagueRoutes/requestAccess', { league_id: id }, founder);
    expect(member.json()).toEqual({ message: LEAGUE_MESSAGES.alreadyMember });
  });

  it('refuses decisions by non-admins, bad statuses and unknown requests', async () => {
    const id = await createLeagueAs(t.app, founder, { name: 'Private', abb: 'PRIV' });
    await post('/leagueRoutes/requestAccess', { league_id: id }, player);
    const [request] = (await get(`/leagueRoutes/requests/${id}`, founder)).json().requests;
    const self = await post('/leagueRoutes/decideAccess', { request_id: request.id, status: 1 }, player);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual({ message: LEAGUE_MESSAGES.adminsOnly });
    expect((await get(`/leagueRoutes/requests/${id}`, player)).statusCode).toBe(403);
    expect(
      (await post('/leagueRoutes/decideAccess', { request_id: request.id, status: 4 }, founder)).statusCode,
    ).toBe(400);
    const missing = await post('/leagueRoutes/decideAccess', { request_id: 9999, status: 1 }, founder);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: LEAGUE_MESSAGES.requestNotFound });
    const member = await post('/leagueRoutes/requestAccess', { league_id: id }, founder);
    expect(member.json()).toEqual({ message: LEAGUE_MESSAGES.alreadyMember });
  });

  it("takes the spec's payload: the application row, the league name and the status", async () => {
    const id = await createLeagueAs(t.app, founder, { name: 'Private', abb: 'PRIV' });
    await post('/leagueRoutes/requestAccess', { league_id: id }, player);
    const [application] = (await get(`/leagueRoutes/requests/${id}`, founder)).json().requests;
    const approved = await post(
      '/leagueRoutes/decideAccess',
      { application, league_name: 'Private', status: 1 },
      founder,
    );
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ request: { id: application.id, status: 1 }, league_abb: 'PRIV' });
    expect(await memberUsernames('PRIV')).toEqual(['founder', 'player']);
    const unnamed = await post('/leagueRoutes/decideAccess', { league_name: 'Private', status: 1 }, founder);
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toEqual({ message: LEAGUE_MESSAGES.requestNotFound });
  });
});

describe('acceptInvite', () => {
  it('joins by invite code (also hidden leagues), is idempotent for members and refuses bad codes', async () => {
    const id = await createLeagueAs(t.app, founder, { name: 'Hidden', abb: 'HID', hidden: true });
    const [league] = await t.ctx.db.select().from(leagues).where(eq(leagues.id, id));
    const wrongLeague = await post(
      '/leagueRoutes/acceptInvite',
      { code: league.inviteCode, league_id: id + 1 },
      player,
    );
    expect(wrongLeague.statusCode).toBe(404);
    expect(wrongLeague.json()).toEqual({ message: LEAGUE_MESSAGES.badInvite });
    const bad = await post('/leagueRoutes/acceptInvite', { invite_code: 'nope' }, player);
    expect(bad.json()).toEqual({ message: LEAGUE_MESSAGES.badInvite });
    const missing = await post('/leagueRoutes/acceptInvite', { league_id: id }, player);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: LEAGUE_MESSAGES.badInvite });

    const accepted = await post(
      '/leagueRoutes/acceptInvite',
      { league_id: id, code: league.inviteCode },
      player,
    );
    expect(accepted.json()).toEqual({ leagueMember: { league_id: id, league_abb: 'HID' } });
    const again = await post('/leagueRoutes/acceptInvite', { invite_code: league.inviteCode }, player);
    expect(again.statusCode).toBe(200);
    expect(await memberUsernames('HID')).toEqual(['founder', 'player']);
  });
});

describe('an invite that survives registration', () => {
  it('joins the league when the address of an account registered from the invite is confirmed', async () => {
    const id = await createLeagueAs(t.app, founder, { name: 'Hidden', abb: 'HID', hidden: true });
    const [league] = await t.ctx.db.select().from(leagues).where(eq(leagues.id, id));
    const registration = buildRegistration({ username: 'newbie', inviteCode: league.inviteCode });
    expect((await post('/auth/register', registration)).statusCode).toBe(201);
    // Not a member before the address is confirmed.
    expect(await memberUsernames('HID')).toEqual(['founder']);
    const token = await takeVerificationToken(t.app, registration.email);
    const verified = await post('/auth/verifyEmail', { token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      user: { username: 'newbie' },
      joinedLeague: { abb: 'HID', name: 'Hidden' },
    });
    expect(await memberUsernames('HID')).toEqual(['founder', 'newbie']);
  });

  it('confirms the address all the same when the code no longer names a league, and joins nothing without one', async () => {
    const stale = buildRegistration({ username: 'late', inviteCode: 'gone-code' });
    await post('/auth/register', stale);
    const verified = await post('/auth/verifyEmail', {
      token: await takeVerificationToken(t.app, stale.email),
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ user: { username: 'late' }, joinedLeague: null });
    const plain = buildRegistration({ username: 'plain' });
    await post('/auth/register', plain);
    const again = await post('/auth/verifyEmail', { token: await takeVerificationToken(t.app, plain.email) });
    expect(again.json().joinedLeague).toBeNull();
  });
});

describe('POST /user/updateSettings', () => {
  it('saves the member switch and refuses non-members', async () => {
    const id = await createLeagueAs(t.app, founder, { name: 'Open', abb: 'OPEN', joinable: true });
    const outsider = await post(
      '/user/updateSettings',
      { leagueId: id, settings: { newPoolEmails: false } },
      player,
    );
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json()).toEqual({ message: LEAGUE_MESSAGES.membersOnly });
    await addMemberByInvite(t.app, t.ctx, id, player);
    const saved = await post(
      '/user/updateSettings',
      { userId: founder.id, leagueId: id, settings: { newPoolEmails: false } },
      player,
    );
    expect(saved.json()).toEqual({ email_new_pools: false });
    const page = (await get('/leagueRoutes/fetchLeague/abb/OPEN', player)).json();
    expect(page.viewer.settings).toEqual({ email_new_pools: false });
    const founderPage = (await get('/leagueRoutes/fetchLeague/abb/OPEN', founder)).json();
    expect(founderPage.viewer.settings).toEqual({ email_new_pools: true });
  });
});
