import { inArray } from 'drizzle-orm';
import type { AppContext } from '../context';
import { rowsOf } from '../db/client';
import { type PoolRecord, pools } from '../db/schema';
import {
  CROWNED_CORRECTIONS,
  type JobQueue,
  QUEUE_SCHEMA,
  queueSql,
  refreshQueueStatistics,
  SETTLE_POOL,
  SETTLE_SCAN,
} from '../lib/job-queue';
import { startJobWorkers } from '../lib/job-workers';
import { recordJobRun } from '../lib/metrics';
import { findDuePools } from '../modules/pools/settlement/due-pools.repo';
import {
  emptyRun,
  markCrownedCorrections,
  PoolJobError,
  type SettlementRun,
  settlePool,
  settleSmallPoolsTogether,
} from '../modules/pools/settlement/settle-pool.job';
import type { JobLogger } from './leader-loop';
import { startPeriodicJob } from './periodic-job';
import { countSettlement } from './settlement-job';

/** A pool's settlement job: which pool, and whether the scan found a judged week of it corrected. */
interface PoolJobData {
  poolId: number;
  corrected?: boolean;
}

/**
 * Pool jobs a worker takes at a time: a batch's small pools are settled together, so ten thousand pools due
 * at once are a hundred fetches and batches (a fetch and a completion cost about as much for 100 jobs as
 * for 50: the queue's share of the work).
 */
const POOLS_A_FETCH = 100;

/** A scan that adds this many jobs refreshes the queue's statistics (its fetches then read their index). */
const STATISTICS_AFTER_JOBS = 500;

/** From this many entries in play a pool's job is taken before the others of a scan. */
const BIG_POOL_IN_PLAY = 10_000;

export interface SettlementQueueOptions {
  /** Pool jobs this instance runs at once. */
  workers?: number;
  /** After a pool's job locked, judged or re-judged something (live updates, tests). */
  onRun?: (run: SettlementRun) => void | Promise<void>;
}

/**
 * Settles the site's pools on the job queue (decision 043), on every instance with jobs: a scan, one
 * at a time on the whole site every few seconds, lists the pools with settlement due and adds a job for
 * each one without a job already; any instance's workers take them, one pool's job at a time. A pool's
 * job that fails is retried with backoff by the queue and then dead-lettered; one whose instance died
 * is taken up by another. Each step of a pool's settlement is idempotent, so a job run twice is harmless.
 */
