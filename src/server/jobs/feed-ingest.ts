import { and, desc, eq, gte, lte, notLike } from 'drizzle-orm';
import type { AppContext } from '../context';
import { feedFetches, games } from '../db/schema';
import { FEED_POLLS, type JobQueue, SEASON_SCHEDULES } from '../lib/job-queue';
import { type JobName, recordJobRun } from '../lib/metrics';
import { currentSeasonOf } from '../sports/feeds';
import type { SportsProvider } from '../sports/model';
import {
  type IngestResult,
  ingestOnce,
  ingestSeasonOnce,
  nextPollDelayMs,
  pollDates,
  type SeasonIngestResult,
  startIngestJob,
} from './ingest';
import { FOLLOWER_DELAY_MS, type JobLogger, startLeaderLoop } from './leader-loop';
import { startPeriodicJob } from './periodic-job';

/** How often the season schedules (and so the calendars of this and next season) are read again. */
export const SEASON_POLL_MS = 6 * 60 * 60_000;

/**
 * Reads the schedules of the season under way and the next one from every provider that has
 * them, and rebuilds their calendars. Each provider and season is independent: one failing feed
 * is recorded and the others go on.
 */
export async function pollSeasonsOnce(
  ctx: AppContext,
  providers: readonly SportsProvider[],
  log: JobLogger,
): Promise<SeasonIngestResult[]> {
  const results: SeasonIngestResult[] = [];
  for (const provider of providers) {
    if (!provider.fetchSeason) continue;
    const current = currentSeasonOf(provider.game, ctx.clock.now());
    for (const season of [current, current + 1]) {
      results.push(await ingestSeasonOnce(ctx, provider, season, log));
    }
  }
  return results;
}

/**
 * One poll of every provider for the days around now. Each provider is independent: a failing
 * feed is recorded and writes nothing, and the others go on.
 */
export async function pollFeedsOnce(
  ctx: AppContext,
  providers: readonly SportsProvider[],
  log: JobLogger,
): Promise<IngestResult[]> {
  const results: IngestResult[] = [];
  for (const provider of providers) {
    results.push(await ingestOnce(ctx, provider, pollDates(ctx.clock.now()), log));
  }
  return results;
}

/** After a failed day poll, the next one waits this long. */
const RETRY_POLL_MS = 60_000;

/**
 * One look at every provider's day poll, polling those due: as long after its last day poll as the
 * games stored around now call for (nextPollDelayMs: often while they are live or about to start),
 * a minute after a failed one, at once when it never polled. Read from the database, so any instance
 * may look (the queue's periodic job).
 */
export async function pollDueFeeds(
  ctx: AppContext,
  providers: readonly SportsProvider[],
  log: JobLogger,
): Promise<Array<IngestResult & { provider: string }>> {
  const results: Array<IngestResult & { provider: string }> = [];
  for (const provider of providers) {
    const now = ctx.clock.now();
    const [last] = await ctx.db
      .select({ ok: feedFetches.ok, fetchedAt: feedFetches.fetchedAt })
      .from(feedFetches)
      .where(
        and(
          eq(feedFetches.provider, provider.name),
          eq(feedFetches.game, provider.game),
          notLike(feedFetches.url, '%:season %'),
        ),
      )
      .orderBy(desc(feedFetches.fetchedAt))
      .limit(1);
    if (last) {
      const around = await ctx.db
        .select()
        .from(games)
        .where(
          and(
            eq(games.game, provider.game),
            gte(games.startTime, new Date(now.getTime() - 86_400_000)),
            lte(games.startTime, new Date(now.getTime() + 2 * 86_400_000)),
          ),
        );
      const wait = last.ok ? nextPollDelayMs(around, now) : RETRY_POLL_MS;
      if (last.fetchedAt.getTime() + wait > now.getTime()) continue;
    }
    results.push({ ...(await ingestOnce(ctx, provider, pollDates(now), log)), provider: provider.name });
  }
  return results;
}

/**
 * Polls the real feeds on the job queue (decision 043) until stopped, on whichever instance takes the
 * jobs: every 10 s a look at each provider's day poll (pollDueFeeds), and the season schedules every few
 * hours. Each is a periodic job, one run at a time on the site.
 */
export async function startQueuedFeedPolls(
  ctx: AppContext,
  providers: readonly SportsProvider[],
  log: JobLogger,
  queue: JobQueue,
): Promise<() => Promise<void>> {
  const timed = async <T>(job: JobName, run: () => Promise<T>, ok: (result: T) => boolean) => {
    const started = performance.now();
    const result = await run();
    recordJobRun(ctx.metrics, job, ok(result) ? 'ok' : 'failed', started);
    return result;
  };
  const stopDays = await startPeriodicJob(queue, {
    name: FEED_POLLS,
    log,
    everySeconds: 10,
    run: () =>
      timed(
        'ingest',
        () => pollDueFeeds(ctx, providers, log),
        (results) => results.every((r) => r.ok),
      ),
  });
  const stopSeasons = await startPeriodicJob(queue, {
    name: SEASON_SCHEDULES,
    log,
    everySeconds: SEASON_POLL_MS / 1000,
    run: () =>
      timed(
        'season_schedules',
        () => pollSeasonsOnce(ctx, providers, log),
        (results) => results.every((r) => r.ok),
      ),
  });
  return async () => {
    await Promise.all([stopDays(), stopSeasons()]);
  };
}

export interface FeedIngestOptions {
  seasonEveryMs?: number;
  followerDelayMs?: number;
}

/**
 * Polls the real feeds until stopped on the leader's loop (the demo's replayed clock; a site polls on the
 * queue, startQueuedFeedPolls): each provider's days (yesterday, today, tomorrow) as often as its games
 * call for, and every few hours the season schedules. Only the polling leader polls. The stop function
 * waits for runs in flight.
 */
export function startFeedIngest(
  ctx: AppContext,
  providers: readonly SportsProvider[],
  log: JobLogger,
  options: FeedIngestOptions = {},
): () => Promise<void> {
  const stops = providers.map((p) =>
    startIngestJob(ctx, p, log, { followerDelayMs: options.followerDelayMs }),
  );
  // A follower asks again soon, so it takes over the season schedules when the leader stops.
  const followerDelayMs = options.followerDelayMs ?? FOLLOWER_DELAY_MS;
  const stopSeasons = startLeaderLoop({
    name: 'season schedules run',
    log,
    database: ctx.database,
    pass: () => pollSeasonsOnce(ctx, providers, log),
    intervalMs: options.seasonEveryMs ?? SEASON_POLL_MS,
    retryMs: options.followerDelayMs ?? 60_000,
    followerDelayMs,
    metrics: {
      job: 'season_schedules',
      registry: ctx.metrics,
      ok: (results) => results.every((result) => result.ok),
    },
  });
  return async () => {
    await Promise.all([stopSeasons(), ...stops.map((stop) => stop())]);
  };
}
