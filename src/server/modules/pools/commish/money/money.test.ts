import { and, eq, ne } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type FinancesResponse,
  MONEY_MESSAGES,
  PAYMENT_NOTES_MAX,
  type PaymentsResponse,
  POOL_MESSAGES,
  type PrizeSplitResponse,
} from '../../../../../core/contracts/pools';
import { NO_REMAINING_PRIZES_MESSAGE } from '../../../../../core/money';
import { must } from '../../../../../core/must';
import { entries, ledger, poolAudits, poolEvents } from '../../../../db/schema';
import { buildLedgerRow } from '../../../../test/factories';
import type { TestApp } from '../../../../test/harness';
import {
  addMemberByInvite,
  createLeagueAs,
  registerNamed,
  type TestUser,
} from '../../../../test/league-test-world';
import {
  buildMlbPool,
  chargeEntries,
  enter,
  joinLeague,
  NOW,
  type PoolWorld,
  seedMlbSeason,
  startPoolWorld,
} from '../../../../test/pool-test-world';
import { COMMISH_ONLY_MESSAGE } from '../../access/pool-access';

let t: TestApp;
let world: PoolWorld;
beforeEach(async () => {
  ({ t, world } = await startPoolWorld());
});

const get = (url: string, user?: TestUser) =>
  t.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });
const post = (url: string, payload: object, user?: TestUser) =>
  t.app.inject({ method: 'POST', url, payload, headers: user ? { cookie: user.cookie } : {} });

/** What a refused call must leave untouched: the pool's money, audit log and feed. */
async function writtenRows() {
  return {
    // Not the buy-ins the pools were seeded with (chargeEntries).
    ledger: (await t.ctx.db.select().from(ledger).where(ne(ledger.kind, 'buyin'))).length,
    audits: (await t.ctx.db.select().from(poolAudits)).length,
    events: (await t.ctx.db.select().from(poolEvents)).length,
  };
}

/** A pool of the league with alice (two entries) and bob, members of the league. */
async function seedPool(values: object = {}) {
  const pool = await buildMlbPool(t.ctx, world.leagueId, values);
  const alice = await joinLeague(t, world.leagueId, 'alice');
  const bob = await joinLeague(t, world.leagueId, 'bob');
  const alice1 = await enter(t.ctx, pool.id, alice);
  const alice2 = await enter(t.ctx, pool.id, alice, { entryNum: 2 });
  const bob1 = await enter(t.ctx, pool.id, bob);
  return { pool, alice, bob, alice1, alice2, bob1 };
}

