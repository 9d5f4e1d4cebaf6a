import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import type { PoolRecord } from '../../../db/schema';
import { pools, poolWeeks } from '../../../db/schema';
import { inBackground } from '../../../lib/background';
import { notifyPoolChanged } from '../live/notify';
import { refreshAfterSettlement } from '../standings/pool-rankings';
import { keepOwingCount } from '../store/owing-count.repo';
import { loadPoolWeeks, loadPoolWeeksKept } from '../store/pool-weeks.repo';
import { describeStep, errorInWords, type PoolJobProgress, type PoolJobStep } from './job-steps';
import { findLocksDue, lockWeeksTogether } from './lock-together.command';
import { lockPoolWeek, weekLockAt } from './lock-week.command';
import { findCorrectedWeek, rejudgeFromWeek } from './rejudge.command';
import { crownPoolEnd, markCorrectionsAfterCrowning, readPoolEnd, storedEndRule } from './season-end.service';
import { findSettlesDue, settleWeeksTogether } from './settle-together.command';
import { settlePoolWeek } from './settle-week.command';
import { digestWeekResults, isWeekComplete, loadWeekGames } from './week-facts.repo';

// The settlement's pass, the top of its steps (decision 026): each pool's corrected weeks re-judged
// (rejudge.command.ts), then its due weeks locked (lock-week.command.ts) and judged (judge-week.engine.ts), in order.

/** What one pass of the settlement did. */
export interface SettlementRun {
  locked: Array<{ poolId: number; week: number }>;
  settled: Array<{ poolId: number; week: number }>;
  /** Settled weeks judged again after a result correction. */
  rejudged: Array<{ poolId: number; week: number }>;
  /** Pools that failed in this pass (the other pools went on). */
  failed: Array<PoolJobFailureReport>;
}

/** One pool's failure in a pass: where, and the error in words. */
export interface PoolJobFailureReport {
  poolId: number;
  step: PoolJobStep;
  week: number | null;
  error: string;
}

/** A pass that did nothing yet. */
export function emptyRun(): SettlementRun {
  return { locked: [], settled: [], rejudged: [], failed: [] };
}

/** Options of a settlement pass. */
export interface SettlementOptions {
  /**
   * Called before a week locks: for the next week to lock (picks ahead), and when its lock has passed and
   * it is about to be locked. The demo's entrants pick and rebuy here.
   */
  beforeLock?: (pool: PoolRecord, week: number, lockAt: Date) => Promise<void>;
  /**
   * The season's calendar as this instance read it a moment ago (loadPoolWeeksKept): the queue's jobs,
   * thousands of pools of one season at one lock. Without it, read afresh.
   */
  keptCalendar?: boolean;
}

/**
 * Locks and settles every week that is due in every pool still playing, in one process (the demo's
 * replay, the tools and the tests; a site settles each pool as a job of the queue, settlement-queue.ts):
 * a week locks once its lock instant has passed, and is judged once it is locked, the week before it is
 * settled and all its games are final. Weeks go in order; a week waiting for results holds the weeks
 * after it. Each pool goes on its own: one that fails is reported with what failed and its error, and
 * every other pool's weeks lock and settle in the same pass; the next pass tries it again.
 */
export async function settleDueWeeks(
  ctx: AppContext,
  options: SettlementOptions = {},
): Promise<SettlementRun> {
  const run = emptyRun();
  const now = ctx.clock.now();
  // Pools not started yet too: their first week may be picked ahead (the demo's entrants do).
  const open = await ctx.db.select().from(pools).where(eq(pools.final, false)).orderBy(asc(pools.id));
  for (const pool of open) {
    if (pool.game === 'world-cup') continue;
    try {
      await settlePool(ctx, pool, now, run, options);
    } catch (error) {
      if (!(error instanceof PoolJobError)) throw error;
      run.failed.push({ poolId: pool.id, step: error.step, week: error.week, error: error.words });
    }
  }
  await markCrownedCorrections(ctx);
  return run;
}

