import { beforeEach, describe, expect, it } from 'vitest';
import {
  type FinancesResponse,
  type PaymentsResponse,
  POOL_MESSAGES,
} from '../../../../core/contracts/pools';
import { must } from '../../../../core/must';
import { buildBonusEvent, buildLedgerRow } from '../../../test/factories';
import type { TestApp } from '../../../test/harness';
import { createLeagueAs, registerNamed } from '../../../test/league-test-world';
import {
  buildMlbPool,
  enter,
  joinLeague,
  NOW,
  type PoolWorld,
  startPoolWorld,
} from '../../../test/pool-test-world';

let t: TestApp;
let world: PoolWorld;
beforeEach(async () => {
  ({ t, world } = await startPoolWorld());
});

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/**
 * Four entries with every kind of money: alice (a champion, paid, insured, rebought, won a bonus and a prize
 * the commissioner paid out), her second entry, bob and carol (eliminated) who paid alice's bonus.
 */
async function seedMoney() {
  const pool = await buildMlbPool(t.ctx, world.leagueId, {
    final: true,
    champions: ['alice'],
    bonusActive: true,
  });
  const users = {
    alice: await joinLeague(t, world.leagueId, 'alice'),
    bob: await joinLeague(t, world.leagueId, 'bob'),
    carol: await joinLeague(t, world.leagueId, 'carol'),
  };
  const alice = await enter(t.ctx, pool.id, users.alice, { lives: 2 });
  const alice2 = await enter(t.ctx, pool.id, users.alice, { entryNum: 2, lives: 1 });
  const bob = await enter(t.ctx, pool.id, users.bob, { lives: 3 });
  const carol = await enter(t.ctx, pool.id, users.carol, { lives: 0 });
  const row = (entryId: number, kind: string, amount: number, notes?: string) =>
    buildLedgerRow(t.ctx, { poolId: pool.id, entryId, kind, amount, notes });
  for (const entry of [alice, alice2, bob, carol]) await row(entry.id, 'buyin', -5000);
  await row(alice.id, 'insurance', -1000);
  await row(alice.id, 'rebuy', -2500);
  await row(alice.id, 'payment', 8500, 'Venmo');
  await row(alice.id, 'prize', 20000);
  await row(alice.id, 'prize_paid_to', -20000, 'Check #12');
  const event = await buildBonusEvent(t.ctx, {
    poolId: pool.id,
    week: 1,
    teamAbb: 'NYY',
    winners: [alice.id],
  });
  const bonus = (entryId: number, amount: number) =>
    buildLedgerRow(t.ctx, {
      poolId: pool.id,
      entryId,
      kind: 'bonus',
      amount,
      bonusEventId: event.id,
      week: 1,
    });
  await bonus(alice.id, 5000);
  await bonus(bob.id, -2500);
  await bonus(carol.id, -2500);
  // Another pool's money for the same entrant must not be counted here.
  const other = await buildMlbPool(t.ctx, world.leagueId, { poolIdx: 1 });
  const elsewhere = await enter(t.ctx, other.id, users.alice);
  await buildLedgerRow(t.ctx, { poolId: other.id, entryId: elsewhere.id, kind: 'payment', amount: 99900 });
  return { pool, alice, alice2, bob, carol, users };
}

