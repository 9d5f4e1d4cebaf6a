import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type {
  BonusEvent,
  BonusEventsResponse,
  BonusTallysPath,
  BonusTallysResponse,
  MappedBonusesResponse,
} from '../../../../core/contracts/pools';
import { POOL_MESSAGES } from '../../../../core/contracts/pools';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import { bonusEvents, entries, ledger, users } from '../../../db/schema';
import { notFound } from '../../../lib/errors';
import type { UserRow } from '../../auth/sessions';
import type { PoolRecord } from '../../leagues/leagues.repo';
import { type PoolRef, requirePoolAccess } from '../pool-access';
import { entryLabel } from '../pool-entries.repo';
import { loadPoolWeeks } from '../pool-weeks';

export type BonusEventRecord = typeof bonusEvents.$inferSelect;

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
  };
}

/** GET /api/bonus/events/{leagueSeasonId}: the pool's bonus events, newest week first. */
export async function listBonusEvents(
  ctx: AppContext,
  ref: PoolRef,
  viewer: UserRow | null,
): Promise<BonusEventsResponse> {
  const { pool } = await requirePoolAccess(ctx.db, ref, viewer);
  return { events: (await loadPublicEvents(ctx, pool)).map(toBonusEvent) };
}

/** Each event's ledger rows summed per entry, with the entry's username. */
async function loadEventLines(db: DbOrTx, poolId: number, eventIds: number[]) {
  if (eventIds.length === 0) return [];
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
    .where(and(eq(ledger.poolId, poolId), eq(ledger.kind, 'bonus'), inArray(ledger.bonusEventId, eventIds)))
    .orderBy(asc(users.username), asc(entries.entryNum));
}

/**
 * GET /api/bonus/mapped/{leagueSeasonId}: the events with their winners' names and every entry's dollars on
 * each (from the ledger: + for winners, - for the entries charged), winners first.
 */
export async function listMappedBonuses(
  ctx: AppContext,
  ref: PoolRef,
  viewer: UserRow | null,
): Promise<MappedBonusesResponse> {
  const { pool } = await requirePoolAccess(ctx.db, ref, viewer);
  const events = await loadPublicEvents(ctx, pool);
  const rows = await loadEventLines(
    ctx.db,
    pool.id,
    events.map((event) => event.id),
  );
  const labels = await loadEntryLabels(
    ctx.db,
    pool.id,
    events.flatMap((event) => event.winners),
  );
  return {
    events: events.map((event) => {
      const byEntry = new Map<
        number,
        { entry_id: number; username: string; label: string; dollars_total: number }
      >();
      for (const row of rows) {
        if (row.eventId !== event.id) continue;
        const line = byEntry.get(row.entryId) ?? {
          entry_id: row.entryId,
          username: row.username,
          label: entryLabel(row.username, row.entryNum),
          dollars_total: 0,
        };
        line.dollars_total += row.amount;
        byEntry.set(row.entryId, line);
      }
      const winners = new Set(event.winners);
      const lines = [...byEntry.values()]
        .map((line) => ({ ...line, winner: winners.has(line.entry_id) }))
        .sort((a, b) => Number(b.winner) - Number(a.winner) || a.label.localeCompare(b.label));
      return {
        ...toBonusEvent(event),
        winner_labels: event.winners.map((id) => labels.get(id) ?? 'unknown entry'),
        lines,
      };
    }),
  };
}

/** The labels ('alice', 'alice [2]') of the pool's entries among `ids`. */
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
    .where(and(eq(entries.poolId, poolId), inArray(entries.id, [...new Set(ids)])));
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
  const { pool } = await requirePoolAccess(ctx.db, { poolId: path.leagueSeasonId }, viewer);
  if (pool.game !== path.game || pool.season !== path.season || pool.seasonType !== path.seasonType) {
    throw notFound(POOL_MESSAGES.poolNotFound);
  }
  const events = await loadPublicEvents(ctx, pool);
  const tally = <K>(key: (event: BonusEventRecord) => K | null) => {
    const found = new Map<K, { count: number; total: number; first: BonusEventRecord }>();
    for (const event of events) {
      const k = key(event);
      if (k === null) continue;
      const item = found.get(k) ?? { count: 0, total: 0, first: event };
      item.count += 1;
      item.total += event.total;
      found.set(k, item);
    }
    return [...found.entries()];
  };
  return {
    weekTotals: tally((event) => event.week)
      .map(([week, item]) => ({ week, count: item.count, total: item.total }))
      .sort((a, b) => a.week - b.week),
    gameTotals: tally((event) => event.gid)
      .map(([gid, item]) => ({
        gid,
        game_summary: item.first.gameSummary,
        count: item.count,
        total: item.total,
      }))
      .sort((a, b) => a.gid.localeCompare(b.gid)),
    gameBonusTotals: tally((event) => event.bonusId)
      .map(([bonusId, item]) => ({
        bonus_id: bonusId,
        bonus_name: item.first.bonusName,
        count: item.count,
        total: item.total,
      }))
      .sort((a, b) => a.bonus_id - b.bonus_id),
  };
}
