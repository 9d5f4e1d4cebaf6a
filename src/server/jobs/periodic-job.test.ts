import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { type JobQueue, openJobQueue, QUEUE_SCHEMA, QUEUE_TIMINGS } from '../lib/job-queue';
import { getTestDatabase } from '../test/harness';
import { startPeriodicJob } from './periodic-job';

const silent = { info: () => {}, warn: () => {} };
const FAST = { ...QUEUE_TIMINGS, pollingSeconds: 0.5, maintenanceSeconds: 1 };
let database: Database;
let queues: JobQueue[] = [];
let stops: Array<() => Promise<void>> = [];

beforeEach(async () => {
  database = await getTestDatabase();
  await database.db.execute(sql.raw(`drop schema if exists ${QUEUE_SCHEMA} cascade`));
});

afterEach(async () => {
  for (const stop of stops) await stop();
  for (const queue of queues) await queue.stop(1_000);
  stops = [];
  queues = [];
});

describe('a periodic job on the queue', () => {
  it('runs once per interval on the whole site, never two runs at once, and goes on after a failure', async () => {
    let running = 0;
    let overlapped = false;
    const runs: number[] = [];
    const run = async () => {
      running++;
      if (running > 1) overlapped = true;
      runs.push(Date.now());
      // A run longer than the interval: the next one waits for it.
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      running--;
      if (runs.length === 1) throw new Error('the first run fails');
      return runs.length;
    };
    const warnings: string[] = [];
    const log = { info: () => {}, warn: (_obj: object, msg: string) => warnings.push(msg) };
    // Two instances ask for it every second.
    for (let i = 0; i < 2; i++) {
      const queue = await openJobQueue(database, silent, FAST);
      queues.push(queue);
      stops.push(await startPeriodicJob(queue, { name: 'tick', log, everySeconds: 1, run }));
    }
    await expect.poll(() => runs.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    expect(overlapped).toBe(false);
    expect(warnings).toContain('tick failed');
  });
});
