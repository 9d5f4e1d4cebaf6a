import { type Database, LEADER_LOCK_KEY } from '../db/client';
import { type AppMetrics, type JobName, type JobOutcome, recordJobRun } from '../lib/metrics';

export { LEADER_LOCK_KEY };

/**
 * A follower's longest wait before it asks for the lead again: when the leader stops (SIGTERM) or dies
 * (its connection, and with it the lock, goes), a survivor takes over its jobs within this wait plus a
 * pass. One cheap lock query per job and wait on each follower.
 */
export const FOLLOWER_DELAY_MS = 10_000;

/** What the jobs log: pino's shape (the app's logger), or nothing in tests. */
export interface JobLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Whether this instance ran the last pass: unknown before the first one. */
export type LeaderRole = 'unknown' | 'leader' | 'follower';

export interface LeaderLoopOptions<T> {
  /** What the log calls a pass: a failed one is logged as `${name} failed`. */
  name: string;
  log: JobLogger;
  /** Starts the first pass right away, inside this call, rather than on the next turn of the event loop. */
  immediately?: boolean;
  /** Where the loop asks for leadership (the database's session advisory lock). */
  database: Pick<Database, 'tryAcquireLeadership'>;
  /** One pass, run only while this instance leads. */
  pass: () => Promise<T>;
  /** Real-time wait after a pass that returned: a fixed one, or one the pass's result calls for. */
  intervalMs: number | ((result: T) => number);
  /** Wait after a pass that threw (default: the fixed interval, else a minute). */
  retryMs?: number;
  /** Wait of a follower before it asks for the lead again (default: as after a failed pass, at most FOLLOWER_DELAY_MS). */
  followerDelayMs?: number;
  /** The job's series in `ala_job_runs_total` and `ala_job_duration_seconds`; none without it. */
  metrics?: { job: JobName; registry: AppMetrics | undefined; ok?: (result: T) => boolean };
  /** After each pass that returned (its logs, counters, live updates); a throw here is logged. */
  onRun?: (result: T) => void | Promise<void>;
  /** A pass (or onRun) threw; the next pass still runs. Default: a warning `${name} failed`. */
  onError?: (error: unknown) => void;
  /** This instance became the leader or a follower (never called twice in a row for the same role). */
  onRoleChange?: (role: 'leader' | 'follower', previous: LeaderRole) => void;
}

/**
 * Runs a leader-only job until stopped: each pass first tries the leadership lock; the leader runs
 * the pass, a follower does nothing and asks again later, so one instance takes over when the leader
 * stops. A failing pass is logged and only delays the next. The first pass starts at once (on the next
 * turn of the event loop, unless `immediately`); the stop function waits for a pass in flight.
 */
export function startLeaderLoop<T>(options: LeaderLoopOptions<T>): () => Promise<void> {
  const fixed = typeof options.intervalMs === 'number' ? options.intervalMs : undefined;
  const retryMs = options.retryMs ?? fixed ?? 60_000;
  const followerDelayMs = options.followerDelayMs ?? Math.min(retryMs, FOLLOWER_DELAY_MS);
  const onError =
    options.onError ??
    ((error: unknown) => options.log.warn({ error: String(error) }, `${options.name} failed`));
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let role: LeaderRole = 'unknown';
  const become = (next: 'leader' | 'follower') => {
    if (next !== role) options.onRoleChange?.(next, role);
    role = next;
  };
  const run = async () => {
    const started = performance.now();
    let outcome: JobOutcome = 'failed';
    // An ask that fails (the database is away, and with it any lock this instance held) is made again
    // after a follower's wait, not a failed pass's: once the database is back someone leads soon.
    let delay = followerDelayMs;
    try {
      const leads = await options.database.tryAcquireLeadership(LEADER_LOCK_KEY);
      delay = retryMs;
      if (!leads) {
        outcome = 'follower';
        delay = followerDelayMs;
        become('follower');
      } else {
        become('leader');
        const result = await options.pass();
        outcome = (options.metrics?.ok?.(result) ?? true) ? 'ok' : 'failed';
        delay = typeof options.intervalMs === 'number' ? options.intervalMs : options.intervalMs(result);
        await options.onRun?.(result);
      }
    } catch (error) {
      onError(error);
    }
    if (options.metrics) recordJobRun(options.metrics.registry, options.metrics.job, outcome, started);
    if (!stopped) timer = setTimeout(tick, delay);
  };
  const tick = () => {
    running = run();
  };
  if (options.immediately) tick();
  else timer = setTimeout(tick, 0);
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
}
