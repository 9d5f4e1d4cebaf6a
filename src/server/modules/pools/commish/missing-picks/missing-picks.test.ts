import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { PAGING_MESSAGES } from '../../../../../core/contracts/paging';
import {
  MISSING_PICKS_MESSAGES,
  type MissingPicksResponse,
  type NudgeResponse,
} from '../../../../../core/contracts/pools';
import { entries, poolAudits, poolKeptCounts, pools, users } from '../../../../db/schema';
import { buildPick } from '../../../../test/factories';
import type { TestApp } from '../../../../test/harness';
import type { TestUser } from '../../../../test/league-test-world';
import { sentMail } from '../../../../test/mail-capture';
import {
  buildMlbPool,
  buildNflPool,
  enter,
  type PoolWorld,
  startPoolWorld,
} from '../../../../test/pool-test-world';
import { COMMISH_ONLY_MESSAGE } from '../../access/pool-access';
import { keepOwingCount, owingCountsSettled } from '../../store/owing-count.repo';
import { bulkPoolEntries } from '../big-pool-test-world';
import { streamOwingPlayers } from './missing-picks.repo';

let t: TestApp;
let world: PoolWorld;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
beforeEach(async () => {
  ({
    t,
    world,
    members: [alice, bob, carol],
  } = await startPoolWorld({ seasons: ['mlb', 'nfl'], members: ['alice', 'bob', 'carol'] }));
});

const get = (url: string, user?: TestUser | null) =>
  t.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });
const list = async (poolId: number, query = '') => {
  const answer = await get(`/api/pools/${poolId}/commish/missingPicks${query}`, world.owner);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<MissingPicksResponse>();
};
const nudge = (poolId: number, requestKey?: string, user: TestUser | null = world.owner) =>
  t.app.inject({
    method: 'POST',
    url: `/api/pools/${poolId}/commish/nudge`,
    headers: user ? { cookie: user.cookie } : {},
    payload: requestKey === undefined ? {} : { request_key: requestKey },
  });
const keptCounts = (poolId: number) =>
  t.ctx.db
    .select({ key: poolKeptCounts.key, value: poolKeptCounts.value })
    .from(poolKeptCounts)
    .where(eq(poolKeptCounts.poolId, poolId));
const emailOf = async (user: TestUser) =>
  (await t.ctx.db.select({ email: users.email }).from(users).where(eq(users.id, user.id)))[0].email;

/**
 * The MLB test pool on the test clock: week 1 locked, week 2 open. alice has two entries (one owes, one
 * picked week 2), bob an insured entry with one life, carol one eliminated, one waiting on a rebuy and one
 * the commissioner deactivated: only alice's first and bob's owe a pick.
 */
async function mlbWorld() {
  const pool = await buildMlbPool(t.ctx, world.leagueId, { customName: 'Squad Survivor' });
  const a1 = await enter(t.ctx, pool.id, alice, { lives: 2 });
  const a2 = await enter(t.ctx, pool.id, alice, { entryNum: 2, lives: 3 });
  const b1 = await enter(t.ctx, pool.id, bob, { lives: 1, insurancePurchased: true });
  await enter(t.ctx, pool.id, carol, { lives: 0 });
  await enter(t.ctx, pool.id, carol, { entryNum: 2, lives: 1, needsRebuy: true });
  await enter(t.ctx, pool.id, carol, { entryNum: 3, status: 0 });
  // A week-1 pick does not count for week 2; alice [2]'s week-2 pick does, and stays secret.
  await buildPick(t.ctx, { entryId: a1.id, week: 1, pickId: 'TOR' });
  await buildPick(t.ctx, { entryId: a2.id, week: 2, pickId: 'HOU' });
  return { pool, a1, a2, b1 };
}

