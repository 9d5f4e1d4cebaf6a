import { and, asc, eq, ne } from 'drizzle-orm';
import type { ScheduleGame } from '../../core/games';
import type { Db, DbOrTx } from '../db/client';
import { games, seasonParams } from '../db/schema';
import { assignWeeks, buildSeasonCalendar, type SeasonCalendar } from './calendar';
import { setGameWeeks, upsertSeasonParams } from './sports.repo';

/** The season a calendar rebuild covers (regular season unless told). */
export interface SeasonKey {
  game: ScheduleGame;
  season: number;
  seasonType?: 'reg' | 'pre' | 'post';
}

/** What a calendar rebuild wrote. */
export interface SeasonCalendarRebuild {
  calendar: SeasonCalendar;
  /** Games whose pool week was set (NBA and MLB; NFL keeps its league weeks). */
  gamesWeeked: number;
}

/**
 * After a real feed's schedule of a season has been ingested: builds the season calendar from the
 * stored games (postponed ones left out), sets the pool week of each NBA/MLB game from it, and
 * upserts the season params (keeping their active and final flags), all in one transaction. Throws,
 * writing nothing, when the season has no games.
 */
export async function rebuildSeasonCalendar(
  db: Db,
  key: SeasonKey,
  now: Date,
): Promise<SeasonCalendarRebuild> {
  return db.transaction((tx) => writeSeasonCalendar(tx, key, now));
}

/** The body of {@link rebuildSeasonCalendar}, inside a transaction the caller holds. */
export async function writeSeasonCalendar(
  tx: DbOrTx,
  key: SeasonKey,
  now: Date,
): Promise<SeasonCalendarRebuild> {
  const seasonType = key.seasonType ?? 'reg';
  const stored = await tx
    .select({ gid: games.gid, startTime: games.startTime, week: games.week, status: games.status })
    .from(games)
    .where(
      and(
        eq(games.game, key.game),
        eq(games.season, key.season),
        eq(games.seasonType, seasonType),
        ne(games.status, 'postponed'),
      ),
    )
    .orderBy(asc(games.startTime));
  if (stored.length === 0) {
    throw new Error(`No ${key.game} ${key.season} ${seasonType} games are stored to build a calendar from.`);
  }
  const calendar = buildSeasonCalendar(key.game, stored);
  let gamesWeeked = 0;
  if (key.game !== 'nfl-td') {
    const weeks = assignWeeks(stored, calendar).map((g): [string, number | null] => [g.gid, g.week]);
    await setGameWeeks(tx, key.game, weeks);
    gamesWeeked = weeks.length;
  }
  const [existing] = await tx
    .select({ active: seasonParams.active, final: seasonParams.final })
    .from(seasonParams)
    .where(
      and(
        eq(seasonParams.game, key.game),
        eq(seasonParams.season, key.season),
        eq(seasonParams.seasonType, seasonType),
      ),
    );
  await upsertSeasonParams(
    tx,
    {
      game: key.game,
      season: key.season,
      seasonType,
      active: existing?.active ?? true,
      final: existing?.final ?? false,
    },
    calendar,
    now,
  );
  return { calendar, gamesWeeked };
}
