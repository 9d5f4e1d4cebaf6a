import { beforeEach, describe, expect, it } from 'vitest';
import { buildEntry, buildPool } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  addMemberByInvite,
  createLeagueAs,
  registerNamed,
  type TestUser,
} from '../../test/league-test-world';

let t: TestApp;
let player: TestUser;
let other: TestUser;

beforeEach(async () => {
  t = await createTestApp();
  player = await registerNamed(t.app, 'player');
  other = await registerNamed(t.app, 'other');
});

function get(url: string, user?: TestUser) {
  return t.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });
}

describe('profile seasons and activity', () => {
  it('fills userSeasons from entries, hiding hidden leagues from outsiders', async () => {
    const open = await createLeagueAs(t.app, player, { name: 'Open', abb: 'OPEN', joinable: true });
    const hidden = await createLeagueAs(t.app, player, { name: 'Hidden', abb: 'HID', hidden: true });
    const openPool = await buildPool(t.ctx, { leagueId: open, final: true, champions: ['player'] });
    const hiddenPool = await buildPool(t.ctx, {
      leagueId: hidden,
      game: 'nba',
      gameName: 'NBA',
      season: 2018,
    });
    await buildEntry(t.ctx, {
      poolId: openPool.id,
      userId: player.id,
      finalRank: 1,
      prizes: 5000,
      lives: 1,
    });
    await buildEntry(t.ctx, { poolId: hiddenPool.id, userId: player.id, lives: 2 });

    const own = (await get('/user/userProfile/player', player)).json();
    expect(own.userSeasons).toHaveLength(2);
    expect(own.userSeasons.find((s: { league_abb: string }) => s.league_abb === 'OPEN')).toMatchObject({
      league_season: openPool.id,
      game: 'mlb',
      season: 2023,
      season_type: 'reg',
      pool_idx: 0,
      pool_name: 'MLB',
      entry_num: 1,
      status: 1,
      lives: 1,
      final_rank: 1,
      prizes: 5000,
      final: true,
    });
    expect(own.games.sort()).toEqual(['mlb', 'nba']);

    const seen = (await get('/user/userProfile/player', other)).json();
    expect(seen.userSeasons.map((s: { league_abb: string }) => s.league_abb)).toEqual(['OPEN']);
    expect(JSON.stringify(seen)).not.toContain('HID');
    await addMemberByInvite(t.app, t.ctx, hidden, other);
    const asMember = (await get('/user/userProfile/player', other)).json();
    expect(asMember.userSeasons).toHaveLength(2);
  });

  it('answers the activity feed to the user only, newest first', async () => {
    const open = await createLeagueAs(t.app, other, { name: 'Open', abb: 'OPEN', joinable: true });
    const priv = await createLeagueAs(t.app, other, { name: 'Private', abb: 'PRIV' });
    t.clock.advance(1000);
    await t.app.inject({
      method: 'POST',
      url: '/leagueRoutes/joinLeague',
      headers: { cookie: player.cookie },
      payload: { league_id: open },
    });
    t.clock.advance(1000);
    await t.app.inject({
      method: 'POST',
      url: '/leagueRoutes/requestAccess',
      headers: { cookie: player.cookie },
      payload: { league_id: priv },
    });
    const pool = await buildPool(t.ctx, { leagueId: open });
    await buildEntry(t.ctx, {
      poolId: pool.id,
      userId: player.id,
      createdAt: new Date('2026-11-23T00:00:00Z'),
    });

    const feed = await get('/user/activity/player', player);
    expect(feed.statusCode).toBe(200);
    expect(feed.json().map((e: { type: string; league_abb: string }) => `${e.type}:${e.league_abb}`)).toEqual(
      ['entered_pool:OPEN', 'requested_league:PRIV', 'joined_league:OPEN'],
    );
    expect(feed.json()[0]).toMatchObject({ pool_id: pool.id, path: '/mlb/OPEN/2023/reg/0', status: 1 });
    expect(feed.json()[1].status).toBe(2);
    expect((await get('/user/activity/player', other)).statusCode).toBe(403);
    expect((await get('/user/activity/player')).statusCode).toBe(401);
  });

  it("lists the prizes won in concluded pools as the user's Payments & Prizes, to the user only", async () => {
    const open = await createLeagueAs(t.app, player, { name: 'Open League', abb: 'OPEN', joinable: true });
    const done = await buildPool(t.ctx, {
      leagueId: open,
      season: 2022,
      final: true,
      champions: ['player'],
    });
    const running = await buildPool(t.ctx, { leagueId: open, game: 'nba', gameName: 'NBA', season: 2023 });
    await buildEntry(t.ctx, { poolId: done.id, userId: player.id, finalRank: 1, prizes: 31_500 });
    await buildEntry(t.ctx, { poolId: done.id, userId: other.id, finalRank: 2, prizes: 0 });
    // Prize money of a pool still running is not paid yet.
    await buildEntry(t.ctx, { poolId: running.id, userId: player.id, prizes: 2000 });

    const own = await get('/user/transactions/player', player);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual([
      {
        id: expect.any(Number),
        game: 'mlb',
        season: 2022,
        type: 'prize',
        amount: 31_500,
        notes: 'MLB 2022 (Open League): champion',
      },
    ]);
    expect((await get('/user/transactions/other', other)).json()).toEqual([]);
    expect((await get('/user/transactions/player', other)).statusCode).toBe(403);
    expect((await get('/user/transactions/player')).statusCode).toBe(401);
  });
});
