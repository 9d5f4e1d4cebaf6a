import type { AppContext } from '../context';
import { type JobQueue, REMINDERS } from '../lib/job-queue';
import { type PushRun, runPushPass } from '../modules/push/push.service';
import { type ReminderRun, runReminderPass } from '../modules/reminders/reminders.service';
import { type JobLogger, startLeaderLoop } from './leader-loop';
import { startPeriodicJob } from './periodic-job';

export interface ReminderJobOptions {
  /** Real-time wait between two passes. */
  intervalMs?: number;
  /** Called after each pass (tests). */
  onRun?: (run: ReminderRun & { push: PushRun }) => void | Promise<void>;
}

/**
 * E-mails pick reminders before each lock until stopped (runReminderPass), then sends the web pushes
 * queued (reminders, nudges) and those of weeks settled and pools ended since (runPushPass). The demo's
 * leader runs it (a site runs it on the queue, startQueuedReminderJob); every reminder is enqueued once by a key in the database, so a pass can
 * always be re-run and an instance taking over goes on where the last one stopped. A pool that fails
 * is logged and tried again at the next pass while the others go on. Stopping ends a pass between two
 * mails; what it had leased goes back to the queue.
 */
export function startReminderJob(
  ctx: AppContext,
  log: JobLogger,
  options: ReminderJobOptions = {},
): () => Promise<void> {
  // Stopping ends a pass between two mails (the loop's stop waits for the pass in flight).
  const stopping = new AbortController();
  const stop = startLeaderLoop({
    name: 'reminder pass',
    log,
    database: ctx.database,
    pass: () => reminderPass(ctx, stopping.signal),
    intervalMs: options.intervalMs ?? 60_000,
    onRun: async (result) => {
      logReminderRun(log, result);
      await options.onRun?.(result);
    },
  });
  return () => {
    stopping.abort();
    return stop();
  };
}

/** The reminder pass as a periodic job of the queue (decision 043): any instance with jobs runs it, once a minute. */
export function startQueuedReminderJob(
  ctx: AppContext,
  log: JobLogger,
  queue: JobQueue,
): Promise<() => Promise<void>> {
  return startPeriodicJob(queue, {
    name: REMINDERS,
    log,
    everySeconds: 60,
    run: (signal) => reminderPass(ctx, signal),
    onRun: (result) => logReminderRun(log, result),
  });
}

/** One pass: the reminders mailed, then the web pushes sent. */
async function reminderPass(ctx: AppContext, signal: AbortSignal): Promise<ReminderRun & { push: PushRun }> {
  const reminders = await runReminderPass(ctx, { signal });
  return { ...reminders, push: await runPushPass(ctx, { signal }) };
}

function logReminderRun(log: JobLogger, result: ReminderRun & { push: PushRun }): void {
  for (const failure of result.failed) {
    log.warn({ poolId: failure.poolId, error: failure.error }, 'pool reminders failed');
  }
  if (result.mailed > 0 || result.enqueued.length > 0) {
    log.info(
      {
        mailed: result.mailed,
        enqueued: result.enqueued.reduce((sum, item) => sum + item.entries, 0),
      },
      'pick reminders sent',
    );
  }
  const { push } = result;
  for (const failure of push.failedPools) {
    log.warn({ poolId: failure.poolId, error: failure.error }, 'pool pushes failed');
  }
  if (push.sent + push.failed + push.gone > 0) {
    log.info({ sent: push.sent, failed: push.failed, gone: push.gone }, 'web pushes sent');
  }
}
