import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MISSING_PICKS_MESSAGES,
  type MissingPicksResponse,
  type NudgeResponse,
} from '../../../../../core/contracts/pools';
import { rowsOf } from '../../../../db/client';
import { poolAudits, pools } from '../../../../db/schema';
import type { TestApp } from '../../../../test/harness';
import { sentMail } from '../../../../test/mail-capture';
import { buildMlbPool, type PoolWorld, startPoolWorld } from '../../../../test/pool-test-world';
import { timeLimit } from '../../../../test/time-limit';
import { keepOwingCount, owingCountsSettled } from '../../store/owing-count.repo';
import { bulkPoolEntries } from '../big-pool-test-world';
import { NUDGE_BATCH_SIZE } from './missing-picks.service';

/*
 * Missing Picks of a pool past PostgreSQL's 65,535 parameters a statement: 23,334 players with three entries
 * each (70,002 entries; a nudge's batches end among a player's entries). Players whose id is a multiple of 3
 * made no week-2 pick; the others picked with every entry. Every statement's parameters are counted: none
 * may grow with the pool.
 */
const url = process.env.TEST_DATABASE_URL;
const USERS = 23_334;
const PER_USER = 3;

let t: TestApp;
let world: PoolWorld;
let poolId: number;
let owing: { entries: number; players: number };
let mostParameters = 0;
const originalQuery = pg.Client.prototype.query;

