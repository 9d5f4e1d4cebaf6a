import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, registeredMessage, registerSentMessage } from '../core/contracts/auth';
import { LEAGUE_MESSAGES } from '../core/contracts/leagues';
import { POOL_MESSAGES } from '../core/contracts/pools';
import { must } from '../core/must';
import { entries, leagueMembers, leagueRequests, leagues, ledger, users } from './db/schema';
import { buildPool, buildRegistration } from './test/factories';
import { createTestApp, type TestApp } from './test/harness';
import { createLeagueAs, registerNamed, type TestUser } from './test/league-test-world';

/**
 * Racing requests: fired at once, they really overlap on PostgreSQL (TEST_DATABASE_URL), where the
 * pool runs several transactions side by side; PGlite runs them one after the other, so there the
 * same assertions describe the sequential answer. Either way: one winner, a clear 4xx for the
 * others (never a 5xx), and a consistent database afterwards.
 */

const RACERS = 6;
/** Races are repeated so that an interleaving that only sometimes happens is met. */
const ROUNDS = 3;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

const post = (url: string, cookie: string | undefined, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, payload });

/** Fires `count` requests at once and waits for all. */
function race(count: number, request: (index: number) => Promise<LightMyRequestResponse>) {
  return Promise.all(Array.from({ length: count }, (_, index) => request(index)));
}

/** Exactly one answer with the winning status; the others are `loserStatus` with `message`. */
function expectOneWinner(
  responses: LightMyRequestResponse[],
  winStatus: number,
  loserStatus: number,
  message: string | string[],
): LightMyRequestResponse {
  const statuses = responses.map((response) => response.statusCode);
  expect(
    statuses.filter((status) => status === winStatus),
    `statuses ${statuses}`,
  ).toHaveLength(1);
  const losers = responses.filter((response) => response.statusCode !== winStatus);
  for (const loser of losers) {
    expect(loser.statusCode, loser.body).toBe(loserStatus);
    expect([message].flat()).toContain(loser.json().message);
  }
  return must(responses.find((response) => response.statusCode === winStatus));
}

const count = async (query: Promise<{ n: number }[]>) => Number((await query)[0].n);