describe('POST /admin/addPayment', () => {
  it('records a payment from and a prize paid to an entrant in exact cents, audited, and Finances adds them up', async () => {
    const { pool, alice1, alice2 } = await seedPool();
    const paid = await post(
      '/admin/addPayment',
      { user_season_id: alice2.id, amount: 25.5, type: 'payment', notes: ' Venmo ', pool_id: pool.id },
      world.owner,
    );
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      message: 'You have successfully updated finances for alice [2]',
      entry: 'alice [2]',
      type: 'payment',
      amount: 2550,
      notes: 'Venmo',
      updated_at: NOW.toISOString(),
    });
    // Ten cents three times is thirty cents, never 0.30000000000000004 dollars.
    for (let i = 0; i < 3; i++) {
      const dime = await post(
        '/admin/addPayment',
        { user_season_id: alice1.id, amount: '0.10', type: 'payment' },
        world.owner,
      );
      expect(dime.statusCode, dime.body).toBe(200);
    }
    const prize = await post(
      '/admin/addPayment',
      { user_season_id: alice1.id, amount: '$100.01', type: 'prize', notes: 'Check #12' },
      world.owner,
    );
    expect(prize.statusCode, prize.body).toBe(200);
    expect(prize.json()).toMatchObject({ type: 'prize', amount: -10001, entry: 'alice' });

    const rows = await t.ctx.db.select().from(ledger).where(eq(ledger.poolId, pool.id));
    expect(rows.map((row) => [row.entryId, row.kind, row.amount, row.notes, row.createdBy])).toEqual([
      [alice2.id, 'payment', 2550, 'Venmo', world.owner.id],
      [alice1.id, 'payment', 10, null, world.owner.id],
      [alice1.id, 'payment', 10, null, world.owner.id],
      [alice1.id, 'payment', 10, null, world.owner.id],
      [alice1.id, 'prize_paid_to', -10001, 'Check #12', world.owner.id],
    ]);
    const finances: FinancesResponse = (await get(`/api/finances/${pool.id}`)).json();
    const row = (label: string) => must(finances.rows.find((r) => r.label === label));
    expect(row('alice')).toMatchObject({ paid: 30, prizes_paid_to: 10001, total: 30 - 10001 });
    expect(row('alice [2]')).toMatchObject({ paid: 2550, total: 2550 });
    expect(finances.totals).toMatchObject({ paid: 2580, prizes_paid_to: 10001 });

    const payments: PaymentsResponse = (
      await get(`/api/payments/mlb/2023/SQUAD/0/reg?entry=${alice1.id}`)
    ).json();
    const alice = payments.records.filter((record) => record.label === 'alice');
    expect(alice.filter((r) => r.type === 'payment').map((r) => r.amount)).toEqual([10, 10, 10]);
    expect(alice.filter((r) => r.type === 'prize')).toMatchObject([
      { amount: -10001, notes: 'Check #12', type: 'prize' },
    ]);
    expect(payments.total).toBe(4);

    const audits = await t.ctx.db.select().from(poolAudits).where(eq(poolAudits.poolId, pool.id));
    expect(audits).toHaveLength(5);
    expect(audits[0]).toMatchObject({
      action: 'payment',
      entryId: alice2.id,
      userId: world.owner.id,
      summary: 'Payment from alice [2]: $25.50 (Venmo)',
      oldValue: { paid: 0 },
      newValue: { paid: 2550, amount: 2550, notes: 'Venmo' },
    });
    expect(audits[3]).toMatchObject({ oldValue: { paid: 20 }, newValue: { paid: 30 } });
    expect(audits[4]).toMatchObject({
      action: 'prize_paid',
      summary: 'Prize paid to alice: $100.01 (Check #12)',
      oldValue: { prizes_paid_to: 0 },
      newValue: { prizes_paid_to: 10001, amount: 10001, notes: 'Check #12' },
    });
  });

  it.each([
    [{ amount: 5, type: 'payment' }, MONEY_MESSAGES.noUser],
    [{ user_season_id: '', amount: 5, type: 'payment' }, MONEY_MESSAGES.noUser],
    [{ type: 'payment' }, MONEY_MESSAGES.noAmount],
    [{ amount: ' ', type: 'payment' }, MONEY_MESSAGES.noAmount],
    [{ amount: 5 }, MONEY_MESSAGES.noType],
    [{ amount: 5, type: '' }, MONEY_MESSAGES.noType],
    [{ amount: 5, type: 'refund' }, MONEY_MESSAGES.badType],
    [{ amount: 0, type: 'payment' }, MONEY_MESSAGES.amountNotPositive],
    [{ amount: '0.00', type: 'prize' }, MONEY_MESSAGES.amountNotPositive],
    [{ amount: -5, type: 'payment' }, MONEY_MESSAGES.amountNegative],
    [{ amount: -12.345, type: 'payment' }, MONEY_MESSAGES.amountNegative],
    [{ amount: '-12.345', type: 'payment' }, MONEY_MESSAGES.amountNegative],
    [{ amount: '-$12.34', type: 'prize' }, MONEY_MESSAGES.amountNegative],
    [{ amount: '$-0.01', type: 'payment' }, MONEY_MESSAGES.amountNegative],
    [{ amount: 12.345, type: 'payment' }, MONEY_MESSAGES.amountDecimals],
    [{ amount: '$12.345', type: 'payment' }, MONEY_MESSAGES.amountDecimals],
    [{ amount: '.001', type: 'prize' }, MONEY_MESSAGES.amountDecimals],
    [{ amount: 'ten', type: 'payment' }, MONEY_MESSAGES.badAmount],
    [{ amount: true, type: 'payment' }, MONEY_MESSAGES.badAmount],
    [{ amount: 1_000_000.01, type: 'payment' }, MONEY_MESSAGES.amountTooBig],
    [{ amount: 5, type: 'payment', notes: 'x'.repeat(PAYMENT_NOTES_MAX + 1) }, MONEY_MESSAGES.notesTooLong],
  ])('refuses %j with its message and writes nothing', async (payload, message) => {
    const { alice1 } = await seedPool();
    const body = message === MONEY_MESSAGES.noUser ? payload : { user_season_id: alice1.id, ...payload };
    const response = await post('/admin/addPayment', body, world.owner);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await writtenRows()).toEqual({ ledger: 0, audits: 0, events: 0 });
  });

  it('audits 20 concurrent $1 payments of one entry as a chain of totals from $0 to $20', async () => {
    // On PostgreSQL the requests overlap; each must still read the total the one before it left.
    const { alice1 } = await seedPool();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        post('/admin/addPayment', { user_season_id: alice1.id, amount: 1, type: 'payment' }, world.owner),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const audits = await t.ctx.db
      .select()
      .from(poolAudits)
      .where(and(eq(poolAudits.entryId, alice1.id), eq(poolAudits.action, 'payment')));
    const pairs = audits
      .map((row) => [(row.oldValue as { paid: number }).paid, (row.newValue as { paid: number }).paid])
      .sort((a, b) => a[0] - b[0]);
    expect(pairs).toEqual(Array.from({ length: 20 }, (_, i) => [i * 100, (i + 1) * 100]));
  });

  it('records 20 identical requests with one request key once, and answers each with the first one', async () => {
    // On PostgreSQL the 20 overlap (a double submit, a retry): one payment, never 20.
    const { pool, alice1 } = await seedPool();
    const body = { user_season_id: alice1.id, amount: 100, type: 'payment', request_key: 'pay-key-0001' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post('/admin/addPayment', body, world.owner)),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers[0].json()).toMatchObject({ entry: 'alice', type: 'payment', amount: 10_000 });
    const paid = () =>
      t.ctx.db
        .select()
        .from(ledger)
        .where(and(eq(ledger.poolId, pool.id), eq(ledger.kind, 'payment')));
    expect((await paid()).map((row) => row.amount)).toEqual([10_000]);
    // A new payment (a new key) is recorded; a malformed key is refused in words.
    const next = await post('/admin/addPayment', { ...body, request_key: 'pay-key-0002' }, world.owner);
    expect(next.statusCode, next.body).toBe(200);
    expect((await paid()).length).toBe(2);
    const bad = await post('/admin/addPayment', { ...body, request_key: 'short' }, world.owner);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: MONEY_MESSAGES.badRequestKey });
    expect((await paid()).length).toBe(2);
  });

  it('takes the largest amount, $1,000,000', async () => {
    const { bob1 } = await seedPool();
    const response = await post(
      '/admin/addPayment',
      { user_season_id: bob1.id, amount: '1000000', type: 'payment' },
      world.owner,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().amount).toBe(100_000_000);
  });

  it("refuses members (403), outsiders of a hidden league and unknown entries (404), another pool's id (400)", async () => {
    const { pool, alice, bob1 } = await seedPool();
    const payload = { user_season_id: bob1.id, amount: 5, type: 'payment' };
    const member = await post('/admin/addPayment', payload, alice);
    expect(member.statusCode).toBe(403);
    expect(member.json()).toEqual({ message: COMMISH_ONLY_MESSAGE });
    const visitor = await post('/admin/addPayment', payload);
    expect(visitor.statusCode).toBe(401);
    const unknown = await post('/admin/addPayment', { ...payload, user_season_id: 999_999 }, world.owner);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: MONEY_MESSAGES.entryNotFound });
    const other = await post('/admin/addPayment', { ...payload, pool_id: pool.id + 1 }, world.owner);
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ message: MONEY_MESSAGES.entryNotFound });

    const hiddenId = await createLeagueAs(t.app, world.owner, {
      name: 'Back Room',
      abb: 'BACK',
      hidden: true,
    });
    const hiddenPool = await buildMlbPool(t.ctx, hiddenId);
    const hiddenEntry = await enter(t.ctx, hiddenPool.id, world.owner);
    const stranger = await registerNamed(t.app, 'stranger');
    const outsider = await post(
      '/admin/addPayment',
      { ...payload, user_season_id: hiddenEntry.id },
      stranger,
    );
    // The same answer as an id that does not exist: probing ids tells an outsider nothing.
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toEqual({ message: MONEY_MESSAGES.entryNotFound });
    expect(await writtenRows()).toEqual({ ledger: 0, audits: 0, events: 0 });
  });
});

