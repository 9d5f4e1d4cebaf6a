import { sql } from 'drizzle-orm';
import { addDays } from '../../core/calendar';
import type { ScheduleGame } from '../../core/games';
import type { AppContext } from '../context';
import { type DbOrTx, rowsOf } from '../db/client';
import { ReplayClock } from '../sports/replay/replay-clock';
import { createReplayProvider, loadReplaySeasons } from '../sports/replay/replay-data';
import { writeLockedNflWeekStats } from '../sports/replay/seed-sports';
import { upsertNflPlayers } from '../sports/sports.repo';
import { ingestOnce, startIngestJob } from './ingest';
import { type JobLogger, LEADER_LOCK_KEY, startLeaderLoop } from './leader-loop';

/** Longest real-time wait between two polls of a replayed season (and so what a restart can lose). */
export const REPLAY_MAX_POLL_MS = 5 * 60_000;

/** Real-time wait between polls at a replay speed: every 15 replayed minutes, from 1 s to 5 min. */
export function replayPollDelayMs(speed: number): number {
  if (!(speed > 0)) return REPLAY_MAX_POLL_MS;
  return Math.min(REPLAY_MAX_POLL_MS, Math.max(1_000, Math.round((15 * 60_000) / speed)));
}

/**
 * The latest replayed instant the database records: the last replay poll or the last change of a
 * replayed game (both are written at the replay clock's now), or null for a database never replayed.
 */
export async function latestReplayInstant(db: DbOrTx): Promise<Date | null> {
  const result = await db.execute(sql`
    select greatest(
      (select max(fetched_at) from feed_fetches where provider like 'replay-%'),
      (select max(updated_at) from games where provider like 'replay-%')
    ) as at`);
  const at = rowsOf<{ at: string | Date | null }>(result)[0]?.at;
  return at ? new Date(at) : null;
}

/** The replayed instant of a replayed feed's last successful poll, or null before its first. */
async function lastReplayPoll(db: DbOrTx, provider: string): Promise<Date | null> {
  const result = await db.execute(
    sql`select max(fetched_at) as at from feed_fetches where provider = ${provider} and ok`,
  );
  const at = rowsOf<{ at: string | Date | null }>(result)[0]?.at;
  return at ? new Date(at) : null;
}

/** Every UTC date from one instant to another, a day either side. */
function datesBetween(from: Date, to: Date): string[] {
  const first = addDays(from.toISOString().slice(0, 10), -1);
  const last = addDays(to.toISOString().slice(0, 10), 1);
  const dates: string[] = [];
  for (let d = first; d <= last && dates.length < 800; d = addDays(d, 1)) dates.push(d);
  return dates;
}

/**
 * Advances the demo: polls the replayed MLB, NBA and NFL seasons so games started before
 * the clock's now turn live, then final with their scores and facts, and writes the NFL week lines
 * as weeks lock. A run first catches up from the latest replayed instant stored, and each pass from its
 * feed's last poll. Only the polling leader writes. The stop function waits for runs in flight.
 */
export async function startReplayIngest(
  ctx: AppContext,
  log: JobLogger,
  games: readonly ScheduleGame[] = ['mlb', 'nba', 'nfl-td'],
): Promise<() => Promise<void>> {
  const seasons = loadReplaySeasons();
  const now = () => ctx.clock.now();
  const providers = [seasons.mlb, seasons.nba, seasons.nfl]
    .map((s) => createReplayProvider(s, now))
    .filter((p) => games.includes(p.game));
  if (await ctx.database.tryAcquireLeadership(LEADER_LOCK_KEY)) {
    const since = (await latestReplayInstant(ctx.db)) ?? now();
    const dates = datesBetween(since, now());
    for (const provider of providers) await ingestOnce(ctx, provider, dates, log);
  }
  const every = replayPollDelayMs(ctx.clock instanceof ReplayClock ? ctx.clock.speed : 1);
  // Each pass polls every day since the feed's last poll: after a takeover, or a leader's pause, the
  // days the clock went through meanwhile are not skipped.
  const stops = providers.map((p) =>
    startIngestJob(ctx, p, log, {
      maxDelayMs: every,
      dates: async (at) => datesBetween((await lastReplayPoll(ctx.db, p.name)) ?? at, at),
    }),
  );
  let lockedWeeks = 0;
  // The NFL week lines recorded as replayed weeks lock, from the first pass on (a restart catches up).
  const stopStats = games.includes('nfl-td')
    ? startLeaderLoop({
        name: 'replayed NFL week lines',
        log,
        database: ctx.database,
        immediately: true,
        intervalMs: every,
        pass: async () => {
          if (lockedWeeks === 0) await upsertNflPlayers(ctx.db, seasons.nfl.players);
          const locked = await writeLockedNflWeekStats(ctx.db, seasons.nfl, now(), lockedWeeks + 1);
          lockedWeeks = Math.max(locked, lockedWeeks);
        },
      })
    : async () => {};
  return async () => {
    await Promise.all([...stops.map((stop) => stop()), stopStats()]);
  };
}
