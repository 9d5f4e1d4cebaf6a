import { and, eq, inArray } from 'drizzle-orm';
import type { LiveTopic } from '../../../../core/contracts/pools/live';
import type { AppContext } from '../../../context';
import { pools } from '../../../db/schema';
import { standingsChanged } from '../standings/standings-cache';

/**
 * Tells every live client of the pool (on every instance) that its `topic` changed. Call it after the
 * change has committed, never inside the transaction: a client refetches at once and must see it.
 * What the standings kept of the pool goes too. Never throws; without a bus (a script's context)
 * nobody listens, so nothing is sent.
 */
export function notifyPoolChanged(ctx: AppContext, poolId: number, topic: LiveTopic): void {
  // This instance's kept standings first: the writer's next read must see its change, and a change
  // through Redis comes back only after a round trip.
  standingsChanged(ctx, poolId, topic);
  ctx.bus?.publish({ poolId, topic });
}

/**
 * Tells the pools of a game's seasons that its games changed (the ingest after it wrote scores or
 * results). One indexed query; a failure is only logged by the caller's bus, never fails the ingest.
 */
export async function notifyGamePools(
  ctx: AppContext,
  game: string,
  seasons: Iterable<number>,
  topic: LiveTopic = 'scores',
): Promise<void> {
  if (!ctx.bus) return;
  const list = [...new Set(seasons)];
  if (list.length === 0) return;
  try {
    const rows = await ctx.db
      .select({ id: pools.id })
      .from(pools)
      .where(and(eq(pools.game, game), inArray(pools.season, list)));
    for (const row of rows) notifyPoolChanged(ctx, row.id, topic);
  } catch {
    // A live update is a courtesy: clients still poll when none comes.
  }
}
