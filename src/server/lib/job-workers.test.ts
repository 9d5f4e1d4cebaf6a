import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Database, rowsOf } from '../db/client';
import { getTestDatabase } from '../test/harness';
import { type JobQueue, openJobQueue, QUEUE_SCHEMA, QUEUE_TIMINGS, queueSql } from './job-queue';
import { type QueueJob, startJobWorkers } from './job-workers';

const silent = { info: () => {}, warn: () => {} };
// A job expires 2 s after its last beat; beats every 0.25 s.
const FAST = {
  ...QUEUE_TIMINGS,
  expireSeconds: 2,
  heartbeatSeconds: 0.25,
  pollingSeconds: 0.25,
  maintenanceSeconds: 1,
  retryDelaySeconds: 1,
  retryLimit: 0,
};
const NAME = 'work-test';
let database: Database;
let queue: JobQueue;
let stops: Array<() => Promise<void>> = [];

beforeEach(async () => {
  database = await getTestDatabase();
  await database.db.execute(sql.raw(`drop schema if exists ${QUEUE_SCHEMA} cascade`));
  queue = await openJobQueue(database, silent, FAST);
  await queue.boss.createQueue(NAME, {
    name: NAME,
    retryLimit: 0,
    expireInSeconds: FAST.expireSeconds,
  });
});

afterEach(async () => {
  for (const stop of stops) await stop();
  stops = [];
  await queue.stop(1_000);
});

async function states(): Promise<Record<string, string>> {
  const rows = rowsOf<{ n: number; state: string }>(
    await queueSql(queue, `select (data->>'n')::int as n, state from ${QUEUE_SCHEMA}.job where name = $1`, [
      NAME,
    ]),
  );
  return Object.fromEntries(rows.map((row) => [String(row.n), row.state]));
}

describe("this instance's workers of a queue", () => {
  it('runs a job past its expiry while it beats, takes jobs a few at a time, and fails only the one that failed', async () => {
    for (let n = 1; n <= 5; n++) await queue.boss.send(NAME, { n });
    const batches: number[][] = [];
    const runs: number[] = [];
    const workers = startJobWorkers<{ n: number }>(
      queue,
      { name: NAME, workers: 1, batchSize: 3, log: silent },
      async (jobs: Array<QueueJob<{ n: number }>>, report) => {
        batches.push(jobs.map((job) => job.data.n).sort());
        for (const job of jobs) {
          runs.push(job.data.n);
          // Job 1 outlives its 2 s expiry twice over; pg-boss's own workers failed it at 2 s.
          if (job.data.n === 1) await new Promise((resolve) => setTimeout(resolve, 4_500));
          await report(job.id, job.data.n === 2 ? new Error('job 2 broke') : undefined);
        }
      },
    );
    stops.push(workers.stop);
    await expect.poll(states, { timeout: 20_000 }).toEqual({
      '1': 'completed',
      '2': 'failed',
      '3': 'completed',
      '4': 'completed',
      '5': 'completed',
    });
    // Each job ran once, three of them taken by one fetch.
    expect(runs.sort()).toEqual([1, 2, 3, 4, 5]);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    const [failed] = rowsOf<{ output: { message: string } }>(
      await queueSql(queue, `select output from ${QUEUE_SCHEMA}.job where name = $1 and state = 'failed'`, [
        NAME,
      ]),
    );
    expect(failed.output.message).toBe('job 2 broke');
  });

  it('puts back the jobs of its batch it did not run when the instance stops', async () => {
    for (let n = 1; n <= 3; n++) await queue.boss.send(NAME, { n });
    let release = () => {};
    const started = new Promise<void>((resolve) => {
      release = resolve;
    });
    const workers = startJobWorkers<{ n: number }>(
      queue,
      { name: NAME, workers: 1, batchSize: 3, log: silent },
      async (jobs, report, stopping) => {
        for (const job of jobs) {
          if (stopping.aborted) return;
          release();
          await new Promise((resolve) => setTimeout(resolve, 500));
          await report(job.id);
        }
      },
    );
    await started;
    await workers.stop();
    // The one running finished; the two others wait for any instance, never counted as a failure.
    expect(Object.values(await states()).sort()).toEqual(['completed', 'created', 'created']);
    const rows = rowsOf<{ retry_count: number; started_on: Date | null }>(
      await queueSql(
        queue,
        `select retry_count, started_on from ${QUEUE_SCHEMA}.job where name = $1 and state = 'created'`,
        [NAME],
      ),
    );
    expect(rows).toEqual([
      { retry_count: 0, started_on: null },
      { retry_count: 0, started_on: null },
    ]);
  });
});
