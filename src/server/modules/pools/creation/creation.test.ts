import { and, eq, like } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDefaultBonusOptions } from '../../../../core/bonus';
import { CREATION_MESSAGES } from '../../../../core/contracts/pools';
import { POOL_SETTINGS_MESSAGES } from '../../../../core/pool/settings';
import { leagueMembers, mailOutbox, poolAudits, pools, seasonParams } from '../../../db/schema';
import { buildPool } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { addMemberByInvite, registerNamed, type TestUser } from '../../../test/league-test-world';
import { createPoolWorld, NOW, type PoolWorld } from '../../../test/pool-test-world';

let t: TestApp;
let world: PoolWorld;

// At NOW (2026-11-22) week 1 has locked, weeks 2 and 3 are ahead.
const MLB_DEADLINES = ['2026-11-16T00:00:00Z', '2026-11-23T00:00:00Z', '2026-11-30T00:00:00Z'];

beforeEach(async () => {
  t = await createTestApp({ now: NOW });
  world = await createPoolWorld(t.app);
  await t.ctx.db.insert(seasonParams).values([
    {
      game: 'mlb',
      season: 2026,
      start: new Date('2026-11-15T00:00:00Z'),
      end: new Date('2026-12-10T00:00:00Z'),
      deadlines: MLB_DEADLINES,
    },
    {
      game: 'nba',
      season: 2026,
      start: new Date('2026-12-01T00:00:00Z'),
      end: new Date('2027-04-10T00:00:00Z'),
      deadlines: ['2026-12-01T00:00:00Z', '2026-12-08T00:00:00Z'],
    },
    {
      // Every week has locked: nothing to activate.
      game: 'nfl-td',
      season: 2026,
      start: new Date('2026-09-01T00:00:00Z'),
      end: new Date('2026-12-31T00:00:00Z'),
      deadlines: ['2026-09-05T00:00:00Z', '2026-09-12T00:00:00Z'],
    },
  ]);
});

function activate(user: TestUser | null, body: object) {
  return t.app.inject({
    method: 'POST',
    url: '/leagueRoutes/activatePool',
    headers: user ? { cookie: user.cookie } : {},
    payload: body,
  });
}

const mlb = (settings: object = {}) => ({
  league_id: world.leagueId,
  season: 2026,
  season_type: 'reg',
  settings: { game: 'mlb', ...settings },
});

