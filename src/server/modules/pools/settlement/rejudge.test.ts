import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import { entries, games, ledger, poolWeeks } from '../../../db/schema';
import { buildPick, listEntryWeeks } from '../../../test/factories';
import type { TestApp } from '../../../test/harness';
import type { TestUser } from '../../../test/league-test-world';
import {
  buildMlbPool,
  enter,
  finishWeek,
  type PoolWorld,
  startPoolWorld,
} from '../../../test/pool-test-world';
import { timeLimit } from '../../../test/time-limit';
import { settleDueWeeks } from './settle-pool.job';

let t: TestApp;
let world: PoolWorld;
let players: TestUser[];
const EARLY = new Date('2026-11-10T00:00:00Z');
/**
 * On PostgreSQL, past the 65,535 parameters of its protocol: a statement with a parameter per entry
 * fails at this size. PGlite has no such limit and takes seconds per 10,000 entries, so `npm test` runs
 * the same test there at a tenth of the size (the PostgreSQL pass of CI runs it whole).
 */
const ENTRIES = process.env.TEST_DATABASE_URL ? 70_000 : 7_000;

beforeEach(async () => {
  ({
    t,
    world,
    members: players,
  } = await startPoolWorld({ seasons: ['mlb'], members: ['ann', 'bob', 'cat'] }));
});

/** Week 1 finals: BOS@NYY 3-5, NYY@HOU 2-4, HOU@TOR 1-3, so NYY and HOU 1-1 advance, BOS 0-1 loses. */
function finishWeekOne() {
  return finishWeek(t.ctx, 1, { 'NYY-BOS': [5, 3], 'HOU-NYY': [4, 2], 'TOR-HOU': [3, 1] });
}

/** The feed's correction of BOS@NYY in week 1: Boston won 5-3, so NYY goes 0-2 and BOS 1-0. */
async function correctWeekOne(week: Awaited<ReturnType<typeof finishWeekOne>>) {
  const game = week.find((g) => g.home === 'NYY');
  if (!game) throw new Error('no NYY home game');
  await t.ctx.db.update(games).set({ homeScore: 3, awayScore: 5 }).where(eq(games.id, game.id));
  t.clock.set(new Date(t.clock.now().getTime() + 60_000));
}

/** The entrant pays the rebuy their entry waits for. */
async function payRebuy(user: TestUser, entryId: number) {
  const paid = await t.app.inject({
    method: 'POST',
    url: '/user/rebuy',
    headers: { cookie: user.cookie },
    payload: { userSeason: entryId, game: 'mlb', season: 2023, alias: 'SQUAD' },
  });
  expect(paid.statusCode, paid.body).toBe(200);
}

async function stateOf(id: number) {
  const [row] = await t.ctx.db.select().from(entries).where(eq(entries.id, id));
  return { lives: row.lives, rebuys: row.rebuysMade, needsRebuy: row.needsRebuy, weeksAlive: row.weeksAlive };
}

async function rebuyRows(poolId: number) {
  const rows = await t.ctx.db
    .select({ entryId: ledger.entryId, amount: ledger.amount, week: ledger.week, notes: ledger.notes })
    .from(ledger)
    .where(and(eq(ledger.poolId, poolId), eq(ledger.kind, 'rebuy')))
    .orderBy(asc(ledger.id));
  return rows.map((row) => [row.entryId, row.amount, row.week, row.notes]);
}

