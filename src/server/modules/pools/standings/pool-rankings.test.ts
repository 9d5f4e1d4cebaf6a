import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDefaultBonusOptions } from '../../../../core/bonus';
import { rowsOf } from '../../../db/client';
import { entries, games } from '../../../db/schema';
import { buildLedgerRow, buildPick } from '../../../test/factories';
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
import { bulkPoolEntries } from '../commish/big-pool-test-world';
import { notifyPoolChanged } from '../live/notify';
import { settleDueWeeks } from '../settlement/settle-pool.job';
import { standingsCacheOf } from '../store/kept-reads';
import { rankChangeOfPool } from '../store/rank-versions.repo';
import {
  financesBonusOrderSql,
  leaderboardSql,
  MARK_EVERY,
  MARK_FILTERS,
  type MarkFilter,
  rankingsCurrent,
  rankingsSettled,
  readOrderIds,
  readRanking,
  readStandingsIds,
  refreshPoolRankings,
  type StoredFinances,
  type StoredTiles,
  toLeaderboard,
} from './pool-rankings';
import { loadTileCounts } from './standings.repo';

let t: TestApp;
let world: PoolWorld;
let players: TestUser[];
const EARLY = new Date('2026-11-10T00:00:00Z');

beforeEach(async () => {
  ({ t, world, members: players } = await startPoolWorld({ seasons: ['mlb'], members: ['ann', 'bob'] }));
});

const get = (url: string, user: TestUser | null = world.owner) =>
  t.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });

/**
 * A bonus pool of `users` x 2 bulk entries in play from the start (lives 0 to 2, every third in the bonus
 * pool, every fifth with bonus money of -300 to +300, ties included), and ann's and bob's picked entries.
 */
async function seedPool(users: number) {
  const pool = await buildMlbPool(t.ctx, world.leagueId, {
    start: EARLY,
    rebuys: 2,
    bonusActive: true,
    bonusShutdown: 0,
    bonusOptions: getDefaultBonusOptions('mlb'),
  });
  await bulkPoolEntries(t.ctx.db, {
    poolId: pool.id,
    leagueId: world.leagueId,
    prefix: `rk${pool.id}x`,
    users,
    perUser: 2,
  });
  await t.ctx.db.execute(sql`
    update entries set created_at = ${EARLY.toISOString()}::timestamptz, bonus = (id % 3 = 0)
    where pool_id = ${pool.id}`);
  await t.ctx.db.execute(sql`
    insert into ledger (pool_id, entry_id, kind, amount, week, created_at)
    select pool_id, id, 'bonus', (id % 7 - 3) * 100, 1, now() from entries
    where pool_id = ${pool.id} and id % 5 = 0 and id % 7 <> 3`);
  const a = await enter(t.ctx, pool.id, players[0], { createdAt: EARLY, bonus: true });
  const b = await enter(t.ctx, pool.id, players[1], { createdAt: EARLY });
  await buildPick(t.ctx, { entryId: a.id, week: 1, pickId: 'NYY' });
  await buildPick(t.ctx, { entryId: b.id, week: 1, pickId: 'BOS' });
  return { pool, a, b };
}

/** Week 1 finals: NYY and HOU 1-1 advance, BOS 0-1 loses. */
const finishWeekOne = () => finishWeek(t.ctx, 1, { 'NYY-BOS': [5, 3], 'HOU-NYY': [4, 2], 'TOR-HOU': [3, 1] });

/** What each stored ranking holds, computed afresh as the reads without them compute it. */
async function computed(poolId: number) {
  const db = t.ctx.db;
  const leaderboard = toLeaderboard(
    rowsOf<{ data: never }>(await db.execute(leaderboardSql(poolId)))[0].data,
  );
  const order = rowsOf<{ id: number; total: number | string }>(
    await db.execute(financesBonusOrderSql(poolId, null)),
  );
  const sums = rowsOf<Record<string, number | string>>(
    await db.execute(sql`
      select kind, coalesce(sum(amount), 0)::bigint as total from ledger
      where pool_id = ${poolId} and entry_id is not null group by kind`),
  );
  const standings = rowsOf<{ id: number }>(
    await db.execute(sql`
      select id from entries where pool_id = ${poolId} and status = 1
      order by lives desc, weeks_alive desc, id`),
  ).map((row) => Number(row.id));
  const marks: Record<string, number[]> = {};
  for (const [key, filter] of Object.entries(MARK_FILTERS)) {
    const slots = rowsOf<{ slot: number }>(
      await db.execute(
        sql`select e.slot from entries e where e.pool_id = ${poolId} and ${filter} order by e.slot`,
      ),
    ).map((row) => Number(row.slot));
    marks[key] = slots.filter((_, i) => i % MARK_EVERY === 0);
  }
  const [{ n: entryCount }] = rowsOf<{ n: number | string }>(
    await db.execute(sql`select count(*) as n from entries where pool_id = ${poolId}`),
  );
  return {
    leaderboard,
    bonusIds: order.map((row) => Number(row.id)),
    bonusTotal: order.length > 0 ? Number(order[0].total) : 0,
    sums: Object.fromEntries(sums.map((row) => [row.kind, Number(row.total)])),
    entryCount: Number(entryCount),
    standings,
    marks,
  };
}

