import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { ENTRY_ACTION_MESSAGES as M } from '../../../../core/contracts/pools';
import { ENTRY_STATUS } from '../../../../core/pool/entry-status';
import { entries, ledger, poolAudits, poolEvents } from '../../../db/schema';
import { buildEntryWeek } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { addMemberByInvite, registerNamed, type TestUser } from '../../../test/league-test-world';
import {
  buildMlbPool,
  buildNflPool,
  createPoolWorld,
  DEADLINES,
  enter,
  NOW,
} from '../../../test/pool-test-world';

let t: TestApp;
let owner: TestUser;
let leagueId: number;
let player: TestUser;

beforeEach(async () => {
  t = await createTestApp({ now: NOW });
  ({ owner, leagueId } = await createPoolWorld(t.app, { hidden: true }));
  player = await registerNamed(t.app, 'player');
  await addMemberByInvite(t.app, t.ctx, leagueId, player);
});

const post = (user: TestUser | undefined, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: user ? { cookie: user.cookie } : {}, payload });

const rebuy = (user: TestUser | undefined, entryId: number) =>
  post(user, '/user/rebuy', { userSeason: entryId, game: 'mlb', season: 2023, alias: 'SQUAD' });

const entryRow = async (id: number) => (await t.ctx.db.select().from(entries).where(eq(entries.id, id)))[0];
const ledgerRows = (entryId: number, kind: string) =>
  t.ctx.db
    .select()
    .from(ledger)
    .where(and(eq(ledger.entryId, entryId), eq(ledger.kind, kind)));

/** An entry of the player that lost week 1 and waits for a rebuy before week 2 locks. */
async function waitingEntry(poolValues: object = {}, entryValues: object = {}) {
  const pool = await buildMlbPool(t.ctx, leagueId, { rebuys: 2, rebuyPrice: 2500, ...poolValues });
  const entry = await enter(t.ctx, pool.id, player, { lives: 2, needsRebuy: true, ...entryValues });
  await buildEntryWeek(t.ctx, {
    poolId: pool.id,
    entryId: entry.id,
    week: 1,
    result: 'loss',
    lives: 2,
    status: 'needs-rebuy',
  });
  return { pool, entry };
}

