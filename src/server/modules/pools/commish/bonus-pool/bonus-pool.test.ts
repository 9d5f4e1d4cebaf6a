import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDefaultBonusOptions } from '../../../../../core/bonus';
import { PAGING_MESSAGES } from '../../../../../core/contracts/paging';
import { COMMISH_BONUS_WINNERS_SHOWN, BONUS_POOL_MESSAGES as M } from '../../../../../core/contracts/pools';
import { ENTRY_STATUS } from '../../../../../core/pool/entry-status';
import { rowsOf } from '../../../../db/client';
import { bonusEvents, entries, gameFacts, ledger, poolAudits, poolWeeks } from '../../../../db/schema';
import { buildEntryWeek, buildPick, listEntryWeeks } from '../../../../test/factories';
import type { TestApp } from '../../../../test/harness';
import { registerNamed, type TestUser } from '../../../../test/league-test-world';
import {
  buildMlbPool,
  buildNflPool,
  enter,
  finishWeek,
  type PoolWorld,
  startPoolWorld,
} from '../../../../test/pool-test-world';
import { settleDueWeeks } from '../../settlement/settle-pool.job';
import { bulkPoolEntries } from '../big-pool-test-world';

let t: TestApp;
let world: PoolWorld;
let players: TestUser[];
const EARLY = new Date('2026-11-10T00:00:00Z');

beforeEach(async () => {
  ({
    t,
    world,
    members: players,
  } = await startPoolWorld({
    hidden: true,
    seasons: ['mlb'],
    members: ['ann', 'bob', 'cat', 'dan'],
  }));
});

const get = (url: string, user: TestUser | null = world.owner) =>
  t.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });
const post = (url: string, payload: object, user: TestUser | null = world.owner) =>
  t.app.inject({ method: 'POST', url, headers: user ? { cookie: user.cookie } : {}, payload });

const bonusPool = (values: object = {}) =>
  buildMlbPool(t.ctx, world.leagueId, {
    start: EARLY,
    bonusActive: true,
    bonusShutdown: 0,
    bonusOptions: getDefaultBonusOptions('mlb'),
    ...values,
  });

/**
 * Week 1 has locked (live week 1, so changes apply from week 2): ann was in its bonus pool, bob not;
 * cat is inactive, dan eliminated.
 */
async function lockedWeekOne(running = true) {
  const pool = await bonusPool();
  const [ann, bob, cat, dan] = players;
  const a = await enter(t.ctx, pool.id, ann, { bonus: true });
  const b = await enter(t.ctx, pool.id, bob);
  const c = await enter(t.ctx, pool.id, cat, { status: ENTRY_STATUS.inactive, bonus: true });
  const d = await enter(t.ctx, pool.id, dan, { lives: 0 });
  await t.ctx.db
    .insert(poolWeeks)
    .values({ poolId: pool.id, week: 1, aliveAtLock: 2, bonusRunning: running, lockedAt: EARLY });
  await buildEntryWeek(t.ctx, { poolId: pool.id, entryId: a.id, week: 1, inBonus: running });
  await buildEntryWeek(t.ctx, { poolId: pool.id, entryId: b.id, week: 1, inBonus: false });
  return { pool, a, b, c, d };
}

