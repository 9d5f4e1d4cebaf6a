import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type PageQuery, pageOffset } from '../../../../../core/contracts/paging';
import {
  type BonusDetailsLine,
  type BonusDetailsResponse,
  COMMISH_BONUS_WINNERS_SHOWN,
  type CommishBonusEvent,
  type CommishBonusEventsResponse,
  BONUS_POOL_MESSAGES as M,
} from '../../../../../core/contracts/pools';
import type { AppContext } from '../../../../context';
import { type DbOrTx, rowsOf } from '../../../../db/client';
import type { BonusEventRecord, UserRow } from '../../../../db/schema';
import { bonusEvents } from '../../../../db/schema';
import { notFound } from '../../../../lib/errors';
import { requirePoolCommish } from '../../access/pool-access';
import { loadEntryLabels, loadPublicEvents, toBonusEvent } from '../../bonuses/bonuses.service';
import { entryLabel } from '../../store/pool-entries.repo';
import { loadPoolWeeks } from '../../store/pool-weeks.repo';
import { entriesByUsername } from '../entry-search';

/** The first winners a bonus names (by entry id), as the Pool Bonuses table shows them. */
const shownWinners = (row: BonusEventRecord) =>
  [...row.winners].sort((a, b) => a - b).slice(0, COMMISH_BONUS_WINNERS_SHOWN);

/** A bonus as the commissioner's table shows it: its first winners named, and how many won. */
export function toCommishEvent(row: BonusEventRecord, labels: Map<number, string>): CommishBonusEvent {
  const winners = shownWinners(row);
  return {
    ...toBonusEvent(row),
    winners,
    winner_labels: winners.map((id) => labels.get(id) ?? `#${id}`),
    winner_count: row.winners.length,
  };
}

/** The labels of the winners each event shows (never every winner of a big pool's bonus). */
export const eventLabels = (db: DbOrTx, poolId: number, rows: readonly BonusEventRecord[]) =>
  loadEntryLabels(db, poolId, rows.flatMap(shownWinners));

/** GET /pools/getBonusEvents/{poolId} (league admins): the pool's standing bonuses of locked weeks, newest week first. */
export async function listCommishBonusEvents(
  ctx: AppContext,
  poolId: number,
  viewer: UserRow | null,
): Promise<CommishBonusEventsResponse> {
  const { pool } = await requirePoolCommish(ctx.db, { poolId }, viewer);
  // The same standing bonuses the Bonuses tab lists: never one of a week that has not locked.
  const rows = await loadPublicEvents(ctx, pool);
  const labels = await eventLabels(ctx.db, pool.id, rows);
  return { events: rows.map((row) => toCommishEvent(row, labels)) };
}

/**
 * GET /api/bonus/details/{poolId}/{bonusId} (league admins): who won and who paid, from the bonus's ledger
 * rows summed per entry in SQL: the counts and totals, and one page of each side by username.
 */
export async function getBonusDetails(
  ctx: AppContext,
  poolId: number,
  bonusId: number,
  viewer: UserRow | null,
  query: PageQuery,
): Promise<BonusDetailsResponse> {
  const { pool } = await requirePoolCommish(ctx.db, { poolId }, viewer);
  const [event] = await ctx.db
    .select()
    .from(bonusEvents)
    .where(and(eq(bonusEvents.id, bonusId), eq(bonusEvents.poolId, pool.id)));
  // A bonus names the team its winners picked: one of a week that has not locked is not shown (never written).
  const publicWeeks = (await loadPoolWeeks(ctx.db, pool)).publicWeeks(ctx.clock.now());
  if (!event || !publicWeeks.includes(event.week)) throw notFound(M.bonusNotFound);
  const sums = sql`
    select l.entry_id, sum(l.amount)::bigint as amount from ledger l
    where l.pool_id = ${pool.id} and l.bonus_event_id = ${event.id} and l.entry_id is not null
    group by l.entry_id having sum(l.amount) <> 0`;
  const search = query.q ? sql`and s.entry_id in (${entriesByUsername(pool.id, query.q)})` : sql``;
  const [totals] = rowsOf<{ won: string | number; paid: string | number; winners: string; losers: string }>(
    await ctx.db.execute(sql`
      with sums as (${sums})
      select coalesce(sum(amount) filter (where amount > 0), 0) as won,
        coalesce(sum(amount) filter (where amount < 0), 0) as paid,
        count(*) filter (where amount > 0 ${search}) as winners,
        count(*) filter (where amount < 0 ${search}) as losers
      from sums s`),
  );
  const side = async (sign: SQL): Promise<BonusDetailsLine[]> =>
    rowsOf<{ entry_id: number; amount: string | number; username: string; entry_num: number }>(
      await ctx.db.execute(sql`
        with sums as (${sums})
        select s.entry_id, s.amount, u.username, e.entry_num
        from sums s join entries e on e.id = s.entry_id join users u on u.id = e.user_id
        where ${sign} ${search}
        order by lower(u.username), e.entry_num, e.id
        limit ${query.pageSize} offset ${pageOffset(query)}`),
    ).map((row) => ({
      entry_id: Number(row.entry_id),
      label: entryLabel(row.username, Number(row.entry_num)),
      amount: Number(row.amount),
    }));
  const winners = await side(sql`s.amount > 0`);
  const losers = await side(sql`s.amount < 0`);
  const labels = await eventLabels(ctx.db, pool.id, [event]);
  const winnersCount = Number(totals?.winners ?? 0);
  const losersCount = Number(totals?.losers ?? 0);
  return {
    event: toCommishEvent(event, labels),
    winners,
    losers,
    winners_count: winnersCount,
    losers_count: losersCount,
    winners_total: Number(totals?.won ?? 0),
    losers_total: Number(totals?.paid ?? 0),
    page: query.page,
    pageSize: query.pageSize,
    total: Math.max(winnersCount, losersCount),
  };
}
