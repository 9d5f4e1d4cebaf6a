import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDefaultBonusOptions } from '../../../../../core/bonus';
import {
  type PoolSettingsValues,
  type PoolSettingsView,
  SETTINGS_MESSAGES,
} from '../../../../../core/contracts/pools';
import { ENTRY_STATUS } from '../../../../../core/pool/entry-status';
import { POOL_SETTINGS_MESSAGES as M } from '../../../../../core/pool/settings';
import { entries, ledger, poolAudits, poolEvents, pools, poolWeeks } from '../../../../db/schema';
import type { TestApp } from '../../../../test/harness';
import { registerNamed, type TestUser } from '../../../../test/league-test-world';
import {
  buildMlbPool,
  buildNflPool,
  DEADLINES,
  enter,
  joinLeague,
  NOW,
  type PoolWorld,
  seedNflSeason,
  startPoolWorld,
} from '../../../../test/pool-test-world';

let t: TestApp;
let world: PoolWorld;
beforeEach(async () => {
  ({ t, world } = await startPoolWorld({ hidden: true }));
});

// At NOW week 1 has locked; weeks 2 (2026-11-23) and 3 (2026-11-30) are ahead.
const AHEAD = { start: new Date(DEADLINES[1]), entryDeadline: new Date(DEADLINES[1]), startWeek: 2 };
const STARTED = { start: new Date(DEADLINES[0]), entryDeadline: new Date(DEADLINES[0]), startWeek: 1 };

const get = (poolId: number, user: TestUser | null = world.owner) =>
  t.app.inject({
    method: 'GET',
    url: `/admin/poolSettings/${poolId}`,
    headers: user ? { cookie: user.cookie } : {},
  });

const post = (body: object, user: TestUser | null = world.owner) =>
  t.app.inject({
    method: 'POST',
    url: '/admin/updatePoolSettings',
    headers: user ? { cookie: user.cookie } : {},
    payload: body,
  });

async function view(poolId: number): Promise<PoolSettingsView> {
  const answer = await get(poolId);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

/** Saves the pool's current settings with `changes` on top. */
async function save(poolId: number, changes: Partial<PoolSettingsValues>, retroactive = false) {
  const { settings } = await view(poolId);
  return post({ leagueSeasonId: poolId, poolSettings: { ...settings, ...changes }, retroactive });
}

const poolRow = async (id: number) => (await t.ctx.db.select().from(pools).where(eq(pools.id, id)))[0];
const audits = (poolId: number) => t.ctx.db.select().from(poolAudits).where(eq(poolAudits.poolId, poolId));

const member = (name: string) => joinLeague(t, world.leagueId, name);

/** Asserts a save is refused with `message` and leaves the pool, its entries, ledger and audit log untouched. */
async function expectRefused(poolId: number, changes: Partial<PoolSettingsValues>, message: string) {
  const before = await poolRow(poolId);
  const entriesBefore = await t.ctx.db.select().from(entries).where(eq(entries.poolId, poolId));
  const answer = await save(poolId, changes, true);
  expect(answer.statusCode, JSON.stringify(changes)).toBe(400);
  expect(answer.json().message).toBe(message);
  expect(await poolRow(poolId)).toEqual(before);
  expect(await t.ctx.db.select().from(entries).where(eq(entries.poolId, poolId))).toEqual(entriesBefore);
  expect(await t.ctx.db.select().from(ledger).where(eq(ledger.poolId, poolId))).toEqual([]);
  expect(await audits(poolId)).toEqual([]);
  expect(await t.ctx.db.select().from(poolEvents).where(eq(poolEvents.poolId, poolId))).toEqual([]);
}

describe('GET /admin/poolSettings/{poolId}', () => {
  it('answers every editable setting and what the form must know', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId, {
      ...AHEAD,
      bonusActive: true,
      bonusOptions: getDefaultBonusOptions('mlb'),
      shootMoon: true,
    });
    const alice = await member('alice');
    await enter(t.ctx, pool.id, alice);
    await enter(t.ctx, pool.id, alice, { entryNum: 2, status: ENTRY_STATUS.inactive });
    const body = await view(pool.id);
    expect(body).toMatchObject({
      pool_id: pool.id,
      game: 'mlb',
      game_name: 'MLB',
      default_name: 'MLB',
      started: false,
      final: false,
      entrants: 1,
      entries: 2,
      live_week: 1,
      week_count: 3,
      locked_weeks: [1],
      start: '2026-11-23T00:00:00.000Z',
    });
    expect(body.settings).toEqual({
      game: 'mlb',
      custom_name: null,
      buyin: 5000,
      rebuys: 2,
      rebuy_price: 2500,
      max_entries: 1,
      insurance_option: 0,
      insurance: 0,
      shoot_moon: true,
      bonus_active: true,
      bonus_disabled: false,
      bonus_cadence: 2,
      bonus_shutdown: 5,
      bonus_options: getDefaultBonusOptions('mlb'),
      players_per_week: 1,
      max_players_per_team: 1,
      nfl_pass_tds: 2,
      nfl_lock_time: 'first_game',
      lock_at_pick_start: false,
      start_week: 2,
      deadlines: DEADLINES,
      end_wipeout: 'split',
      end_crowning: 'commissioner',
      tie_rule: 'loss',
      picks_per_week: {},
      auto_pick: false,
    });
  });

  it("shows a never-configured pool's bonus options as settlement pays them: all on at default prizes", async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId, { ...AHEAD, bonusActive: true, bonusOptions: {} });
    expect((await view(pool.id)).settings.bonus_options).toEqual(getDefaultBonusOptions('mlb'));
    // A save that names one option keeps the others in force rather than turning them off.
    const answer = await post({
      leagueSeasonId: pool.id,
      poolSettings: {
        ...(await view(pool.id)).settings,
        bonus_options: { '13': { active: false, prize: 5000, bonus_long_name: 'Grand Slam' } },
      },
      retroactive: false,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const stored = (await poolRow(pool.id)).bonusOptions;
    expect(stored).toEqual({
      ...getDefaultBonusOptions('mlb'),
      '13': { active: false, prize: 5000, bonus_long_name: 'Grand Slam' },
    });
    expect((await audits(pool.id)).map((row) => row.summary)).toEqual([
      'Bonus option Grand Slam: on, $40 to off, $50',
    ]);
  });

  it('is for the league admins only: members 403, outsiders and visitors find no pool', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId, AHEAD);
    const bob = await member('bob');
    const refused = await get(pool.id, bob);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Only your league's administrators can use the Commish tools.");
    const stranger = await registerNamed(t.app, 'stranger');
    expect((await get(pool.id, stranger)).statusCode).toBe(404);
    expect((await get(pool.id, null)).statusCode).toBe(404);
    expect((await get(999_999)).statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/admin/poolSettings/abc',
      headers: { cookie: world.owner.cookie },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(SETTINGS_MESSAGES.poolId);
  });
});