export async function startSettlementQueue(
  ctx: AppContext,
  log: JobLogger,
  queue: JobQueue,
  options: SettlementQueueOptions = {},
): Promise<() => Promise<void>> {
  const { boss, timings } = queue;
  const polling = { batchSize: 1, pollingIntervalSeconds: timings.pollingSeconds };
  const runPoolJob = async (pool: PoolRecord | undefined, { poolId, corrected }: PoolJobData) => {
    const started = performance.now();
    try {
      if (!pool || pool.final || pool.game === 'world-cup') return;
      // The scan read whether the pool's results were corrected a moment ago: one that has been since is
      // due again at the next scan. A job added otherwise (no word) looks for itself.
      const run = await settlePool(ctx, pool, ctx.clock.now(), emptyRun(), {
        lookForCorrections: corrected !== false,
        keptCalendar: true,
      });
      countSettlement(ctx, run);
      recordJobRun(ctx.metrics, 'settlement', 'ok', started);
      if (run.locked.length + run.settled.length + run.rejudged.length > 0) await options.onRun?.(run);
    } catch (error) {
      recordJobRun(ctx.metrics, 'settlement', 'failed', started);
      if (error instanceof PoolJobError) {
        ctx.metrics?.poolFailures.inc({ pool_id: String(poolId), step: error.step });
        log.warn(
          { poolId, step: error.step, week: error.week, error: error.words },
          'pool settlement failed',
        );
      }
      // The queue records the error and retries the pool after its backoff.
      throw error;
    }
  };
  /** The pools of a batch settled together with nothing left to do; none when that failed (each goes alone). */
  const settleTogether = async (batch: PoolRecord[]): Promise<Set<number>> => {
    const started = performance.now();
    try {
      const { run, done } = await settleSmallPoolsTogether(ctx, batch, ctx.clock.now());
      if (run.locked.length + run.settled.length > 0) {
        countSettlement(ctx, run);
        recordJobRun(ctx.metrics, 'settlement', 'ok', started);
        await options.onRun?.(run);
      }
      return done;
    } catch (error) {
      // Each pool then runs alone: the failing one says so, with its step, in its own warning.
      log.info(
        { pools: batch.length, error: String(error) },
        'settling pools together failed; each goes alone',
      );
      return new Set();
    }
  };
  const scan = async () => {
    const due = await findDuePools(ctx, ctx.clock.now());
    if (due.length > 0) {
      const busy = await poolsWithJobs(queue);
      const fresh = due.filter((pool) => !busy.has(pool.poolId));
      if (fresh.length > 0) {
        await boss.insert(
          fresh.map(({ poolId, corrected, inPlay }) => ({
            name: SETTLE_POOL,
            data: { poolId, corrected } satisfies PoolJobData,
            singletonKey: String(poolId),
            // A big pool's job first: its seconds run on one worker beside the small pools' jobs on the
            // others, rather than after ten thousand of them.
            priority: inPlay >= BIG_POOL_IN_PLAY ? 1 : 0,
          })),
        );
        workers.wake(Math.ceil(fresh.length / POOLS_A_FETCH));
        if (fresh.length >= STATISTICS_AFTER_JOBS)
          await refreshQueueStatistics(queue, SETTLE_POOL, STATISTICS_AFTER_JOBS).catch((error: unknown) =>
            log.warn({ error: String(error) }, 'refreshing the settlement queue statistics failed'),
          );
      }
    }
  };

  // Each worker takes a few pools' jobs at a time: one fetch for them, the small pools settled together,
  // then the others one after another.
  const workers = startJobWorkers<PoolJobData>(
    queue,
    { name: SETTLE_POOL, workers: options.workers ?? 4, batchSize: POOLS_A_FETCH, log },
    async (jobs, report, stopping) => {
      const ids = jobs.map((job) => job.data.poolId);
      const found = new Map(
        (await ctx.db.select().from(pools).where(inArray(pools.id, ids))).map((pool) => [pool.id, pool]),
      );
      // The small pools whose step due is a week to judge or to lock, settled together first (a pool
      // whose results were corrected is re-judged first, on its own).
      const together = await settleTogether(
        jobs.filter((job) => job.data.corrected === false).flatMap((job) => found.get(job.data.poolId) ?? []),
      );
      for (const job of jobs) {
        if (stopping.aborted) return;
        if (together.has(job.data.poolId)) await report(job.id);
        else
          await runPoolJob(found.get(job.data.poolId), job.data).then(
            () => report(job.id),
            (error: unknown) => report(job.id, error),
          );
      }
    },
  );
  await boss.work(SETTLE_SCAN, polling, async () => scan());
  // Every instance asks for a scan; the queue keeps one per interval (its singleton slot) and one waiting.
  const askForScan = () =>
    boss
      .send(SETTLE_SCAN, {}, { singletonKey: 'scan', singletonSeconds: timings.scanSeconds })
      .catch((error: unknown) => log.warn({ error: String(error) }, 'asking for a settlement scan failed'));
  void askForScan();
  const timer = setInterval(askForScan, timings.scanSeconds * 1000);
  timer.unref();
  // A correction after a pool's crowning is only told to its commissioner: looked for every few minutes
  // over the pools crowned in the last 30 days, not at every scan.
  const stopCorrections = await startPeriodicJob(queue, {
    name: CROWNED_CORRECTIONS,
    log,
    everySeconds: 300,
    run: () => markCrownedCorrections(ctx),
  });
  return async () => {
    clearInterval(timer);
    await stopCorrections();
    await boss.offWork(SETTLE_SCAN);
    await workers.stop();
  };
}

/**
 * The pools that have a settlement job waiting, retrying or running, one done in the last few seconds (the
 * scan's read of what is due may have come before that job's steps committed: it would give the pool a
 * second job for nothing), or one dead-lettered lately (it rests before a new round of retries).
 */
async function poolsWithJobs(queue: JobQueue): Promise<Set<number>> {
  const result = await queueSql(
    queue,
    `select distinct singleton_key as key from ${QUEUE_SCHEMA}.job
      where name = $1 and (state < 'completed'
        or (state = 'completed' and completed_on > now() - $3 * interval '1 second')
        or (state = 'failed' and completed_on > now() - $2 * interval '1 minute'))`,
    [SETTLE_POOL, queue.timings.deadRestMinutes, 2 * queue.timings.scanSeconds],
  );
  return new Set(rowsOf<{ key: string }>(result).map((row) => Number(row.key)));
}
