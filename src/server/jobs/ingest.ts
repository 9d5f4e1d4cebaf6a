import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { feedFetches } from '../db/schema';
import type { GameRecord, ProviderBatch, SportsProvider } from '../sports/model';
import { upsertGameFacts, upsertGames } from '../sports/sports.repo';

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
}

export interface IngestLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

const silent: IngestLogger = { info: () => {}, warn: () => {} };

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
 * write games and facts in one transaction holding the ingest advisory lock. Games that are live,
 * or final without stored facts, get their detail fetched for facts; a final game whose facts are
 * stored is not asked for again.
 */
export async function ingestOnce(
  ctx: AppContext,
  provider: SportsProvider,
  dates: readonly string[],
  log: IngestLogger = silent,
): Promise<IngestResult> {
  const started = Date.now();
  const url = `${provider.name}:${provider.game}:${dates.join(',')}`;
  let batch: ProviderBatch;
  let detailsFetched = 0;
  try {
    const days = await Promise.all(dates.map((date) => provider.fetchDay(date)));
    batch = { games: days.flatMap((d) => d.games), facts: days.flatMap((d) => d.facts) };
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
      batch.facts.push(...detail.facts);
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await recordFetch(ctx, provider, url, { ok: false, error: message, seen: 0, changed: 0, started });
    log.warn({ provider: provider.name, game: provider.game, dates, error: message }, 'feed fetch failed');
    return {
      ok: false,
      gamesSeen: 0,
      gamesChanged: 0,
      error: message,
      wrote: false,
      games: [],
      detailsFetched: 0,
    };
  }
  const now = ctx.clock.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const lock = await tx.execute(sql.raw(`select pg_try_advisory_xact_lock(${INGEST_LOCK_KEY}) as locked`));
    const rows = ('rows' in lock ? lock.rows : lock) as Array<{ locked: boolean }>;
    if (!rows[0]?.locked) return null;
    const { ids, changed } = await upsertGames(tx, batch.games, provider.name, now);
    await upsertGameFacts(tx, batch.facts, ids, now);
    return changed;
  });
  const changed = outcome ?? 0;
  await recordFetch(ctx, provider, url, {
    ok: true,
    error: null,
    seen: batch.games.length,
    changed,
    started,
  });
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
    gamesSeen: batch.games.length,
    gamesChanged: changed,
    error: null,
    wrote: outcome !== null,
    games: batch.games,
    detailsFetched,
  };
}

async function recordFetch(
  ctx: AppContext,
  provider: SportsProvider,
  url: string,
  r: { ok: boolean; error: string | null; seen: number; changed: number; started: number },
): Promise<void> {
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
export function nextPollDelayMs(games: readonly GameRecord[], now: Date): number {
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

/** Session advisory lock key of the polling leader: only the instance holding it runs ingest jobs. */
export const INGEST_LEADER_KEY = 5_417_002;

export interface IngestJobOptions {
  /** Longest wait between polls (a replayed feed is local and cheap, so it can be polled often). */
  maxDelayMs?: number;
  /** How long a follower waits before asking for the lead again. */
  followerDelayMs?: number;
}

/**
 * Starts polling a provider until stopped; each run is independent and a failure only delays the
 * next. Only the instance that holds the polling leadership polls; the others ask again later, so
 * one takes over when the leader stops. The stop function waits for a run in flight.
 */
export function startIngestJob(
  ctx: AppContext,
  provider: SportsProvider,
  log: IngestLogger = silent,
  options: IngestJobOptions = {},
): () => Promise<void> {
  const maxDelay = options.maxDelayMs ?? Number.POSITIVE_INFINITY;
  const followerDelay = options.followerDelayMs ?? 60_000;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let role: 'unknown' | 'leader' | 'follower' = 'unknown';
  const run = async () => {
    let delay = 60_000;
    try {
      if (!(await ctx.database.tryAcquireLeadership(INGEST_LEADER_KEY))) {
        if (role !== 'follower') log.info({ provider: provider.name }, 'another instance polls the feeds');
        role = 'follower';
        delay = followerDelay;
      } else {
        if (role === 'follower') log.info({ provider: provider.name }, 'this instance now polls the feeds');
        role = 'leader';
        const result = await ingestOnce(ctx, provider, pollDates(ctx.clock.now()), log);
        // After a failure, the usual rare poll; otherwise as often as the games seen call for.
        delay = nextPollDelayMs(result.games, ctx.clock.now());
      }
    } catch (error) {
      log.warn({ error: String(error) }, 'ingest run failed');
    }
    if (!stopped) timer = setTimeout(tick, Math.min(delay, maxDelay));
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