describe('racing requests on the same thing', () => {
  it('registering one username in different cases: one account, the others 409', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const name = `Racer${round}`;
      const responses = await race(RACERS, (index) =>
        post(
          '/auth/register',
          undefined,
          buildRegistration({
            username: index % 2 ? name.toLowerCase() : name.toUpperCase(),
            email: `racer${round}-${index}@example.com`,
          }),
        ),
      );
      expectOneWinner(responses, 201, 409, AUTH_MESSAGES.usernameTaken);
      const accounts = await count(
        t.ctx.db
          .select({ n: sql<number>`count(*)::int` })
          .from(users)
          .where(eq(sql`lower(${users.username})`, name.toLowerCase())),
      );
      expect(accounts).toBe(1);
    }
  });

  it('registering one e-mail in different cases: one account, the others told to check their mail', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const email = `Same${round}@Example.com`;
      const responses = await race(RACERS, (index) =>
        post(
          '/auth/register',
          undefined,
          buildRegistration({
            username: `mail${round}x${index}`,
            email: index % 2 ? email.toLowerCase() : email.toUpperCase(),
          }),
        ),
      );
      // One account, signed in; the others get "check your e-mail" and no session (decision 007), and
      // past 5 registrations naming the address, a 429 (the mail limit per address).
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([201, 202, 202, 202, 202, 429]);
      for (const [index, response] of responses.entries()) {
        const sent = index % 2 ? email.toLowerCase() : email.toUpperCase();
        if (response.statusCode === 201) expect(response.json().message).toBe(registeredMessage(sent));
        if (response.statusCode === 202) {
          expect(response.json()).toEqual({ message: registerSentMessage(sent), user: null });
          expect(response.headers['set-cookie']).toBeUndefined();
        }
        if (response.statusCode === 429) expect(response.json().message).toBe(AUTH_MESSAGES.tooManyAttempts);
      }
      const accounts = await count(
        t.ctx.db
          .select({ n: sql<number>`count(*)::int` })
          .from(users)
          .where(eq(sql`lower(${users.email})`, email.toLowerCase())),
      );
      expect(accounts).toBe(1);
    }
  });

  it('creating leagues with one abbreviation in different cases: one league, the others 409', async () => {
    const creators: TestUser[] = [];
    for (let index = 0; index < RACERS; index += 1)
      creators.push(await registerNamed(t.app, `founder${index}`));
    for (let round = 0; round < ROUNDS; round += 1) {
      const abb = `Ab${round}`;
      const responses = await race(RACERS, (index) =>
        post('/leagueRoutes/createLeague', creators[index].cookie, {
          name: `League ${round}-${index}`,
          abb: index % 2 ? abb.toLowerCase() : abb.toUpperCase(),
        }),
      );
      const winner = expectOneWinner(responses, 201, 409, LEAGUE_MESSAGES.abbTaken);
      const rows = await t.ctx.db
        .select()
        .from(leagues)
        .where(eq(sql`lower(${leagues.abb})`, abb.toLowerCase()));
      expect(rows.map((row) => row.id)).toEqual([winner.json().league.id]);
    }
    // Nothing half-written: every league has exactly its founder as member, and no member is orphaned.
    const all = await t.ctx.db.select().from(leagues);
    const members = await t.ctx.db.select().from(leagueMembers);
    expect(members).toHaveLength(all.length);
    expect(new Set(members.map((member) => member.leagueId))).toEqual(
      new Set(all.map((league) => league.id)),
    );
  });

  it('joining a public league twice at once: one membership, the other 409', async () => {
    const owner = await registerNamed(t.app, 'owner');
    const leagueId = await createLeagueAs(t.app, owner, { name: 'Open Club', abb: 'OPEN', joinable: true });
    for (let round = 0; round < ROUNDS; round += 1) {
      const joiner = await registerNamed(t.app, `joiner${round}`);
      const responses = await race(RACERS, () =>
        post('/leagueRoutes/joinLeague', joiner.cookie, { league_id: leagueId }),
      );
      expectOneWinner(responses, 200, 409, LEAGUE_MESSAGES.alreadyMember);
      const rows = await t.ctx.db
        .select()
        .from(leagueMembers)
        .where(and(eq(leagueMembers.leagueId, leagueId), eq(leagueMembers.userId, joiner.id)));
      expect(rows).toHaveLength(1);
    }
  });

  it('requesting access to a private league twice at once: one pending request, the other 409', async () => {
    const owner = await registerNamed(t.app, 'owner');
    const leagueId = await createLeagueAs(t.app, owner, { name: 'Private Club', abb: 'PRIV' });
    for (let round = 0; round < ROUNDS; round += 1) {
      const asker = await registerNamed(t.app, `asker${round}`);
      const responses = await race(RACERS, () =>
        post('/leagueRoutes/requestAccess', asker.cookie, { league_id: leagueId }),
      );
      expectOneWinner(responses, 200, 409, LEAGUE_MESSAGES.requestPending);
      const rows = await t.ctx.db
        .select()
        .from(leagueRequests)
        .where(and(eq(leagueRequests.leagueId, leagueId), eq(leagueRequests.userId, asker.id)));
      expect(rows.map((row) => row.status)).toEqual([2]);
    }
    // A former member's approved request is reopened once, not once per racing request.
    const former = await registerNamed(t.app, 'former');
    await t.ctx.db.insert(leagueRequests).values({
      leagueId,
      userId: former.id,
      status: 1,
      source: 'home',
      createdAt: t.ctx.clock.now(),
      updatedAt: t.ctx.clock.now(),
    });
    const responses = await race(RACERS, () =>
      post('/leagueRoutes/requestAccess', former.cookie, { league_id: leagueId }),
    );
    expectOneWinner(responses, 200, 409, LEAGUE_MESSAGES.requestPending);
  });

  it('admins deciding one request at once: one decision stands, the others 409', async () => {
    const owner = await registerNamed(t.app, 'owner');
    const leagueId = await createLeagueAs(t.app, owner, { name: 'Private Club', abb: 'PRIV' });
    const admins: TestUser[] = [owner];
    for (let index = 1; index < RACERS; index += 1) {
      const admin = await registerNamed(t.app, `admin${index}`);
      admins.push(admin);
      await t.ctx.db
        .insert(leagueMembers)
        .values({ leagueId, userId: admin.id, createdAt: t.ctx.clock.now() });
    }
    await t.ctx.db
      .update(leagues)
      .set({ admins: admins.map((admin) => admin.username) })
      .where(eq(leagues.id, leagueId));
    for (let round = 0; round < ROUNDS; round += 1) {
      const asker = await registerNamed(t.app, `asker${round}`);
      const asked = await post('/leagueRoutes/requestAccess', asker.cookie, { league_id: leagueId });
      const requestId = asked.json().request.id;
      // Half approve, half reject.
      const responses = await race(RACERS, (index) =>
        post('/leagueRoutes/decideAccess', admins[index].cookie, {
          request_id: requestId,
          status: index % 2 ? 3 : 1,
          current_status: 2,
        }),
      );
      const winner = expectOneWinner(responses, 200, 409, LEAGUE_MESSAGES.requestDecided);
      const decided = winner.json().request.status;
      const [request] = await t.ctx.db.select().from(leagueRequests).where(eq(leagueRequests.id, requestId));
      expect(request.status).toBe(decided);
      const membership = await t.ctx.db
        .select()
        .from(leagueMembers)
        .where(and(eq(leagueMembers.leagueId, leagueId), eq(leagueMembers.userId, asker.id)));
      expect(membership).toHaveLength(decided === 1 ? 1 : 0);
    }
  });

  it('accepting one invite twice at once: one membership, and both answers send the member home', async () => {
    // Following an invite link again is not an error (decision 004): racing clicks answer alike.
    const owner = await registerNamed(t.app, 'owner');
    const leagueId = await createLeagueAs(t.app, owner, { name: 'Private Club', abb: 'PRIV' });
    const [league] = await t.ctx.db.select().from(leagues).where(eq(leagues.id, leagueId));
    for (let round = 0; round < ROUNDS; round += 1) {
      const guest = await registerNamed(t.app, `guest${round}`);
      await post('/leagueRoutes/requestAccess', guest.cookie, { league_id: leagueId });
      const responses = await race(RACERS, () =>
        post('/leagueRoutes/acceptInvite', guest.cookie, { invite_code: league.inviteCode }),
      );
      for (const response of responses) {
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json().leagueMember).toEqual({ league_id: leagueId, league_abb: 'PRIV' });
      }
      const membership = await t.ctx.db
        .select()
        .from(leagueMembers)
        .where(and(eq(leagueMembers.leagueId, leagueId), eq(leagueMembers.userId, guest.id)));
      expect(membership).toHaveLength(1);
      const [request] = await t.ctx.db
        .select()
        .from(leagueRequests)
        .where(and(eq(leagueRequests.leagueId, leagueId), eq(leagueRequests.userId, guest.id)));
      expect(request.status).toBe(1);
    }
  });

  it('one sign-up submitted twice at once (same request key): both answer its entry, one is made', async () => {
    const owner = await registerNamed(t.app, 'owner');
    const openId = await createLeagueAs(t.app, owner, { name: 'Open Club', abb: 'OPEN', joinable: true });
    const pool = await buildPool(t.ctx, { leagueId: openId, maxEntries: 5 });
    for (let round = 0; round < ROUNDS; round += 1) {
      const player = await registerNamed(t.app, `double${round}`);
      const body = { pool_id: pool.id, request_key: `double-submit-${round}` };
      const responses = await race(2, () => post('/user/regForGame', player.cookie, body));
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 201]);
      expect(responses[1].json()).toEqual(responses[0].json());
      const rows = await t.ctx.db
        .select()
        .from(entries)
        .where(and(eq(entries.poolId, pool.id), eq(entries.userId, player.id)));
      expect(rows).toHaveLength(1);
      const charges = await t.ctx.db.select().from(ledger).where(eq(ledger.entryId, rows[0].id));
      expect(charges).toHaveLength(1);
    }
  });

  it('signing up for the last allowed entry twice at once: one entry, the other 409', async () => {
    const owner = await registerNamed(t.app, 'owner');
    const openId = await createLeagueAs(t.app, owner, { name: 'Open Club', abb: 'OPEN', joinable: true });
    const pool = await buildPool(t.ctx, { leagueId: openId, maxEntries: 2 });
    for (let round = 0; round < ROUNDS; round += 1) {
      // Not yet a member: the sign-up joins the public league on the way, also under the race.
      const player = await registerNamed(t.app, `player${round}`);
      const first = await race(RACERS, () => post('/user/regForGame', player.cookie, { pool_id: pool.id }));
      expect(first.filter((response) => response.statusCode === 201)).toHaveLength(2);
      for (const loser of first.filter((response) => response.statusCode !== 201)) {
        expect(loser.statusCode, loser.body).toBe(409);
        expect(loser.json().message).toBe(POOL_MESSAGES.maxEntries(2));
      }
      const rows = await t.ctx.db
        .select()
        .from(entries)
        .where(and(eq(entries.poolId, pool.id), eq(entries.userId, player.id)));
      expect(rows.map((row) => row.entryNum).sort()).toEqual([1, 2]);
      const membership = await t.ctx.db
        .select()
        .from(leagueMembers)
        .where(and(eq(leagueMembers.leagueId, openId), eq(leagueMembers.userId, player.id)));
      expect(membership).toHaveLength(1);
      // The last entry of a member who already holds one.
      const last = await buildPool(t.ctx, { leagueId: openId, maxEntries: 1, poolIdx: round + 1 });
      const responses = await race(RACERS, () =>
        post('/user/regForGame', player.cookie, { pool_id: last.id }),
      );
      expectOneWinner(responses, 201, 409, POOL_MESSAGES.maxEntries(1));
      const lastRows = await t.ctx.db.select().from(entries).where(eq(entries.poolId, last.id));
      expect(lastRows).toHaveLength(1);
    }
  });
});
