import { type JobQueue, keepJobsAlive, QUEUE_SCHEMA, queueSql } from './job-queue';

// This instance's workers of a queue (decision 043), in place of pg-boss's own `work()`: pg-boss gives a
// handler up once its job's first expiry has passed and fails the job while it still runs (a big pool's
// week could then be judged by two instances at once), and takes one job a fetch. Here a job runs as long
// as its beat keeps it alive, and a worker takes several at a time.

/** A job as a worker holds it. */
export interface QueueJob<T> {
  id: string;
  data: T;
}

/** Says how a job of the batch went: done, or failed with `error` (the queue retries it, then dead-letters it). */
export type JobReport = (jobId: string, error?: unknown) => Promise<void>;

export interface JobWorkersOptions {
  /** The queue's name. */
  name: string;
  /** Loops taking jobs at once on this instance. */
  workers: number;
  /** Jobs a loop takes at a time (one fetch, in the queue's order: priority, then age). */
  batchSize: number;
  log: { warn(obj: object, msg: string): void };
}

/**
 * Runs a queue's jobs on this instance: `workers` loops, each taking up to `batchSize` jobs, beating for
 * the ones not done yet (a job not heard from for the queue's expiry is given to another instance) and
 * handing them to `handle` together. `handle` reports each job it ran (report); what it did not report
 * when it returns is put back for any instance to take (this one stopping), and what it did not report
 * when it throws fails with the error. A loop that found jobs asks again at once; one that found none
 * waits (below), or until wake(). Returns stop, which waits for the batches running.
 */
export function startJobWorkers<T extends object>(
  queue: JobQueue,
  options: JobWorkersOptions,
  handle: (jobs: Array<QueueJob<T>>, report: JobReport, stopping: AbortSignal) => Promise<void>,
): { stop: () => Promise<void>; wake: (count?: number) => void } {
  const { boss, timings } = queue;
  const { name, log } = options;
  const stopping = new AbortController();
  const sleepers = new Set<() => void>();
  /** Wakes up to `count` resting loops (each asks for a batch at once). */
  const wake = (count = Number.POSITIVE_INFINITY) => {
    let left = count;
    for (const sleeper of sleepers) {
      if (left-- <= 0) break;
      sleeper();
    }
  };
  const rest = (seconds: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, seconds * 1000);
      sleepers.add(done);
    });

  const runBatch = async (jobs: Array<QueueJob<T>>) => {
    const open = new Set(jobs.map((job) => job.id));
    // Jobs done are completed together when the batch ends (one statement, not one a job), beaten for
    // until then like the ones not run yet.
    const done = new Set<string>();
    const stopBeat = keepJobsAlive(queue, name, () => [...open]);
    // A report that cannot be written (the database away) leaves the job active: it expires and is
    // taken up again, which a job's idempotence makes harmless.
    const write = async (jobIds: string[], error?: unknown) => {
      try {
        if (error === undefined) await boss.complete(name, jobIds);
        else
          for (const jobId of jobIds)
            await boss.fail(name, jobId, error instanceof Error ? error : { message: String(error) });
      } catch (failure) {
        log.warn({ error: String(failure), jobIds }, `reporting ${name} jobs failed`);
      }
    };
    const report: JobReport = async (jobId, error) => {
      if (!open.has(jobId) || done.has(jobId)) return;
      if (error === undefined) {
        done.add(jobId);
        return;
      }
      open.delete(jobId);
      await write([jobId], error);
    };
    try {
      await handle(jobs, report, stopping.signal);
      const notRun = [...open].filter((jobId) => !done.has(jobId));
      if (notRun.length > 0) await putBack(notRun);
    } catch (error) {
      for (const jobId of [...open]) if (!done.has(jobId)) await report(jobId, error);
    } finally {
      if (done.size > 0) await write([...done]);
      stopBeat();
    }
  };

  /** Jobs taken and not run (the instance stopping): waiting again, as if never taken. */
  const putBack = async (jobIds: string[]) => {
    await queueSql(
      queue,
      `update ${QUEUE_SCHEMA}.job set state = 'created', started_on = null,
          expire_in = $3 * interval '1 second'
        where name = $1 and id = any($2::uuid[]) and state = 'active'`,
      [name, jobIds, timings.expireSeconds],
    ).catch((error: unknown) => log.warn({ error: String(error) }, `putting ${name} jobs back failed`));
  };

  // Idle, one loop asks every polling interval and the others ten times as seldom: a fetch reads past every
  // job done since the table was last vacuumed, so a dozen idle loops asking each second cost a core's tenth.
  // A loop that finds a full batch wakes another.
  const loop = async (index: number) => {
    while (!stopping.signal.aborted) {
      let jobs: Array<QueueJob<T>> = [];
      try {
        jobs = (await boss.fetch<T>(name, { batchSize: options.batchSize, priority: true })) ?? [];
      } catch (error) {
        log.warn({ error: String(error) }, `taking ${name} jobs failed`);
      }
      if (stopping.signal.aborted) {
        if (jobs.length > 0) await putBack(jobs.map((job) => job.id));
        break;
      }
      if (jobs.length === 0) {
        await rest(timings.pollingSeconds * (index === 0 ? 1 : 10));
        continue;
      }
      // One more loop for the jobs that may be left: a loop woken for nothing is a fetch for nothing.
      if (jobs.length === options.batchSize) wake(1);
      await runBatch(jobs);
    }
  };
  const loops = Array.from({ length: Math.max(1, options.workers) }, (_, index) => loop(index));
  return {
    wake,
    stop: async () => {
      stopping.abort();
      wake();
      await Promise.all(loops);
    },
  };
}
