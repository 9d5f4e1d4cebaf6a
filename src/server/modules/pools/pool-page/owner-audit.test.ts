import { and, asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { entries, poolAudits } from '../../../db/schema';
import { buildEntryWeek } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { addMemberByInvite, registerNamed, type TestUser } from '../../../test/league-test-world';
import { buildMlbPool, createPoolWorld, enter, NOW } from '../../../test/pool-test-world';

/*
 * What an entrant does to their own entry is a change of the pool too: the pool's audit log records it
 * with the values read under the entry's lock, and the switches show in the entrant's own activity only.
 */

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

const post = (user: TestUser, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie: user.cookie }, payload });
const feed = async (user: TestUser, poolId: number, filter: 'all' | 'pool' | 'mine') =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/feed/${leagueId}/${poolId}/${filter}`,
      headers: { cookie: user.cookie },
    })
  ).json().events as { summary: string; username: string | null }[];

const auditsOf = (entryId: number, action: string) =>
  t.ctx.db
    .select()
    .from(poolAudits)
    .where(and(eq(poolAudits.entryId, entryId), eq(poolAudits.action, action)))
    .orderBy(asc(poolAudits.id));
const pairs = (rows: { oldValue: unknown; newValue: unknown }[]) =>
  rows.map((row) => [row.oldValue, row.newValue]);

describe("the owner's switches", () => {
  it('audits each auto-rebuy flip with the value of the week it takes effect, and repeats write nothing', async () => {
    const pool = await buildMlbPool(t.ctx, leagueId, { rebuys: 2 });
    const entry = await enter(t.ctx, pool.id, player, { autoRebuy: true, autoRebuyEffWeek: 1 });
    const flip = (bool: boolean) => post(player, '/user/toggleRebuys', { bool, userSeason: entry.id });
    for (const bool of [false, false, true]) expect((await flip(bool)).statusCode).toBe(200);
    const rows = await auditsOf(entry.id, 'auto_rebuy');
    expect(pairs(rows)).toEqual([
      [
        { week: 2, auto_rebuy: true },
        { week: 2, auto_rebuy: false },
      ],
      [
        { week: 2, auto_rebuy: false },
        { week: 2, auto_rebuy: true },
      ],
    ]);
    expect(rows.map((row) => [row.userId, row.poolId, row.summary])).toEqual([
      [player.id, pool.id, 'player turned auto-rebuy off from Week 2'],
      [player.id, pool.id, 'player turned auto-rebuy on from Week 2'],
    ]);
    // The commissioner reads them in the pool's audit log.
    const log = await t.app.inject({
      method: 'GET',
      url: `/api/pools/${pool.id}/audit`,
      headers: { cookie: owner.cookie },
    });
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().rows.map((row: { action: string; by: string }) => [row.action, row.by])).toEqual([
      ['auto_rebuy', 'player'],
      ['auto_rebuy', 'player'],
    ]);
    // The entrant's own activity shows them; the pool's news, read by every member, does not.
    expect((await feed(player, pool.id, 'mine')).map((event) => event.summary)).toEqual([
      'player turned auto-rebuy on from Week 2',
      'player turned auto-rebuy off from Week 2',
    ]);
    for (const filter of ['all', 'pool'] as const) {
      expect((await feed(owner, pool.id, filter)).map((event) => event.summary)).not.toContain(
        'player turned auto-rebuy on from Week 2',
      );
    }
  });

  it('audits joining and leaving the bonus pool', async () => {
    const pool = await buildMlbPool(t.ctx, leagueId, { bonusActive: true, bonusCadence: 1 });
    const entry = await enter(t.ctx, pool.id, player);
    const flip = (bool: boolean) => post(player, '/user/toggleBonus', { bool, userSeason: entry.id });
    for (const bool of [true, true, false]) expect((await flip(bool)).statusCode).toBe(200);
    expect(pairs(await auditsOf(entry.id, 'bonus'))).toEqual([
      [
        { week: 2, in_bonus: false },
        { week: 2, in_bonus: true },
      ],
      [
        { week: 2, in_bonus: true },
        { week: 2, in_bonus: false },
      ],
    ]);
    expect((await feed(player, pool.id, 'mine')).map((event) => event.summary)).toEqual([
      'player leaves the bonus pool from Week 2',
      'player joins the bonus pool from Week 2',
    ]);
  });

  it('audits a chain of true old and new values when 12 flips of one entry race', async () => {
    // On PostgreSQL the requests overlap; the entry's row lock orders them, and each row's old value is
    // the new value of the row before it.
    const pool = await buildMlbPool(t.ctx, leagueId, { rebuys: 2 });
    const entry = await enter(t.ctx, pool.id, player);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post(player, '/user/toggleRebuys', { bool: i % 2 === 0, userSeason: entry.id }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const rows = await auditsOf(entry.id, 'auto_rebuy');
    expect(rows.length).toBeGreaterThan(0);
    let held = false;
    for (const row of rows) {
      expect(row.oldValue).toEqual({ week: 2, auto_rebuy: held });
      held = !held;
      expect(row.newValue).toEqual({ week: 2, auto_rebuy: held });
    }
    const [after] = await t.ctx.db.select().from(entries).where(eq(entries.id, entry.id));
    expect(after.autoRebuy).toBe(held);
  });
});

describe("the owner's money", () => {
  it('audits a rebuy with the rebuys made before and after it', async () => {
    const pool = await buildMlbPool(t.ctx, leagueId, { rebuys: 2, rebuyPrice: 2500 });
    const entry = await enter(t.ctx, pool.id, player, { lives: 2, needsRebuy: true });
    await buildEntryWeek(t.ctx, {
      poolId: pool.id,
      entryId: entry.id,
      week: 1,
      result: 'loss',
      lives: 2,
      status: 'needs-rebuy',
    });
    const paid = await post(player, '/user/rebuy', {
      userSeason: entry.id,
      game: 'mlb',
      season: 2023,
      alias: 'SQUAD',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    // A repeat answers as the first (decision 006) and audits nothing more.
    expect((await post(player, '/user/rebuy', { userSeason: entry.id })).statusCode).toBe(200);
    const rows = await auditsOf(entry.id, 'rebuy');
    expect(pairs(rows)).toEqual([
      [
        { rebuys_made: 0, needs_rebuy: true },
        { rebuys_made: 1, needs_rebuy: false, week: 2, charged: 2500 },
      ],
    ]);
    expect(rows[0].summary).toBe('player rebought before Week 2: $25');
  });

  it('audits insurance bought once', async () => {
    const pool = await buildMlbPool(t.ctx, leagueId, { insuranceOption: 1, insurance: 500 });
    const entry = await enter(t.ctx, pool.id, player);
    const buy = () => post(player, '/user/buyInsurance', { userSeason: entry.id, cost: 500 });
    expect((await buy()).statusCode).toBe(200);
    // A repeat answers as the first (decision 006) and audits nothing more.
    expect((await buy()).statusCode).toBe(200);
    expect(pairs(await auditsOf(entry.id, 'insurance'))).toEqual([
      [{ insurance_purchased: false }, { insurance_purchased: true, charged: 500 }],
    ]);
  });

  it('audits a sign-up with what the entry starts with and is charged', async () => {
    const pool = await buildMlbPool(t.ctx, leagueId, {
      rebuys: 1,
      buyin: 2000,
      insuranceOption: 1,
      insurance: 500,
      start: new Date(NOW.getTime() + 86_400_000),
      entryDeadline: new Date(NOW.getTime() + 86_400_000),
    });
    const signed = await post(player, '/user/regForGame', { pool_id: pool.id, insurance_purchased: true });
    expect(signed.statusCode, signed.body).toBe(201);
    const [entry] = await t.ctx.db.select().from(entries).where(eq(entries.poolId, pool.id));
    const rows = await auditsOf(entry.id, 'sign_up');
    expect(pairs(rows)).toEqual([
      [null, { lives: 2, in_bonus: false, insurance_purchased: true, buyin: 2000, insurance: 500 }],
    ]);
    expect(rows[0]).toMatchObject({ userId: player.id, summary: 'player signed up: $25 charged' });
  });
});
