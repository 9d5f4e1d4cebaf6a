import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Database, rowsOf } from '../db/client';
import { getTestDatabase } from '../test/harness';
import {
  type JobQueue,
  openJobQueue,
  QUEUE_SCHEMA,
  QUEUE_TIMINGS,
  queueSql,
  refreshQueueStatistics,
  SETTLE_POOL,
} from './job-queue';

// pg-boss's own fetch statement, as its fetch() runs it (the package has no exports map).
const { fetchNextJob } = createRequire(import.meta.url)('pg-boss/src/plans.js') as {
  fetchNextJob: (schema: string) => (options: { priority: boolean }) => string;
};

const silent = { info: () => {}, warn: () => {} };
let database: Database;
let queue: JobQueue;

beforeEach(async () => {
  database = await getTestDatabase();
  await database.db.execute(sql.raw(`drop schema if exists ${QUEUE_SCHEMA} cascade`));
  queue = await openJobQueue(database, silent, QUEUE_TIMINGS);
});

afterEach(async () => {
  await queue.stop(1_000);
});

describe('the queue of pool settlements', () => {
  it('takes the first waiting jobs by priority from its index, not by sorting every waiting job', async () => {
    const POOLS = 3_000;
    const BIG = 1_777;
    await queue.boss.insert(
      Array.from({ length: POOLS }, (_, i) => ({
        name: SETTLE_POOL,
        data: { poolId: i + 1 },
        singletonKey: String(i + 1),
        priority: i + 1 === BIG ? 1 : 0,
      })),
    );
    expect(await refreshQueueStatistics(queue, SETTLE_POOL, 500)).toBe(true);
    // Known now: a second scan of as many jobs leaves them be.
    expect(await refreshQueueStatistics(queue, SETTLE_POOL, 500)).toBe(false);

    const planOf = async (statement: string, values: unknown[]) =>
      JSON.stringify(rowsOf(await queueSql(queue, `explain (format json) ${statement}`, values)));
    const fetchPlan = await planOf(fetchNextJob(QUEUE_SCHEMA)({ priority: true }), [SETTLE_POOL, 50]);
    expect(fetchPlan).toContain('_fetch');
    // (pg-boss sorts the batch it took by singleton key; the waiting jobs are not sorted)
    expect(fetchPlan).not.toContain('"Sort Key":["job.priority DESC"');

    const jobs =
      (await queue.boss.fetch<{ poolId: number }>(SETTLE_POOL, { batchSize: 50, priority: true })) ?? [];
    expect(jobs).toHaveLength(50);
    // The big pool's job is among the first batch taken, though it came 1,777th.
    expect(jobs.map((job) => job.data.poolId)).toContain(BIG);
  });

  it('opens again on a queue whose fetch index is already made', async () => {
    const again = await openJobQueue(database, silent, QUEUE_TIMINGS);
    await again.stop(1_000);
    const indexes = rowsOf<{ name: string }>(
      await queueSql(
        queue,
        `select indexname as name from pg_indexes where schemaname = $1 and indexname like '%\\_fetch'`,
        [QUEUE_SCHEMA],
      ),
    );
    expect(indexes).toHaveLength(1);
  });
});