describe('re-judging a corrected week', () => {
  it('refunds a rebuy paid since the week that the corrected week no longer needs', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId, { start: EARLY, rebuys: 2, rebuyPrice: 2500 });
    const b = await enter(t.ctx, pool.id, players[1], { createdAt: EARLY });
    await buildPick(t.ctx, { entryId: b.id, week: 1, pickId: 'BOS' });
    const week = await finishWeekOne();
    await settleDueWeeks(t.ctx);
    expect(await stateOf(b.id)).toEqual({ lives: 2, rebuys: 0, needsRebuy: true, weeksAlive: 1 });
    await payRebuy(players[1], b.id);

    await correctWeekOne(week);
    expect((await settleDueWeeks(t.ctx)).rejudged).toEqual([{ poolId: pool.id, week: 1 }]);
    expect(await stateOf(b.id)).toEqual({ lives: 3, rebuys: 0, needsRebuy: false, weeksAlive: 1 });
    expect(await rebuyRows(pool.id)).toEqual([
      [b.id, -2500, 2, null],
      [b.id, 2500, 2, 'Rebuy refunded: a corrected result'],
    ]);
  });

  it('re-judges the weeks after it from the corrected states: a rebuy paid before a later lock is refunded, an entry that needed one and did not pay is out, and the next locked week starts over', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId, { start: EARLY, rebuys: 2, rebuyPrice: 2500 });
    const [ann, bob, cat] = players;
    const a = await enter(t.ctx, pool.id, ann, { createdAt: EARLY });
    const b = await enter(t.ctx, pool.id, bob, { createdAt: EARLY });
    const c = await enter(t.ctx, pool.id, cat, { createdAt: EARLY, autoRebuy: true });
    const picks = { [a.id]: ['NYY', 'HOU'], [b.id]: ['BOS', 'NYY'], [c.id]: ['NYY', 'BOS'] };
    for (const [id, [first, second]] of Object.entries(picks)) {
      await buildPick(t.ctx, { entryId: Number(id), week: 1, pickId: first });
      await buildPick(t.ctx, { entryId: Number(id), week: 2, pickId: second });
    }
    const week = await finishWeekOne();
    await settleDueWeeks(t.ctx);
    // bob lost week 1 and pays his rebuy before week 2 locks.
    await payRebuy(bob, b.id);
    // Week 2 (NYY 0-2, BOS and HOU 1-0) locks and settles; week 3 locks.
    t.clock.set(new Date('2026-11-24T12:00:00Z'));
    await finishWeek(t.ctx, 2, { 'NYY-BOS': [1, 2], 'HOU-NYY': [4, 2] });
    expect((await settleDueWeeks(t.ctx)).settled).toEqual([{ poolId: pool.id, week: 2 }]);
    t.clock.set(new Date('2026-12-01T12:00:00Z'));
    expect((await settleDueWeeks(t.ctx)).locked).toEqual([{ poolId: pool.id, week: 3 }]);

    await correctWeekOne(week);
    expect((await settleDueWeeks(t.ctx)).rejudged).toEqual([
      { poolId: pool.id, week: 1 },
      { poolId: pool.id, week: 2 },
    ]);
    // ann's NYY now lost week 1: she waited for a rebuy she never paid, so week 2 put her out.
    expect(await stateOf(a.id)).toEqual({ lives: 0, rebuys: 0, needsRebuy: false, weeksAlive: 1 });
    // bob's BOS won week 1: his rebuy was not needed (refunded); NYY lost him a life in week 2.
    expect(await stateOf(b.id)).toEqual({ lives: 2, rebuys: 0, needsRebuy: true, weeksAlive: 2 });
    // cat's NYY lost week 1 too: an auto-rebuy is charged now; BOS won week 2.
    expect(await stateOf(c.id)).toEqual({ lives: 2, rebuys: 1, needsRebuy: false, weeksAlive: 2 });
    const corrected = (await rebuyRows(pool.id)).filter((row) =>
      String(row[3]).endsWith('a corrected result'),
    );
    expect(corrected).toEqual([
      [c.id, -2500, 1, 'Auto-rebuy after Week 1: a corrected result'],
      [b.id, 2500, 2, 'Rebuy before Week 2 refunded: a corrected result'],
    ]);
    const judged = await listEntryWeeks(t.ctx, { poolId: pool.id, week: 2 });
    expect(judged.map((row) => [row.entryId, row.result, row.lives, row.status])).toEqual([
      [a.id, 'no-rebuy', 0, 'eliminated'],
      [b.id, 'loss', 2, 'needs-rebuy'],
      [c.id, 'advance', 2, 'alive'],
    ]);
    // Week 3, locked before the correction, starts from the corrected states.
    const locked = await listEntryWeeks(t.ctx, { poolId: pool.id, week: 3 });
    expect(locked.map((row) => [row.entryId, row.livesBefore, row.needsRebuyBefore, row.result])).toEqual([
      [a.id, 0, false, null],
      [b.id, 2, true, null],
      [c.id, 2, false, null],
    ]);
  });
});

