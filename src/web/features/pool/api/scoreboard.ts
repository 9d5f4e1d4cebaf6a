import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ScoreboardResponse, ScoreboardResponseSchema } from '../../../../core/contracts/pools';
import { apiFetch } from '../../../lib/api';

/** Live scoring refreshes every 15 s while the pool is not final (spec 1, section 9). */
export const SCOREBOARD_REFRESH_MS = 15_000;

/** Query keys of the Scoreboard tab; they start with 'pool' so a pool-wide invalidation refreshes them. */
export const scoreboardKeys = {
  week: (poolId: number, week: number | 'default') => ['pool', 'scoreboard', poolId, String(week)] as const,
};

/** One week of the pool's scoreboard ('default' opens on the live week, or a final pool's last played week). */
export function useScoreboard(poolId: number, week: number | 'default', live: boolean) {
  return useQuery<ScoreboardResponse>({
    queryKey: scoreboardKeys.week(poolId, week),
    queryFn: () => apiFetch(`/api/scoreboard/${poolId}/${week}`, { schema: ScoreboardResponseSchema }),
    refetchInterval: live ? SCOREBOARD_REFRESH_MS : false,
    placeholderData: keepPreviousData,
  });
}
