import type { AppContext } from '../context';
import { currentSeasonOf } from '../sports/feeds';
import type { SportsProvider } from '../sports/model';
import {
  type IngestResult,
  ingestOnce,
  ingestSeasonOnce,
  pollDates,
  type SeasonIngestResult,
  startIngestJob,
} from './ingest';
import { FOLLOWER_DELAY_MS, type JobLogger, startLeaderLoop } from './leader-loop';

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

export interface FeedIngestOptions {
  seasonEveryMs?: number;
  followerDelayMs?: number;
}

/**
 * Polls the real feeds until stopped: each provider's days (yesterday, today, tomorrow) as often
 * as its games call for, and every few hours the season schedules. Only the polling leader polls.
 * The stop function waits for runs in flight.
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
