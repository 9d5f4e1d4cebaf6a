import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  PoolHealthResponseSchema,
  StandingsResponseSchema,
  type StandingsSort,
  type StandingsView,
} from '../../../../core/contracts/pools';
import { apiFetch, queryString } from '../../../lib/api';
import { poolKeys } from '../../../lib/query-keys';

/** What the Standings tab asks for: a view, a sort, a page and (week view) a week. */
export interface StandingsParams {
  view: StandingsView;
  sort: StandingsSort;
  page: number;
  week?: number;
}

/** One page of the pool's standings with its stat tiles; the previous page stays shown while the next loads. */
export function useStandings(poolId: number, params: StandingsParams) {
  return useQuery({
    queryKey: poolKeys.standings(poolId, params),
    queryFn: () => {
      const { view, sort, page, week } = params;
      return apiFetch(`/api/standings/${poolId}${queryString({ view, sort, page, week })}`, {
        schema: StandingsResponseSchema,
      });
    },
    placeholderData: keepPreviousData,
  });
}

/** Per settled week, the entries alive after it by lives (the Pool Health Report). */
export function usePoolHealth(poolId: number, enabled: boolean) {
  return useQuery({
    queryKey: poolKeys.health(poolId),
    queryFn: () => apiFetch(`/api/poolHealth/${poolId}`, { schema: PoolHealthResponseSchema }),
    enabled,
    staleTime: 60_000,
  });
}
