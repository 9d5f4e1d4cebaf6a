import { sql } from 'drizzle-orm';
import { ZodError } from 'zod';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { feedFetches } from '../db/schema';
import { recordFeedPoll } from '../lib/metrics';
import { notifyGamePools } from '../modules/pools/live/notify';
import { FeedError } from '../sports/http';
import type { FactsRecord, GameRecord, ProviderBatch, SportsProvider } from '../sports/model';
import { describeRejection, factsProblems, type RejectedGame, screenGames } from '../sports/sanity';
import { writeSeasonCalendar } from '../sports/season-calendar.service';
import { upsertGameFacts, upsertGames } from '../sports/sports.repo';
import { FOLLOWER_DELAY_MS, type JobLogger, startLeaderLoop } from './leader-loop';

/** Advisory lock key of the ingest job, so only one instance writes feed results at a time. */
export const INGEST_LOCK_KEY = 5_417_001;

export interface IngestResult {
  ok: boolean;
  gamesSeen: number;
  gamesChanged: number;
  error: string | null;
  /** False when another instance held the lock and this run wrote nothing. */
  wrote: boolean;
  /** The games the feed gave (empty after a failure), for the next poll's timing. */
  games: GameRecord[];
  /** Games whose detail was fetched for their facts. */
  detailsFetched: number;
  /** Games left out because they cannot be true, in words (the others were written). */
  rejected: string[];
}

const silent: JobLogger = { info: () => {}, warn: () => {} };

/** A feed answer that parsed but cannot be stored as it is (it would be judged on partial data). */
export class FeedDataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedDataError';
  }
}

/** Refuses facts of another game: the feed answered for the wrong sport, so nothing of it is written. */
export function validateBatch(provider: SportsProvider, batch: ProviderBatch): void {
  for (const f of batch.facts) {
    if (f.game !== provider.game) throw new FeedDataError(`facts of ${f.gid} are for ${f.game}`);
  }
}

/**
 * The rejected games of a poll as the feed log keeps them: on a successful poll the error column
 * holds the games left out, one line each (null when every game was stored).
 */
export function rejectionsText(rejected: readonly RejectedGame[]): string | null {
  return rejected.length === 0 ? null : rejected.map((r) => r.message).join('\n');
}

/**
 * Leaves out (from the batch) each game whose facts cannot be true, with its facts, and answers
 * them as rejected.
 */
function rejectImpossibleFacts(provider: SportsProvider, batch: ProviderBatch): RejectedGame[] {
  const rejected: RejectedGame[] = [];
  const bad = new Set<string>();
  const byGid = new Map(batch.games.map((g) => [g.gid, g]));
  for (const f of batch.facts) {
    const problems = factsProblems(provider.game, f);
    const game = byGid.get(f.gid);
    if (problems.length === 0 || !game) continue;
    bad.add(f.gid);
    rejected.push({ gid: f.gid, message: describeRejection(game, problems) });
  }
  if (bad.size > 0) {
    batch.games = batch.games.filter((g) => !bad.has(g.gid));
    batch.facts = batch.facts.filter((f) => !bad.has(f.gid));
  }
  return rejected;
}

/** One row per gid (the last the feed gave): a feed may list a game on two days polled together. */
function latestByGid<T extends { gid: string }>(records: readonly T[]): T[] {
  return [...new Map(records.map((r) => [r.gid, r])).values()];
}

/**
 * What went wrong with a poll, in words a site admin can act on, followed by the technical detail.
 */
export function describeFeedFailure(error: unknown): string {
  const detail = error instanceof Error ? error.message : String(error);
  if (error instanceof FeedError) {
    if (/timed out/.test(detail)) return `The feed did not answer in time. ${detail}`;
    if (error.status !== null && error.status >= 500) {
      return `The feed answered with a server error (HTTP ${error.status}). ${detail}`;
    }
    if (error.status === 429) return `The feed is limiting our requests (HTTP 429). ${detail}`;
    if (/invalid JSON/.test(detail)) {
      return `The feed sent something that is not JSON (an error page or a cut-off answer). ${detail}`;
    }
    if (error.status !== null) return `The feed refused the request (HTTP ${error.status}). ${detail}`;
    return `The feed could not be reached. ${detail}`;
  }
  if (error instanceof ZodError) {
    const issue = error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    return `The feed's answer is not in the expected format${where}: ${issue?.message ?? detail}`;
  }
  if (error instanceof FeedDataError) return `The feed sent incomplete data: ${detail}`;
  return `The feed could not be read: ${detail}`;
}

