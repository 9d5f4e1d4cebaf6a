import { and, eq, sql } from 'drizzle-orm';
import type { AdminResultRequest } from '../../../core/contracts/sports';
import type { AppContext } from '../../context';
import { feedFetches, games, resultAudits } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';

/** Health of each feed: last fetch, last success, last error and 24-hour counts. */
export async function getFeedsHealth(ctx: AppContext) {
  const since = new Date(ctx.clock.now().getTime() - 86_400_000);
  const rows = await ctx.db
    .select({
      provider: feedFetches.provider,
      game: feedFetches.game,
      lastFetchAt: sql<Date | null>`max(${feedFetches.fetchedAt})`,
      lastOkAt: sql<Date | null>`max(${feedFetches.fetchedAt}) filter (where ${feedFetches.ok})`,
      lastError: sql<
        string | null
      >`(array_agg(${feedFetches.error} order by ${feedFetches.fetchedAt} desc) filter (where not ${feedFetches.ok}))[1]`,
      fetches: sql<number>`count(*) filter (where ${feedFetches.fetchedAt} >= ${since.toISOString()}::timestamptz)::int`,
      failures: sql<number>`count(*) filter (where not ${feedFetches.ok} and ${feedFetches.fetchedAt} >= ${since.toISOString()}::timestamptz)::int`,
    })
    .from(feedFetches)
    .groupBy(feedFetches.provider, feedFetches.game)
    .orderBy(feedFetches.provider, feedFetches.game);
  const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
  return rows.map((r) => ({
    provider: r.provider,
    game: r.game,
    last_fetch_at: iso(r.lastFetchAt),
    last_ok_at: iso(r.lastOkAt),
    last_error: r.lastError,
    fetches_24h: Number(r.fetches),
    failures_24h: Number(r.failures),
  }));
}

/**
 * Enters or corrects a game's result by hand, audited with the old and new values in the same
 * transaction; the game is then marked manual so feeds no longer overwrite it.
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
