import { and, asc, eq, inArray } from 'drizzle-orm';
import { scheduleOfKey } from '../../../../core/games';
import type { DbOrTx } from '../../../db/client';
import type { GameRecord, NflPlayerRecord, NflStatsRecord, PoolRecord } from '../../../db/schema';
import {
  gameFacts,
  games,
  nflPlayers,
  nflPlayerWeekStats,
  poolWeeks,
  seasonParams,
  teams,
} from '../../../db/schema';
import { type EntryWeekRow, readEntryWeeks } from '../store/entry-weeks.repo';

export type EntryWeekRecord = EntryWeekRow;

/** A game of the week with its stored facts (null until a feed delivered them). */
export interface WeekGameWithFacts {
  game: GameRecord;
  facts: Record<string, unknown> | null;
}

/** The pool's games of one week, postponed ones included (their cell says PPD), with their facts. */
export async function loadWeekGames(
  db: DbOrTx,
  pool: PoolRecord,
  week: number,
): Promise<WeekGameWithFacts[]> {
  return db
    .select({ game: games, facts: gameFacts.facts })
    .from(games)
    .leftJoin(gameFacts, eq(gameFacts.gameId, games.id))
    .where(
      and(
        eq(games.game, scheduleOfKey(pool.game)),
        eq(games.season, pool.season),
        eq(games.seasonType, pool.seasonType),
        eq(games.week, week),
      ),
    )
    .orderBy(asc(games.startTime), asc(games.id));
}

/** The week's calendar days from the season params (element 0 is the preseason filler), or none. */
export async function loadWeekDays(db: DbOrTx, pool: PoolRecord, week: number): Promise<string[]> {
  const [row] = await db
    .select({ days: seasonParams.dashedDateArrays })
    .from(seasonParams)
    .where(
      and(
        eq(seasonParams.game, scheduleOfKey(pool.game)),
        eq(seasonParams.season, pool.season),
        eq(seasonParams.seasonType, pool.seasonType),
      ),
    )
    .limit(1);
  return row?.days[week] ?? [];
}

/** Whether the pool's week has been judged (its pool_weeks row has settled_at). */
export async function isWeekSettled(db: DbOrTx, poolId: number, week: number): Promise<boolean> {
  const [row] = await db
    .select({ settledAt: poolWeeks.settledAt })
    .from(poolWeeks)
    .where(and(eq(poolWeeks.poolId, poolId), eq(poolWeeks.week, week)))
    .limit(1);
  return Boolean(row?.settledAt);
}

/** The judged rows of one week of the given entries (a page, or the viewer's own: a bounded list). */
export async function loadEntryWeeks(
  db: DbOrTx,
  poolId: number,
  week: number,
  entryIds: readonly number[],
): Promise<EntryWeekRecord[]> {
  if (entryIds.length === 0) return [];
  return readEntryWeeks(db, poolId, { weeks: [week], entryIds });
}

/** Team names of a game by abbreviation. */
export async function loadTeamNames(db: DbOrTx, game: string, abbs: string[]): Promise<Map<string, string>> {
  if (abbs.length === 0) return new Map();
  const rows = await db
    .select({ abb: teams.abb, name: teams.name })
    .from(teams)
    .where(and(eq(teams.game, scheduleOfKey(game)), inArray(teams.abb, abbs)));
  return new Map(rows.map((row) => [row.abb, row.name]));
}

/** NFL players by id. */
export async function loadNflPlayers(db: DbOrTx, ids: string[]): Promise<Map<string, NflPlayerRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(nflPlayers).where(inArray(nflPlayers.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The players' stats lines of one season week. */
export async function loadNflStats(
  db: DbOrTx,
  season: number,
  week: number,
  ids: string[],
): Promise<Map<string, NflStatsRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(nflPlayerWeekStats)
    .where(
      and(
        eq(nflPlayerWeekStats.season, season),
        eq(nflPlayerWeekStats.week, week),
        inArray(nflPlayerWeekStats.playerId, ids),
      ),
    );
  return new Map(rows.map((row) => [row.playerId, row]));
}
