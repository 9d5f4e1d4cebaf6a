import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDefaultBonusOptions, NBA_BONUS_OPTIONS } from '../../../../core/bonus';
import { POOL_MESSAGES } from '../../../../core/contracts/pools';
import { ENTRY_STATUS } from '../../../../core/pool/entry-status';
import { ledger, seasonParams } from '../../../db/schema';
import { buildPick, buildPool } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { addMemberByInvite, registerNamed } from '../../../test/league-test-world';
import {
  buildMlbPool,
  chargeEntries,
  createPoolWorld,
  DEADLINES,
  enter,
  NOW,
  type PoolWorld,
  seedMlbSeason,
} from '../../../test/pool-test-world';

let t: TestApp;
let world: PoolWorld;
beforeEach(async () => {
  t = await createTestApp({ now: NOW });
  world = await createPoolWorld(t.app);
  await seedMlbSeason(t.ctx);
});

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

const PATH = 'mlb/SQUAD/2023/0/reg';

describe('GET /api/loadPool', () => {
  it('answers the pool with its counts and prize pool, and the viewer with only their own entries and picks', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId, {
      buyin: 5000,
      rebuys: 2,
      rebuyPrice: 2500,
      insurance: 1000,
      insuranceOption: 1,
      alaPct: 0.05,
      maxEntries: 2,
    });
    await buildMlbPool(t.ctx, world.leagueId, { poolIdx: 1 });
    await t.ctx.db.insert(seasonParams).values({
      game: 'mlb',
      season: 2023,
      start: new Date('2026-11-10T00:00:00Z'),
      end: new Date('2026-12-10T00:00:00Z'),
      deadlines: DEADLINES,
    });
    const other = await registerNamed(t.app, 'other');
    await addMemberByInvite(t.app, t.ctx, world.leagueId, other);
    const mine = await enter(t.ctx, pool.id, world.owner, { insurancePurchased: true, rebuysMade: 1 });
    const theirs = await enter(t.ctx, pool.id, other, { lives: 0 });
    await enter(t.ctx, pool.id, other, { entryNum: 2, status: ENTRY_STATUS.inactive });
    await chargeEntries(t.ctx, pool.id);
    await buildPick(t.ctx, { entryId: mine.id, week: 2, pickId: 'NYY' });
    await buildPick(t.ctx, { entryId: theirs.id, week: 2, pickId: 'BOS' });

    const answer = await get(`/api/loadPool/${PATH}`, world.owner.cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    const { pool: details, viewer } = answer.json();
    expect(details).toMatchObject({
      id: pool.id,
      league_abb: 'SQUAD',
      league_name: 'Sunday Squad',
      is_global: false,
      name: 'MLB #1',
      lives: 3,
      state: 'open',
      live_week: 1,
      week_count: 3,
      entrants: 2,
      alive: 1,
      season_end: '2026-12-10T00:00:00.000Z',
      // (5000 x 2 + 1000 x 1 + 2500 x 1) x 0.95 = 12825
      prize_pool: 12825,
    });
    // Never configured: every bonus in force at its default prize, as settlement pays them.
    expect(details.bonus_options).toEqual(getDefaultBonusOptions('mlb'));
    expect(viewer).toMatchObject({
      signed_in: true,
      username: 'commish',
      is_member: true,
      is_league_admin: true,
      can_register: true,
    });
    expect(viewer.entries).toHaveLength(1);
    expect(viewer.entries[0]).toMatchObject({ id: mine.id, label: 'commish', insurance_purchased: true });
    expect(viewer.entries[0].picks).toEqual([
      { week: 2, pick_id: 'NYY', team_abb: 'NYY', name: 'New York Yankees', by_insurance: false },
    ]);
    expect(answer.body).not.toContain('BOS');

    const visitor = (await get(`/api/loadPool/${PATH}`)).json().viewer;
    expect(visitor).toEqual({
      signed_in: false,
      username: null,
      is_member: false,
      is_league_admin: false,
      can_register: false,
      entries: [],
    });
  });

  it('names the latest earlier season of the same pool, or none, never a guessed one', async () => {
    await buildMlbPool(t.ctx, world.leagueId);
    expect((await get(`/api/loadPool/${PATH}`)).json().pool.previous_season).toBeNull();

    // Another index, another game and a later season are not this pool's past.
    await buildMlbPool(t.ctx, world.leagueId, { season: 2021, poolIdx: 1 });
    await buildMlbPool(t.ctx, world.leagueId, { season: 2024 });
    await buildPool(t.ctx, { leagueId: world.leagueId, game: 'nba', gameName: 'NBA', season: 2022 });
    expect((await get(`/api/loadPool/${PATH}`)).json().pool.previous_season).toBeNull();

    await buildMlbPool(t.ctx, world.leagueId, { season: 2020 });
    await buildMlbPool(t.ctx, world.leagueId, { season: 2021 });
    expect((await get(`/api/loadPool/${PATH}`)).json().pool.previous_season).toBe(2021);
  });

  it('answers 404 (400 for a malformed path) with the pool message for unknown pools', async () => {
    for (const path of [
      'mlb/SQUAD/2023/5/reg',
      'nba/SQUAD/2023/0/reg',
      'mlb/NOPE/2023/0/reg',
      'mlb/SQUAD/1800/0/reg',
    ]) {
      const answer = await get(`/api/loadPool/${path}`);
      expect(answer.statusCode, path).toBe(path.includes('1800') ? 400 : 404);
      expect(answer.json().message).toBe(POOL_MESSAGES.poolNotFound);
    }
  });
});