/**
 * A $25 pool of four counted entries ($100 prize pool): alice, bob and carol alive, dave eliminated, and
 * erin deactivated (not counted, never in a split).
 */
async function seedSplitPool(values: object = {}) {
  const pool = await buildMlbPool(t.ctx, world.leagueId, { buyin: 2500, ...values });
  const made: Record<string, { id: number }> = {};
  for (const [name, extra] of [
    ['alice', {}],
    ['bob', {}],
    ['carol', { lives: 1 }],
    ['dave', { lives: 0 }],
    ['erin', { status: 0 }],
  ] as const) {
    const user = await registerNamed(t.app, name);
    await addMemberByInvite(t.app, t.ctx, world.leagueId, user);
    made[name] = await enter(t.ctx, pool.id, user, extra);
  }
  const ids = made as Record<'alice' | 'bob' | 'carol' | 'dave' | 'erin', { id: number }>;
  await chargeEntries(t.ctx, pool.id);
  return { pool, ids };
}

const split = (payload: object, user: TestUser = world.owner) =>
  post('/admin/processPrizeSplit', payload, user);

describe('GET /api/pools/{poolId}/prizeSplit', () => {
  it('lists the active entries (alive first, share 1) with their prizes, and the prize pool less prizes awarded', async () => {
    const { pool, ids } = await seedSplitPool();
    await buildLedgerRow(t.ctx, { poolId: pool.id, entryId: ids.dave.id, kind: 'prize', amount: 1234 });
    const answer = await get(`/api/pools/${pool.id}/prizeSplit`, world.owner);
    expect(answer.statusCode, answer.body).toBe(200);
    const body: PrizeSplitResponse = answer.json();
    expect(body).toMatchObject({ prize_pool: 10000, awarded: 1234, remaining: 8766, has_remaining: true });
    expect(body.entrants.map((e) => [e.label, e.lives, e.alive, e.prizes, e.default_share])).toEqual([
      ['alice', 3, true, 0, 1],
      ['bob', 3, true, 0, 1],
      ['carol', 1, true, 0, 1],
      ['dave', 0, false, 1234, 0],
    ]);
  });

  it('is for the admins only', async () => {
    const { pool } = await seedSplitPool();
    const alice = await registerNamed(t.app, 'member2');
    await addMemberByInvite(t.app, t.ctx, world.leagueId, alice);
    expect((await get(`/api/pools/${pool.id}/prizeSplit`, alice)).statusCode).toBe(403);
    const stranger = await registerNamed(t.app, 'stranger');
    const hiddenId = await createLeagueAs(t.app, world.owner, {
      name: 'Back Room',
      abb: 'BACK',
      hidden: true,
    });
    const hidden = await buildMlbPool(t.ctx, hiddenId);
    expect((await get(`/api/pools/${hidden.id}/prizeSplit`, stranger)).statusCode).toBe(404);
    expect((await get(`/api/pools/${hidden.id}/prizeSplit`)).statusCode).toBe(404);
    expect((await get('/api/pools/999999/prizeSplit', world.owner)).statusCode).toBe(404);
  });
});

