import { and, eq, sql } from 'drizzle-orm';
import type { AdminResultRequest, ReturnToFeedRequest } from '../../../core/contracts/sports';
import type { GameStatus } from '../../../core/facts';
import type { ScheduleGame } from '../../../core/games';
import type { AppContext } from '../../context';
import { rowsOf } from '../../db/client';
import { games, resultAudits } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import type { SportsSeasonType } from '../../sports/model';
import { gameProblems, RETURNED_TO_FEED } from '../../sports/sanity';

/**
 * Health of each feed (provider and game): last fetch, last success, the last error in words with
 * its time, failed polls in a row since the last success, 24-hour counts, and the games the last
 * successful poll rejected (a successful poll's error column lists them, one a line).
 */
export async function getFeedsHealth(ctx: AppContext) {
  const since = new Date(ctx.clock.now().getTime() - 86_400_000).toISOString();
  const result = await ctx.db.execute(sql`
    with last_ok as (
      select provider, game, max(fetched_at) as at, max(id) as id from feed_fetches where ok
      group by provider, game
    )
    select f.provider, f.game,
      max(f.fetched_at) as last_fetch_at,
      l.at as last_ok_at,
      (array_agg(f.error order by f.id desc) filter (where not f.ok))[1] as last_error,
      (array_agg(f.fetched_at order by f.id desc) filter (where not f.ok))[1] as last_error_at,
      (array_agg(f.error order by f.id desc) filter (where f.ok))[1] as last_rejected,
      count(*) filter (where not f.ok and (l.id is null or f.id > l.id))::int as consecutive_failures,
      count(*) filter (where f.fetched_at >= ${since}::timestamptz)::int as fetches,
      count(*) filter (where not f.ok and f.fetched_at >= ${since}::timestamptz)::int as failures
    from feed_fetches f left join last_ok l on l.provider = f.provider and l.game = f.game
    group by f.provider, f.game, l.at, l.id
    order by f.provider, f.game`);
  const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
  return rowsOf<{
    provider: string;
    game: string;
    last_fetch_at: Date | string | null;
    last_ok_at: Date | string | null;
    last_error: string | null;
    last_error_at: Date | string | null;
    last_rejected: string | null;
    consecutive_failures: number;
    fetches: number;
    failures: number;
  }>(result).map((r) => ({
    provider: r.provider,
    game: r.game,
    last_fetch_at: iso(r.last_fetch_at),
    last_ok_at: iso(r.last_ok_at),
    last_error: r.last_error,
    last_error_at: iso(r.last_error_at),
    rejected_games: r.last_rejected ? r.last_rejected.split('\n') : [],
    consecutive_failures: Number(r.consecutive_failures),
    fetches_24h: Number(r.fetches),
    failures_24h: Number(r.failures),
  }));
}

/**
 * Enters or corrects a game's result by hand, audited with the old and new values in the same
 * transaction; the game is then marked manual so feeds no longer overwrite it (until returned to the feed).
 * The feed's sanity rules hold for hands too: a result that cannot be true is refused in words.
 */
export async function enterResult(ctx: AppContext, userId: number, input: AdminResultRequest) {
  if (
    input.status !== 'final' &&
    input.status !== 'in_progress' &&
    (input.score_home > 0 || input.score_away > 0)
  ) {
    throw badRequest('Only a started game can have a score.');
  }
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [old] = await tx
      .select()
      .from(games)
      .where(and(eq(games.game, input.game), eq(games.gid, input.gid)))
      .for('update');
    if (!old) throw notFound('No game was found with that id.');
    const scored = input.status === 'final' || input.status === 'in_progress';
    const problems = gameProblems(
      old.game as ScheduleGame,
      {
        game: old.game as ScheduleGame,
        gid: old.gid,
        season: old.season,
        seasonType: old.seasonType as SportsSeasonType,
        week: old.week,
        home: old.home,
        away: old.away,
        startTime: old.startTime,
        status: input.status as GameStatus,
        homeScore: scored ? input.score_home : null,
        awayScore: scored ? input.score_away : null,
        periods: input.periods ?? old.periods,
      },
      now,
    );
    if (problems.length > 0) {
      throw badRequest(`This result cannot be saved: ${problems.join('; ')}.`);
    }
    const next = {
      status: input.status,
      homeScore: scored ? input.score_home : null,
      awayScore: scored ? input.score_away : null,
      periods: input.periods ?? old.periods,
      final: input.status === 'final',
      postponed: input.status === 'postponed',
      provider: 'manual',
      updatedAt: now,
    };
    await tx.update(games).set(next).where(eq(games.id, old.id));
    const pick = (g: {
      status: string;
      homeScore: number | null;
      awayScore: number | null;
      periods: number | null;
    }) => ({
      status: g.status,
      score_home: g.homeScore,
      score_away: g.awayScore,
      periods: g.periods,
    });
    await tx.insert(resultAudits).values({
      gameId: old.id,
      userId,
      action: old.final ? 'correct_result' : 'enter_result',
      oldValue: pick(old),
      newValue: pick(next),
      createdAt: now,
    });
    return { gid: old.gid, game: old.game, home: old.home, away: old.away, ...pick(next), final: next.final };
  });
}

/**
 * Hands a game entered by hand back to the feeds: it stops being manual, and the next poll's record of it
 * replaces what was entered, whatever it says (a wrong final too), then the feed's own rules hold again.
 * Audited; a game that is not manual is refused.
 */
export async function returnGameToFeed(ctx: AppContext, userId: number, input: ReturnToFeedRequest) {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [old] = await tx
      .select()
      .from(games)
      .where(and(eq(games.game, input.game), eq(games.gid, input.gid)))
      .for('update');
    if (!old) throw notFound('No game was found with that id.');
    if (old.provider !== 'manual') throw badRequest('This game already follows the feed.');
    await tx.update(games).set({ provider: RETURNED_TO_FEED, updatedAt: now }).where(eq(games.id, old.id));
    await tx.insert(resultAudits).values({
      gameId: old.id,
      userId,
      action: 'return_to_feed',
      oldValue: { provider: 'manual' },
      newValue: { provider: RETURNED_TO_FEED },
      createdAt: now,
    });
    return { gid: old.gid, game: old.game, manual: false };
  });
}
