import type { HTTPMethods } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildBonusEvent, buildPick } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { addMemberByInvite, registerNamed, type TestUser } from '../../../test/league-test-world';
import {
  buildMlbPool,
  buildNflPool,
  createPoolWorld,
  enter,
  NOW,
  seedMlbSeason,
  seedNflSeason,
} from '../../../test/pool-test-world';
import { grantSiteAdmin } from '../../admin/site-admins.service';

/**
 * Picks stay secret until they lock (decision "Picks stay secret"): walks every GET route the
 * application registers (collected as they are registered, so the list cannot go stale), with
 * the real ids of a small world, as a visitor, an outsider, another entrant, the league's
 * commissioner and a site admin. No answer may contain a pick of a week that has not locked. The
 * secret picks name no real team or player, so they can only appear in an answer as a pick; a pick
 * of a locked week is the control that proves the walk reaches the picks.
 */

const SECRET_TEAM = 'ZQSECRETTEAM';
const SECRET_PLAYER = 'zq-secret-player';
const LOCKED_TEAM = 'ZQLOCKEDTEAM';

interface Route {
  method: HTTPMethods;
  url: string;
}

let t: TestApp;
const routes: Route[] = [];
let roles: Record<string, TestUser | undefined>;
let values: Record<string, Record<string, string>>;
let aliceMlbId: number;

beforeAll(async () => {
  t = await createTestApp({
    now: NOW,
    // The walk sends every GET route as every role for each game, past the 600 a minute one address may send.
    env: { RATE_LIMIT_MAX: '100000' },
    onRoute: (route) => {
      for (const method of [route.method].flat()) {
        if (method === 'GET') routes.push({ method, url: route.url });
      }
    },
  });
  await seedMlbSeason(t.ctx);
  await seedNflSeason(t.ctx);
  const world = await createPoolWorld(t.app);
  const alice = await registerNamed(t.app, 'alice');
  const bob = await registerNamed(t.app, 'bob');
  const outsider = await registerNamed(t.app, 'outsider');
  const siteAdmin = await registerNamed(t.app, 'admin');
  await grantSiteAdmin(t.ctx.db, 'admin');
  await addMemberByInvite(t.app, t.ctx, world.leagueId, alice);
  await addMemberByInvite(t.app, t.ctx, world.leagueId, bob);
  const mlb = await buildMlbPool(t.ctx, world.leagueId);
  const nfl = await buildNflPool(t.ctx, world.leagueId);
  const aliceMlb = await enter(t.ctx, mlb.id, alice);
  aliceMlbId = aliceMlb.id;
  const aliceNfl = await enter(t.ctx, nfl.id, alice);
  await enter(t.ctx, mlb.id, bob);
  await enter(t.ctx, mlb.id, world.owner);
  await buildPick(t.ctx, { entryId: aliceMlb.id, week: 1, pickId: LOCKED_TEAM });
  await buildPick(t.ctx, { entryId: aliceMlb.id, week: 2, pickId: SECRET_TEAM });
  // A bonus event names the team its winners picked: one of an open week must stay unread (bonuses area).
  await buildBonusEvent(t.ctx, { poolId: mlb.id, week: 2, teamAbb: SECRET_TEAM, winners: [aliceMlb.id] });
  // NFL week 3 locks at its first kickoff (2026-11-29): still open.
  await buildPick(t.ctx, { entryId: aliceNfl.id, week: 3, pickId: SECRET_PLAYER, teamAbb: 'GB' });
  roles = { visitor: undefined, outsider, bob, commish: world.owner, admin: siteAdmin };
  const common = {
    league: 'SQUAD',
    abb: 'SQUAD',
    leagueAbb: 'SQUAD',
    season: '2023',
    poolIdx: '0',
    seasonType: 'reg',
    type: 'reg',
    leagueId: String(world.leagueId),
    username: 'alice',
    x: 'all',
  };
  values = {
    mlb: {
      ...common,
      game: 'mlb',
      poolId: String(mlb.id),
      leagueSeasonId: String(mlb.id),
      id: String(mlb.id),
      week: '2',
    },
    'nfl-td': {
      ...common,
      game: 'nfl-td',
      poolId: String(nfl.id),
      leagueSeasonId: String(nfl.id),
      id: String(nfl.id),
      week: '3',
    },
  };
});