describe('POST /user/rebuy', () => {
  it('charges the rebuy price once, for the week after the loss, and posts to the feed', async () => {
    const { pool, entry } = await waitingEntry();
    const state = await t.app.inject({
      method: 'GET',
      url: `/api/entryActions/${entry.id}`,
      headers: { cookie: player.cookie },
    });
    expect(state.json().rebuy).toEqual({
      needed: true,
      price: 2500,
      week: 2,
      deadline: DEADLINES[1].replace('Z', '.000Z'),
      can_rebuy: true,
      reason: null,
    });
    const answer = await rebuy(player, entry.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      league_id: leagueId,
      league_season: pool.id,
      message: M.rebought,
      rebuys_made: 1,
      week: 2,
      charged: 2500,
    });
    expect(await entryRow(entry.id)).toMatchObject({ rebuysMade: 1, needsRebuy: false, lives: 2 });
    expect((await ledgerRows(entry.id, 'rebuy')).map((row) => [row.amount, row.week])).toEqual([[-2500, 2]]);
    const events = await t.ctx.db.select().from(poolEvents).where(eq(poolEvents.entryId, entry.id));
    expect(events.map((event) => event.summary)).toEqual(['player rebought']);

    // A repeat of the rebuy made answers as the first, and charges nothing more.
    const again = await rebuy(player, entry.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(answer.json());
    expect(await ledgerRows(entry.id, 'rebuy')).toHaveLength(1);
    expect(await t.ctx.db.select().from(poolEvents).where(eq(poolEvents.entryId, entry.id))).toHaveLength(1);
  });

  it('charges once when rebuys race, and answers each as the first', async () => {
    const { entry } = await waitingEntry();
    const answers = await Promise.all([
      rebuy(player, entry.id),
      rebuy(player, entry.id),
      rebuy(player, entry.id),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(await ledgerRows(entry.id, 'rebuy')).toHaveLength(1);
    expect((await entryRow(entry.id)).rebuysMade).toBe(1);
  });

  it('closes the window when the next week locks', async () => {
    const { entry } = await waitingEntry();
    t.clock.set(new Date(DEADLINES[1]));
    const late = await rebuy(player, entry.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('The rebuy window closed when Week 2 locked.');
    expect(await ledgerRows(entry.id, 'rebuy')).toHaveLength(0);
  });

  it('refuses entries that owe nothing, are out, or are not yours, and unknown or hidden ones', async () => {
    const { entry } = await waitingEntry();
    const fine = await enter(t.ctx, entry.poolId, player, { entryNum: 2 });
    const out = await enter(t.ctx, entry.poolId, player, { entryNum: 3, lives: 0, needsRebuy: true });
    const benched = await enter(t.ctx, entry.poolId, player, {
      entryNum: 4,
      status: ENTRY_STATUS.inactive,
      needsRebuy: true,
    });
    const spent = await enter(t.ctx, entry.poolId, player, { entryNum: 5, needsRebuy: true, rebuysMade: 2 });
    const cases: [TestUser | undefined, number, number, string | null][] = [
      [player, fine.id, 409, M.noRebuyNeeded],
      [player, out.id, 409, M.eliminated],
      [player, benched.id, 409, M.inactive],
      [player, spent.id, 409, M.noRebuysLeft],
      [owner, entry.id, 403, M.notYourEntry],
      [player, 999_999, 404, M.entryNotFound],
      [undefined, entry.id, 401, null],
    ];
    for (const [user, id, status, message] of cases) {
      const answer = await rebuy(user, id);
      expect({ id, status: answer.statusCode }).toEqual({ id, status });
      if (message) expect(answer.json().message).toBe(message);
    }
    const outsider = await registerNamed(t.app, 'outsider');
    // An entry of a league the caller cannot see answers exactly as one that does not exist.
    const hidden = await rebuy(outsider, entry.id);
    const missing = await rebuy(outsider, 999_999);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ message: M.entryNotFound });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(hidden.json());
    const bad = await post(player, '/user/rebuy', { userSeason: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(M.entryNotFound);
    expect(await t.ctx.db.select().from(ledger)).toHaveLength(0);
  });

  it('refuses a rebuy in a concluded pool or after the last week', async () => {
    const { entry } = await waitingEntry({ final: true });
    expect((await rebuy(player, entry.id)).json().message).toBe(M.concluded);
    const short = await buildMlbPool(t.ctx, leagueId, { poolIdx: 1, deadlines: DEADLINES.slice(0, 1) });
    const last = await enter(t.ctx, short.id, player, { lives: 2, needsRebuy: true });
    await buildEntryWeek(t.ctx, { poolId: short.id, entryId: last.id, week: 1, status: 'needs-rebuy' });
    expect((await rebuy(player, last.id)).json().message).toBe(M.noWeekLeft);
  });
});

describe('POST /user/toggleRebuys', () => {
  it('switches auto-rebuy from the next week and keeps this week as it was', async () => {
    const pool = await buildMlbPool(t.ctx, leagueId, { rebuys: 2 });
    const entry = await enter(t.ctx, pool.id, player, { autoRebuy: true, autoRebuyEffWeek: 1 });
    const off = await post(player, '/user/toggleRebuys', { bool: false, userSeason: entry.id, effWeek: 9 });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ value: false, effective_week: 2, message: M.autoRebuyOff(2) });
    expect(await entryRow(entry.id)).toMatchObject({
      autoRebuy: false,
      autoRebuyPrev: true,
      autoRebuyEffWeek: 2,
    });
    // A second change in the same week keeps the value in force this week as the previous one.
    await post(player, '/user/toggleRebuys', { bool: true, userSeason: entry.id });
    await post(player, '/user/toggleRebuys', { bool: false, userSeason: entry.id });
    expect(await entryRow(entry.id)).toMatchObject({
      autoRebuy: false,
      autoRebuyPrev: true,
      autoRebuyEffWeek: 2,
    });
    const state = await t.app.inject({
      method: 'GET',
      url: `/api/entryActions/${entry.id}`,
      headers: { cookie: player.cookie },
    });
    expect(state.json().auto_rebuy).toEqual({
      offered: true,
      now: true,
      next: false,
      effective_week: 2,
      can_toggle: true,
      reason: null,
    });
  });

  it('answers a switch to the value it already has from next week as a success, writing nothing', async () => {
    const pool = await buildMlbPool(t.ctx, leagueId, { rebuys: 2 });
    const entry = await enter(t.ctx, pool.id, player, { autoRebuy: true, autoRebuyEffWeek: 1 });
    const answers = await Promise.all([
      post(player, '/user/toggleRebuys', { bool: false, userSeason: entry.id }),
      post(player, '/user/toggleRebuys', { bool: false, userSeason: entry.id }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({ value: false, effective_week: 2, message: M.autoRebuyOff(2) });
    }
    expect(await entryRow(entry.id)).toMatchObject({
      autoRebuy: false,
      autoRebuyPrev: true,
      autoRebuyEffWeek: 2,
    });
    const audits = await t.ctx.db.select().from(poolAudits).where(eq(poolAudits.entryId, entry.id));
    expect(audits).toHaveLength(1);
    const on = await post(player, '/user/toggleRebuys', { bool: true, userSeason: entry.id });
    expect(on.json()).toMatchObject({ value: true, effective_week: 2, message: M.autoRebuyOn(2) });
  });

  it('refuses pools without rebuys, eliminated entries and bad values', async () => {
    const pool = await buildMlbPool(t.ctx, leagueId, { rebuys: 0 });
    const entry = await enter(t.ctx, pool.id, player, { lives: 1 });
    const none = await post(player, '/user/toggleRebuys', { bool: true, userSeason: entry.id });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('This pool does not allow rebuys.');
    const other = await buildMlbPool(t.ctx, leagueId, { poolIdx: 1 });
    const out = await enter(t.ctx, other.id, player, { lives: 0 });
    expect(
      (await post(player, '/user/toggleRebuys', { bool: true, userSeason: out.id })).json().message,
    ).toBe('This entry has been eliminated.');
    const bad = await post(player, '/user/toggleRebuys', { bool: 'yes', userSeason: out.id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(M.boolRequired);
  });
});

describe('POST /user/toggleBonus', () => {
  const toggle = (entryId: number, bool: boolean) =>
    post(player, '/user/toggleBonus', { bool, userSeason: entryId, effWeek: 2 });

  it('lets an anytime pool entry join from the next week', async () => {
    const pool = await buildMlbPool(t.ctx, leagueId, { bonusActive: true, bonusCadence: 1 });
    const entry = await enter(t.ctx, pool.id, player);
    const answer = await toggle(entry.id, true);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ value: true, effective_week: 2, message: M.bonusOn(2) });
    expect(await entryRow(entry.id)).toMatchObject({ bonus: true, bonusPrev: false, bonusEffWeek: 2 });
  });

  it('follows the cadence: monthly only before an entry week, preseason only before the season', async () => {
    const monthly = await buildMlbPool(t.ctx, leagueId, {
      bonusActive: true,
      bonusCadence: 2,
      bonusEntryWeeks: [2],
    });
    expect((await toggle((await enter(t.ctx, monthly.id, player)).id, true)).statusCode).toBe(200);
    const later = await buildMlbPool(t.ctx, leagueId, {
      poolIdx: 1,
      bonusActive: true,
      bonusCadence: 2,
      bonusEntryWeeks: [3],
    });
    const refused = await toggle((await enter(t.ctx, later.id, player)).id, true);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'The bonus pool can only be joined or left in the week before a monthly bonus entry week.',
    );
    const preseason = await buildMlbPool(t.ctx, leagueId, { poolIdx: 2, bonusActive: true, bonusCadence: 3 });
    expect((await toggle((await enter(t.ctx, preseason.id, player)).id, true)).json().message).toBe(
      'The bonus pool can only be joined or left before the season begins.',
    );
    const off = await buildMlbPool(t.ctx, leagueId, { poolIdx: 3, bonusActive: true, bonusDisabled: true });
    expect((await toggle((await enter(t.ctx, off.id, player)).id, true)).json().message).toBe(
      'The bonus pool is not active in this pool.',
    );
    const nfl = await buildNflPool(t.ctx, leagueId, { bonusActive: true, bonusCadence: 1 });
    expect((await toggle((await enter(t.ctx, nfl.id, player)).id, true)).json().message).toBe(
      M.noBonusForNfl,
    );
  });
});

describe('POST /user/buyInsurance', () => {
  const buy = (entryId: number, cost: number) =>
    post(player, '/user/buyInsurance', { userSeason: entryId, cost, eff_week: 2 });

  it('insures once at the pool price, with its ledger row and feed event', async () => {
    const pool = await buildMlbPool(t.ctx, leagueId, { insuranceOption: 1, insurance: 500 });
    const entry = await enter(t.ctx, pool.id, player);
    const forged = await buy(entry.id, 1);
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(M.wrongCost('$5'));
    const answer = await buy(entry.id, 500);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      league_id: leagueId,
      league_season: pool.id,
      game: 'mlb',
      season: 2023,
      league_abb: 'SQUAD',
      pool_idx: 0,
      season_type: 'reg',
      // Week 1's deadline has passed on the test clock: the insurance covers week 2 on.
      message: M.insured(2),
      effective_week: 2,
    });
    expect((await entryRow(entry.id)).insurancePurchased).toBe(true);
    expect((await ledgerRows(entry.id, 'insurance')).map((row) => row.amount)).toEqual([-500]);
    // A repeat (a double submit) answers as the first purchase, and charges nothing more.
    const twice = await buy(entry.id, 500);
    expect(twice.statusCode, twice.body).toBe(200);
    expect(twice.json()).toEqual(answer.json());
    expect(await ledgerRows(entry.id, 'insurance')).toHaveLength(1);
    const events = await t.ctx.db.select().from(poolEvents).where(eq(poolEvents.entryId, entry.id));
    expect(events.map((event) => event.type)).toEqual([2]);
  });

  it('charges once when two purchases race, and answers both as the first', async () => {
    const pool = await buildMlbPool(t.ctx, leagueId, { insuranceOption: 1, insurance: 500 });
    for (let round = 0; round < 3; round++) {
      const entry = await enter(t.ctx, pool.id, player, { entryNum: round + 1 });
      const answers = await Promise.all([buy(entry.id, 500), buy(entry.id, 500)]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      expect(answers[1].json()).toEqual(answers[0].json());
      expect(await ledgerRows(entry.id, 'insurance')).toHaveLength(1);
      const events = await t.ctx.db.select().from(poolEvents).where(eq(poolEvents.entryId, entry.id));
      expect(events).toHaveLength(1);
      const audits = await t.ctx.db.select().from(poolAudits).where(eq(poolAudits.entryId, entry.id));
      expect(audits).toHaveLength(1);
    }
  });

  it('refuses pools without insurance, NFL TD and eliminated entries', async () => {
    const none = await buildMlbPool(t.ctx, leagueId, { insuranceOption: 0, insurance: 500 });
    expect((await buy((await enter(t.ctx, none.id, player)).id, 500)).json().message).toBe(M.noInsurance);
    const nfl = await buildNflPool(t.ctx, leagueId, { insuranceOption: 1, insurance: 500 });
    expect((await buy((await enter(t.ctx, nfl.id, player)).id, 500)).json().message).toBe(M.noInsurance);
    const sold = await buildMlbPool(t.ctx, leagueId, { poolIdx: 1, insuranceOption: 2, insurance: 500 });
    const out = await enter(t.ctx, sold.id, player, { lives: 0 });
    const refused = await buy(out.id, 500);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(M.eliminated);
    expect(await t.ctx.db.select().from(ledger)).toHaveLength(0);
  });
});