/** Gids of the provider's games already stored final with their facts (no need to ask again). */
async function settledGids(ctx: AppContext, provider: SportsProvider, gids: string[]): Promise<Set<string>> {
  if (gids.length === 0) return new Set();
  const result = await ctx.db.execute(sql`
    select g.gid from games g join game_facts f on f.game_id = g.id
    where g.game = ${provider.game} and g.final and g.gid = any(${sql.param(gids)}::text[])`);
  const rows = (Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows) as Array<{
    gid: string;
  }>;
  return new Set(rows.map((r) => r.gid));
}

/**
 * One poll of a provider for some days: fetch first (a failure is logged and writes nothing), then
 * write games and facts in one transaction holding the ingest advisory lock. A game that cannot be
 * true is rejected alone: it is not written, the rest is, and the poll log says which and why. Games that are live,
 * or final without stored facts, get their detail fetched for facts; a final game whose facts are
 * stored is not asked for again.
 */
export async function ingestOnce(
  ctx: AppContext,
  provider: SportsProvider,
  dates: readonly string[],
  log: JobLogger = silent,
): Promise<IngestResult> {
  const started = Date.now();
  const url = `${provider.name}:${provider.game}:${dates.join(',')}`;
  let batch: ProviderBatch;
  let rejected: RejectedGame[] = [];
  let detailsFetched = 0;
  const failed: IngestResult = {
    ok: false,
    gamesSeen: 0,
    gamesChanged: 0,
    error: null,
    wrote: false,
    games: [],
    detailsFetched: 0,
    rejected: [],
  };
  try {
    const days = await Promise.all(dates.map((date) => provider.fetchDay(date)));
    // A game that cannot be true is left out alone (with its facts); the rest of the poll is written.
    const screened = screenGames(provider.game, latestByGid(days.flatMap((d) => d.games)), ctx.clock.now());
    rejected = screened.rejected;
    const kept = new Set(screened.accepted.map((g) => g.gid));
    batch = { games: screened.accepted, facts: days.flatMap((d) => d.facts).filter((f) => kept.has(f.gid)) };
    const withFacts = new Set(batch.facts.map((f) => f.gid));
    const settled = await settledGids(
      ctx,
      provider,
      batch.games.filter((g) => g.status === 'final' && !withFacts.has(g.gid)).map((g) => g.gid),
    );
    const needDetail = batch.games.filter(
      (g) =>
        (g.status === 'in_progress' || (g.status === 'final' && !settled.has(g.gid))) &&
        !withFacts.has(g.gid),
    );
    detailsFetched = needDetail.length;
    for (const game of needDetail) {
      const detail = await provider.fetchGame(game.gid);
      batch.facts.push(...detail.facts.filter((f) => kept.has(f.gid)));
    }
    batch.facts = latestByGid<FactsRecord>(batch.facts);
    validateBatch(provider, batch);
    rejected.push(...rejectImpossibleFacts(provider, batch));
  } catch (error) {
    const message = describeFeedFailure(error);
    await recordFetch(ctx, provider, url, { ok: false, error: message, seen: 0, changed: 0, started });
    log.warn({ provider: provider.name, game: provider.game, dates, error: message }, 'feed fetch failed');
    return { ...failed, error: message };
  }
  const now = ctx.clock.now();
  let outcome: number | null;
  try {
    outcome = await ctx.db.transaction(async (tx) => {
      if (!(await tryIngestLock(tx))) return null;
      const { ids, changed } = await upsertGames(tx, batch.games, provider.name, now);
      await upsertGameFacts(tx, batch.facts, ids, now);
      return changed;
    });
  } catch (error) {
    const message = `The feed's data could not be stored: ${String(error)}`;
    await recordFetch(ctx, provider, url, { ok: false, error: message, seen: 0, changed: 0, started });
    log.warn({ provider: provider.name, game: provider.game, dates, error: message }, 'feed write failed');
    return { ...failed, error: message };
  }
  const changed = outcome ?? 0;
  if (changed > 0) await notifyGamePools(ctx, provider.game, new Set(batch.games.map((g) => g.season)));
  await recordFetch(ctx, provider, url, {
    ok: true,
    error: rejectionsText(rejected),
    seen: batch.games.length + rejected.length,
    changed,
    started,
  });
  if (rejected.length > 0) {
    log.warn(
      { provider: provider.name, game: provider.game, dates, rejected: rejected.map((r) => r.message) },
      'feed games rejected',
    );
  }
  log.info(
    {
      provider: provider.name,
      game: provider.game,
      dates,
      seen: batch.games.length,
      changed,
      locked: outcome !== null,
    },
    'feed fetched',
  );
  return {
    ok: true,
    gamesSeen: batch.games.length + rejected.length,
    gamesChanged: changed,
    error: null,
    wrote: outcome !== null,
    games: batch.games,
    detailsFetched,
    rejected: rejected.map((r) => r.message),
  };
}

