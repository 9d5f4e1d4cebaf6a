import type { AppContext } from '../context';
import { type SettlementRun, settleDueWeeks } from '../modules/pools/settlement/settle-pool.job';
import { type JobLogger, startLeaderLoop } from './leader-loop';

export interface SettlementJobOptions {
  /** Real-time wait between two passes. */
  intervalMs?: number;
  /** One pass (default settleDueWeeks; the demo's lets its entrants act before each lock). */
  settle?: (ctx: AppContext) => Promise<SettlementRun>;
  /** Called after a pass that locked or settled something (live updates, tests). */
  onRun?: (run: SettlementRun) => void | Promise<void>;
}

/**
 * Locks and settles due pool weeks in one process until stopped: the demo's replay, whose entrants act
 * before each lock in every pool (a site settles on the job queue, settlement-queue.ts). Only the leader
 * settles. Each pool goes on its own: a pool's failure is logged with the pool and its error and tried
 * again by the next pass, while the others settle (settleDueWeeks). Since every week is locked and
 * settled once, in its own transaction, a pass can always be re-run.
 */
export function startSettlementJob(
  ctx: AppContext,
  log: JobLogger,
  options: SettlementJobOptions = {},
): () => Promise<void> {
  return startLeaderLoop({
    name: 'settlement pass',
    log,
    database: ctx.database,
    pass: () => (options.settle ?? settleDueWeeks)(ctx),
    intervalMs: options.intervalMs ?? 30_000,
    metrics: { job: 'settlement', registry: ctx.metrics },
    onRun: async (result) => {
      countSettlement(ctx, result);
      // A pool that failed is tried again by the next pass; the other pools went on in this one.
      for (const failure of result.failed) {
        log.warn(
          { poolId: failure.poolId, step: failure.step, week: failure.week, error: failure.error },
          'pool settlement failed',
        );
      }
      if (result.locked.length + result.settled.length + result.rejudged.length > 0) {
        log.info(
          {
            locked: result.locked.length,
            settled: result.settled.length,
            rejudged: result.rejudged.length,
          },
          'pool weeks settled',
        );
        await options.onRun?.(result);
      }
    },
  });
}

/** A pass's weeks by step, and each failing pool's failure under its id. */
export function countSettlement(ctx: AppContext, result: SettlementRun): void {
  const metrics = ctx.metrics;
  if (!metrics) return;
  if (result.locked.length > 0) metrics.poolWeeks.inc({ step: 'lock' }, result.locked.length);
  if (result.settled.length > 0) metrics.poolWeeks.inc({ step: 'settle' }, result.settled.length);
  if (result.rejudged.length > 0) metrics.poolWeeks.inc({ step: 'rejudge' }, result.rejudged.length);
  for (const failure of result.failed) {
    metrics.poolFailures.inc({ pool_id: String(failure.poolId), step: failure.step });
  }
}
