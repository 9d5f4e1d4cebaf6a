import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ScoreboardResponse, ScoreboardResponseSchema } from '../../../../core/contracts/pools';
import { apiFetch, queryString } from '../../../lib/api';
import { poolKeys } from '../../../lib/query-keys';

/** Live scoring refreshes every 15 s while the pool is not final (spec 1, section 9). */
export const SCOREBOARD_REFRESH_MS = 15_000;

/** A page of the scoreboard's counted entries, searched by entry name. */
export interface ScoreboardRequest {
  page?: number;
  pageSize?: number;
  q?: string;
}

/**
 * One week of the pool's scoreboard ('default' opens on the live week, or a final pool's last played week):
 * a page of its entries and the viewer's own.
 */
export function useScoreboard(
  poolId: number,
  week: number | 'default',
  live: boolean,
  request: ScoreboardRequest = {},
) {
  return useQuery<ScoreboardResponse>({
    queryKey: poolKeys.scoreboard(poolId, week, request),
    queryFn: () =>
      apiFetch(`/api/scoreboard/${poolId}/${week}${queryString(request)}`, {
        schema: ScoreboardResponseSchema,
      }),
    refetchInterval: live ? SCOREBOARD_REFRESH_MS : false,
    placeholderData: keepPreviousData,
  });
}