/** What one poll of a season's schedule wrote. */
export interface SeasonIngestResult {
  ok: boolean;
  season: number;
  gamesSeen: number;
  /** False when the season's schedule is not published yet, or another instance held the lock. */
  calendarWritten: boolean;
  error: string | null;
  /** Games of the schedule left out because they cannot be true, in words. */
  rejected: string[];
}

/**
 * One poll of a provider's regular-season schedule: fetch and check it all first (a failure is
 * recorded and writes nothing), then write its games and rebuild the season calendar (season
 * params with the weekly deadlines, pool weeks of NBA/MLB games) in one transaction. A season not
 * published yet writes nothing and is not a failure.
 */
export async function ingestSeasonOnce(
  ctx: AppContext,
  provider: SportsProvider,
  season: number,
  log: JobLogger = silent,
): Promise<SeasonIngestResult> {
  const started = Date.now();
  const url = `${provider.name}:${provider.game}:season ${season}`;
  if (!provider.fetchSeason) {
    return { ok: true, season, gamesSeen: 0, calendarWritten: false, error: null, rejected: [] };
  }
  let games: GameRecord[];
  let rejected: RejectedGame[] = [];
  try {
    const screened = screenGames(
      provider.game,
      latestByGid(await provider.fetchSeason(season)),
      ctx.clock.now(),
    );
    games = screened.accepted;
    rejected = screened.rejected;
    const other = games.find((g) => g.season !== season || g.seasonType !== 'reg');
    if (other) throw new FeedDataError(`game ${other.gid} is not of the ${season} regular season`);
    if (provider.game === 'nfl-td') {
      const noWeek = games.find((g) => g.week === null);
      if (noWeek) throw new FeedDataError(`NFL game ${noWeek.gid} has no league week`);
    }
  } catch (error) {
    const message = describeFeedFailure(error);
    await recordFetch(ctx, provider, url, { ok: false, error: message, seen: 0, changed: 0, started });
    log.warn({ provider: provider.name, game: provider.game, season, error: message }, 'season fetch failed');
    return { ok: false, season, gamesSeen: 0, calendarWritten: false, error: message, rejected: [] };
  }
  const now = ctx.clock.now();
  let changed: number | null = 0;
  try {
    if (games.length > 0) {
      changed = await ctx.db.transaction(async (tx) => {
        if (!(await tryIngestLock(tx))) return null;
        const { changed } = await upsertGames(tx, games, provider.name, now);
        await writeSeasonCalendar(tx, { game: provider.game, season }, now);
        return changed;
      });
    }
  } catch (error) {
    const message = `The season's schedule could not be stored: ${String(error)}`;
    await recordFetch(ctx, provider, url, { ok: false, error: message, seen: 0, changed: 0, started });
    log.warn({ provider: provider.name, game: provider.game, season, error: message }, 'season write failed');
    return { ok: false, season, gamesSeen: 0, calendarWritten: false, error: message, rejected: [] };
  }
  await recordFetch(ctx, provider, url, {
    ok: true,
    error: rejectionsText(rejected),
    seen: games.length + rejected.length,
    changed: changed ?? 0,
    started,
  });
  log.info(
    {
      provider: provider.name,
      game: provider.game,
      season,
      seen: games.length,
      changed,
      rejected: rejected.map((r) => r.message),
    },
    games.length === 0 ? 'season schedule not published yet' : 'season schedule fetched',
  );
  return {
    ok: true,
    season,
    gamesSeen: games.length,
    calendarWritten: changed !== null && games.length > 0,
    error: null,
    rejected: rejected.map((r) => r.message),
  };
}