describe('POST /leagueRoutes/activatePool', () => {
  it('creates a pool with the defaults, starting at the first week still ahead', async () => {
    const answer = await activate(world.owner, mlb());
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toEqual({
      game: 'mlb',
      league_abb: 'SQUAD',
      season: 2026,
      season_type: 'reg',
      pool_idx: 0,
      name: 'MLB',
      start_week: 2,
      message: 'Your pool will start in Week 2 of the MLB season.',
    });
    const [pool] = await t.ctx.db.select().from(pools).where(eq(pools.leagueId, world.leagueId));
    expect(pool).toMatchObject({
      buyin: 5000,
      rebuys: 2,
      rebuyPrice: 2500,
      maxEntries: 1,
      insuranceOption: 0,
      insurance: 0,
      shootMoon: false,
      bonusActive: false,
      bonusCadence: 2,
      bonusShutdown: 5,
      playersPerWeek: 1,
      maxPlayersPerTeam: 1,
      startWeek: 2,
      customName: null,
      deadlines: MLB_DEADLINES,
    });
    expect(pool.start.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(pool.entryDeadline.toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });

  it('numbers further pools of the same season and names them "#n"', async () => {
    expect((await activate(world.owner, mlb())).json().pool_idx).toBe(0);
    const second = (await activate(world.owner, mlb())).json();
    expect(second).toMatchObject({ pool_idx: 1, name: 'MLB #2' });
    const third = (await activate(world.owner, mlb({ custom_name: 'Dog Days' }))).json();
    expect(third).toMatchObject({ pool_idx: 2, name: 'Dog Days' });
    // Each opening is the first row of its pool's audit log, with the settings it opened with.
    const opened = await t.ctx.db
      .select({ pool: pools.poolIdx, audit: poolAudits })
      .from(poolAudits)
      .innerJoin(pools, eq(pools.id, poolAudits.poolId))
      .where(eq(pools.leagueId, world.leagueId))
      .orderBy(pools.poolIdx);
    expect(opened.map(({ pool, audit }) => [pool, audit.action, audit.userId, audit.summary])).toEqual([
      [0, 'create_pool', world.owner.id, 'Opened MLB 2026 from Week 2'],
      [1, 'create_pool', world.owner.id, 'Opened MLB #2 2026 from Week 2'],
      [2, 'create_pool', world.owner.id, 'Opened Dog Days 2026 from Week 2'],
    ]);
    expect(opened[2].audit).toMatchObject({
      oldValue: null,
      newValue: { season: 2026, start_week: 2, settings: { custom_name: 'Dog Days', buyin: 5000 } },
    });
    // Another game's season starts again at 0, with week 1 still ahead.
    const nba = await activate(world.owner, { ...mlb(), settings: { game: 'nba' } });
    expect(nba.json()).toMatchObject({ game: 'nba', pool_idx: 0, name: 'NBA', start_week: 1 });
  });

  it('stores the chosen settings and the default bonus options when the bonus pool is on', async () => {
    const answer = await activate(
      world.owner,
      mlb({
        buyin: 2000,
        rebuys: 0,
        rebuy_price: 900,
        insurance_option: 1,
        insurance: 500,
        bonus_active: true,
        shoot_moon: true,
      }),
    );
    expect(answer.statusCode, answer.body).toBe(201);
    const [pool] = await t.ctx.db.select().from(pools).where(eq(pools.leagueId, world.leagueId));
    expect(pool).toMatchObject({ buyin: 2000, rebuys: 0, rebuyPrice: 0, insuranceOption: 1, insurance: 500 });
    expect(pool).toMatchObject({ bonusActive: true, shootMoon: true });
    expect(pool.bonusOptions).toEqual(getDefaultBonusOptions('mlb'));
  });

  it('keeps NFL picks per week, max per team and the lock settings', async () => {
    await t.ctx.db
      .update(seasonParams)
      // Week 1 locks this evening (Pacific), but NFL TD counts a deadline from the start of its day.
      .set({ deadlines: ['2026-11-23T03:00:00Z', '2026-11-30T03:00:00Z'] })
      .where(eq(seasonParams.game, 'nfl-td'));
    const answer = await activate(world.owner, {
      ...mlb(),
      settings: {
        game: 'nfl-td',
        players_per_week: 4,
        max_players_per_team: 2,
        nfl_pass_tds: 0,
        nfl_lock_time: 'last_game',
      },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().start_week).toBe(2);
    const [pool] = await t.ctx.db.select().from(pools).where(eq(pools.leagueId, world.leagueId));
    expect(pool).toMatchObject({
      playersPerWeek: 4,
      maxPlayersPerTeam: 2,
      nflPassTds: 0,
      lockAtPickStart: true,
    });
  });

  it('refuses a season with no week ahead, or none at all', async () => {
    const nfl = await activate(world.owner, { ...mlb(), settings: { game: 'nfl-td' } });
    expect(nfl.statusCode).toBe(400);
    expect(nfl.json().message).toBe(CREATION_MESSAGES.noUpcoming);
    const old = await activate(world.owner, { ...mlb(), season: 2019 });
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe(CREATION_MESSAGES.noUpcoming);
  });

  it('answers out-of-range settings with their messages and creates nothing', async () => {
    const cases: [object, string][] = [
      [{ max_entries: 0 }, POOL_SETTINGS_MESSAGES.maxEntries],
      [{ rebuys: -1 }, POOL_SETTINGS_MESSAGES.rebuys],
      [{ buyin: 12.5 }, POOL_SETTINGS_MESSAGES.money],
      [{ players_per_week: 2 }, POOL_SETTINGS_MESSAGES.playersPerWeekNotNfl],
      [{ bonus_active: true, bonus_shutdown: 0 }, POOL_SETTINGS_MESSAGES.bonusShutdown],
      [{ nfl_pass_tds: 6 }, POOL_SETTINGS_MESSAGES.passTds],
    ];
    for (const [settings, message] of cases) {
      const answer = await activate(world.owner, mlb(settings));
      expect(answer.statusCode, JSON.stringify(settings)).toBe(400);
      expect(answer.json().message).toContain(message);
    }
    const nfl = await activate(world.owner, { ...mlb(), settings: { game: 'nfl-td', players_per_week: 6 } });
    expect(nfl.json().message).toContain(POOL_SETTINGS_MESSAGES.playersPerWeek);
    const perTeam = await activate(world.owner, {
      ...mlb(),
      settings: { game: 'nfl-td', players_per_week: 2, max_players_per_team: 3 },
    });
    expect(perTeam.json().message).toContain(POOL_SETTINGS_MESSAGES.maxPlayersPerTeam);
    expect(await t.ctx.db.select().from(pools)).toEqual([]);
  });

  it('lets only the league admins activate: 401 visitors, 403 members, 404 outsiders of a hidden league', async () => {
    const member = await registerNamed(t.app, 'member');
    await addMemberByInvite(t.app, t.ctx, world.leagueId, member);
    expect((await activate(null, mlb())).statusCode).toBe(401);
    const refused = await activate(member, mlb());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(CREATION_MESSAGES.adminsOnly);
    const unknown = await activate(world.owner, { ...mlb(), league_id: 999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(await t.ctx.db.select().from(pools)).toEqual([]);
  });

  it('mails the members who want new-pool e-mails, and no one else', async () => {
    const keen = await registerNamed(t.app, 'keen');
    const quiet = await registerNamed(t.app, 'quiet');
    for (const user of [keen, quiet]) await addMemberByInvite(t.app, t.ctx, world.leagueId, user);
    await t.ctx.db
      .update(leagueMembers)
      .set({ emailNewPools: false })
      .where(and(eq(leagueMembers.leagueId, world.leagueId), eq(leagueMembers.userId, quiet.id)));
    expect((await activate(world.owner, mlb())).statusCode).toBe(201);
    const mails = await t.ctx.db.select().from(mailOutbox).where(like(mailOutbox.subject, 'New pool in%'));
    const to = mails.map((mail) => mail.to).sort();
    expect(to).toContain('keen@example.com');
    expect(to).not.toContain('quiet@example.com');
    expect(mails[0].text).toContain('/mlb/SQUAD/2026/reg/0');
  });
});

describe('GET /api/poolCreation/options', () => {
  it('lists the seasons with a week ahead and only the leagues the viewer runs', async () => {
    await activate(world.owner, mlb());
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/poolCreation/options',
      headers: { cookie: world.owner.cookie },
    });
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.seasons.map((s: { game: string }) => s.game)).toEqual(['mlb', 'nba']);
    expect(body.seasons[0]).toMatchObject({ start_week: 2, first_deadline: '2026-11-23T00:00:00Z' });
    expect(body.leagues).toEqual([
      {
        id: world.leagueId,
        name: 'Sunday Squad',
        abb: 'SQUAD',
        pools: [{ game: 'mlb', season: 2026, season_type: 'reg', count: 1 }],
      },
    ]);
    const member = await registerNamed(t.app, 'member');
    await addMemberByInvite(t.app, t.ctx, world.leagueId, member);
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/poolCreation/options',
      headers: { cookie: member.cookie },
    });
    expect(theirs.json().leagues).toEqual([]);
    const visitor = await t.app.inject({ method: 'GET', url: '/api/poolCreation/options' });
    expect(visitor.json().leagues).toEqual([]);
  });
});