/**
 * A crowned pool is not re-judged: a correction after its crowning is only told to its commissioner. Each
 * season's results are digested once for all of its crowned pools.
 */
export async function markCrownedCorrections(ctx: AppContext): Promise<void> {
  const seasons = new Map<string, Promise<Map<number, string>>>();
  const digestsOf = (pool: PoolRecord) => {
    const key = `${pool.game}|${pool.season}|${pool.seasonType}`;
    let digests = seasons.get(key);
    if (!digests) {
      digests = digestWeekResults(ctx.db, pool);
      seasons.set(key, digests);
    }
    return digests;
  };
  await markCorrectionsAfterCrowning(
    ctx,
    async (pool) => (await findCorrectedWeek(ctx.db, pool, digestsOf(pool))) !== null,
  ).catch(() => undefined);
}

/** A pool's settlement failed: at which step and week, and the error in words. */
export class PoolJobError extends Error {
  readonly words: string;
  constructor(
    readonly poolId: number,
    readonly step: PoolJobStep,
    readonly week: number | null,
    cause: unknown,
  ) {
    const words = errorInWords(cause);
    super(`${describeStep(step, week)}: ${words}`, { cause });
    this.name = 'PoolJobError';
    this.words = words;
  }
}

/**
 * One pool's settlement: its corrected weeks re-judged, then its due weeks locked and judged (and its end
 * crowned), each step in its own transaction, so it can always be run again. A failure is thrown as a
 * PoolJobError saying what failed. Open pages are told afterwards.
 */
export async function settlePool(
  ctx: AppContext,
  pool: PoolRecord,
  now: Date,
  run: SettlementRun = emptyRun(),
  options: SettlementOptions & {
    /** Whether to look for corrected results first (the queue's scan already did, and says so). */
    lookForCorrections?: boolean;
  } = {},
): Promise<SettlementRun> {
  const before = run.locked.length + run.settled.length + run.rejudged.length;
  const at: PoolJobProgress = { step: 'rejudge', week: null };
  let corrected: number | null = null;
  try {
    corrected = options.lookForCorrections === false ? null : await findCorrectedWeek(ctx.db, pool);
    if (corrected !== null) {
      at.week = corrected;
      for (const week of await rejudgeFromWeek(ctx, pool, corrected))
        run.rejudged.push({ poolId: pool.id, week });
    }
    await settlePoolDueWeeks(ctx, pool, now, run, options, at);
  } catch (error) {
    throw new PoolJobError(pool.id, at.step, at.week, error);
  } finally {
    // Open pages refetch once the pool's weeks moved (after the transactions committed), and the pool's
    // rankings are computed once for them (decision 013; a big pool's in the background). Should that
    // fail, reads compute them as before.
    if (run.locked.length + run.settled.length + run.rejudged.length > before || corrected !== null) {
      await refreshAfterSettlement(ctx, pool.id).catch(() => undefined);
      // Missing Picks' count of a big pool's open week, kept for its reads (in the background, as above).
      inBackground(keepOwingCount(ctx, pool)).catch(() => undefined);
      notifyPoolChanged(ctx, pool.id, 'standings');
    }
  }
  return run;
}