describe.skipIf(!url)(
  `Missing Picks of ${(USERS * PER_USER).toLocaleString('en-US')} entries on PostgreSQL`,
  () => {
    beforeAll(async () => {
      ({ t, world } = await startPoolWorld({ seasons: ['mlb'] }));
      const pool = await buildMlbPool(t.ctx, world.leagueId, { customName: 'Big Squad' });
      poolId = pool.id;
      await bulkPoolEntries(t.ctx.db, {
        poolId,
        leagueId: world.leagueId,
        prefix: 'big',
        users: USERS,
        perUser: PER_USER,
      });
      await t.ctx.db.execute(sql`
      insert into picks (entry_id, week, pick_id, team_abb, created_at)
      select e.id, 2, 'NYY', 'NYY', now() from entries e where e.pool_id = ${poolId} and e.user_id % 3 <> 0`);
      await t.ctx.db.execute(sql`analyze entries; analyze picks`);
      // A player's third entry has no lives left (lives k % 3) and every 7th player is inactive: they owe nothing.
      const [row] = rowsOf<{ entries: string; players: string }>(
        await t.ctx.db.execute(sql`
        select count(*) as entries, count(distinct user_id) as players from entries
        where pool_id = ${poolId} and status = 1 and lives > 0 and user_id % 3 = 0`),
      );
      owing = { entries: Number(row.entries), players: Number(row.players) };
      expect(PER_USER % 2 === 1 || NUDGE_BATCH_SIZE % PER_USER !== 0).toBe(true);
      pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
        const [config, values] = args as [{ values?: unknown[] } | string, unknown[] | undefined];
        const count = Array.isArray(values)
          ? values.length
          : typeof config === 'object' && config !== null && Array.isArray(config.values)
            ? config.values.length
            : 0;
        mostParameters = Math.max(mostParameters, count);
        return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof pg.Client.prototype.query;
    }, timeLimit(300_000));

    afterAll(() => {
      pg.Client.prototype.query = originalQuery;
    });

    const get = (path: string) =>
      t.app.inject({ method: 'GET', url: path, headers: { cookie: world.owner.cookie } });

    it(
      'counts, pages deep in sign-up order and searches the entries owing a pick',
      async () => {
        const started = Date.now();
        const first = await get(`/api/pools/${poolId}/commish/missingPicks?pageSize=100`);
        const firstMs = Date.now() - started;
        expect(first.statusCode, first.body).toBe(200);
        const body = first.json<MissingPicksResponse>();
        expect(body).toMatchObject({ week: 2, total: owing.entries });
        expect(body.rows).toHaveLength(100);
        expect(first.body.length).toBeLessThan(20_000);
        // Past 10,000 matches the list is in sign-up order: a deep page is read from its first slot on, and no page
        // skips more than the first 10,000 (a search reaches the others).
        const deepStarted = Date.now();
        const deep = await get(`/api/pools/${poolId}/commish/missingPicks?pageSize=100&page=100`);
        const deepMs = Date.now() - deepStarted;
        const deepRows = deep.json<MissingPicksResponse>().rows;
        expect(deepRows).toHaveLength(100);
        expect(deepRows.every((row) => row.picks_made === 0)).toBe(true);
        const tooDeep = await get(`/api/pools/${poolId}/commish/missingPicks?pageSize=100&page=101`);
        expect([tooDeep.statusCode, tooDeep.json().message]).toEqual([400, MISSING_PICKS_MESSAGES.tooDeep]);
        const found = await get(`/api/pools/${poolId}/commish/missingPicks?q=big2223`);
        const expected = rowsOf<{ username: string; entry_num: number }>(
          await t.ctx.db.execute(sql`
        select u.username, e.entry_num from entries e join users u on u.id = e.user_id
        where e.pool_id = ${poolId} and u.username like 'big2223%' and e.status = 1 and e.lives > 0
          and u.id % 3 = 0
        order by u.username, e.entry_num`),
        );
        expect(expected.length).toBeGreaterThan(2);
        expect(found.json<MissingPicksResponse>().rows.map((row) => [row.username, row.entry_num])).toEqual(
          expected.map((row) => [row.username, row.entry_num]),
        );
        console.info(
          `missing picks of ${owing.entries} owing entries: first page ${firstMs} ms, page 100 ${deepMs} ms`,
        );
        expect(mostParameters).toBeLessThan(20);
      },
      timeLimit(120_000),
    );

    it(
      'keeps the count of a big pool: served at once, counted again once stale, after a settlement',
      async () => {
        const key = 'owing:2:1';
        const kept = async () =>
          rowsOf<{ value: string }>(
            await t.ctx.db.execute(
              sql`select value from pool_kept_counts where pool_id = ${poolId} and key = ${key}`,
            ),
          ).map((row) => Number(row.value));
        // The first read counted and kept it (counted again since, when it went stale).
        await owingCountsSettled();
        expect(await kept()).toEqual([owing.entries]);
        await t.ctx.db.execute(
          sql`update pool_kept_counts set computed_at = now() where pool_id = ${poolId}`,
        );
        // An owing entry picks: a fresh kept count is served as it is...
        const [entry] = rowsOf<{ id: number }>(
          await t.ctx.db.execute(sql`
          select id from entries where pool_id = ${poolId} and status = 1 and lives > 0 and user_id % 3 = 0
          order by slot limit 1`),
        );
        await t.ctx.db.execute(
          sql`insert into picks (entry_id, week, pick_id, team_abb, created_at) values (${entry.id}, 2, 'BOS', 'BOS', now())`,
        );
        const read = async () => {
          const started = Date.now();
          const answer = await get(`/api/pools/${poolId}/commish/missingPicks?pageSize=50`);
          return { total: answer.json<MissingPicksResponse>().total, ms: Date.now() - started };
        };
        expect((await read()).total).toBe(owing.entries);
        // ...a stale one too, at once, while it is counted again in the background for the next read.
        await t.ctx.db.execute(
          sql`update pool_kept_counts set computed_at = now() - interval '1 minute' where pool_id = ${poolId}`,
        );
        const stale = await read();
        expect(stale.total).toBe(owing.entries);
        await owingCountsSettled();
        expect(await kept()).toEqual([owing.entries - 1]);
        const fresh = await read();
        expect(fresh.total).toBe(owing.entries - 1);
        // The settlement pass's count of the open week (after a lock or settle) keeps the same answer.
        const [pool] = await t.ctx.db.select().from(pools).where(eq(pools.id, poolId));
        expect(await keepOwingCount(t.ctx, pool)).toBe(owing.entries - 1);
        await t.ctx.db.execute(sql`delete from picks where entry_id = ${entry.id} and week = 2`);
        expect(await keepOwingCount(t.ctx, pool)).toBe(owing.entries);
        console.info(`kept owing count: stale read ${stale.ms} ms, fresh read ${fresh.ms} ms`);
        expect(mostParameters).toBeLessThan(20);
      },
      timeLimit(120_000),
    );

    it(
      'pages a big pool in sign-up order when few owe, and counts them',
      async () => {
        // All but the last 300 owing entries pick: fewer than 10,000 owe, and the list stays in sign-up order.
        await t.ctx.db.execute(sql`
        insert into picks (entry_id, week, pick_id, team_abb, created_at)
        select e.id, 2, 'SEA', 'SEA', now() from entries e
        where e.pool_id = ${poolId} and e.status = 1 and e.lives > 0 and e.user_id % 3 = 0
        order by e.slot limit ${owing.entries - 300}`);
        try {
          await owingCountsSettled();
          await t.ctx.db.execute(
            sql`update pool_kept_counts set computed_at = now() - interval '1 minute' where pool_id = ${poolId}`,
          );
          await get(`/api/pools/${poolId}/commish/missingPicks?pageSize=1`);
          await owingCountsSettled();
          const started = Date.now();
          const answer = await get(`/api/pools/${poolId}/commish/missingPicks?pageSize=100`);
          const ms = Date.now() - started;
          const body = answer.json<MissingPicksResponse>();
          expect(body.total).toBe(300);
          const slots = rowsOf<{ id: number }>(
            await t.ctx.db.execute(sql`
            select e.id from entries e
            where e.pool_id = ${poolId} and e.status = 1 and e.lives > 0 and e.user_id % 3 = 0
            order by e.slot offset ${owing.entries - 300} limit 100`),
          ).map((row) => row.id);
          expect(body.rows.map((row) => row.entry_id)).toEqual(slots);
          const last = await get(`/api/pools/${poolId}/commish/missingPicks?pageSize=100&page=3`);
          expect(last.json<MissingPicksResponse>().rows).toHaveLength(100);
          console.info(`missing picks of 300 owing entries in ${USERS * PER_USER}: first page ${ms} ms`);
        } finally {
          await t.ctx.db.execute(
            sql`delete from picks where pool_id = ${poolId} and week = 2 and pick_id = 'SEA'`,
          );
        }
        expect(mostParameters).toBeLessThan(20);
      },
      timeLimit(120_000),
    );

    it(
      'nudges every owing player once, in batches, one nudge among racing ones',
      async () => {
        const before = sentMail(t.app).length;
        const started = Date.now();
        const answers = await Promise.all(
          ['race-key-one', 'race-key-two', 'race-key-three'].map((key) =>
            t.app.inject({
              method: 'POST',
              url: `/api/pools/${poolId}/commish/nudge`,
              headers: { cookie: world.owner.cookie },
              payload: { request_key: key },
            }),
          ),
        );
        const ms = Date.now() - started;
        const statuses = answers.map((answer) => answer.statusCode).sort();
        expect(statuses).toEqual([200, 429, 429]);
        const ok = answers.find((answer) => answer.statusCode === 200);
        expect(ok?.json<NudgeResponse>()).toMatchObject({
          entries: owing.entries,
          players: owing.players,
          failed: 0,
          repeat: false,
        });
        const mails = sentMail(t.app).slice(before);
        expect(mails).toHaveLength(owing.players);
        expect(new Set(mails.map((mail) => mail.to)).size).toBe(owing.players);
        // Each player's mail lists all of their entries that owe a pick, even those split between batches.
        for (const mail of mails) {
          const listed = mail.text.split('\n').filter((line) => line.startsWith('- big'));
          expect(listed.length).toBeGreaterThan(0);
          expect(listed.length).toBeLessThanOrEqual(PER_USER);
        }
        const listedEntries = mails.reduce(
          (sum, mail) => sum + mail.text.split('\n').filter((line) => line.startsWith('- big')).length,
          0,
        );
        expect(listedEntries).toBe(owing.entries);
        const audits = await t.ctx.db
          .select({ id: poolAudits.id })
          .from(poolAudits)
          .where(and(eq(poolAudits.poolId, poolId), eq(poolAudits.action, 'nudge')));
        expect(audits).toHaveLength(1);
        console.info(`nudge of ${owing.players} players (${owing.entries} entries): ${ms} ms`);
        expect(mostParameters).toBeLessThan(20);
      },
      timeLimit(300_000),
    );
  },
);
