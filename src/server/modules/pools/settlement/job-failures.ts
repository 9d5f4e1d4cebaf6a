import { asc, count, eq, sql } from 'drizzle-orm';
import type { SettlementJobsResponse } from '../../../../core/contracts/sports';
import { poolPagePathIn } from '../../../../core/pool/identity';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import { leagues, poolJobFailures, pools } from '../../../db/schema';

/** What the settlement job was doing for a pool when it failed. */
export type PoolJobStep = 'lock' | 'settle' | 'rejudge' | 'crown';

/** Where a pool's pass is: its step and week, updated as it goes, so a failure says what failed. */
export interface PoolJobProgress {
  step: PoolJobStep;
  week: number | null;
}

/** A pool's recorded failure, as the job reads it before each pass. */
export type PoolJobFailure = typeof poolJobFailures.$inferSelect;

/** The first retry waits this long after a failure, each next one twice as long as the one before... */
export const FIRST_RETRY_MS = 30_000;
/** ...up to this. */
export const LONGEST_RETRY_MS = 30 * 60_000;
/** The error's words kept: enough for a message and the start of its detail. */
const ERROR_CHARS = 2000;

/** How long after its `failures`-th failure in a row a pool is tried again: 30 s, 1 min, 2 min ... 30 min. */
export function retryDelayMs(failures: number): number {
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(Math.max(failures - 1, 0), 16));
}

/**
 * An error in words, never its stack: its message, or for a failed statement what the database said first
 * and then the statement's start (its parameters left out: a big pool's could be megabytes).
 */
export function errorInWords(error: unknown): string {
  let words: string;
  if (error instanceof Error) {
    const message = error.message.split('\nparams:')[0].replace(/\s+/g, ' ').trim();
    words =
      error.cause instanceof Error
        ? `${error.cause.message} (${message})`
        : `${error.name === 'Error' ? '' : `${error.name}: `}${message}`;
  } else {
    words = String(error);
  }
  return words.length > ERROR_CHARS ? `${words.slice(0, ERROR_CHARS)}...` : words;
}

/** Every pool failing now, by pool id (a handful at most: read once per pass). */
export async function readPoolJobFailures(db: DbOrTx): Promise<Map<number, PoolJobFailure>> {
  const rows = await db.select().from(poolJobFailures);
  return new Map(rows.map((row) => [row.poolId, row]));
}

/**
 * Records a pool's failure: one more in a row, and when to try it again (on the wall clock: the
 * application's clock runs faster in the demo's replay, and a retry waits real time).
 */
export async function recordPoolJobFailure(
  ctx: AppContext,
  poolId: number,
  at: PoolJobProgress,
  error: unknown,
): Promise<PoolJobFailure> {
  const now = ctx.wallClock.now();
  const words = errorInWords(error);
  const [row] = await ctx.db
    .insert(poolJobFailures)
    .values({
      poolId,
      step: at.step,
      week: at.week,
      error: words,
      failures: 1,
      firstFailedAt: now,
      lastFailedAt: now,
      nextRetryAt: new Date(now.getTime() + retryDelayMs(1)),
    })
    .onConflictDoUpdate({
      target: poolJobFailures.poolId,
      set: {
        step: at.step,
        week: at.week,
        error: words,
        failures: sql`${poolJobFailures.failures} + 1`,
        lastFailedAt: now,
        // The delay after this failure: FIRST_RETRY_MS doubled per failure before it, at most LONGEST_RETRY_MS.
        nextRetryAt: sql`${now.toISOString()}::timestamptz + least(${LONGEST_RETRY_MS}::bigint,
          ${FIRST_RETRY_MS}::bigint * power(2, least(${poolJobFailures.failures}, 16))::bigint) * interval '1 millisecond'`,
      },
    })
    .returning();
  return row;
}

/** Clears a pool's failure once it went through. */
export async function clearPoolJobFailure(db: DbOrTx, poolId: number): Promise<void> {
  await db.delete(poolJobFailures).where(eq(poolJobFailures.poolId, poolId));
}

/** What failed, in words. */
export function describeStep(step: string, week: number | null): string {
  const inWeek = week === null ? '' : ` Week ${week}`;
  if (step === 'lock') return `Locking${inWeek}`;
  if (step === 'settle') return `Judging${inWeek}`;
  if (step === 'rejudge')
    return week === null
      ? 'Looking for corrected results'
      : `Re-judging from Week ${week} after a corrected result`;
  return step;
}

/**
 * GET /admin/settlement: the pools whose settlement fails now, a page of them, the one failing longest
 * first: its league, name and page, what failed, the error in words, failures in a row and the next retry.
 */
export async function listPoolJobFailures(
  ctx: AppContext,
  page: { page: number; pageSize: number },
): Promise<SettlementJobsResponse> {
  const [{ total }] = await ctx.db.select({ total: count() }).from(poolJobFailures);
  const rows = await ctx.db
    .select({ failure: poolJobFailures, pool: pools, league: { name: leagues.name, abb: leagues.abb } })
    .from(poolJobFailures)
    .innerJoin(pools, eq(pools.id, poolJobFailures.poolId))
    .innerJoin(leagues, eq(leagues.id, pools.leagueId))
    .orderBy(asc(poolJobFailures.firstFailedAt), asc(poolJobFailures.poolId))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  return {
    failures: rows.map(({ failure, pool, league }) => ({
      pool_id: pool.id,
      league: league.name,
      pool:
        pool.customName?.trim() ||
        (pool.poolIdx > 0 ? `${pool.gameName} #${pool.poolIdx + 1}` : pool.gameName),
      game: pool.game,
      path: poolPagePathIn(pool, league),
      step: failure.step,
      week: failure.week,
      what: describeStep(failure.step, failure.week),
      error: failure.error,
      failures: failure.failures,
      first_failed_at: failure.firstFailedAt.toISOString(),
      last_failed_at: failure.lastFailedAt.toISOString(),
      next_retry_at: failure.nextRetryAt.toISOString(),
    })),
    page: page.page,
    pageSize: page.pageSize,
    total: Number(total),
  };
}