const fill = (url: string, params: Record<string, string>) =>
  url.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? '1'));

describe('pick secrecy across every endpoint', () => {
  it('never answers a pick of a week that has not locked, to any role', async () => {
    expect(routes.length).toBeGreaterThan(20);
    let controlSeen = false;
    for (const route of routes) {
      for (const [game, params] of Object.entries(values)) {
        const url = fill(route.url, params);
        for (const [role, user] of Object.entries(roles)) {
          const answer = await t.app.inject({
            method: route.method,
            url,
            headers: user ? { cookie: user.cookie } : {},
          });
          const where = `${role} GET ${url} (${game})`;
          expect(answer.statusCode, where).toBeLessThan(500);
          expect(answer.body, where).not.toContain(SECRET_TEAM);
          expect(answer.body, where).not.toContain(SECRET_PLAYER);
          if (answer.body.includes(LOCKED_TEAM)) controlSeen = true;
        }
      }
    }
    expect(controlSeen).toBe(true);
  });

  it('keeps open picks out of every standings view', async () => {
    for (const [game, params] of Object.entries(values)) {
      for (const view of game === 'mlb'
        ? ['all', 'team', 'week&week=2', 'day&week=2']
        : ['qualifiers', 'positions']) {
        for (const [role, user] of Object.entries(roles)) {
          const url = `/api/standings/${params.poolId}?view=${view}`;
          const answer = await t.app.inject({
            method: 'GET',
            url,
            headers: user ? { cookie: user.cookie } : {},
          });
          expect(answer.statusCode, `${role} ${url}`).toBe(200);
          expect(answer.body, `${role} ${url}`).not.toMatch(new RegExp(`${SECRET_TEAM}|${SECRET_PLAYER}`));
        }
      }
    }
  });

  it('lets the owner alone read their open picks, from loadPool', async () => {
    const alice = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: 'alice', password: 'correct-horse' },
    });
    const cookie = String(alice.headers['set-cookie']).split(';')[0];
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/loadPool/mlb/SQUAD/2023/0/reg',
      headers: { cookie },
    });
    expect(own.body).toContain(SECRET_TEAM);
    const selections = await t.app.inject({
      method: 'GET',
      url: '/api/selections/all/mlb/SQUAD/2023/0/reg',
      headers: { cookie },
    });
    expect(selections.body).not.toContain(SECRET_TEAM);
    expect(selections.body).toContain(LOCKED_TEAM);
    // The scoreboard shows the owner their own open pick (the walk above proves nobody else sees it).
    const board = await t.app.inject({
      method: 'GET',
      url: `/api/scoreboard/${values.mlb.poolId}/2`,
      headers: { cookie },
    });
    expect(board.body).toContain(SECRET_TEAM);
  });

  it("shows an entry's open picks in Edit Picks to the pool's commissioner alone (spec 2)", async () => {
    const url = `/api/pools/${values.mlb.poolId}/commish/picks?entry=${aliceMlbId}`;
    for (const [role, user] of Object.entries(roles)) {
      const answer = await t.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });
      if (role === 'commish') {
        expect(answer.statusCode).toBe(200);
        expect(answer.body).toContain(SECRET_TEAM);
      } else {
        expect(answer.statusCode, role).toBeGreaterThanOrEqual(400);
        expect(answer.body, role).not.toContain(SECRET_TEAM);
      }
    }
  });

  it('refuses picks on another entry without telling what it holds', async () => {
    const [entry] = (await t.app.inject({ method: 'GET', url: '/api/gameEntrants/mlb/SQUAD/2023/0/reg' }))
      .json()
      .entrants.filter((e: { username: string }) => e.username === 'alice');
    for (const [role, user] of Object.entries(roles)) {
      for (const action of ['confirm', 'cancel']) {
        const answer = await t.app.inject({
          method: 'POST',
          url: '/user/makeUserPick',
          headers: user ? { cookie: user.cookie } : {},
          payload: { userSeasonId: entry.entry_id, week: 2, team: SECRET_TEAM, action },
        });
        expect(answer.statusCode, role).toBeGreaterThanOrEqual(400);
        expect(answer.body.replaceAll(SECRET_TEAM, ''), role).not.toContain('ZQ');
      }
    }
  });
});