describe('GET /api/pools/{poolId}/commish/missingPicks', () => {
  it('lists the entries that owe a pick for the open week, with lives and insurance, never a pick', async () => {
    const { pool, a1, b1 } = await mlbWorld();
    const answer = await get(`/api/pools/${pool.id}/commish/missingPicks`, world.owner);
    const body = answer.json<MissingPicksResponse>();
    expect(body).toMatchObject({
      week: 2,
      deadline: '2026-11-23T00:00:00.000Z',
      picks_per_week: 1,
      total: 2,
      page: 1,
      pageSize: 50,
      nudge: { last_sent_at: null, wait_seconds: 0 },
    });
    expect(body.rows).toEqual([
      {
        entry_id: a1.id,
        username: 'alice',
        entry_num: 1,
        label: 'alice',
        lives: 2,
        insured: false,
        picks_made: 0,
      },
      {
        entry_id: b1.id,
        username: 'bob',
        entry_num: 1,
        label: 'bob',
        lives: 1,
        insured: true,
        picks_made: 0,
      },
    ]);
    // Secrecy: neither the open pick nor the locked one appears anywhere in the answer.
    expect(answer.body).not.toMatch(/HOU|TOR|Astros|Blue Jays/);
  });

  it('searches by username and pages on the server', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    const prefix = `mp${pool.id}x`;
    // 300 members with one entry each, lives 1; the inactive ones (every 7th user id) owe nothing.
    await bulkPoolEntries(t.ctx.db, {
      poolId: pool.id,
      leagueId: world.leagueId,
      prefix,
      users: 300,
      perUser: 1,
    });
    const active = await t.ctx.db
      .select({ username: users.username })
      .from(entries)
      .innerJoin(users, eq(users.id, entries.userId))
      .where(and(eq(entries.poolId, pool.id), eq(entries.status, 1)))
      .orderBy(asc(users.username));
    const owing = active.length;
    expect(owing).toBeGreaterThan(250);
    const first = await list(pool.id, '?pageSize=100');
    expect(first.total).toBe(owing);
    expect(first.rows.map((row) => row.username)).toEqual(active.slice(0, 100).map((row) => row.username));
    const second = await list(pool.id, '?pageSize=100&page=2');
    expect(second.rows.map((row) => row.username)).toEqual(active.slice(100, 200).map((row) => row.username));
    const last = await list(pool.id, '?pageSize=100&page=3');
    expect(last.rows).toHaveLength(owing - 200);
    const found = await list(pool.id, `?q=${prefix}12`);
    const matching = active
      .filter((row) => row.username.startsWith(`${prefix}12`))
      .map((row) => row.username);
    expect(found.rows.map((row) => row.username)).toEqual(matching);
    expect(found.total).toBe(matching.length);
    expect(matching.length).toBeGreaterThan(8);
    const refused = await get(`/api/pools/${pool.id}/commish/missingPicks?pageSize=101`, world.owner);
    expect([refused.statusCode, refused.json().message]).toEqual([400, PAGING_MESSAGES.pageSize]);
  });

  it('counts an NFL TD entry with fewer picks than the pool asks as missing, with how many it made', async () => {
    const pool = await buildNflPool(t.ctx, world.leagueId, { playersPerWeek: 2 });
    const a1 = await enter(t.ctx, pool.id, alice);
    const b1 = await enter(t.ctx, pool.id, bob);
    const c1 = await enter(t.ctx, pool.id, carol);
    const body = await list(pool.id);
    const week = body.week as number;
    expect(week).toBe(3);
    expect(body.picks_per_week).toBe(2);
    await buildPick(t.ctx, { entryId: a1.id, week, pickId: 'gb1', teamAbb: 'GB' });
    await buildPick(t.ctx, { entryId: b1.id, week, pickId: 'gb2', teamAbb: 'GB' });
    await buildPick(t.ctx, { entryId: b1.id, week, pickId: 'sf1', teamAbb: 'SF' });
    const after = await get(`/api/pools/${pool.id}/commish/missingPicks`, world.owner);
    expect(after.json<MissingPicksResponse>().rows.map((row) => [row.entry_id, row.picks_made])).toEqual([
      [a1.id, 1],
      [c1.id, 0],
    ]);
    // The count (an anti-join over the pool's week picks) agrees with the page (a probe per entry).
    expect(after.json<MissingPicksResponse>().total).toBe(2);
    expect(after.body).not.toMatch(/gb1|Jordan Love|"GB"/);
  });

  it('answers no open week once every week has locked or the pool is final, and nudging is refused', async () => {
    const { pool } = await mlbWorld();
    t.clock.set(new Date('2026-11-30T00:00:01Z'));
    expect(await list(pool.id)).toMatchObject({ week: null, deadline: null, rows: [], total: 0 });
    t.clock.set(new Date('2026-11-22T18:00:00Z'));
    await t.ctx.db.update(pools).set({ final: true }).where(eq(pools.id, pool.id));
    expect(await list(pool.id)).toMatchObject({ week: null, rows: [], total: 0 });
    const refused = await nudge(pool.id);
    expect([refused.statusCode, refused.json().message]).toEqual([409, MISSING_PICKS_MESSAGES.noOpenWeek]);
    expect(sentMail(t.app)).toHaveLength(0);
  });

  it('counts a small pool at every read, and serves a kept count, counted again once stale', async () => {
    const { pool, a1 } = await mlbWorld();
    expect((await list(pool.id)).total).toBe(2);
    await buildPick(t.ctx, { entryId: a1.id, week: 2, pickId: 'BOS' });
    // A small pool counts live: the pick is counted at once, and nothing is kept.
    expect((await list(pool.id)).total).toBe(1);
    expect(await keptCounts(pool.id)).toEqual([]);
    // A kept count (as a big pool has, owing-count.repo.ts) is served as long as it is fresh...
    await t.ctx.db
      .insert(poolKeptCounts)
      .values({ poolId: pool.id, key: 'owing:2:1', value: 7, computedAt: sql`now()` });
    expect((await list(pool.id)).total).toBe(7);
    expect((await list(pool.id, '?q=alice')).total).toBe(0);
    // ...and once stale, served at once and counted again in the background for the next read.
    await t.ctx.db.update(poolKeptCounts).set({ computedAt: sql`now() - interval '1 minute'` });
    expect((await list(pool.id)).total).toBe(7);
    await owingCountsSettled();
    expect(await keptCounts(pool.id)).toEqual([{ key: 'owing:2:1', value: 1 }]);
    expect((await list(pool.id)).total).toBe(1);
  });

  it('keeps nothing for a small pool after a settlement pass', async () => {
    const { pool } = await mlbWorld();
    expect(await keepOwingCount(t.ctx, pool)).toBeNull();
    expect(await keptCounts(pool.id)).toEqual([]);
  });

  it('is for the league admins only: a member is refused, a visitor cannot nudge', async () => {
    const { pool } = await mlbWorld();
    const member = await get(`/api/pools/${pool.id}/commish/missingPicks`, alice);
    expect([member.statusCode, member.json().message]).toEqual([403, COMMISH_ONLY_MESSAGE]);
    const memberNudge = await nudge(pool.id, undefined, alice);
    expect([memberNudge.statusCode, memberNudge.json().message]).toEqual([403, COMMISH_ONLY_MESSAGE]);
    expect((await nudge(pool.id, undefined, null)).statusCode).toBe(401);
    // A visitor reading a public league's pool is told it is for admins (hidden leagues answer 404).
    expect((await get(`/api/pools/${pool.id}/commish/missingPicks`, null)).statusCode).toBe(403);
    expect(sentMail(t.app)).toHaveLength(0);
  });
});

