import type { JobQueue } from '../lib/job-queue';
import { startJobWorkers } from '../lib/job-workers';
import type { JobLogger } from './leader-loop';

export interface PeriodicJobOptions<T> {
  /** The queue's name of the job, and what its log calls a failed run. */
  name: string;
  log: JobLogger;
  /** How often the job runs on the whole site. */
  everySeconds: number;
  /** One run; `signal` aborts when the instance stops. */
  run: (signal: AbortSignal) => Promise<T>;
  /** After a run that returned (its logs); a throw here is logged. */
  onRun?: (result: T) => void | Promise<void>;
}

/**
 * A job the site runs every `everySeconds`, on whichever instance takes it from the queue (decision 043):
 * every instance with jobs asks for one run per interval, and the queue keeps one per interval slot,
 * one running and one waiting at most (`stately`), so runs never overlap. A run kept alive by its beat
 * runs as long as it needs; one whose instance dies is run again elsewhere. A failed run is logged and
 * the next interval's run tries again.
 */
export async function startPeriodicJob<T>(
  queue: JobQueue,
  options: PeriodicJobOptions<T>,
): Promise<() => Promise<void>> {
  const { boss, timings } = queue;
  const { name, log } = options;
  await boss.createQueue(name, {
    name,
    policy: 'stately',
    retryLimit: 1,
    retryDelay: timings.retryDelaySeconds,
    expireInSeconds: timings.expireSeconds,
  });
  const stopping = new AbortController();
  const workers = startJobWorkers(queue, { name, workers: 1, batchSize: 1, log }, async ([job], report) => {
    try {
      const result = await options.run(stopping.signal);
      await options.onRun?.(result);
    } catch (error) {
      log.warn({ error: String(error) }, `${name} failed`);
    }
    await report(job.id);
  });
  const ask = () =>
    boss
      .send(name, {}, { singletonKey: name, singletonSeconds: options.everySeconds })
      .catch((error: unknown) => log.warn({ error: String(error) }, `asking for ${name} failed`));
  void ask();
  const timer = setInterval(ask, options.everySeconds * 1000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    stopping.abort();
    await workers.stop();
  };
}
