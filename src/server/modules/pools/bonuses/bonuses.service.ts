import { and, asc, desc, eq, getTableColumns, ilike, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { type PageQuery, pageOffset } from '../../../../core/contracts/paging';
import type {
  BonusEvent,
  BonusEventsResponse,
  BonusTallysPath,
  BonusTallysResponse,
  MappedBonusesResponse,
} from '../../../../core/contracts/pools';
import { BONUS_WINNERS_SHOWN, POOL_MESSAGES } from '../../../../core/contracts/pools';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import type { BonusEventRecord, PoolRecord, UserRow } from '../../../db/schema';
import { bonusEvents, entries, ledger, users } from '../../../db/schema';
import { notFound } from '../../../lib/errors';
import { containsPattern } from '../../../lib/paging';
import { type PoolRef, requirePoolAccess } from '../access/pool-access';
import { entryLabel } from '../store/pool-entries.repo';
import { loadPoolWeeks } from '../store/pool-weeks.repo';

/**
 * The pool's bonus events of weeks whose picks are public. An event names the team its winners picked,
 * so an event of a week that has not locked (which settlement should never write) is not even read.
 */
export async function loadPublicEvents(ctx: AppContext, pool: PoolRecord): Promise<BonusEventRecord[]> {
  const weeks = await loadPoolWeeks(ctx.db, pool);
  const publicWeeks = weeks.publicWeeks(ctx.clock.now());
  if (publicWeeks.length === 0) return [];
  return ctx.db
    .select()
    .from(bonusEvents)
    .where(
      and(
        eq(bonusEvents.poolId, pool.id),
        inArray(bonusEvents.week, publicWeeks),
        // A voided bonus (corrected result or recalculation) no longer stands: its money was reversed.
        isNull(bonusEvents.voidedAt),
      ),
    )
    .orderBy(desc(bonusEvents.week), desc(bonusEvents.bonusDate), asc(bonusEvents.id));
}

/** A bonus event as the Bonuses tab and the Commish's bonus tools show it. */
export function toBonusEvent(row: BonusEventRecord): BonusEvent {
  return {
    id: row.id,
    week: row.week,
    bonus_id: row.bonusId,
    bonus_long_name: row.bonusLongName,
    bonus_name: row.bonusName,
    team_abb: row.teamAbb,
    player: row.player,
    desc: row.desc,
    gid: row.gid,
    game_summary: row.gameSummary,
    bonus_date: row.bonusDate.toISOString(),
    prize: row.prize,
    total: row.total,
    winners: row.winners,
    winner_count: row.winners.length,
  };
}

/** A public bonus event as the Bonuses tab reads it: its first winners only (the viewer's own first). */
type ShownEvent = Omit<BonusEventRecord, 'winners'> & { winners: number[]; winnerCount: number };

/**
 * The pool's public bonus events with at most BONUS_WINNERS_SHOWN winners each, the viewer's entries first,
 * cut in SQL: the winners of a huge pool's bonus are never all sent or even parsed in Node.
 */
async function loadShownEvents(
  ctx: AppContext,
  pool: PoolRecord,
  mine: readonly number[],
  query: PageQuery,
): Promise<{ events: ShownEvent[]; total: number }> {
  const weeks = await loadPoolWeeks(ctx.db, pool);
  const publicWeeks = weeks.publicWeeks(ctx.clock.now());
  if (publicWeeks.length === 0) return { events: [], total: 0 };
  const { winners: _winners, ...columns } = getTableColumns(bonusEvents);
  const pattern = containsPattern(query.q);
  const where = and(
    eq(bonusEvents.poolId, pool.id),
    sql`${bonusEvents.week} = any(${`{${publicWeeks.join(',')}}`}::int[])`,
    isNull(bonusEvents.voidedAt),
    query.q
      ? or(
          ilike(bonusEvents.bonusName, pattern),
          ilike(bonusEvents.bonusLongName, pattern),
          ilike(bonusEvents.teamAbb, pattern),
          ilike(bonusEvents.player, pattern),
          ilike(bonusEvents.desc, pattern),
        )
      : undefined,
  );
  const [counted] = await ctx.db.select({ total: sql<number>`count(*)::int` }).from(bonusEvents).where(where);
  const rows = await ctx.db
    .select({
      ...columns,
      winnerCount: sql<number>`jsonb_array_length(${bonusEvents.winners})`,
      shown: sql<number[]>`array(
        select w.id::int from jsonb_array_elements_text(${bonusEvents.winners}) with ordinality as w(id, n)
        order by (w.id::int = any(${`{${mine.join(',')}}`}::int[])) desc, w.n
        limit ${BONUS_WINNERS_SHOWN})`,
    })
    .from(bonusEvents)
    .where(where)
    .orderBy(desc(bonusEvents.week), desc(bonusEvents.bonusDate), asc(bonusEvents.id))
    .limit(query.pageSize)
    .offset(pageOffset(query));
  return {
    events: rows.map(({ shown, winnerCount, ...row }) => ({
      ...row,
      winners: shown.map(Number),
      winnerCount: Number(winnerCount),
    })),
    total: Number(counted?.total ?? 0),
  };
}

function toShownEvent(row: ShownEvent): BonusEvent {
  return { ...toBonusEvent({ ...row, winners: row.winners }), winner_count: row.winnerCount };
}

/** The viewer's entry ids in the pool (a handful). */
async function viewerEntryIds(db: DbOrTx, poolId: number, viewer: UserRow | null): Promise<number[]> {
  if (!viewer) return [];
  const rows = await db
    .select({ id: entries.id })
    .from(entries)
    .where(and(eq(entries.poolId, poolId), eq(entries.userId, viewer.id)));
  return rows.map((row) => row.id);
}

/** GET /api/bonus/events/{leagueSeasonId}: the pool's bonus events, newest week first. */
export async function listBonusEvents(
  ctx: AppContext,
  ref: PoolRef,
  viewer: UserRow | null,
  query: PageQuery,
): Promise<BonusEventsResponse> {
  const { pool } = await requirePoolAccess(ctx.db, ref, viewer);
  const mine = await viewerEntryIds(ctx.db, pool.id, viewer);
  const { events, total } = await loadShownEvents(ctx, pool, mine, query);
  return { events: events.map(toShownEvent), page: query.page, pageSize: query.pageSize, total };
}

/**
 * The bonus ledger rows of the given entries (the shown winners and the viewer's own entries), per event,
 * with the entry's username: read entry by entry (ledger_pool_idx), never every entry an event charged.
 */
async function loadEventLines(db: DbOrTx, poolId: number, entryIds: readonly number[]) {
  if (entryIds.length === 0) return [];
  return db
    .select({
      eventId: ledger.bonusEventId,
      entryId: entries.id,
      entryNum: entries.entryNum,
      username: users.username,
      amount: ledger.amount,
    })
    .from(ledger)
    .innerJoin(entries, eq(entries.id, ledger.entryId))
    .innerJoin(users, eq(users.id, entries.userId))
    .where(
      and(
        eq(ledger.poolId, poolId),
        sql`${ledger.entryId} = any(${`{${[...new Set(entryIds)].join(',')}}`}::int[])`,
        eq(ledger.kind, 'bonus'),
      ),
    )
    .orderBy(asc(users.username), asc(entries.entryNum));
}

/**
 * GET /api/bonus/mapped/{leagueSeasonId}: the events with their (first) winners' names and dollars, and the
 * viewer's own entries' dollars on each (from the ledger: + for winners, - for the entries charged), winners
 * first. Bounded: BONUS_WINNERS_SHOWN winners an event, plus the viewer's entries.
 */
export async function listMappedBonuses(
  ctx: AppContext,
  ref: PoolRef,
  viewer: UserRow | null,
  query: PageQuery,
): Promise<MappedBonusesResponse> {
  const { pool } = await requirePoolAccess(ctx.db, ref, viewer);
  const mine = await viewerEntryIds(ctx.db, pool.id, viewer);
  const { events, total } = await loadShownEvents(ctx, pool, mine, query);
  const named = [...new Set([...events.flatMap((event) => event.winners), ...mine])];
  const [rows, labels] = await Promise.all([
    loadEventLines(ctx.db, pool.id, named),
    loadEntryLabels(ctx.db, pool.id, named),
  ]);
  const own = new Set(mine);
  return {
    page: query.page,
    pageSize: query.pageSize,
    total,
    events: events.map((event) => {
      const shown = new Set(event.winners);
      const byEntry = new Map<
        number,
        { entry_id: number; username: string; label: string; dollars_total: number }
      >();
      for (const row of rows) {
        if (row.eventId !== event.id || (!shown.has(row.entryId) && !own.has(row.entryId))) continue;
        const line = byEntry.get(row.entryId) ?? {
          entry_id: row.entryId,
          username: row.username,
          label: entryLabel(row.username, row.entryNum),
          dollars_total: 0,
        };
        line.dollars_total += row.amount;
        byEntry.set(row.entryId, line);
      }
      const lines = [...byEntry.values()]
        .map((line) => ({ ...line, winner: shown.has(line.entry_id) }))
        .sort((a, b) => Number(b.winner) - Number(a.winner) || a.label.localeCompare(b.label));
      return {
        ...toShownEvent(event),
        winner_labels: event.winners.map((id) => labels.get(id) ?? 'unknown entry'),
        lines,
      };
    }),
  };
}

/** The labels ('alice', 'alice [2]') of the pool's entries among `ids` (one array parameter). */
export async function loadEntryLabels(
  db: DbOrTx,
  poolId: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: entries.id, entryNum: entries.entryNum, username: users.username })
    .from(entries)
    .innerJoin(users, eq(users.id, entries.userId))
    .where(
      and(eq(entries.poolId, poolId), sql`${entries.id} = any(${`{${[...new Set(ids)].join(',')}}`}::int[])`),
    );
  return new Map(rows.map((row) => [row.id, entryLabel(row.username, row.entryNum)]));
}