describe('GET /pools/getBonusParams/{poolId}', () => {
  it("gives the weeks up to the week changes apply to, and each list of a week's bonus pool with its count", async () => {
    const { pool, a, b, c, d } = await lockedWeekOne();
    const answer = await get(`/pools/getBonusParams/${pool.id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const ann = { id: a.id, label: 'ann', status: 1, eliminated: false, movable: true };
    expect(answer.json()).toEqual({
      available: true,
      params: [
        { week: 1, locked: true, inactive: false },
        { week: 2, locked: false, inactive: false },
      ],
      editable_week: 2,
      live_week: 1,
      week: 2,
      counts: { in: 1, out: 1, fixed: 2 },
      list: 'in',
      entries: [ann],
      page: 1,
      pageSize: 50,
      total: 1,
    });
    const list = async (query: string) => (await get(`/pools/getBonusParams/${pool.id}?${query}`)).json();
    expect((await list('list=out')).entries).toEqual([
      { id: b.id, label: 'bob', status: 1, eliminated: false, movable: true },
    ]);
    expect((await list('list=fixed')).entries).toEqual([
      { id: c.id, label: 'cat', status: 0, eliminated: false, movable: false },
      { id: d.id, label: 'dan', status: 1, eliminated: true, movable: false },
    ]);
    // Locked week 1 lists who played in its bonus pool; nobody can move in.
    expect(await list('week=1')).toMatchObject({
      week: 1,
      counts: { in: 1, out: 0, fixed: 2 },
      entries: [ann],
    });
    expect((await list('week=1&list=out')).entries).toEqual([]);
    expect((await list('q=bo&list=out')).total).toBe(1);
    expect((await list('q=zed&list=out')).total).toBe(0);
  });

  it('says when the bonus pool did not run in a week, and that NFL TD has none', async () => {
    const { pool } = await lockedWeekOne(false);
    const answer = await get(`/pools/getBonusParams/${pool.id}?week=1`);
    expect(answer.json().params[0]).toEqual({ week: 1, locked: true, inactive: true });
    expect(answer.json().counts.in).toBe(0);
    const nfl = await buildNflPool(t.ctx, world.leagueId);
    expect((await get(`/pools/getBonusParams/${nfl.id}`)).json()).toMatchObject({
      available: false,
      params: [],
    });
  });

  it("pages and searches a big pool's weeks in SQL, a locked week's members read from its entry weeks", async () => {
    const pool = await bonusPool();
    const prefix = `bp${pool.id}x`;
    // 1,500 members with 2 entries each: 3,000 entries, those of even ids in the bonus pool from now on.
    await bulkPoolEntries(t.ctx.db, {
      poolId: pool.id,
      leagueId: world.leagueId,
      prefix,
      users: 1500,
      perUser: 2,
    });
    await t.ctx.db.execute(sql`update entries set bonus = (id % 2 = 0) where pool_id = ${pool.id}`);
    // Week 1 locked with the entries of ids divisible by 3 in its bonus pool (kind 1), the others out (kind 2).
    await t.ctx.db.execute(sql`
      insert into entry_week_kinds (pool_id, week, kind, in_bonus, auto_rebuy)
      values (${pool.id}, 1, 1, true, false), (${pool.id}, 1, 2, false, false)`);
    await t.ctx.db.execute(sql`
      insert into pool_weeks (pool_id, week, alive_at_lock, bonus_running, locked_at, entry_kinds)
      select ${pool.id}, 1, 0, true, ${EARLY.toISOString()}::timestamptz,
        decode(string_agg(lpad(to_hex(case when e.id % 3 = 0 then 1 else 2 end), 6, '0'), '' order by e.slot), 'hex')
      from entries e where e.pool_id = ${pool.id}`);
    const [expected] = rowsOf<{ locked_in: string; in_now: string; out_now: string; fixed: string }>(
      await t.ctx.db.execute(sql`
        select count(*) filter (where id % 3 = 0) as locked_in,
          count(*) filter (where status = 1 and lives > 0 and bonus) as in_now,
          count(*) filter (where status = 1 and lives > 0 and not bonus) as out_now,
          count(*) filter (where not (status = 1 and lives > 0)) as fixed
        from entries where pool_id = ${pool.id}`),
    );
    const url = `/pools/getBonusParams/${pool.id}`;
    const locked = await get(`${url}?week=1`);
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json().counts).toEqual({
      in: Number(expected.locked_in),
      out: 0,
      fixed: Number(expected.fixed),
    });
    expect(locked.json().total).toBe(Number(expected.locked_in));
    expect(locked.json().entries).toHaveLength(50);
    // Every member of the week in the answer would be tens of kilobytes.
    expect(locked.body.length).toBeLessThan(10_000);
    const page2 = (await get(`${url}?week=1&page=2`)).json();
    expect(page2.entries[0].id).not.toBe(locked.json().entries[0].id);
    const deep = (await get(`${url}?week=1&q=${prefix}1499`)).json();
    expect(deep.entries.every((e: { id: number }) => e.id % 3 === 0)).toBe(true);
    expect(deep.entries.map((e: { label: string }) => e.label.startsWith(`${prefix}1499`))).not.toContain(
      false,
    );

    const editable = (await get(`${url}?list=out&pageSize=100`)).json();
    expect(editable.week).toBe(2);
    expect(editable.counts).toEqual({
      in: Number(expected.in_now),
      out: Number(expected.out_now),
      fixed: Number(expected.fixed),
    });
    expect(editable.entries).toHaveLength(100);
    expect(editable.entries.every((e: { id: number; movable: boolean }) => e.movable)).toBe(true);

    for (const [query, message] of [
      ['pageSize=101', PAGING_MESSAGES.pageSize],
      ['list=all', M.badList],
      ['week=9', M.badWeek],
    ]) {
      const refused = await get(`${url}?${query}`);
      expect([refused.statusCode, refused.json().message], query).toEqual([400, message]);
    }
  });

  it('is for the league admins only', async () => {
    const { pool } = await lockedWeekOne();
    expect((await get(`/pools/getBonusParams/${pool.id}`, players[0])).statusCode).toBe(403);
    const outsider = await registerNamed(t.app, 'outsider');
    expect((await get(`/pools/getBonusParams/${pool.id}`, outsider)).statusCode).toBe(404);
    expect((await get(`/pools/getBonusParams/${pool.id}`, null)).statusCode).toBe(404);
  });
});

describe('POST /pools/updateBonusPoolParams', () => {
  it('moves entries in and out from the following week, keeps the locked week as it was, and audits each move', async () => {
    const { pool, a, b } = await lockedWeekOne();
    const answer = await post('/pools/updateBonusPoolParams', { poolId: pool.id, week: 2, users: [b.id] });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      message: 'Week 2 bonus pool has been updated.',
      counts: { in: 1, out: 1, fixed: 2 },
      added: [b.id],
      removed: [a.id],
    });
    const rows = await t.ctx.db
      .select()
      .from(entries)
      .where(eq(entries.poolId, pool.id))
      .orderBy(asc(entries.id));
    const flags = rows.map((row) => [row.id, row.bonus, row.bonusPrev, row.bonusEffWeek]);
    expect(flags.slice(0, 2)).toEqual([
      [a.id, false, true, 2],
      [b.id, true, false, 2],
    ]);
    const audits = await t.ctx.db
      .select()
      .from(poolAudits)
      .where(eq(poolAudits.poolId, pool.id))
      .orderBy(asc(poolAudits.id));
    expect(audits.map((row) => [row.action, row.summary, row.entryId, row.userId])).toEqual([
      ['bonus_pool', 'ann removed from the bonus pool from Week 2', a.id, world.owner.id],
      ['bonus_pool', 'bob added to the bonus pool from Week 2', b.id, world.owner.id],
    ]);
    // Locked week 1 is history: its membership did not change.
    const week1 = (await listEntryWeeks(t.ctx, { poolId: pool.id, week: 1 })).filter((row) => row.inBonus);
    expect(week1.map((row) => row.entryId)).toEqual([a.id]);
  });

  it("moves only the entries a save names (add and remove), as a big pool's pages send them", async () => {
    const { pool, a, b, c } = await lockedWeekOne();
    const move = (payload: object) =>
      post('/pools/updateBonusPoolParams', { poolId: pool.id, week: 2, ...payload });
    const answer = await move({ add: [b.id], remove: [a.id] });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ added: [b.id], removed: [a.id], counts: { in: 1, out: 1 } });
    // Naming an entry already where it is asked to be changes nothing.
    expect((await move({ add: [b.id] })).json()).toMatchObject({ added: [], removed: [] });
    const cases: Array<[object, string]> = [
      [{ add: [a.id], remove: [a.id] }, M.badMoves],
      [{ add: [999_999] }, M.unknownEntry],
      [{ add: [c.id] }, M.cannotMoveInactive('cat')],
      [{ add: Array.from({ length: 1001 }, (_, i) => i + 1) }, M.badMoves],
    ];
    for (const [payload, message] of cases) {
      const refused = await move(payload);
      expect([refused.statusCode, refused.json().message], JSON.stringify(payload).slice(0, 80)).toEqual([
        400,
        message,
      ]);
    }
    const rows = await t.ctx.db
      .select()
      .from(entries)
      .where(eq(entries.poolId, pool.id))
      .orderBy(asc(entries.id));
    expect(rows.slice(0, 2).map((row) => row.bonus)).toEqual([false, true]);
  });

  it('refuses history weeks, entries that cannot move, unknown entries and pools without a bonus pool, changing nothing', async () => {
    const { pool, a, b, c, d } = await lockedWeekOne();
    const cases: Array<[object, number, string]> = [
      [{ poolId: pool.id, week: 1, users: [b.id] }, 400, M.history(1, 2)],
      [{ poolId: pool.id, week: 9, users: [] }, 400, M.badWeek],
      [{ poolId: pool.id, week: 2, users: [a.id, b.id, c.id] }, 400, M.cannotMoveInactive('cat')],
      [{ poolId: pool.id, week: 2, users: [a.id, d.id] }, 400, M.cannotMoveEliminated('dan')],
      [{ poolId: pool.id, week: 2, users: [a.id, 999_999] }, 400, M.unknownEntry],
      [{ poolId: pool.id, week: 'two', users: [] }, 400, M.badWeek],
      [{ poolId: pool.id, week: 2, users: 'all' }, 400, M.badUsers],
    ];
    for (const [payload, status, message] of cases) {
      const answer = await post('/pools/updateBonusPoolParams', payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(status);
      expect(answer.json().message).toBe(message);
    }
    // cat stays listed as she was (inactive, her switch untouched) when she is not moved.
    const kept = await post('/pools/updateBonusPoolParams', { poolId: pool.id, week: 2, users: [a.id] });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ added: [], removed: [] });
    expect(await t.ctx.db.select().from(poolAudits).where(eq(poolAudits.poolId, pool.id))).toEqual([]);

    const off = await buildMlbPool(t.ctx, world.leagueId, { poolIdx: 1 });
    const inactive = await post('/pools/updateBonusPoolParams', { poolId: off.id, week: 2, users: [] });
    expect(inactive.json().message).toBe(M.bonusInactive);
    const nfl = await buildNflPool(t.ctx, world.leagueId);
    const refused = await post('/pools/updateBonusPoolParams', { poolId: nfl.id, week: 2, users: [] });
    expect([refused.statusCode, refused.json().message]).toEqual([400, M.nflUnavailable]);

    const payload = { poolId: pool.id, week: 2, users: [b.id] };
    expect((await post('/pools/updateBonusPoolParams', payload, players[0])).statusCode).toBe(403);
    const outsider = await registerNamed(t.app, 'outsider');
    expect((await post('/pools/updateBonusPoolParams', payload, outsider)).statusCode).toBe(404);
    expect((await post('/pools/updateBonusPoolParams', payload, null)).statusCode).toBe(401);
    const [bob] = await t.ctx.db.select().from(entries).where(eq(entries.id, b.id));
    expect(bob.bonus).toBe(false);
  });
});

/** Week 1 finals: NYY beat BOS 15-3 (a 15+ RUNS bonus, $30), HOU beat NYY 4-2, TOR beat HOU 3-1. */
async function playWeekOneWithBonus() {
  const week = await finishWeek(t.ctx, 1, { 'NYY-BOS': [15, 3], 'HOU-NYY': [4, 2], 'TOR-HOU': [3, 1] });
  const nyyHome = week.find((g) => g.home === 'NYY');
  if (!nyyHome) throw new Error('no NYY home game');
  const facts = (runs: number) => ({
    gid: nyyHome.gid,
    start: nyyHome.startTime.toISOString(),
    status: 'final',
    home: { team_abb: 'NYY', runs, hits: 18, baserunners: 22 },
    away: { team_abb: 'BOS', runs: 3, hits: 7, baserunners: 10 },
    innings: 9,
  });
  await t.ctx.db.insert(gameFacts).values({ gameId: nyyHome.id, source: 'test', facts: facts(15) });
  return {
    correctTo14: () =>
      t.ctx.db
        .update(gameFacts)
        .set({ facts: facts(14) })
        .where(eq(gameFacts.gameId, nyyHome.id)),
  };
}

/** ann (NYY), bob (HOU) and cat (TOR) in the bonus pool, dan (NYY) not: ann wins $30, bob and cat pay $15. */
async function settledBonus() {
  const pool = await bonusPool();
  const [ann, bob, cat, dan] = players;
  const a = await enter(t.ctx, pool.id, ann, { createdAt: EARLY, bonus: true });
  const b = await enter(t.ctx, pool.id, bob, { createdAt: EARLY, bonus: true });
  const c = await enter(t.ctx, pool.id, cat, { createdAt: EARLY, bonus: true });
  const d = await enter(t.ctx, pool.id, dan, { createdAt: EARLY });
  await buildPick(t.ctx, { entryId: a.id, week: 1, pickId: 'NYY' });
  await buildPick(t.ctx, { entryId: b.id, week: 1, pickId: 'HOU' });
  await buildPick(t.ctx, { entryId: c.id, week: 1, pickId: 'TOR' });
  await buildPick(t.ctx, { entryId: d.id, week: 1, pickId: 'NYY' });
  const week = await playWeekOneWithBonus();
  await settleDueWeeks(t.ctx);
  const [event] = await t.ctx.db.select().from(bonusEvents).where(eq(bonusEvents.poolId, pool.id));
  return { pool, a, b, c, d, event, ...week };
}

const recalculate = (poolId: number, bonusId: number, user: TestUser | null = world.owner) =>
  post('/api/bonus/recalculate', { poolId, bonusId }, user);

describe('bonus events, details and recalculation', () => {
  it("pages a big bonus's winners and losers, sums them in SQL and names only the first winners", async () => {
    const { pool, event } = await settledBonus();
    const prefix = `bd${pool.id}x`;
    // 3,000 more entries: 300 of them win $5 each on the bonus, the other 2,700 pay.
    await bulkPoolEntries(t.ctx.db, {
      poolId: pool.id,
      leagueId: world.leagueId,
      prefix,
      users: 1500,
      perUser: 2,
    });
    const mine = sql`e.pool_id = ${pool.id} and e.user_id in (select id from users where starts_with(username, ${prefix}))`;
    await t.ctx.db.execute(sql`
      insert into ledger (pool_id, entry_id, kind, amount, week, bonus_event_id, created_at)
      select ${pool.id}, e.id, 'bonus', case when e.id % 10 = 0 then 500 else -50 end, 1, ${event.id}, now()
      from entries e where ${mine}`);
    await t.ctx.db.execute(sql`
      update bonus_events set winners = winners || (
        select jsonb_agg(e.id order by e.id) from entries e where ${mine} and e.id % 10 = 0)
      where id = ${event.id}`);
    const [sums] = rowsOf<{ winners: string; losers: string; won: string; paid: string }>(
      await t.ctx.db.execute(sql`
        with s as (select entry_id, sum(amount) as amount from ledger where bonus_event_id = ${event.id}
          group by entry_id having sum(amount) <> 0)
        select count(*) filter (where amount > 0) as winners, count(*) filter (where amount < 0) as losers,
          sum(amount) filter (where amount > 0) as won, sum(amount) filter (where amount < 0) as paid from s`),
    );
    const url = `/api/bonus/details/${pool.id}/${event.id}`;
    const first = await get(url);
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({
      winners_count: Number(sums.winners),
      losers_count: Number(sums.losers),
      winners_total: Number(sums.won),
      losers_total: Number(sums.paid),
      total: Number(sums.losers),
      page: 1,
      pageSize: 50,
    });
    expect(body.winners).toHaveLength(50);
    expect(body.losers).toHaveLength(50);
    expect(body.event.winner_count).toBe(Number(sums.winners));
    expect(body.event.winner_labels).toHaveLength(COMMISH_BONUS_WINNERS_SHOWN);
    // Every line of the bonus in the answer would be a hundred kilobytes and more.
    expect(first.body.length).toBeLessThan(15_000);
    const second = (await get(`${url}?page=2`)).json();
    expect(second.losers[0].entry_id).not.toBe(body.losers[0].entry_id);
    const deep = (await get(`${url}?q=${prefix}1499`)).json();
    expect([...deep.winners, ...deep.losers].map((line: { label: string }) => line.label).sort()).toEqual([
      `${prefix}1499`,
      `${prefix}1499 [2]`,
    ]);
    expect(deep.winners_count + deep.losers_count).toBe(2);
    const events = await get(`/pools/getBonusEvents/${pool.id}`);
    expect(events.json().events[0].winners).toHaveLength(COMMISH_BONUS_WINNERS_SHOWN);
    expect(events.body.length).toBeLessThan(5_000);
    const refused = await get(`${url}?pageSize=101`);
    expect([refused.statusCode, refused.json().message]).toEqual([400, PAGING_MESSAGES.pageSize]);
  });

  it('lists the standing bonuses and shows one with its winners and losers and their totals', async () => {
    const { pool, a, b, c, event } = await settledBonus();
    const list = await get(`/pools/getBonusEvents/${pool.id}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().events).toMatchObject([
      {
        id: event.id,
        week: 1,
        bonus_name: '15+ RUNS',
        team_abb: 'NYY',
        winners: [a.id],
        winner_labels: ['ann'],
        winner_count: 1,
      },
    ]);
    const details = await get(`/api/bonus/details/${pool.id}/${event.id}`);
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json()).toMatchObject({
      winners: [{ entry_id: a.id, label: 'ann', amount: 3000 }],
      losers: [
        { entry_id: b.id, label: 'bob', amount: -1500 },
        { entry_id: c.id, label: 'cat', amount: -1500 },
      ],
      winners_count: 1,
      losers_count: 2,
      winners_total: 3000,
      losers_total: -3000,
      page: 1,
      pageSize: 50,
      total: 2,
    });
    const missing = await get(`/api/bonus/details/${pool.id}/999999`);
    expect([missing.statusCode, missing.json().message]).toEqual([404, M.bonusNotFound]);
    expect((await get(`/api/bonus/details/${pool.id}/${event.id}`, players[0])).statusCode).toBe(403);
    expect((await get(`/pools/getBonusEvents/${pool.id}`, players[0])).statusCode).toBe(403);
  });

  it('says so when nothing changed, and writes nothing', async () => {
    const { pool, event } = await settledBonus();
    const before = await t.ctx.db.select().from(ledger).where(eq(ledger.poolId, pool.id));
    const answer = await recalculate(pool.id, event.id);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      outcome: 'unchanged',
      message: M.unchanged,
      event: { id: event.id },
    });
    expect(await t.ctx.db.select().from(ledger).where(eq(ledger.poolId, pool.id))).toEqual(before);
    expect(await t.ctx.db.select().from(poolAudits).where(eq(poolAudits.poolId, pool.id))).toEqual([]);
  });

  it("reverses the old money and pays the new winners after a commissioner edited a week's pick", async () => {
    const { pool, a, b, c, event } = await settledBonus();
    const edit = await post('/admin/updateUserPicks', {
      user_season_id: b.id,
      oldSelections: [{ week: 1, team: 'HOU' }],
      newSelections: [{ week: 1, team: 'NYY' }],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const answer = await recalculate(pool.id, event.id);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      outcome: 'updated',
      message: 'Bonus has been successfully recalculated',
      event: { winners: [a.id, b.id], winner_labels: ['ann', 'bob'], total: 6000, prize: 3000 },
    });
    const replacement = answer.json().event.id;
    expect(replacement).not.toBe(event.id);
    const [old] = await t.ctx.db.select().from(bonusEvents).where(eq(bonusEvents.id, event.id));
    expect(old.voidedAt).not.toBeNull();
    const net = async (entryId: number) =>
      (
        await t.ctx.db
          .select()
          .from(ledger)
          .where(and(eq(ledger.entryId, entryId), eq(ledger.kind, 'bonus')))
      ).reduce((sum, row) => sum + row.amount, 0);
    expect([await net(a.id), await net(b.id), await net(c.id)]).toEqual([3000, 3000, -6000]);
    // The pool's Bonuses tab shows the bonus as it stands now, not the voided one.
    const mapped = await get(`/api/bonus/mapped/${pool.id}`, players[0]);
    expect(mapped.json().events.map((e: { id: number }) => e.id)).toEqual([replacement]);
    const details = await get(`/api/bonus/details/${pool.id}/${replacement}`);
    expect(details.json()).toMatchObject({ winners_total: 6000, losers_total: -6000 });
    const weekNet = await listEntryWeeks(t.ctx, { poolId: pool.id });
    expect(weekNet.slice(0, 3).map((row) => row.bonusNet)).toEqual([3000, 3000, -6000]);
    const audits = await t.ctx.db
      .select()
      .from(poolAudits)
      .where(and(eq(poolAudits.poolId, pool.id), eq(poolAudits.action, 'recalculate')));
    expect(audits.map((row) => [row.summary, row.oldValue, row.newValue])).toEqual([
      [
        'Week 1 15+ RUNS (NYY) recalculated: 1 to 2 winners',
        { prize: 3000, total: 3000, winners: [a.id] },
        { prize: 3000, total: 6000, winners: [a.id, b.id] },
      ],
    ]);
    const again = await recalculate(pool.id, event.id);
    expect([again.statusCode, again.json().message]).toEqual([409, M.voidedAlready]);
  });

  it('voids a bonus that no longer stands on the stored facts and reverses its money', async () => {
    const { pool, a, b, c, event, correctTo14 } = await settledBonus();
    await correctTo14();
    const answer = await recalculate(pool.id, event.id);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ outcome: 'voided', message: M.voided, event: null });
    for (const id of [a.id, b.id, c.id]) {
      const rows = await t.ctx.db.select().from(ledger).where(eq(ledger.entryId, id));
      expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(0);
    }
    expect((await get(`/pools/getBonusEvents/${pool.id}`)).json().events).toEqual([]);
    const audits = await t.ctx.db.select().from(poolAudits).where(eq(poolAudits.poolId, pool.id));
    expect(audits.map((row) => row.summary)).toEqual(['Week 1 15+ RUNS (NYY) voided: it no longer stands']);
  });

  it('refuses unknown bonuses, members, outsiders and visitors', async () => {
    const { pool, event } = await settledBonus();
    const missing = await recalculate(pool.id, 999_999);
    expect([missing.statusCode, missing.json().message]).toEqual([404, M.bonusNotFound]);
    expect((await recalculate(pool.id, event.id, players[0])).statusCode).toBe(403);
    const outsider = await registerNamed(t.app, 'outsider');
    expect((await recalculate(pool.id, event.id, outsider)).statusCode).toBe(404);
    expect((await recalculate(pool.id, event.id, null)).statusCode).toBe(401);
    const [kept] = await t.ctx.db.select().from(bonusEvents).where(eq(bonusEvents.id, event.id));
    expect(kept.voidedAt).toBeNull();
  });
});