describe('POST /admin/updatePoolSettings', () => {
  it('saves the changes, answers the new settings and writes one audit row per changed setting', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId, {
      ...AHEAD,
      bonusOptions: getDefaultBonusOptions('mlb'),
    });
    const options = getDefaultBonusOptions('mlb');
    const answer = await save(pool.id, {
      custom_name: '  Dog Days  ',
      max_entries: 3,
      rebuy_price: 1500,
      insurance_option: 2,
      insurance: 700,
      shoot_moon: true,
      bonus_active: true,
      bonus_cadence: 1,
      bonus_shutdown: 8,
      bonus_options: { ...options, '13': { ...options['13'], active: false, prize: 5000 } },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const body: PoolSettingsView = answer.json();
    expect(body.settings).toMatchObject({
      custom_name: 'Dog Days',
      max_entries: 3,
      rebuy_price: 1500,
      insurance_option: 2,
      insurance: 700,
      shoot_moon: true,
      bonus_active: true,
      bonus_cadence: 1,
      bonus_shutdown: 8,
    });
    expect(body.settings.bonus_options['13']).toEqual({
      active: false,
      prize: 5000,
      bonus_long_name: 'Grand Slam',
    });
    expect(await poolRow(pool.id)).toMatchObject({ customName: 'Dog Days', maxEntries: 3, insurance: 700 });
    const rows = await audits(pool.id);
    expect(rows.map((row) => row.summary)).toEqual([
      'Pool name: (default) to Dog Days',
      'Max entries: 1 to 3',
      'Rebuy price: $25 to $15',
      'Insurance option: Not Offered to Random Pick',
      'Insurance cost: $0 to $7',
      'Shoot the moon: off to on',
      'Bonus pool: off to on',
      'Bonus pool entry: once per month to any time',
      'Bonus shutdown #: 5 to 8',
      'Bonus option Grand Slam: on, $40 to off, $50',
    ]);
    expect(rows.every((row) => row.action === 'settings' && row.userId === world.owner.id)).toBe(true);
    expect(rows[1]).toMatchObject({ oldValue: { max_entries: 1 }, newValue: { max_entries: 3 } });
    const [news] = await t.ctx.db.select().from(poolEvents).where(eq(poolEvents.poolId, pool.id));
    expect(news).toMatchObject({ type: 17, summary: 'Pool settings updated', userId: world.owner.id });
    expect(news.desc).toContain('Max entries: 1 to 3. Rebuy price: $25 to $15.');

    // Saving the same settings again changes nothing and records nothing.
    expect((await save(pool.id, {})).statusCode).toBe(200);
    expect(await audits(pool.id)).toHaveLength(rows.length);
    expect(await t.ctx.db.select().from(poolEvents).where(eq(poolEvents.poolId, pool.id))).toHaveLength(1);
  });

  it('stores moot values as pool creation does: no rebuy price without rebuys, no insurance cost without insurance', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId, { ...AHEAD, insuranceOption: 1, insurance: 500 });
    const answer = await save(pool.id, { rebuys: 0, rebuy_price: 900, insurance_option: 0, insurance: 500 });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await poolRow(pool.id)).toMatchObject({
      rebuys: 0,
      rebuyPrice: 0,
      insuranceOption: 0,
      insurance: 0,
    });
  });

  describe('Extra Lives/Rebuys', () => {
    it('before the start moves every existing entry with lives by the difference, never below 1', async () => {
      const pool = await buildMlbPool(t.ctx, world.leagueId, AHEAD);
      const alice = await member('alice');
      const fresh = await enter(t.ctx, pool.id, alice, { lives: 3 });
      const lowered = await enter(t.ctx, pool.id, alice, { entryNum: 2, lives: 1 });
      const out = await enter(t.ctx, pool.id, alice, { entryNum: 3, lives: 0 });
      const more = await save(pool.id, { rebuys: 3 });
      expect(more.statusCode, more.body).toBe(200);
      const lives = async () =>
        Object.fromEntries(
          (await t.ctx.db.select().from(entries).where(eq(entries.poolId, pool.id))).map((e) => [
            e.id,
            e.lives,
          ]),
        );
      expect(await lives()).toEqual({ [fresh.id]: 4, [lowered.id]: 2, [out.id]: 0 });
      expect((await save(pool.id, { rebuys: 0 })).statusCode).toBe(200);
      expect(await lives()).toEqual({ [fresh.id]: 1, [lowered.id]: 1, [out.id]: 0 });
      expect((await audits(pool.id)).map((row) => row.summary)).toEqual([
        'Extra lives/rebuys: 2 to 3 (4 lives; 2 existing entries moved up 1)',
        'Extra lives/rebuys: 3 to 0 (1 lives; 2 existing entries moved down 3)',
        'Rebuy price: $25 to $0',
      ]);
    });

    it('is locked once the pool has started, while other settings still change', async () => {
      const pool = await buildMlbPool(t.ctx, world.leagueId, STARTED);
      const alice = await member('alice');
      await enter(t.ctx, pool.id, alice);
      expect((await view(pool.id)).started).toBe(true);
      await expectRefused(pool.id, { rebuys: 3 }, SETTINGS_MESSAGES.rebuysLocked);
      const other = await save(pool.id, { max_entries: 2 });
      expect(other.statusCode, other.body).toBe(200);
    });
  });

  describe('buy-in', () => {
    it('retroactive: charges every existing entry the difference, or refunds it', async () => {
      const pool = await buildMlbPool(t.ctx, world.leagueId, STARTED);
      const alice = await member('alice');
      const one = await enter(t.ctx, pool.id, alice);
      const two = await enter(t.ctx, pool.id, alice, { entryNum: 2, status: ENTRY_STATUS.inactive });
      const up = await save(pool.id, { buyin: 6000 }, true);
      expect(up.statusCode, up.body).toBe(200);
      expect(up.json().settings.buyin).toBe(6000);
      const rows = await t.ctx.db.select().from(ledger).where(eq(ledger.poolId, pool.id));
      expect(rows.map((row) => [row.entryId, row.kind, row.amount, row.notes, row.createdBy])).toEqual(
        expect.arrayContaining([
          [one.id, 'buyin', -1000, 'Buy-in changed from $50 to $60', world.owner.id],
          [two.id, 'buyin', -1000, 'Buy-in changed from $50 to $60', world.owner.id],
        ]),
      );
      expect(rows).toHaveLength(2);
      expect((await save(pool.id, { buyin: 4500 }, true)).statusCode).toBe(200);
      const refunds = (await t.ctx.db.select().from(ledger).where(eq(ledger.poolId, pool.id))).filter(
        (row) => row.amount > 0,
      );
      expect(refunds.map((row) => row.amount)).toEqual([1500, 1500]);
      expect((await audits(pool.id)).map((row) => row.summary)).toEqual([
        'Buy-in: $50 to $60 (retroactive: 2 existing entries charged $10 each)',
        'Buy-in: $60 to $45 (retroactive: 2 existing entries refunded $15 each)',
      ]);
    });

    it('not retroactive: existing entries keep what they paid, only new entries pay the new buy-in', async () => {
      const pool = await buildMlbPool(t.ctx, world.leagueId, AHEAD);
      const alice = await member('alice');
      await enter(t.ctx, pool.id, alice);
      const answer = await save(pool.id, { buyin: 2000 }, false);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(await t.ctx.db.select().from(ledger).where(eq(ledger.poolId, pool.id))).toEqual([]);
      expect((await poolRow(pool.id)).buyin).toBe(2000);
      expect((await audits(pool.id)).map((row) => row.summary)).toEqual([
        'Buy-in: $50 to $20 (new entries only)',
      ]);
    });
  });

  describe('weeks', () => {
    it('moves an open week deadline and the start with its start week, before the pool starts', async () => {
      const pool = await buildMlbPool(t.ctx, world.leagueId, AHEAD);
      const moved = [DEADLINES[0], '2026-11-24T01:00:00Z', DEADLINES[2]];
      const answer = await save(pool.id, { deadlines: moved });
      expect(answer.statusCode, answer.body).toBe(200);
      let row = await poolRow(pool.id);
      expect(row.deadlines).toEqual([DEADLINES[0], '2026-11-24T01:00:00.000Z', DEADLINES[2]]);
      expect(row.start.toISOString()).toBe('2026-11-24T01:00:00.000Z');
      expect((await save(pool.id, { start_week: 3 })).statusCode).toBe(200);
      row = await poolRow(pool.id);
      expect(row).toMatchObject({ startWeek: 3 });
      expect(row.start.toISOString()).toBe('2026-11-30T00:00:00.000Z');
      expect(row.entryDeadline.toISOString()).toBe('2026-11-30T00:00:00.000Z');
      expect((await audits(pool.id)).map((r) => r.summary)).toEqual([
        'Week 2 deadline: 2026-11-23 00:00 UTC to 2026-11-24 01:00 UTC',
        'Start week: Week 2 to Week 3',
      ]);
    });

    it('refuses to move locked weeks, to go into the past or out of order, or to change the number of weeks', async () => {
      const pool = await buildMlbPool(t.ctx, world.leagueId, AHEAD);
      await expectRefused(
        pool.id,
        { deadlines: ['2026-11-15T00:00:00Z', DEADLINES[1], DEADLINES[2]] },
        SETTINGS_MESSAGES.deadlineLocked(1),
      );
      await expectRefused(
        pool.id,
        { deadlines: [DEADLINES[0], '2026-11-22T12:00:00Z', DEADLINES[2]] },
        SETTINGS_MESSAGES.deadlinePast(2),
      );
      await expectRefused(
        pool.id,
        { deadlines: [DEADLINES[0], '2026-12-01T00:00:00Z', DEADLINES[2]] },
        M.deadlineOrder,
      );
      await expectRefused(pool.id, { deadlines: DEADLINES.slice(0, 2) }, SETTINGS_MESSAGES.weekCount);
      await expectRefused(pool.id, { deadlines: [DEADLINES[0], 'next week', DEADLINES[2]] }, M.deadline);
      await expectRefused(pool.id, { start_week: 1 }, SETTINGS_MESSAGES.startWeekAhead(2));
      await expectRefused(pool.id, { start_week: 4 }, M.startWeekRange);
      await expectRefused(pool.id, { start_week: 0 }, M.startWeek);
    });

    it('keeps a week settlement has locked, and the start week of a started pool', async () => {
      const pool = await buildMlbPool(t.ctx, world.leagueId, STARTED);
      await t.ctx.db
        .insert(poolWeeks)
        .values({ poolId: pool.id, week: 2, aliveAtLock: 0, bonusRunning: false, lockedAt: NOW });
      expect((await view(pool.id)).locked_weeks).toEqual([1, 2]);
      await expectRefused(
        pool.id,
        { deadlines: [DEADLINES[0], '2026-11-24T00:00:00Z', DEADLINES[2]] },
        SETTINGS_MESSAGES.deadlineLocked(2),
      );
      await expectRefused(pool.id, { start_week: 3 }, SETTINGS_MESSAGES.startWeekLocked);
    });
  });

  describe('NFL TD', () => {
    it('keeps picks per week, and changes the lock time only when no week would lock or unlock by it', async () => {
      await seedNflSeason(t.ctx);
      const pool = await buildNflPool(t.ctx, world.leagueId, {
        ...STARTED,
        playersPerWeek: 3,
        maxPlayersPerTeam: 1,
        lockAtPickStart: true,
      });
      await expectRefused(pool.id, { players_per_week: 2 }, SETTINGS_MESSAGES.playersPerWeekLocked);
      // Week 2's Thursday game has kicked off (locked at the first game); its last game is still ahead.
      await expectRefused(pool.id, { nfl_lock_time: 'last_game' }, SETTINGS_MESSAGES.nflLockTime(2));
      const answer = await save(pool.id, {
        nfl_lock_time: 'early_slate',
        max_players_per_team: 2,
        nfl_pass_tds: 0,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(await poolRow(pool.id)).toMatchObject({
        nflLockTime: 'early_slate',
        maxPlayersPerTeam: 2,
        nflPassTds: 0,
      });
      await expectRefusedWith(pool.id, { max_players_per_team: 4 }, M.maxPlayersPerTeam);
    });

    it('refuses the options NFL TD does not offer', async () => {
      const pool = await buildNflPool(t.ctx, world.leagueId, { ...AHEAD, playersPerWeek: 3 });
      await expectRefused(pool.id, { insurance_option: 1 }, M.insuranceNfl);
      await expectRefused(pool.id, { bonus_active: true }, M.bonusNfl);
      await expectRefused(pool.id, { shoot_moon: true }, M.shootMoon);
      await expectRefused(pool.id, { nfl_pass_tds: 6 }, M.passTds);
    });
  });

  it('answers each out-of-range setting with its message and changes nothing', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId, {
      ...AHEAD,
      bonusOptions: getDefaultBonusOptions('mlb'),
    });
    const prize = (value: number) => ({
      bonus_options: { '13': { active: true, prize: value, bonus_long_name: 'Grand Slam' } },
    });
    const cases: [Partial<PoolSettingsValues>, string][] = [
      [{ max_entries: 0 }, M.maxEntries],
      [{ max_entries: 101 }, M.maxEntries],
      [{ rebuys: -1 }, M.rebuys],
      [{ buyin: 12.5 }, M.money],
      [{ buyin: -100 }, M.money],
      [{ rebuy_price: 10_000_001 }, M.money],
      [{ players_per_week: 2 }, M.playersPerWeekNotNfl],
      [{ bonus_active: true, bonus_shutdown: 0 }, M.bonusShutdown],
      [{ custom_name: 'x'.repeat(61) }, M.poolName],
      [prize(-1), 'Bonus prizes cannot be negative.'],
      [prize(10.5), 'Bonus prizes must be whole numbers.'],
      [{ bonus_options: { '1': { active: true, prize: 100, bonus_long_name: '50 points' } } }, M.bonusOption],
      [{ game: 'nba', bonus_options: {} }, SETTINGS_MESSAGES.game],
    ];
    for (const [changes, message] of cases) await expectRefused(pool.id, changes, message);
  });

  it('refuses every change of a concluded pool', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId, { ...STARTED, final: true });
    await expectRefused(pool.id, { max_entries: 2 }, SETTINGS_MESSAGES.final);
  });

  it('is for the league admins only: visitors 401, members 403, outsiders 404, and nothing changes', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId, AHEAD);
    const { settings } = await view(pool.id);
    const body = {
      leagueSeasonId: pool.id,
      poolSettings: { ...settings, max_entries: 5 },
      retroactive: false,
    };
    expect((await post(body, null)).statusCode).toBe(401);
    const refused = await post(body, await member('bob'));
    expect(refused.statusCode).toBe(403);
    expect((await post(body, await registerNamed(t.app, 'stranger'))).statusCode).toBe(404);
    expect((await post({ ...body, leagueSeasonId: 999_999 })).statusCode).toBe(404);
    expect((await poolRow(pool.id)).maxEntries).toBe(1);
    expect(await audits(pool.id)).toEqual([]);
  });
});

/** A refusal that is checked by the message only (earlier saves of the test changed the pool). */
async function expectRefusedWith(poolId: number, changes: Partial<PoolSettingsValues>, message: string) {
  const answer = await save(poolId, changes);
  expect(answer.statusCode).toBe(400);
  expect(answer.json().message).toBe(message);
}