describe('POST /api/pools/{poolId}/commish/nudge', () => {
  it('mails each player once, listing their entries that owe a pick, and audits the nudge', async () => {
    const { pool } = await mlbWorld();
    // alice's second entry now owes too: her one mail lists both.
    await enter(t.ctx, pool.id, alice, { entryNum: 3, lives: 1 });
    const answer = await nudge(pool.id, 'first-dialog-key');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<NudgeResponse>()).toMatchObject({
      week: 2,
      entries: 3,
      players: 2,
      failed: 0,
      repeat: false,
      message: MISSING_PICKS_MESSAGES.sent(2, 3, 2),
      nudge: { wait_seconds: 3600 },
    });
    const mails = sentMail(t.app);
    expect(mails.map((mail) => mail.to).sort()).toEqual([await emailOf(alice), await emailOf(bob)].sort());
    const toAlice = mails.find((mail) => mail.to === mails.find((m) => m.text.includes('Hi alice'))?.to);
    expect(toAlice?.subject).toBe('Reminder: make your Week 2 pick in Squad Survivor');
    expect(toAlice?.text).toContain('commish, the commissioner of Squad Survivor in Sunday Squad');
    expect(toAlice?.text).toContain('Week 2 locks Mon, Nov 23, 12:00 AM UTC');
    expect(toAlice?.text).toContain('- alice (2 lives left)');
    expect(toAlice?.text).toContain('- alice [3] (1 life left)');
    expect(toAlice?.text).toContain('Make your picks: http://localhost:3000/mlb/SQUAD/2023/reg/0/makepicks');
    const toBob = mails.find((mail) => mail.text.includes('Hi bob'));
    expect(toBob?.text).toContain(
      '- bob (1 life left; insured: if you do not pick, insurance will pick for it at the lock)',
    );
    // Nobody's mail names a pick.
    for (const mail of mails) expect(mail.text).not.toMatch(/HOU|TOR/);

    const audits = await t.ctx.db
      .select()
      .from(poolAudits)
      .where(and(eq(poolAudits.poolId, pool.id), eq(poolAudits.action, 'nudge')));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      userId: world.owner.id,
      summary: 'Nudge: e-mailed 2 player(s) of 3 entries without a Week 2 pick',
      newValue: { week: 2, entries: 3, players: 2, request_key: 'first-dialog-key' },
    });
    const state = await list(pool.id);
    expect(state.nudge).toEqual({ last_sent_at: t.clock.now().toISOString(), wait_seconds: 3600 });
  });

  it('refuses a second nudge within the hour on the wall clock, answers a repeat, and allows one after', async () => {
    const { pool } = await mlbWorld();
    expect((await nudge(pool.id, 'first-dialog-key')).statusCode).toBe(200);
    expect(sentMail(t.app)).toHaveLength(2);

    t.wallClock.advance(20 * 60 * 1000);
    // The demo's clock may run fast: an hour of the application's clock is not an hour of real time.
    t.clock.advance(3 * 60 * 60 * 1000);
    const refused = await nudge(pool.id, 'other-dialog-key');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(MISSING_PICKS_MESSAGES.tooSoon(40));
    expect(refused.headers['retry-after']).toBe(String(40 * 60));
    expect((await nudge(pool.id)).statusCode).toBe(429);
    expect((await list(pool.id)).nudge.wait_seconds).toBe(40 * 60);

    // The same request again (a double click, a retry): the first result, nothing sent again.
    const repeat = await nudge(pool.id, 'first-dialog-key');
    expect(repeat.statusCode, repeat.body).toBe(200);
    expect(repeat.json<NudgeResponse>()).toMatchObject({ repeat: true, week: 2, entries: 2, players: 2 });
    expect(sentMail(t.app)).toHaveLength(2);

    t.wallClock.advance(40 * 60 * 1000);
    const later = await nudge(pool.id, 'other-dialog-key');
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json<NudgeResponse>().repeat).toBe(false);
    expect(sentMail(t.app)).toHaveLength(4);
    const audits = await t.ctx.db
      .select()
      .from(poolAudits)
      .where(and(eq(poolAudits.poolId, pool.id), eq(poolAudits.action, 'nudge')));
    expect(audits).toHaveLength(2);
  });

  it('sends nothing and keeps the hour free when everyone has picked', async () => {
    const { pool, a1, b1 } = await mlbWorld();
    await buildPick(t.ctx, { entryId: a1.id, week: 2, pickId: 'NYY' });
    await buildPick(t.ctx, { entryId: b1.id, week: 2, pickId: 'BOS' });
    expect(await list(pool.id)).toMatchObject({ week: 2, rows: [], total: 0 });
    const refused = await nudge(pool.id);
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      MISSING_PICKS_MESSAGES.everyoneHasPicked(2),
    ]);
    expect(sentMail(t.app)).toHaveLength(0);
    expect((await list(pool.id)).nudge.wait_seconds).toBe(0);
  });

  it('refuses a bad request key with its message', async () => {
    const { pool } = await mlbWorld();
    const bad = await nudge(pool.id, 'short');
    expect([bad.statusCode, bad.json().message]).toEqual([400, MISSING_PICKS_MESSAGES.badRequestKey]);
  });
});