/** The stored rankings are current and equal what the reads would compute. */
async function expectStoredAsComputed(poolId: number) {
  const db = t.ctx.db;
  expect(await rankingsCurrent(db, poolId)).toBe(true);
  const expected = await computed(poolId);
  const leaderboard = await readRanking<never>(db, poolId, 'bonus-leaderboard');
  expect(leaderboard && toLeaderboard(leaderboard.data)).toEqual(expected.leaderboard);
  const finances = await readRanking<StoredFinances>(db, poolId, 'finances');
  expect(await readOrderIds(db, poolId, 'bonus-order', 0, expected.bonusIds.length + 10)).toEqual(
    expected.bonusIds,
  );
  expect(await readOrderIds(db, poolId, 'bonus-order', 995, 10)).toEqual(expected.bonusIds.slice(995, 1005));
  expect(expected.leaderboard.ranked).toBe(expected.bonusTotal);
  expect(Number(finances?.data.entryCount)).toBe(expected.entryCount);
  const kinds = {
    buyin: 'buyin',
    rebuy: 'rebuy',
    bonus: 'bonus',
    payment: 'payment',
    prize: 'prize',
  } as const;
  for (const [key, kind] of Object.entries(kinds))
    expect(Number(finances?.data.sums[key as keyof typeof kinds]), kind).toBe(expected.sums[kind] ?? 0);
  const tiles = await readRanking<StoredTiles>(db, poolId, 'tiles');
  for (const week of [1, 2, 3]) {
    const counts = await loadTileCounts(db, poolId, week);
    let inBonus = 0;
    for (const group of tiles?.data.bonusGroups ?? [])
      if (week >= Number(group.effWeek) ? group.bonus : group.prev) inBonus += Number(group.count);
    expect(inBonus, `in bonus, week ${week}`).toBe(counts.inBonus);
    expect(Number(tiles?.data.alive)).toBe(counts.alive);
    expect(Number(tiles?.data.entrants)).toBe(counts.entrants);
    expect(Number(tiles?.data.rebuys)).toBe(counts.rebuys);
    expect(Number(tiles?.data.bonusesEarned)).toBe(counts.bonusesEarned);
  }
  expect(await readStandingsIds(db, poolId, 0, expected.standings.length + 10)).toEqual(expected.standings);
  expect(await readStandingsIds(db, poolId, 990, 20)).toEqual(expected.standings.slice(990, 1010));
  const marks = await readRanking<Record<MarkFilter, number[]>>(db, poolId, 'marks');
  expect(marks?.data).toEqual(expected.marks);
}