/** One pool's due weeks (see settleDueWeeks). */
export async function settlePoolDueWeeks(
  ctx: AppContext,
  pool: PoolRecord,
  now: Date,
  run: SettlementRun = emptyRun(),
  options: SettlementOptions = {},
  at: PoolJobProgress = { step: 'lock', week: null },
): Promise<SettlementRun> {
  at.step = 'lock';
  at.week = null;
  // A pool its end rule decided crowns automatically, first thing (again here if an instance died
  // between the judging and the crowning), and plays no more weeks.
  const automatic = storedEndRule(pool).end_crowning === 'automatic';
  if (automatic && (await readPoolEnd(ctx.db, pool.id))) {
    at.step = 'crown';
    await crownPoolEnd(ctx, pool.id, null);
    return run;
  }
  const calendar = options.keptCalendar
    ? await loadPoolWeeksKept(ctx.db, pool)
    : await loadPoolWeeks(ctx.db, pool);
  const done = await ctx.db
    .select({ week: poolWeeks.week, settledAt: poolWeeks.settledAt })
    .from(poolWeeks)
    .where(eq(poolWeeks.poolId, pool.id));
  const status = new Map(done.map((row) => [row.week, row.settledAt !== null]));
  for (let week = Math.max(1, pool.startWeek); week <= calendar.weekCount; week++) {
    const lockAt = weekLockAt(calendar, pool, week);
    if (lockAt.getTime() > now.getTime()) break;
    if (!status.has(week)) {
      at.step = 'lock';
      at.week = week;
      await options.beforeLock?.(pool, week, lockAt);
      if (await lockPoolWeek(ctx, pool, calendar, week, lockAt)) run.locked.push({ poolId: pool.id, week });
      status.set(week, false);
    }
    if (status.get(week) === true) continue;
    at.step = 'settle';
    at.week = week;
    if (await settlePoolWeek(ctx, pool, week)) {
      run.settled.push({ poolId: pool.id, week });
      status.set(week, true);
      if (automatic && (await readPoolEnd(ctx.db, pool.id))) {
        at.step = 'crown';
        await crownPoolEnd(ctx, pool.id, null);
        return run;
      }
    } else {
      break;
    }
  }
  if (options.beforeLock) {
    // Then the next week to lock may be picked ahead (and rebuys paid), whatever the weeks before it wait for.
    for (let week = Math.max(1, pool.startWeek); week <= calendar.weekCount; week++) {
      const lockAt = weekLockAt(calendar, pool, week);
      if (lockAt.getTime() <= now.getTime()) continue;
      at.step = 'lock';
      at.week = week;
      await options.beforeLock(pool, week, lockAt);
      break;
    }
  }
  return run;
}

/**
 * Settles together the small pools of some (a worker's batch of the queue's jobs) whose step due is a
 * week to judge (settle-together.command.ts) or their next week's lock (lock-together.command.ts), judged
 * first then locked, and tells their open pages. Returns the run and the pools with nothing left to do:
 * judged and their next week's lock not passed, or locked and their week's games not all final. Every
 * other pool, and one the end rule decided (its crowning), goes on through settlePool; should a step
 * together fail, every pool does, each reporting its own failure.
 */
export async function settleSmallPoolsTogether(
  ctx: AppContext,
  candidates: readonly PoolRecord[],
  now: Date,
): Promise<{ run: SettlementRun; done: Set<number> }> {
  const run = emptyRun();
  const done = new Set<number>();
  const judged = await settleWeeksTogether(ctx, await findSettlesDue(ctx, candidates));
  const locked = await lockWeeksTogether(ctx, await findLocksDue(ctx, candidates, now));
  const lockedNow = new Set(locked.map(({ pool }) => pool.id));
  for (const { pool, week, decided } of judged) {
    run.settled.push({ poolId: pool.id, week });
    if (decided || lockedNow.has(pool.id)) continue;
    const next = week + 1;
    const calendar = await loadPoolWeeksKept(ctx.db, pool);
    if (next > calendar.weekCount || weekLockAt(calendar, pool, next).getTime() > now.getTime())
      done.add(pool.id);
  }
  const complete = new Map<string, Promise<boolean>>();
  for (const { pool, week } of locked) {
    run.locked.push({ poolId: pool.id, week });
    // Each week of a season read once for the pools of the batch.
    const key = `${pool.game}|${pool.season}|${pool.seasonType}|${week}`;
    let ready = complete.get(key);
    if (!ready) {
      ready = loadWeekGames(ctx.db, pool, week).then(isWeekComplete);
      complete.set(key, ready);
    }
    if (!(await ready)) done.add(pool.id);
  }
  // Open pages refetch. No rankings are stored for pools this small (refreshAfterSettlement).
  for (const poolId of new Set([...judged.map(({ pool }) => pool.id), ...lockedNow]))
    notifyPoolChanged(ctx, poolId, 'standings');
  return { run, done };
}
