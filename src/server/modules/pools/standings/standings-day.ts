import { toPacificDate } from '../../../../core/calendar';
import type { StandingsResponse } from '../../../../core/contracts/pools';
import type { DbOrTx } from '../../../db/client';
import type { PoolRecord } from '../../../db/schema';
import { toTeamGameCell } from '../scoreboard/game-cells';
import { loadWeekGames } from '../scoreboard/scoreboard.repo';

/**
 * The day view (NBA/MLB): the shown week's days on which games are scheduled, and in each row the
 * games of the team the entry picked that week, as the Scoreboard's day cells show them. The picks
 * come from the rows' cells, so a pick the standings may not show (another entry's, in a week that
 * has not locked) has no games either.
 */
export async function withDayGames(
  db: DbOrTx,
  pool: PoolRecord,
  standings: StandingsResponse,
): Promise<StandingsResponse> {
  const week = standings.weeks[0];
  if (week === undefined)
    return { ...standings, days: [], rows: standings.rows.map((row) => ({ ...row, games: [] })) };
  const weekGames = await loadWeekGames(db, pool, week);
  const days = [...new Set(weekGames.map((row) => toPacificDate(row.game.startTime)))].sort();
  return {
    ...standings,
    days,
    rows: standings.rows.map((row) => {
      // NBA and MLB hold one team a week.
      const team = row.cells.find((cell) => cell.week === week)?.picks[0]?.pick_id;
      const games = team
        ? weekGames
            .filter((item) => item.game.home === team || item.game.away === team)
            .map((item) => toTeamGameCell(item, pool.game, team))
        : [];
      return { ...row, games };
    }),
  };
}