describe('stored rankings', () => {
  it(
    'equal the computed ones after a settle and a re-judge, and are stale after any change',
    async () => {
      const { pool, b } = await seedPool(700);
      const week = await finishWeekOne();
      expect((await settleDueWeeks(t.ctx)).settled).toContainEqual({ poolId: pool.id, week: 1 });
      await expectStoredAsComputed(pool.id);

      // The feed corrects BOS@NYY: Boston won, so bob's entry survives after all.
      const game = week.find((row) => row.home === 'NYY');
      await t.ctx.db
        .update(games)
        .set({ homeScore: 3, awayScore: 5 })
        .where(eq(games.id, game?.id ?? 0));
      t.clock.set(new Date(t.clock.now().getTime() + 60_000));
      expect((await settleDueWeeks(t.ctx)).rejudged).toEqual([{ poolId: pool.id, week: 1 }]);
      await expectStoredAsComputed(pool.id);

      // One entry's lives, a ledger row, a new entry: each leaves them stale (reads compute instead).
      const changes = [
        () => t.ctx.db.update(entries).set({ lives: 9 }).where(eq(entries.id, b.id)),
        () => buildLedgerRow(t.ctx, { poolId: pool.id, entryId: b.id, kind: 'bonus', amount: 12_345 }),
        () => enter(t.ctx, pool.id, players[0], { entryNum: 2, createdAt: EARLY }),
        () => t.ctx.db.update(entries).set({ bonus: true }).where(eq(entries.id, b.id)),
      ];
      for (const change of changes) {
        await change();
        expect(await rankingsCurrent(t.ctx.db, pool.id)).toBe(false);
        expect(await readStandingsIds(t.ctx.db, pool.id, 0, 50)).toBeUndefined();
        expect(await readRanking(t.ctx.db, pool.id, 'bonus-leaderboard')).toBeUndefined();
        await refreshPoolRankings(t.ctx.db, pool.id);
        await expectStoredAsComputed(pool.id);
      }
      // A change that leaves what ranks the entries as it was (a note) keeps them current.
      await t.ctx.db.update(entries).set({ notes: 'kept' }).where(eq(entries.id, b.id));
      expect(await rankingsCurrent(t.ctx.db, pool.id)).toBe(true);
    },
    timeLimit(180_000),
  );

  it(
    'answer the reads as computing does, current or stale',
    async () => {
      // 12,000 entries: the counted ones page in sign-up order (past 10,000), from the stored marks.
      const { pool } = await seedPool(6000);
      await finishWeekOne();
      await settleDueWeeks(t.ctx);
      // A big pool's are computed in the background once the week committed.
      await rankingsSettled(pool.id);
      const urls = [
        `/api/bonus/leaderboard/${pool.id}`,
        `/api/standings/${pool.id}?view=all&page=3`,
        `/api/standings/${pool.id}?view=standings&page=28`,
        `/api/finances/${pool.id}?sort=bonus&page=2&pageSize=25`,
        `/api/finances/${pool.id}?sort=bonus&page=41&pageSize=25`,
        `/api/finances/${pool.id}?sort=bonus&page=1&pageSize=25&q=rk`,
        `/api/finances/${pool.id}`,
        `/pools/getBonusParams/${pool.id}?list=in&page=2&pageSize=20`,
        `/pools/getBonusParams/${pool.id}?list=out&page=3&pageSize=20`,
        `/api/pools/${pool.id}/prizeSplit?alive=true&page=3&pageSize=20`,
        `/admin/entrants/${pool.id}?status=eliminated&page=2&pageSize=20`,
        `/admin/entrants/${pool.id}?status=active&page=150&pageSize=20`,
        `/api/pools/${pool.id}/prizeSplit?page=170&pageSize=20`,
      ];
      const read = async () => {
        const answers = [];
        for (const url of urls) {
          const answer = await get(url);
          expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
          answers.push(answer.json());
        }
        return answers;
      };
      expect(await rankingsCurrent(t.ctx.db, pool.id)).toBe(true);
      const stored = await read();
      // Stale (the version moved, as any change moves it): every read computes, and answers the same. The
      // server's kept values go too, as a change's notice drops them (without the refresh it would start).
      await rankChangeOfPool(t.ctx.db, pool.id);
      expect(await rankingsCurrent(t.ctx.db, pool.id)).toBe(false);
      standingsCacheOf(t.ctx)?.changed(pool.id, 'money');
      expect(await read()).toEqual(stored);
      expect(await rankingsCurrent(t.ctx.db, pool.id)).toBe(false);
      // The notice's background refresh makes them current again.
      notifyPoolChanged(t.ctx, pool.id, 'money');
      await rankingsSettled(pool.id);
      await expectStoredAsComputed(pool.id);
    },
    timeLimit(180_000),
  );

  it('moves the version once a transaction, however many entries it rewrites', async () => {
    const { pool } = await seedPool(200);
    const version = async () =>
      Number(
        rowsOf<{ v: number | string }>(
          await t.ctx.db.execute(sql`select version as v from pool_rank_versions where pool_id = ${pool.id}`),
        )[0].v,
      );
    const before = await version();
    await t.ctx.db.transaction(async (tx) => {
      await rankChangeOfPool(tx, pool.id);
      await tx.execute(sql`update entries set weeks_alive = weeks_alive + 1 where pool_id = ${pool.id}`);
      await tx.execute(sql`update entries set lives = lives + 1 where pool_id = ${pool.id}`);
    });
    expect(await version()).toBe(before + 1);
    // Without it, the first changed row moves it, and no other row of the statement.
    await t.ctx.db.execute(
      sql`update entries set lives = lives - 1 where pool_id = ${pool.id} and id % 100 = 0`,
    );
    expect(await version()).toBe(before + 2);
    // A change of nothing that ranks the entries moves nothing.
    await t.ctx.db.execute(sql`update entries set notes = 'n' where pool_id = ${pool.id}`);
    expect(await version()).toBe(before + 2);
  });

  it(
    "are computed again after a commissioner's bonus pool move in a big pool",
    async () => {
      const { pool } = await seedPool(5000);
      await refreshPoolRankings(t.ctx.db, pool.id);
      await expectStoredAsComputed(pool.id);
      const [moved] = rowsOf<{ id: number }>(
        await t.ctx.db.execute(sql`
        select id from entries where pool_id = ${pool.id} and status = 1 and lives > 0 and not bonus
        order by id limit 1`),
      );
      const answer = await t.app.inject({
        method: 'POST',
        url: '/pools/updateBonusPoolParams',
        headers: { cookie: world.owner.cookie },
        payload: { poolId: pool.id, week: 2, add: [Number(moved.id)] },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      await rankingsSettled(pool.id);
      await expectStoredAsComputed(pool.id);
      const board = (await get(`/api/bonus/leaderboard/${pool.id}`)).json();
      expect(board.ranked).toBe((await computed(pool.id)).leaderboard.ranked);
    },
    timeLimit(180_000),
  );
});