describe('POST /admin/processPrizeSplit', () => {
  it('splits $100 in three equal shares as 33.34 + 33.33 + 33.33, with ledger rows, feed post and audit rows', async () => {
    const { pool, ids } = await seedSplitPool();
    const response = await split({
      poolId: pool.id,
      percent: 100,
      remaining: 10000,
      shares: [
        { entryId: ids.alice.id, share: 1 },
        { entryId: ids.bob.id, share: 1 },
        { entryId: ids.carol.id, share: 1 },
        { entryId: ids.dave.id, share: 0 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: MONEY_MESSAGES.splitDoneBody('$100', 3),
      amount: 10000,
      awards: [
        { entry_id: ids.alice.id, label: 'alice', amount: 3334 },
        { entry_id: ids.bob.id, label: 'bob', amount: 3333 },
        { entry_id: ids.carol.id, label: 'carol', amount: 3333 },
      ],
      award_count: 3,
      remaining: 0,
    });
    const rows = await t.ctx.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.poolId, pool.id), eq(ledger.kind, 'prize')));
    expect(rows.map((row) => [row.entryId, row.amount, row.notes])).toEqual([
      [ids.alice.id, 3334, 'Prize split: 100% of $100 remaining'],
      [ids.bob.id, 3333, 'Prize split: 100% of $100 remaining'],
      [ids.carol.id, 3333, 'Prize split: 100% of $100 remaining'],
    ]);
    const [alice] = await t.ctx.db.select().from(entries).where(eq(entries.id, ids.alice.id));
    expect(alice.prizes).toBe(3334);
    const finances: FinancesResponse = (await get(`/api/finances/${pool.id}`, world.owner)).json();
    expect(finances.totals.prizes).toBe(10000);

    const [event] = await t.ctx.db.select().from(poolEvents).where(eq(poolEvents.poolId, pool.id));
    expect(event).toMatchObject({
      type: 17,
      summary: 'Prize split: $100 awarded',
      desc: 'The commissioner split $100 (100% of the remaining prizes) among 3 entrants: alice $33.34, bob $33.33, carol $33.33.',
    });
    const audits = await t.ctx.db.select().from(poolAudits).where(eq(poolAudits.poolId, pool.id));
    expect(audits.map((a) => [a.action, a.entryId, a.oldValue, a.newValue])).toEqual([
      [
        'prize_split',
        null,
        { remaining: 10000 },
        { remaining: 0, percent: 100, amount: 10000, total_shares: 3 },
      ],
      ['prize_split_award', ids.alice.id, { prizes: 0 }, { prizes: 3334 }],
      ['prize_split_award', ids.bob.id, { prizes: 0 }, { prizes: 3333 }],
      ['prize_split_award', ids.carol.id, { prizes: 0 }, { prizes: 3333 }],
    ]);
    expect(audits[0].summary).toBe('Prize split: $100 (100% of $100 remaining) among 3 entries');

    // Nothing remains: the table says so and a second split is refused with the red notice's text.
    const after: PrizeSplitResponse = (await get(`/api/pools/${pool.id}/prizeSplit`, world.owner)).json();
    expect(after).toMatchObject({ awarded: 10000, remaining: 0, has_remaining: false });
    const again = await split({
      poolId: pool.id,
      percent: 50,
      shares: [{ entryId: ids.alice.id, share: 1 }],
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: NO_REMAINING_PRIZES_MESSAGE });
  });

  it('takes 33.33% of the remaining prizes by shares 2 : 1 : 0.5 and leaves the rest to split', async () => {
    const { pool, ids } = await seedSplitPool();
    await buildLedgerRow(t.ctx, { poolId: pool.id, entryId: ids.dave.id, kind: 'prize', amount: 1 });
    // 33.33% of $99.99 is 3332.667 cents: 3333, divided 2 : 1 : 0.5 = 1904.57, 952.29, 476.14 -> 1905, 952, 476.
    const response = await split({
      poolId: pool.id,
      percent: 33.33,
      shares: [
        { entryId: ids.alice.id, share: 2 },
        { entryId: ids.bob.id, share: 1 },
        { entryId: ids.carol.id, share: 0.5 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.amount).toBe(3333);
    expect(body.awards.map((a: { amount: number }) => a.amount)).toEqual([1905, 952, 476]);
    expect(body.remaining).toBe(9999 - 3333);
    const table: PrizeSplitResponse = (await get(`/api/pools/${pool.id}/prizeSplit`, world.owner)).json();
    expect(table.remaining).toBe(6666);
    expect(table.entrants.find((e) => e.label === 'alice')?.prizes).toBe(1905);
  });

  it('refuses a split when $0.01 or less remains', async () => {
    const { pool, ids } = await seedSplitPool();
    await buildLedgerRow(t.ctx, { poolId: pool.id, entryId: ids.dave.id, kind: 'prize', amount: 9999 });
    const table: PrizeSplitResponse = (await get(`/api/pools/${pool.id}/prizeSplit`, world.owner)).json();
    expect(table).toMatchObject({ remaining: 1, has_remaining: false });
    const response = await split({
      poolId: pool.id,
      percent: 100,
      shares: [{ entryId: ids.alice.id, share: 1 }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: NO_REMAINING_PRIZES_MESSAGE });
  });

  it.each([
    ['a negative percentage', { percent: -1 }, MONEY_MESSAGES.badPercent],
    ['more than 100 percent', { percent: 100.01 }, MONEY_MESSAGES.badPercent],
    ['a percentage as text', { percent: 'half' }, MONEY_MESSAGES.badPercent],
    ['three decimals', { percent: 12.345 }, MONEY_MESSAGES.percentDecimals],
    ['0 percent', { percent: 0 }, 'Enter a percentage above 0 to split prizes.'],
    ['no shares', { shares: [] }, 'There are no entrants to split prizes among.'],
    ['only zero shares', { shares: 'zeros' }, 'At least one entrant needs a share above 0.'],
    ['a negative share', { shares: 'negative' }, MONEY_MESSAGES.badShare],
    ['a deactivated entry', { shares: 'erin' }, MONEY_MESSAGES.shareNotEntrant],
    ['an entry of another pool', { shares: 'elsewhere' }, MONEY_MESSAGES.shareNotEntrant],
    ['the same entry twice', { shares: 'twice' }, MONEY_MESSAGES.duplicateShare],
    ['a thousandth of a percent', { percent: 0.001 }, MONEY_MESSAGES.percentDecimals],
    ['0.01% of $1 (no cent to award)', { percent: 0.01, buyin: 25 }, MONEY_MESSAGES.splitComesToZero],
  ])('refuses %s and writes nothing', async (_name, change, message) => {
    const { buyin, ...rest } = change as { buyin?: number; shares?: unknown; percent?: unknown };
    const { pool, ids } = await seedSplitPool(buyin ? { buyin } : {});
    const other = await buildMlbPool(t.ctx, world.leagueId, { poolIdx: 1 });
    const elsewhere = await enter(t.ctx, other.id, world.owner);
    const sharesBy: Record<string, object[]> = {
      zeros: [
        { entryId: ids.alice.id, share: 0 },
        { entryId: ids.bob.id, share: 0 },
      ],
      negative: [{ entryId: ids.alice.id, share: -1 }],
      erin: [{ entryId: ids.erin.id, share: 1 }],
      elsewhere: [{ entryId: elsewhere.id, share: 1 }],
      twice: [
        { entryId: ids.alice.id, share: 1 },
        { entryId: ids.alice.id, share: 2 },
      ],
    };
    const shares =
      typeof rest.shares === 'string'
        ? sharesBy[rest.shares]
        : (rest.shares ?? [{ entryId: ids.alice.id, share: 1 }]);
    const response = await split({ poolId: pool.id, percent: rest.percent ?? 50, shares });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await writtenRows()).toEqual({ ledger: 0, audits: 0, events: 0 });
  });

  it('refuses a split whose remaining prizes changed since the page loaded (409)', async () => {
    const { pool, ids } = await seedSplitPool();
    const response = await split({
      poolId: pool.id,
      percent: 50,
      remaining: 12000,
      shares: [{ entryId: ids.alice.id, share: 1 }],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: MONEY_MESSAGES.remainingChanged });
    expect(await writtenRows()).toEqual({ ledger: 0, audits: 0, events: 0 });
  });

  it('refuses members (403) and outsiders of a hidden league (404)', async () => {
    const { pool, ids } = await seedSplitPool();
    const member = await registerNamed(t.app, 'member2');
    await addMemberByInvite(t.app, t.ctx, world.leagueId, member);
    const payload = { poolId: pool.id, percent: 50, shares: [{ entryId: ids.alice.id, share: 1 }] };
    const refused = await split(payload, member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: COMMISH_ONLY_MESSAGE });
    expect((await post('/admin/processPrizeSplit', payload)).statusCode).toBe(401);
    const hiddenId = await createLeagueAs(t.app, world.owner, {
      name: 'Back Room',
      abb: 'BACK',
      hidden: true,
    });
    const hidden = await buildMlbPool(t.ctx, hiddenId);
    const stranger = await registerNamed(t.app, 'stranger');
    const outsider = await split({ ...payload, poolId: hidden.id }, stranger);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toEqual({ message: POOL_MESSAGES.poolNotFound });
    expect(await writtenRows()).toEqual({ ledger: 0, audits: 0, events: 0 });
  });
});

describe('the prize pool after the rebuy price changed', () => {
  it('is what the ledger holds on every page: rebuys at the price charged, not at the new price', async () => {
    await seedMlbSeason(t.ctx);
    // Five $25 entries with five $10 rebuys between them: $175 charged (no platform share).
    const pool = await buildMlbPool(t.ctx, world.leagueId, { buyin: 2500, rebuys: 2, rebuyPrice: 1000 });
    const names = ['alice', 'bob', 'carol', 'dave', 'erin'];
    for (const name of names) {
      const user = await joinLeague(t, world.leagueId, name);
      await enter(t.ctx, pool.id, user, { rebuysMade: 1, lives: 2 });
    }
    await chargeEntries(t.ctx, pool.id);

    const settings = (await get(`/admin/poolSettings/${pool.id}`, world.owner)).json();
    const saved = await post(
      '/admin/updatePoolSettings',
      {
        leagueSeasonId: pool.id,
        poolSettings: { ...settings.settings, rebuy_price: 1250 },
        retroactive: false,
      },
      world.owner,
    );
    expect(saved.statusCode, saved.body).toBe(200);

    const read = async (url: string) => {
      const answer = await get(url, world.owner);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json();
    };
    const finances: FinancesResponse = await read(`/api/finances/${pool.id}`);
    expect(finances.totals.buyin + finances.totals.rebuys).toBe(17_500);
    expect((await read(`/api/loadPool/mlb/SQUAD/2023/0/reg`)).pool.prize_pool).toBe(17_500);
    expect((await read(`/api/standings/${pool.id}`)).tiles.prize_pool).toBe(17_500);
    expect((await read(`/admin/entrants/${pool.id}`)).prize_pool).toBe(17_500);
    const splitPage: PrizeSplitResponse = await read(`/api/pools/${pool.id}/prizeSplit`);
    expect(splitPage).toMatchObject({ prize_pool: 17_500, remaining: 17_500 });
    // A split of everything pays out the $175 collected, never $187.50.
    const shares = splitPage.entrants.map((entrant) => ({ entryId: entrant.entry_id, share: 1 }));
    const paid = await split({ poolId: pool.id, percent: 100, remaining: 17_500, shares });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().amount).toBe(17_500);
  });
});
