import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SettlementJobsResponse } from '../../../../core/contracts/sports';
import { rowsOf } from '../../../db/client';
import { entries, poolEnds, pools, poolWeeks } from '../../../db/schema';
import { startSettlementQueue } from '../../../jobs/settlement-queue';
import {
  type JobQueue,
  keepJobsAlive,
  openJobQueue,
  QUEUE_SCHEMA,
  type QueueTimings,
  queueSql,
  SETTLE_POOL,
} from '../../../lib/job-queue';
import { buildPick, registerUser } from '../../../test/factories';
import type { TestApp } from '../../../test/harness';
import type { TestUser } from '../../../test/league-test-world';
import {
  buildMlbPool,
  enter,
  finishWeek,
  type PoolWorld,
  startPoolWorld,
} from '../../../test/pool-test-world';
import { grantSiteAdmin } from '../../admin/site-admins.service';
import { findDuePools } from './due-pools.repo';
import { errorInWords } from './job-steps';
import { settleDueWeeks } from './settle-pool.job';

let t: TestApp;
let world: PoolWorld;
let players: TestUser[];
let admin: TestUser;
let queue: JobQueue | undefined;
let stopWorkers: (() => Promise<void>) | undefined;
const EARLY = new Date('2026-11-10T00:00:00Z');
const FINALS: Record<string, [number, number]> = { 'NYY-BOS': [5, 3], 'HOU-NYY': [4, 2], 'TOR-HOU': [3, 1] };
/** The queue's timings made short, so a test sees retries, expiry and dead letters within seconds. */
// The beat every 0.5 s gets 4 s to land: on embedded PGlite it waits for the one connection, which a
// busy machine's settlement may hold for a second or two.
const FAST: QueueTimings = {
  expireSeconds: 4,
  heartbeatSeconds: 0.5,
  maintenanceSeconds: 1,
  retryDelaySeconds: 1,
  retryLimit: 1,
  pollingSeconds: 0.5,
  scanSeconds: 1,
  deadRestMinutes: 60,
};
const silent = { info: () => {}, warn: () => {} };

beforeEach(async () => {
  ({ t, world, members: players } = await startPoolWorld({ seasons: ['mlb'], members: ['ann', 'bob'] }));
  admin = await registerUser(t.app, { username: 'siteboss', email: 'siteboss@example.com' });
  await grantSiteAdmin(t.ctx.db, 'siteboss');
  // A worker's database outlives its tests: the queue starts empty in each.
  await t.ctx.db.execute(sql.raw(`drop schema if exists ${QUEUE_SCHEMA} cascade`));
});

afterEach(async () => {
  await stopWorkers?.();
  await queue?.stop(1_000);
  stopWorkers = undefined;
  queue = undefined;
});

async function startQueue(log: Parameters<typeof startSettlementQueue>[1] = silent) {
  queue = await openJobQueue(t.ctx.database, silent, FAST);
  stopWorkers = await startSettlementQueue(t.ctx, log, queue, { workers: 2 });
  return queue;
}

/** A pool of the league with ann on NYY and bob on BOS in week 1. */
async function poolWithPicks(poolIdx: number, customName: string) {
  const pool = await buildMlbPool(t.ctx, world.leagueId, { start: EARLY, poolIdx, customName });
  const a = await enter(t.ctx, pool.id, players[0], { createdAt: EARLY });
  const b = await enter(t.ctx, pool.id, players[1], { createdAt: EARLY });
  await buildPick(t.ctx, { entryId: a.id, week: 1, pickId: 'NYY' });
  await buildPick(t.ctx, { entryId: b.id, week: 1, pickId: 'BOS' });
  return { pool, a, b };
}

/** Breaks a locked week of a pool: its kinds are gone, so judging it fails. Returns what puts them back. */
async function breakLockedWeek(poolId: number): Promise<() => Promise<void>> {
  const saved = rowsOf<Record<string, unknown>>(
    await t.ctx.db.execute(sql`select * from entry_week_kinds where pool_id = ${poolId}`),
  );
  expect(saved.length).toBeGreaterThan(0);
  await t.ctx.db.execute(sql`delete from entry_week_kinds where pool_id = ${poolId}`);
  return async () => {
    await t.ctx.db.execute(sql`
      insert into entry_week_kinds select * from json_populate_recordset(null::entry_week_kinds, ${JSON.stringify(saved)}::json)`);
  };
}

/** The ids of the pools with settlement due. */
async function dueIds(now: Date): Promise<number[]> {
  return (await findDuePools(t.ctx, now)).map((due) => due.poolId);
}

async function settlementJobs(viewer: TestUser = admin) {
  return t.app.inject({ url: '/admin/settlement', headers: { cookie: viewer.cookie } });
}