/**
 * GET /api/bonus/tallys/{game}/{season}/{seasonType}/{leagueSeasonId}: the bonus payouts summed per week, per
 * game and per bonus type. The game, season and season type must be the pool's own.
 */
export async function getBonusTallys(
  ctx: AppContext,
  path: BonusTallysPath,
  viewer: UserRow | null,
): Promise<BonusTallysResponse> {
  const { pool } = await requirePoolAccess(ctx.db, { poolId: path.poolId }, viewer);
  if (pool.game !== path.game || pool.season !== path.season || pool.seasonType !== path.seasonType) {
    throw notFound(POOL_MESSAGES.poolNotFound);
  }
  const weeks = await loadPoolWeeks(ctx.db, pool);
  const publicWeeks = weeks.publicWeeks(ctx.clock.now());
  if (publicWeeks.length === 0) return { weekTotals: [], gameTotals: [], gameBonusTotals: [] };
  // Summed in SQL: the events' winner lists (which grow with the pool) are never read.
  const where = and(
    eq(bonusEvents.poolId, pool.id),
    sql`${bonusEvents.week} = any(${`{${publicWeeks.join(',')}}`}::int[])`,
    isNull(bonusEvents.voidedAt),
  );
  const count = sql<number>`count(*)::int`;
  const total = sql<string>`sum(${bonusEvents.total})::bigint`;
  const [byWeek, byGame, byBonus] = await Promise.all([
    ctx.db
      .select({ week: bonusEvents.week, count, total })
      .from(bonusEvents)
      .where(where)
      .groupBy(bonusEvents.week)
      .orderBy(asc(bonusEvents.week)),
    ctx.db
      .select({
        gid: sql<string>`${bonusEvents.gid}`,
        // The summary of the game's first event, as the list showed it.
        gameSummary: sql<
          string | null
        >`(array_agg(${bonusEvents.gameSummary} order by ${bonusEvents.week} desc, ${bonusEvents.bonusDate} desc, ${bonusEvents.id}))[1]`,
        count,
        total,
      })
      .from(bonusEvents)
      .where(and(where, isNotNull(bonusEvents.gid)))
      .groupBy(bonusEvents.gid)
      .orderBy(asc(bonusEvents.gid)),
    ctx.db
      .select({
        bonusId: bonusEvents.bonusId,
        bonusName: sql<string>`(array_agg(${bonusEvents.bonusName} order by ${bonusEvents.week} desc, ${bonusEvents.bonusDate} desc, ${bonusEvents.id}))[1]`,
        count,
        total,
      })
      .from(bonusEvents)
      .where(where)
      .groupBy(bonusEvents.bonusId)
      .orderBy(asc(bonusEvents.bonusId)),
  ]);
  return {
    weekTotals: byWeek.map((row) => ({ week: row.week, count: row.count, total: Number(row.total) })),
    gameTotals: byGame.map((row) => ({
      gid: row.gid,
      game_summary: row.gameSummary,
      count: row.count,
      total: Number(row.total),
    })),
    gameBonusTotals: byBonus.map((row) => ({
      bonus_id: row.bonusId,
      bonus_name: row.bonusName,
      count: row.count,
      total: Number(row.total),
    })),
  };
}