/** Entry n picks nothing when n is a multiple of 10, otherwise NYY, BOS or HOU by n modulo 3. */
function pickOf(n: number): string | null {
  return n % 10 === 0 ? null : ['NYY', 'BOS', 'HOU'][n % 3];
}

describe('re-judging a big pool', () => {
  it(
    `re-judges a corrected week of ${ENTRIES.toLocaleString('en-US')} entries set-based, with the money and the next locked week following`,
    async () => {
      const pool = await buildMlbPool(t.ctx, world.leagueId, { start: EARLY, rebuys: 2, rebuyPrice: 2500 });
      await t.ctx.db.execute(sql`
      insert into entries (pool_id, user_id, entry_num, lives, auto_rebuy, created_at)
      select ${pool.id}, ${world.owner.id}, n, 3, n % 2 = 0, ${EARLY.toISOString()}::timestamptz
      from generate_series(1, ${ENTRIES}) as n`);
      await t.ctx.db.execute(sql`
      insert into picks (entry_id, week, pick_id, team_abb, created_at)
      select e.id, 1, p.team, p.team, ${EARLY.toISOString()}::timestamptz
      from entries e cross join lateral (select (array['NYY', 'BOS', 'HOU'])[1 + e.entry_num % 3] as team) p
      where e.pool_id = ${pool.id} and e.entry_num % 10 <> 0`);
      // Week 1: BOS@NYY 3-5, NYY@HOU 2-4, HOU@TOR 1-3: NYY and HOU 1-1 advance, BOS 0-1 loses.
      const week = await finishWeek(t.ctx, 1, { 'NYY-BOS': [5, 3], 'HOU-NYY': [4, 2], 'TOR-HOU': [3, 1] });
      expect((await settleDueWeeks(t.ctx)).settled).toEqual([{ poolId: pool.id, week: 1 }]);
      // Week 2 locks (its games are to come) with the states week 1 left.
      t.clock.set(new Date('2026-11-23T01:00:00Z'));
      expect((await settleDueWeeks(t.ctx)).locked).toEqual([{ poolId: pool.id, week: 2 }]);

      // The feed corrects BOS@NYY: Boston won 5-3, so NYY goes 0-2 and BOS 1-0.
      const game = week.find((g) => g.home === 'NYY');
      if (!game) throw new Error('no NYY home game');
      await t.ctx.db.update(games).set({ homeScore: 3, awayScore: 5 }).where(eq(games.id, game.id));
      t.clock.set(new Date('2026-11-23T01:01:00Z'));
      const run = await settleDueWeeks(t.ctx);
      expect(run.rejudged).toEqual([{ poolId: pool.id, week: 1 }]);

      // What the corrected week says, entry by entry: NYY pickers and those without a pick lose a life;
      // with auto-rebuy on (even entry numbers) they bought one, the others wait for one.
      const losers = { rebought: 0, waiting: 0, nyy: 0, bos: 0, hou: 0, none: 0 };
      for (let n = 1; n <= ENTRIES; n++) {
        const pick = pickOf(n);
        losers[pick === null ? 'none' : (pick.toLowerCase() as 'nyy' | 'bos' | 'hou')]++;
        if (pick === null || pick === 'NYY') losers[n % 2 === 0 ? 'rebought' : 'waiting']++;
      }
      const lost = losers.rebought + losers.waiting;
      const [states] = rowsOf<Record<string, number>>(
        await t.ctx.db.execute(sql`
        select count(*) filter (where lives = 3 and rebuys_made = 0 and not needs_rebuy)::int as advanced,
          count(*) filter (where lives = 2 and rebuys_made = 1 and not needs_rebuy)::int as rebought,
          count(*) filter (where lives = 2 and rebuys_made = 0 and needs_rebuy)::int as waiting,
          count(*) filter (where weeks_alive = 1)::int as alive_a_week
        from entries where pool_id = ${pool.id}`),
      );
      expect(states).toEqual({
        advanced: ENTRIES - lost,
        rebought: losers.rebought,
        waiting: losers.waiting,
        alive_a_week: ENTRIES,
      });
      // The judged week holds the corrected results, and its Pool Health Report counts follow.
      const results = rowsOf<{ result: string; count: number }>(
        await t.ctx.db.execute(sql`
        select k.result, count(*)::int as count
        from entries e
        join pool_weeks pw on pw.pool_id = e.pool_id and pw.week = 1
        join entry_week_kinds k on k.pool_id = pw.pool_id and k.week = pw.week
          and k.kind = entry_week_kind(pw.entry_kinds, e.slot)
        where e.pool_id = ${pool.id}
        group by k.result order by k.result`),
      );
      expect(results).toEqual([
        { result: 'advance', count: losers.bos + losers.hou },
        { result: 'loss', count: losers.nyy },
        { result: 'no-pick', count: losers.none },
      ]);
      const [health] = await t.ctx.db
        .select({ health: poolWeeks.health })
        .from(poolWeeks)
        .where(and(eq(poolWeeks.poolId, pool.id), eq(poolWeeks.week, 1)));
      expect(health.health).toEqual({ 2: lost, 3: ENTRIES - lost });
      // Money: each auto-rebuy the corrected week no longer needs is refunded by a new row, each one it
      // needs now is charged; every entry's rebuy rows add up to what the corrected week charges it.
      const [money] = rowsOf<Record<string, number>>(
        await t.ctx.db.execute(sql`
        select count(*) filter (where amount < 0)::int as charges, count(*) filter (where amount > 0)::int as refunds,
          count(*) filter (where notes like '%a corrected result')::int as compensating
        from ledger where pool_id = ${pool.id} and kind = 'rebuy'`),
      );
      const evenOf = (pick: string | null) =>
        Array.from({ length: ENTRIES }, (_, i) => i + 1).filter((n) => n % 2 === 0 && pickOf(n) === pick)
          .length;
      const firstCharged = evenOf('BOS') + evenOf(null);
      expect(money).toEqual({
        charges: firstCharged + evenOf('NYY'),
        refunds: evenOf('BOS'),
        compensating: evenOf('NYY') + evenOf('BOS'),
      });
      const [wrong] = rowsOf<{ count: number }>(
        await t.ctx.db.execute(sql`
        select count(*)::int as count
        from entries e
        left join (select entry_id, sum(amount)::int as net from ledger where pool_id = ${pool.id} group by entry_id) l
          on l.entry_id = e.id
        where e.pool_id = ${pool.id} and coalesce(l.net, 0) <> (case when e.rebuys_made = 1 then -2500 else 0 end)`),
      );
      expect(wrong.count).toBe(0);
      // Week 2, locked before the correction, now starts from the corrected states.
      const [locked] = rowsOf<Record<string, number>>(
        await t.ctx.db.execute(sql`
        select count(*) filter (where k.needs_rebuy_before)::int as waiting,
          count(*) filter (where k.lives_before = 2)::int as lost,
          count(*)::int as playing
        from entries e
        join pool_weeks pw on pw.pool_id = e.pool_id and pw.week = 2
        join entry_week_kinds k on k.pool_id = pw.pool_id and k.week = pw.week
          and k.kind = entry_week_kind(pw.entry_kinds, e.slot)
        where e.pool_id = ${pool.id}`),
      );
      expect(locked).toEqual({ waiting: losers.waiting, lost, playing: ENTRIES });
      // Nothing more to do until the next correction.
      expect((await settleDueWeeks(t.ctx)).rejudged).toEqual([]);
    },
    timeLimit(60_000),
  );
});