async function tryIngestLock(tx: DbOrTx): Promise<boolean> {
  const lock = await tx.execute(sql.raw(`select pg_try_advisory_xact_lock(${INGEST_LOCK_KEY}) as locked`));
  const rows = ('rows' in lock ? lock.rows : lock) as Array<{ locked: boolean }>;
  return rows[0]?.locked === true;
}

async function recordFetch(
  ctx: AppContext,
  provider: SportsProvider,
  url: string,
  r: { ok: boolean; error: string | null; seen: number; changed: number; started: number },
): Promise<void> {
  // A successful poll's error column lists the games it left out, one a line.
  const rejected = r.ok && r.error ? r.error.split('\n').length : 0;
  recordFeedPoll(ctx.metrics, { provider: provider.name, game: provider.game, ok: r.ok, rejected });
  await ctx.db.insert(feedFetches).values({
    provider: provider.name,
    game: provider.game,
    url,
    ok: r.ok,
    error: r.error,
    gamesSeen: r.seen,
    gamesChanged: r.changed,
    durationMs: Date.now() - r.started,
    fetchedAt: ctx.clock.now(),
  });
}

/** How long to wait before the next poll: often while games are live or about to start, rarely otherwise. */
export function nextPollDelayMs(games: readonly { status: string; startTime: Date }[], now: Date): number {
  if (games.some((g) => g.status === 'in_progress')) return 30_000;
  const soon = games.some(
    (g) =>
      g.status === 'scheduled' && g.startTime.getTime() - now.getTime() < 60 * 60_000 && g.startTime >= now,
  );
  return soon ? 60_000 : 15 * 60_000;
}

/** The days a poll covers: yesterday (late finals), today and tomorrow, as UTC dates. */
export function pollDates(now: Date): string[] {
  return [-1, 0, 1].map((d) => new Date(now.getTime() + d * 86_400_000).toISOString().slice(0, 10));
}

export interface IngestJobOptions {
  /** Longest wait between polls (a replayed feed is local and cheap, so it can be polled often). */
  maxDelayMs?: number;
  /** How long a follower waits before asking for the lead again. */
  followerDelayMs?: number;
  /** The days a pass polls (default: yesterday, today and tomorrow of the clock's now). */
  dates?: (now: Date) => Promise<string[]>;
}

/**
 * Starts polling a provider until stopped on the leader's loop: each run is independent and a failure
 * only delays the next; only the polling leader polls, the others ask again later, so one takes over
 * when the leader stops. The stop function waits for a run in flight.
 */
export function startIngestJob(
  ctx: AppContext,
  provider: SportsProvider,
  log: JobLogger = silent,
  options: IngestJobOptions = {},
): () => Promise<void> {
  const maxDelay = options.maxDelayMs ?? Number.POSITIVE_INFINITY;
  return startLeaderLoop({
    name: 'ingest run',
    log,
    database: ctx.database,
    pass: async () => {
      const now = ctx.clock.now();
      return ingestOnce(ctx, provider, options.dates ? await options.dates(now) : pollDates(now), log);
    },
    // After a failure, the usual rare poll; otherwise as often as the games seen call for.
    intervalMs: (result) => Math.min(nextPollDelayMs(result.games, ctx.clock.now()), maxDelay),
    retryMs: Math.min(60_000, maxDelay),
    followerDelayMs: Math.min(options.followerDelayMs ?? FOLLOWER_DELAY_MS, maxDelay),
    metrics: { job: 'ingest', registry: ctx.metrics, ok: (result) => result.ok },
    onRoleChange: (role, previous) => {
      if (role === 'follower') log.info({ provider: provider.name }, 'another instance polls the feeds');
      else if (previous === 'follower')
        log.info({ provider: provider.name }, 'this instance now polls the feeds');
    },
  });
}
