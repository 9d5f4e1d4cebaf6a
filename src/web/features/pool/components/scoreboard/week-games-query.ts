import { useQuery } from '@tanstack/react-query';
import type { PoolDetails } from '../../../../../core/contracts/pools';
import { TeamDetailsResponseSchema, WeekScheduleResponseSchema } from '../../../../../core/contracts/sports';
import { apiFetch } from '../../../../lib/api';
import { poolKeys } from '../../../../lib/query-keys';
import { SCOREBOARD_REFRESH_MS } from '../../api/scoreboard';

/**
 * The games of one week of the pool's season with their scores, refreshed with the scoreboard while the
 * pool is live. Kept under the scoreboard's key for the week: a change to the pool (poolKeys.all)
 * refreshes them with it.
 */
export function useWeekGames(
  pool: Pick<PoolDetails, 'id' | 'game' | 'season' | 'season_type'>,
  week: number,
  live: boolean,
) {
  return useQuery({
    queryKey: poolKeys.scoreboard(pool.id, week, { part: 'games' }),
    queryFn: () =>
      apiFetch(`/api/weekSchedules/${pool.game}/${pool.season}/${pool.season_type}/${week}`, {
        schema: WeekScheduleResponseSchema,
      }),
    refetchInterval: live ? SCOREBOARD_REFRESH_MS : false,
  });
}

/**
 * The game's team names, under the key Make Picks reads them by (api/picks' useTeamDetails): asked for
 * here so that the Scoreboard does not load the picks module for them.
 */
export function useTeamNames(game: string) {
  return useQuery({
    queryKey: poolKeys.teamDetails(game),
    queryFn: () => apiFetch(`/api/teams/details/${game}`, { schema: TeamDetailsResponseSchema }),
    staleTime: 30 * 60_000,
  });
}
