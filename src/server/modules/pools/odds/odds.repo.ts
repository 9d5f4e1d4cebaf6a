import { and, asc, eq, inArray } from 'drizzle-orm';
import { scheduleOfKey } from '../../../../core/games';
import type { OddsGame, PlayerWeekLine } from '../../../../core/odds';
import type { DbOrTx } from '../../../db/client';
import type { PoolRecord } from '../../../db/schema';
import { games, nflPlayers, nflPlayerWeekStats, teams } from '../../../db/schema';

/**
 * The games the pool's team odds read: its season's and the one before (ratings carry over), of its
 * season type, in start order. Only a final game's score counts as a result: a game under way is not.
 */
export async function loadOddsGames(db: DbOrTx, pool: PoolRecord): Promise<OddsGame[]> {
  const rows = await db
    .select({
      home: games.home,
      away: games.away,
      startTime: games.startTime,
      season: games.season,
      week: games.week,
      homeScore: games.homeScore,
      awayScore: games.awayScore,
      final: games.final,
      postponed: games.postponed,
    })
    .from(games)
    .where(
      and(
        eq(games.game, scheduleOfKey(pool.game)),
        eq(games.seasonType, pool.seasonType),
        inArray(games.season, [pool.season - 1, pool.season]),
      ),
    )
    .orderBy(asc(games.startTime), asc(games.gid));
  return rows.map((row) => ({
    home: row.home,
    away: row.away,
    utc: row.startTime,
    season: row.season,
    week: row.week,
    homeScore: row.final ? row.homeScore : null,
    awayScore: row.final ? row.awayScore : null,
    postponed: row.postponed,
  }));
}

/** The game's team names ("Boston Red Sox") by abbreviation. */
export async function loadTeamNames(db: DbOrTx, game: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ abb: teams.abb, name: teams.name, city: teams.city })
    .from(teams)
    .where(eq(teams.game, scheduleOfKey(game)));
  return new Map(
    rows.map((row) => [row.abb, row.name.startsWith(row.city) ? row.name : `${row.city} ${row.name}`]),
  );
}

/** An NFL player as the odds list him. */
export interface OddsPlayer {
  id: string;
  name: string;
  position: string;
  teamAbb: string;
  depthRank: number | null;
}

/** Every pickable NFL player and each of his stats lines of the season (touchdowns only). */
export async function loadNflSeasonLines(
  db: DbOrTx,
  season: number,
): Promise<{ players: OddsPlayer[]; lines: PlayerWeekLine[] }> {
  const [players, lines] = await Promise.all([
    db
      .select({
        id: nflPlayers.id,
        name: nflPlayers.displayName,
        position: nflPlayers.position,
        teamAbb: nflPlayers.teamAbb,
        depthRank: nflPlayers.depthRank,
      })
      .from(nflPlayers),
    db
      .select({
        playerId: nflPlayerWeekStats.playerId,
        week: nflPlayerWeekStats.week,
        rush_td: nflPlayerWeekStats.rushTd,
        rec_td: nflPlayerWeekStats.recTd,
        st_td: nflPlayerWeekStats.stTd,
        def_td: nflPlayerWeekStats.defTd,
        pass_td: nflPlayerWeekStats.passTd,
      })
      .from(nflPlayerWeekStats)
      .where(eq(nflPlayerWeekStats.season, season)),
  ]);
  return {
    players,
    lines: lines.map(({ playerId, week, ...stats }) => ({ playerId, week, stats })),
  };
}
