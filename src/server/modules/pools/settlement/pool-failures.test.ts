import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SettlementJobsResponse } from '../../../../core/contracts/sports';
import { rowsOf } from '../../../db/client';
import { entries, poolJobFailures, pools } from '../../../db/schema';
import { startSettlementJob } from '../../../jobs/settlement-job';
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
import { errorInWords, retryDelayMs } from './job-failures';
import { settleDueWeeks } from './settle-due-weeks';

let t: TestApp;
let world: PoolWorld;
let players: TestUser[];
let admin: TestUser;
const EARLY = new Date('2026-11-10T00:00:00Z');

beforeEach(async () => {
  ({ t, world, members: players } = await startPoolWorld({ seasons: ['mlb'], members: ['ann', 'bob'] }));
  admin = await registerUser(t.app, { username: 'siteboss', email: 'siteboss@example.com' });
  await grantSiteAdmin(t.ctx.db, 'siteboss');
});

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

async function failingPools(viewer: TestUser = admin) {
  const response = await t.app.inject({ url: '/admin/settlement', headers: { cookie: viewer.cookie } });
  return response;
}

describe('one pool never stops another', () => {
  it('records a failing pool, settles the others in the same pass, retries it with backoff and clears it once it settles', async () => {
    const broken = await poolWithPicks(0, 'Broken Pool');
    expect((await settleDueWeeks(t.ctx)).locked).toEqual([{ poolId: broken.pool.id, week: 1 }]);
    const repair = await breakLockedWeek(broken.pool.id);
    // Another pool, whose week 1 has not locked yet.
    const other = await poolWithPicks(1, 'Healthy Pool');
    // Week 1 finals: NYY 1-1 advances, BOS 0-1 loses.
    await finishWeek(t.ctx, 1, { 'NYY-BOS': [5, 3], 'HOU-NYY': [4, 2], 'TOR-HOU': [3, 1] });

    const failedAt = t.wallClock.now();
    const run = await settleDueWeeks(t.ctx);
    // The other pool locks and settles in the same pass.
    expect(run.locked).toEqual([{ poolId: other.pool.id, week: 1 }]);
    expect(run.settled).toEqual([{ poolId: other.pool.id, week: 1 }]);
    const [bob] = await t.ctx.db.select().from(entries).where(eq(entries.id, other.b.id));
    expect({ lives: bob.lives, needsRebuy: bob.needsRebuy }).toEqual({ lives: 2, needsRebuy: true });
    // The broken one is recorded with what failed and its error, to be tried again in 30 s.
    expect(run.failed).toEqual([
      {
        poolId: broken.pool.id,
        step: 'settle',
        week: 1,
        error: expect.stringContaining(`Expected a kind 1 of week 1 of pool ${broken.pool.id}`),
        failures: 1,
        nextRetryAt: new Date(failedAt.getTime() + 30_000),
      },
    ]);

    // Site admins read it in words; nobody else may.
    const listed = await failingPools();
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<SettlementJobsResponse>()).toEqual({
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
          error: expect.stringContaining('Expected a kind 1 of week 1'),
          failures: 1,
          first_failed_at: failedAt.toISOString(),
          last_failed_at: failedAt.toISOString(),
          next_retry_at: new Date(failedAt.getTime() + 30_000).toISOString(),
        },
      ],
      page: 1,
      pageSize: 50,
      total: 1,
    });
    expect((await failingPools(players[0])).statusCode).toBe(403);
    expect(
      (await t.app.inject({ url: '/admin/settlement?pageSize=101', headers: { cookie: admin.cookie } }))
        .statusCode,
    ).toBe(400);

    // Before its retry the pool is left alone; after it, it fails again and waits twice as long.
    expect((await settleDueWeeks(t.ctx)).failed).toEqual([]);
    t.wallClock.advance(30_000);
    expect((await settleDueWeeks(t.ctx)).failed).toMatchObject([{ poolId: broken.pool.id, failures: 2 }]);
    const [second] = await t.ctx.db.select().from(poolJobFailures);
    expect(second.nextRetryAt.getTime() - t.wallClock.now().getTime()).toBe(60_000);
    expect(second.firstFailedAt).toEqual(failedAt);

    // Repaired, the pool settles once its retry comes, and the record goes.
    await repair();
    t.wallClock.advance(59_000);
    expect((await settleDueWeeks(t.ctx)).settled).toEqual([]);
    t.wallClock.advance(1_000);
    const healed = await settleDueWeeks(t.ctx);
    expect(healed.settled).toEqual([{ poolId: broken.pool.id, week: 1 }]);
    expect(healed.failed).toEqual([]);
    expect((await failingPools()).json<SettlementJobsResponse>()).toMatchObject({ failures: [], total: 0 });
  });

  it('forgets the failure of a pool that has ended since', async () => {
    const broken = await poolWithPicks(0, 'Broken Pool');
    await settleDueWeeks(t.ctx);
    await breakLockedWeek(broken.pool.id);
    await finishWeek(t.ctx, 1, { 'NYY-BOS': [5, 3], 'HOU-NYY': [4, 2], 'TOR-HOU': [3, 1] });
    expect((await settleDueWeeks(t.ctx)).failed).toHaveLength(1);
    await t.ctx.db.update(pools).set({ final: true }).where(eq(pools.id, broken.pool.id));
    await settleDueWeeks(t.ctx);
    expect(await t.ctx.db.select().from(poolJobFailures)).toEqual([]);
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

  it('waits 30 s after a first failure, twice as long after each next one, at most 30 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 50].map((n) => retryDelayMs(n) / 1000)).toEqual([
      30, 60, 120, 240, 480, 960, 1800, 1800, 1800,
    ]);
  });

  it('logs a failing pool with its id and error while the job goes on', async () => {
    const broken = await poolWithPicks(0, 'Broken Pool');
    await settleDueWeeks(t.ctx);
    await breakLockedWeek(broken.pool.id);
    await finishWeek(t.ctx, 1, { 'NYY-BOS': [5, 3], 'HOU-NYY': [4, 2], 'TOR-HOU': [3, 1] });
    const warnings: Array<{ obj: Record<string, unknown>; msg: string }> = [];
    const stop = startSettlementJob(
      t.ctx,
      { info: () => {}, warn: (obj, msg) => warnings.push({ obj: obj as Record<string, unknown>, msg }) },
      { intervalMs: 60_000 },
    );
    await expect.poll(() => warnings.length).toBeGreaterThan(0);
    await stop();
    expect(warnings[0]).toMatchObject({
      msg: 'pool settlement failed',
      obj: {
        poolId: broken.pool.id,
        step: 'settle',
        week: 1,
        error: expect.stringContaining('Expected a kind'),
        failures: 1,
      },
    });
  });
});