describe('streamOwingPlayers', () => {
  it("hands each owner's owing entries together, whatever batch they fall in", async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    // Three entries each; alice's second picked week 2, bob's third is eliminated, carol owes all three.
    const made = [];
    for (const user of [alice, bob, carol]) {
      for (const entryNum of [1, 2, 3]) {
        made.push(
          await enter(t.ctx, pool.id, user, { entryNum, lives: user === bob && entryNum === 3 ? 0 : 1 }),
        );
      }
    }
    await buildPick(t.ctx, { entryId: made[1].id, week: 2, pickId: 'NYY' });
    // Batches larger than an owner's entries (in the pool's own use: 2,000, and at most 100 entries an owner).
    for (const batchSize of [4, 5, 7, 100]) {
      const batches: Array<Array<[string, number[]]>> = [];
      await streamOwingPlayers(
        t.ctx.db,
        { poolId: pool.id, week: 2, needed: 1, batchSize },
        async (players) => {
          batches.push(
            players.map((player) => [player.username, player.entries.map((entry) => entry.entryNum)]),
          );
        },
      );
      expect(batches.flat(), `batches of ${batchSize}`).toEqual([
        ['alice', [1, 3]],
        ['bob', [1, 2]],
        ['carol', [1, 2, 3]],
      ]);
      if (batchSize < 9) expect(batches.length).toBeGreaterThan(1);
    }
  });
});