describe('GET /api/poolCreation/previousPools/{leagueId}/{game}', () => {
  const list = (user: TestUser | null, leagueId: number, game = 'mlb') =>
    t.app.inject({
      method: 'GET',
      url: `/api/poolCreation/previousPools/${leagueId}/${game}`,
      headers: user ? { cookie: user.cookie } : {},
    });

  it("lists the league's earlier pools of the game, newest first, with the settings a new pool copies", async () => {
    const old = await buildPool(t.ctx, {
      leagueId: world.leagueId,
      season: 2024,
      customName: 'Dog Days 2024',
      buyin: 2000,
      rebuys: 1,
      rebuyPrice: 700,
      maxEntries: 2,
      insuranceOption: 2,
      insurance: 300,
      shootMoon: true,
      bonusActive: true,
      bonusCadence: 1,
      bonusShutdown: 4,
      bonusOptions: getDefaultBonusOptions('mlb'),
    });
    await buildPool(t.ctx, { leagueId: world.leagueId, season: 2025 });
    await buildPool(t.ctx, { leagueId: world.leagueId, season: 2025, poolIdx: 1, customName: 'MLB #2' });
    await buildPool(t.ctx, { leagueId: world.leagueId, season: 2025, game: 'nba', gameName: 'NBA' });
    const answer = await list(world.owner, world.leagueId);
    expect(answer.statusCode, answer.body).toBe(200);
    const { pools: found } = answer.json();
    expect(found.map((p: { name: string; season: number }) => [p.name, p.season])).toEqual([
      ['MLB #2', 2025],
      ['MLB #1', 2025],
      ['Dog Days 2024', 2024],
    ]);
    expect(found[0].settings.custom_name).toBe('');
    expect(found[2].id).toBe(old.id);
    expect(found[2].settings).toEqual({
      custom_name: 'Dog Days',
      buyin: 2000,
      rebuys: 1,
      rebuy_price: 700,
      max_entries: 2,
      insurance_option: 2,
      insurance: 300,
      shoot_moon: true,
      bonus_active: true,
      bonus_cadence: 1,
      bonus_shutdown: 4,
      bonus_options: getDefaultBonusOptions('mlb'),
      players_per_week: 1,
      max_players_per_team: 1,
      nfl_pass_tds: 2,
      nfl_lock_time: 'first_game',
      lock_at_pick_start: false,
      end_wipeout: 'split',
      end_crowning: 'commissioner',
      tie_rule: 'loss',
      picks_per_week: {},
      auto_pick: false,
    });
    // The copied settings activate as they are.
    const copy = await activate(world.owner, mlb(found[2].settings));
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json().name).toBe('Dog Days');
    const empty = await list(world.owner, world.leagueId, 'nfl-td');
    expect(empty.json()).toEqual({ pools: [] });
  });

  it('is for the league admins only: visitors 401, members 403, unknown leagues 404, unknown games 400', async () => {
    const member = await registerNamed(t.app, 'member');
    await addMemberByInvite(t.app, t.ctx, world.leagueId, member);
    expect((await list(null, world.leagueId)).statusCode).toBe(401);
    const refused = await list(member, world.leagueId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(CREATION_MESSAGES.adminsOnly);
    expect((await list(world.owner, 999_999)).statusCode).toBe(404);
    const badGame = await list(world.owner, world.leagueId, 'cricket');
    expect(badGame.statusCode).toBe(400);
    expect(badGame.json().message).toBe(CREATION_MESSAGES.game);
  });
});