describe('entrants, selections, bonus options, feed and sign-up money', () => {
  it('lists entrants without picks, by id and by path', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    const entry = await enter(t.ctx, pool.id, world.owner, { entryNum: 2 });
    await buildPick(t.ctx, { entryId: entry.id, week: 2, pickId: 'NYY' });
    for (const url of [`/api/gameEntrants/${PATH}`, `/api/poolEntrants/${pool.id}`]) {
      const answer = await get(url);
      expect(answer.statusCode).toBe(200);
      expect(answer.json().entrants).toEqual([
        {
          entry_id: entry.id,
          username: 'commish',
          entry_num: 2,
          label: 'commish [2]',
          status: 1,
          lives: 3,
          extinct: false,
          weeks_alive: 0,
          rebuys_made: 0,
        },
      ]);
      expect(answer.json()).toMatchObject({ mine: [], page: 1, pageSize: 50, total: 1 });
      expect(answer.body).not.toContain('NYY');
      // The owner's own entries come in `mine` whatever the page or search.
      const own = (await get(`${url}?q=nobody`, world.owner.cookie)).json();
      expect(own.entrants).toEqual([]);
      expect(own.mine.map((e: { entry_id: number }) => e.entry_id)).toEqual([entry.id]);
    }
    expect((await get('/api/poolEntrants/999999')).json().message).toBe(POOL_MESSAGES.poolNotFound);
  });

  it('shows picks and the distribution of locked weeks only, to everyone including the owner and the commissioner', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    const other = await registerNamed(t.app, 'other');
    const a = await enter(t.ctx, pool.id, world.owner);
    const b = await enter(t.ctx, pool.id, other);
    const c = await enter(t.ctx, pool.id, other, { entryNum: 2 });
    await buildPick(t.ctx, { entryId: a.id, week: 1, pickId: 'NYY' });
    await buildPick(t.ctx, { entryId: b.id, week: 1, pickId: 'NYY' });
    await buildPick(t.ctx, { entryId: c.id, week: 1, pickId: 'HOU' });
    await buildPick(t.ctx, { entryId: a.id, week: 2, pickId: 'BOS' });
    for (const cookie of [undefined, world.owner.cookie, other.cookie]) {
      const answer = await get(`/api/selections/all/${PATH}`, cookie);
      expect(answer.statusCode).toBe(200);
      const body = answer.json();
      expect(body.weeks).toEqual([
        {
          week: 1,
          locked: true,
          total: 3,
          distribution: [
            { pick_id: 'NYY', team_abb: 'NYY', name: 'New York Yankees', count: 2, pct: 67 },
            { pick_id: 'HOU', team_abb: 'HOU', name: 'Houston Astros', count: 1, pct: 33 },
          ],
        },
        { week: 2, locked: false, total: 0, distribution: null },
        { week: 3, locked: false, total: 0, distribution: null },
      ]);
      expect(body.entries.find((e: { entry_id: number }) => e.entry_id === a.id).picks).toEqual({
        1: [{ week: 1, pick_id: 'NYY', team_abb: 'NYY', name: 'New York Yankees', by_insurance: false }],
      });
      expect(answer.body).not.toContain('BOS');
    }
    // Once week 2 locks, its pick shows.
    t.clock.set(new Date('2026-11-23T00:00:00Z'));
    const later = (await get(`/api/selections/all/${PATH}`)).json();
    expect(later.week).toBe(2);
    expect(later.weeks[1]).toMatchObject({ week: 2, locked: true, total: 1 });
    // An earlier locked week's distribution is counted when asked for; the others carry none meanwhile.
    const first = (await get(`/api/selections/all/${PATH}?week=1`)).json();
    expect(first.week).toBe(1);
    expect(first.weeks[0]).toMatchObject({ week: 1, locked: true, total: 3 });
    expect(first.weeks[1]).toEqual({ week: 2, locked: true, total: 0, distribution: null });
    expect((await get(`/api/selections/all/${PATH}?week=0`)).statusCode).toBe(400);
  });

  it('answers the bonus options of a game (none for nfl-td)', async () => {
    const nba = (await get('/api/bonus/options/nba')).json();
    expect(nba.options).toHaveLength(NBA_BONUS_OPTIONS.length);
    expect(nba.options[0]).toEqual({
      bonus_id: 1,
      bonus_name: '50 PTS',
      bonus_long_name: '50-Point Game',
      prize: 5000,
      active: true,
    });
    expect((await get('/api/bonus/options/nfl-td')).json()).toEqual({ options: [] });
    expect((await get('/api/bonus/options/golf')).statusCode).toBe(400);
  });

  it('writes the buy-in and insurance ledger rows and feed events at sign-up', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId, {
      buyin: 5000,
      insurance: 700,
      insuranceOption: 2,
      maxEntries: 2,
    });
    const signUp = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/user/regForGame',
        headers: { cookie: world.owner.cookie },
        payload,
      });
    expect((await signUp({ pool_id: pool.id, insurance_purchased: true })).statusCode).toBe(201);
    expect((await signUp({ pool_id: pool.id })).statusCode).toBe(201);
    const rows = await t.ctx.db
      .select()
      .from(ledger)
      .where(eq(ledger.poolId, pool.id))
      .orderBy(asc(ledger.id));
    expect(rows.map((row) => [row.kind, row.amount])).toEqual([
      ['buyin', -5000],
      ['insurance', -700],
      ['buyin', -5000],
    ]);
    expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(-10700);

    const feed = await get(`/api/feed/${world.leagueId}/${pool.id}/all`);
    expect(feed.statusCode, feed.body).toBe(200);
    expect(
      feed
        .json()
        .events.map((e: { summary: string }) => e.summary)
        .sort(),
    ).toEqual(['commish [2] joined the pool', 'commish bought pick insurance', 'commish joined the pool']);
    const mine = await get(`/api/feed/${world.leagueId}/${pool.id}/mine`, world.owner.cookie);
    expect(mine.json().events).toHaveLength(3);
    expect((await get(`/api/feed/${world.leagueId}/${pool.id}/mine`)).json().events).toEqual([]);
    expect((await get(`/api/feed/${world.leagueId}/${pool.id}/bonus`)).json().events).toEqual([]);
    expect((await get(`/api/feed/${world.leagueId + 1}/${pool.id}/all`)).statusCode).toBe(404);
    expect((await get(`/api/feed/${world.leagueId}/${pool.id}/nope`)).statusCode).toBe(400);
  });

  it('hides a hidden league pool from outsiders everywhere', async () => {
    const outsider = await registerNamed(t.app, 'outsider');
    const secret = await t.app.inject({
      method: 'POST',
      url: '/leagueRoutes/createLeague',
      headers: { cookie: world.owner.cookie },
      payload: { name: 'Secret', abb: 'SECR', hidden: true },
    });
    const leagueId = secret.json().league.id;
    const pool = await buildMlbPool(t.ctx, leagueId);
    for (const url of [
      '/api/loadPool/mlb/SECR/2023/0/reg',
      '/api/gameEntrants/mlb/SECR/2023/0/reg',
      `/api/poolEntrants/${pool.id}`,
      '/api/selections/all/mlb/SECR/2023/0/reg',
      `/api/feed/${leagueId}/${pool.id}/all`,
    ]) {
      for (const cookie of [undefined, outsider.cookie]) {
        const answer = await get(url, cookie);
        expect(answer.statusCode, url).toBe(404);
        expect(answer.json().message).toBe(POOL_MESSAGES.poolNotFound);
      }
      expect((await get(url, world.owner.cookie)).statusCode, url).toBe(200);
    }
  });
});