describe('GET /api/finances/{poolId}', () => {
  it('sums each column from the ledger to the cent, with statuses, labels and the pool totals', async () => {
    const { pool } = await seedMoney();
    const answer = await get(`/api/finances/${pool.id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const body: FinancesResponse = answer.json();
    const pick = (label: string) => must(body.rows.find((r) => r.label === label));
    expect(body.rows.map((r) => [r.label, r.status])).toEqual([
      ['alice', 'CHAMPION'],
      ['alice [2]', '1'],
      ['bob', '3'],
      ['carol', 'ELIMINATED'],
    ]);
    expect(pick('alice')).toMatchObject({
      buyin: 5000,
      rebuys: 2500,
      insurance: 1000,
      bonus: 5000,
      prizes: 20000,
      paid: 8500,
      prizes_paid_to: 20000,
      // -50 - 10 - 25 + 50 + 85 + 200 - 200 dollars
      total: 5000,
      champion: true,
    });
    expect(pick('bob')).toMatchObject({ buyin: 5000, bonus: -2500, total: -7500 });
    expect(pick('carol')).toMatchObject({ eliminated: true, total: -7500 });
    expect(pick('alice [2]')).toMatchObject({ entry_num: 2, total: -5000 });
    expect(body.totals).toEqual({
      buyin: 20000,
      rebuys: 2500,
      insurance: 1000,
      bonus: 0,
      prizes: 20000,
      paid: 8500,
      prizes_paid_to: 20000,
      total: -15000,
    });
    // Each total is the plain sum of the entry's signed rows.
    expect(body.rows.reduce((sum, r) => sum + r.total, 0)).toBe(body.totals.total);
  });

  it('ranks the bonus pool by bonus money for the leaderboard, with the viewer own entries', async () => {
    const { pool, users } = await seedMoney();
    const answer = await get(`/api/finances/${pool.id}?sort=bonus&pageSize=2`, users.carol.cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    const body: FinancesResponse = answer.json();
    // alice won $50; bob and carol paid $25 each (ties by username); alice [2] has no bonus money.
    expect(body.rows.map((row) => [row.label, row.bonus])).toEqual([
      ['alice', 5000],
      ['bob', -2500],
    ]);
    expect(body.total).toBe(3);
    expect(body.mine.map((row) => row.label)).toEqual(['carol']);
    const next: FinancesResponse = (
      await get(`/api/finances/${pool.id}?sort=bonus&pageSize=2&page=2`)
    ).json();
    expect(next.rows.map((row) => row.label)).toEqual(['carol']);
  });

  it('answers an empty pool with no rows and zero totals', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    const body = (await get(`/api/finances/${pool.id}`)).json();
    expect(body.rows).toEqual([]);
    expect(body.totals.total).toBe(0);
  });

  it('is not found for an unknown pool or a hidden league pool asked by an outsider', async () => {
    const unknown = await get('/api/finances/999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: POOL_MESSAGES.poolNotFound });
    const hiddenId = await createLeagueAs(t.app, world.owner, {
      name: 'Back Room',
      abb: 'BACK',
      hidden: true,
    });
    const pool = await buildMlbPool(t.ctx, hiddenId);
    const stranger = await registerNamed(t.app, 'stranger');
    const outsider = await get(`/api/finances/${pool.id}`, stranger.cookie);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toEqual({ message: POOL_MESSAGES.poolNotFound });
    expect((await get(`/api/finances/${pool.id}`)).statusCode).toBe(404);
    expect((await get(`/api/finances/${pool.id}`, world.owner.cookie)).statusCode).toBe(200);
  });
});

describe('GET /api/payments/{game}/{season}/{league}/{poolIdx}/{type}', () => {
  it('lists the payments and prizes paid, newest first, with their entries, notes and dates', async () => {
    const { alice } = await seedMoney();
    const answer = await get('/api/payments/mlb/2023/SQUAD/0/reg');
    expect(answer.statusCode, answer.body).toBe(200);
    const body: PaymentsResponse = answer.json();
    expect(body).toMatchObject({ page: 1, pageSize: 50 });
    const mine = body.records.filter((record) => record.entry_id === alice.id);
    expect(mine.filter((record) => record.type === 'payment')).toEqual([
      expect.objectContaining({
        label: 'alice',
        amount: 8500,
        notes: 'Venmo',
        type: 'payment',
        updated_at: NOW.toISOString(),
      }),
    ]);
    expect(mine.filter((record) => record.type === 'prize')).toEqual([
      expect.objectContaining({ amount: -20000, notes: 'Check #12', type: 'prize' }),
    ]);
    expect(body.records.some((record) => record.label === 'bob')).toBe(false);
    expect(body.total).toBe(body.records.length);
    const one: PaymentsResponse = (await get(`/api/payments/mlb/2023/SQUAD/0/reg?entry=${alice.id}`)).json();
    expect(one.records.every((record) => record.entry_id === alice.id)).toBe(true);
    const searched: PaymentsResponse = (await get('/api/payments/mlb/2023/SQUAD/0/reg?q=ALI')).json();
    expect(searched.total).toBe(mine.length + body.records.filter((r) => r.label === 'alice [2]').length);
  });

  it('is not found for a pool that does not exist', async () => {
    const answer = await get('/api/payments/mlb/2023/SQUAD/7/reg');
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ message: POOL_MESSAGES.poolNotFound });
  });
});
