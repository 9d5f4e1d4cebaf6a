import type { AppContext } from '../context';
import { type ReminderRun, runReminderPass } from '../modules/reminders/reminders.service';
import { INGEST_LEADER_KEY, type IngestLogger } from './ingest';

export interface ReminderJobOptions {
  /** Real-time wait between two passes. */
  intervalMs?: number;
  /** Called after each pass (tests). */
  onRun?: (run: ReminderRun) => void | Promise<void>;
}

/**
 * E-mails pick reminders before each lock until stopped (runReminderPass). Only the polling leader
 * runs it, as it settles; every reminder is enqueued once by a key in the database, so a pass can
 * always be re-run and an instance taking over goes on where the last one stopped. A pool that fails
 * is logged and tried again at the next pass while the others go on.
 */
export function startReminderJob(
  ctx: AppContext,
  log: IngestLogger,
  options: ReminderJobOptions = {},
): () => Promise<void> {
  const interval = options.intervalMs ?? 60_000;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const run = async () => {
    try {
      if (await ctx.database.tryAcquireLeadership(INGEST_LEADER_KEY)) {
        const result = await runReminderPass(ctx);
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
        await options.onRun?.(result);
      }
    } catch (error) {
      log.warn({ error: String(error) }, 'reminder pass failed');
    }
    if (!stopped) timer = setTimeout(tick, interval);
  };
  const tick = () => {
    running = run();
  };
  timer = setTimeout(tick, 0);
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
}