async function isSettled(poolId: number, week: number): Promise<boolean> {
  const [row] = await t.ctx.db
    .select({ settledAt: poolWeeks.settledAt })
    .from(poolWeeks)
    .where(sql`${poolWeeks.poolId} = ${poolId} and ${poolWeeks.week} = ${week}`);
  return Boolean(row?.settledAt);
}

describe('one pool never stops another', () => {
  it('settles the other pools while a failing one is retried, then dead-lettered, and says so in words', async () => {
    const broken = await poolWithPicks(0, 'Broken Pool');
    expect((await settleDueWeeks(t.ctx)).locked).toEqual([{ poolId: broken.pool.id, week: 1 }]);
    const repair = await breakLockedWeek(broken.pool.id);
    // Another pool, whose week 1 has not locked yet.
    const other = await poolWithPicks(1, 'Healthy Pool');
    await finishWeek(t.ctx, 1, FINALS);

    const warnings: Array<{ obj: Record<string, unknown>; msg: string }> = [];
    await startQueue({
      info: () => {},
      warn: (obj, msg) => warnings.push({ obj: obj as Record<string, unknown>, msg }),
    });
    // The other pool locks and settles on its own job.
    await expect.poll(() => isSettled(other.pool.id, 1), { timeout: 15_000 }).toBe(true);
    const [bob] = await t.ctx.db.select().from(entries).where(eq(entries.id, other.b.id));
    expect({ lives: bob.lives, needsRebuy: bob.needsRebuy }).toEqual({ lives: 2, needsRebuy: true });

    // The broken one fails, is retried once after its backoff, then dead-lettered: site admins read
    // it in words, with the queue's state; nobody else may.
    await expect
      .poll(async () => (await settlementJobs()).json<SettlementJobsResponse>().failures[0]?.state, {
        timeout: 20_000,
      })
      .toBe('dead');
    const listed = (await settlementJobs()).json<SettlementJobsResponse>();
    expect(listed).toMatchObject({
      queue: { waiting: 0, running: 0, retrying: 0, dead: 1 },
      failures: [
        {
          pool_id: broken.pool.id,
          league: 'Sunday Squad',
          pool: 'Broken Pool',
          game: 'mlb',
          path: '/mlb/SQUAD/2023/reg/0',
          step: 'settle',
          week: 1,
          what: 'Judging Week 1',
          error: expect.stringContaining(`Expected a kind 1 of week 1 of pool ${broken.pool.id}`),
          state: 'dead',
          failures: 2,
          next_retry_at: null,
        },
      ],
      total: 1,
    });
    expect(listed.queue.last_done_at).not.toBeNull();
    expect((await settlementJobs(players[0])).statusCode).toBe(403);
    expect(
      (await t.app.inject({ url: '/admin/settlement?pageSize=101', headers: { cookie: admin.cookie } }))
        .statusCode,
    ).toBe(400);
    // Each failure was logged with the pool and its error.
    expect(warnings[0]).toMatchObject({
      msg: 'pool settlement failed',
      obj: {
        poolId: broken.pool.id,
        step: 'settle',
        week: 1,
        error: expect.stringContaining('Expected a kind'),
      },
    });

    // Dead-lettered, the pool rests before a new round; repaired and given a new job, it settles.
    await repair();
    await queue?.boss.send(SETTLE_POOL, { poolId: broken.pool.id }, { singletonKey: String(broken.pool.id) });
    await expect.poll(() => isSettled(broken.pool.id, 1), { timeout: 15_000 }).toBe(true);
    expect((await settlementJobs()).json<SettlementJobsResponse>()).toMatchObject({ failures: [], total: 0 });
  });

  it("takes up a job whose instance died, and keeps a long job's alive", async () => {
    const { pool } = await poolWithPicks(0, 'Orphaned Pool');
    await finishWeek(t.ctx, 1, FINALS);
    // An instance took the pool's job and died with it: the job stays active, nobody beats for it.
    const held = await openJobQueue(t.ctx.database, silent, FAST);
    try {
      await held.boss.send(SETTLE_POOL, { poolId: pool.id }, { singletonKey: String(pool.id) });
      const [orphan] = await held.boss.fetch<{ poolId: number }>(SETTLE_POOL);
      expect(orphan.data.poolId).toBe(pool.id);
      // Another job, kept alive by its beat, outlives its expiry.
      await held.boss.send(SETTLE_POOL, { poolId: 999_999 }, { singletonKey: '999999' });
      const [alive] = await held.boss.fetch<{ poolId: number }>(SETTLE_POOL);
      // Each beat gives it a long while more, so that beats held up behind the judging on one busy embedded
      // database (it once lost the job so) cannot let it expire; it still outlives its own 4 s.
      const stopBeat = keepJobsAlive(
        { ...held, timings: { ...held.timings, expireSeconds: 60 } },
        SETTLE_POOL,
        () => [alive.id],
      );

      await startQueue();
      // Another instance's worker takes the orphan up once it expired, and settles the pool once.
      await expect.poll(() => isSettled(pool.id, 1), { timeout: 15_000 }).toBe(true);
      const [state] = rowsOf<{ state: string }>(
        await queueSql(held, `select state from ${QUEUE_SCHEMA}.job where id = $1`, [alive.id]),
      );
      expect(state.state).toBe('active');
      stopBeat();
    } finally {
      await held.stop(1_000);
    }
    const judged = await t.ctx.db.select().from(poolWeeks).where(eq(poolWeeks.poolId, pool.id));
    expect(judged.map((row) => [row.week, row.settledAt !== null])).toEqual([[1, true]]);
  });

  it('lists the pools with settlement due: a lock passed, results in, a correction', async () => {
    const { pool } = await poolWithPicks(0, 'Due Pool');
    const now = t.clock.now();
    const day = (n: number) => new Date(now.getTime() + n * 24 * 3_600_000).toISOString();
    const later = await buildMlbPool(t.ctx, world.leagueId, {
      poolIdx: 1,
      customName: 'Later Pool',
      deadlines: [day(1), day(8), day(15)],
    });
    // Week 1's lock has passed for the first pool; the other starts later.
    expect(await dueIds(now)).toEqual([pool.id]);
    await settleDueWeeks(t.ctx);
    // Locked and waiting for its games: nothing to do.
    expect(await dueIds(now)).not.toContain(pool.id);
    await finishWeek(t.ctx, 1, FINALS);
    expect(await dueIds(now)).toContain(pool.id);
    // Decided by its end rule: crowned by the pass at once when automatic; waiting for its commissioner,
    // it plays on (due only when a week is).
    const decided = {
      poolId: pool.id,
      week: 1,
      kind: 'last-survivor',
      reason: 'last survivor after week 1',
      champions: 1,
      championSlots: Buffer.from([1, 0]),
      decidedAt: now,
    };
    await t.ctx.db.insert(poolEnds).values(decided);
    expect(await dueIds(now)).toContain(pool.id);
    await t.ctx.db.update(pools).set({ endCrowning: 'automatic' }).where(eq(pools.id, pool.id));
    expect(await dueIds(now)).toContain(pool.id);
    await t.ctx.db.delete(poolEnds).where(eq(poolEnds.poolId, pool.id));
    await t.ctx.db.update(pools).set({ endCrowning: 'commissioner' }).where(eq(pools.id, pool.id));
    await settleDueWeeks(t.ctx);
    expect(await dueIds(now)).not.toContain(pool.id);
    // Nothing else due, a decided pool that crowns automatically is (its crowning).
    await t.ctx.db.insert(poolEnds).values(decided);
    await t.ctx.db.update(pools).set({ endCrowning: 'automatic' }).where(eq(pools.id, pool.id));
    expect(await dueIds(now)).toContain(pool.id);
    await t.ctx.db.delete(poolEnds).where(eq(poolEnds.poolId, pool.id));
    await t.ctx.db.update(pools).set({ endCrowning: 'commissioner' }).where(eq(pools.id, pool.id));
    // A corrected score makes a judged week due again, to be re-judged.
    await finishWeek(t.ctx, 1, { ...FINALS, 'NYY-BOS': [3, 5] });
    expect(await findDuePools(t.ctx, now)).toContainEqual({ poolId: pool.id, corrected: true, inPlay: 2 });
    // A pool that is over is never due.
    await t.ctx.db.update(pools).set({ final: true }).where(eq(pools.id, pool.id));
    expect(await dueIds(now)).not.toContain(pool.id);
    expect(await dueIds(now)).not.toContain(later.id);
  });

  it('says what went wrong in words: the message, what the database refused first, never the parameters', () => {
    expect(errorInWords(new RangeError('Maximum call stack size exceeded'))).toBe(
      'RangeError: Maximum call stack size exceeded',
    );
    const refused = new Error('Failed query: select *\n  from entries where id in ($1, $2)\nparams: 1,2', {
      cause: new Error('bind message has 70000 parameter formats but 0 parameters'),
    });
    expect(errorInWords(refused)).toBe(
      'bind message has 70000 parameter formats but 0 parameters (Failed query: select * from entries where id in ($1, $2))',
    );
    expect(errorInWords(new Error('x'.repeat(5000)))).toHaveLength(2003);
  });
});
