import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { OddsResponseSchema, PlannerResponseSchema } from '../../../../core/contracts/pools';
import { apiFetch, queryString } from '../../../lib/api';
import { poolKeys } from '../../../lib/query-keys';

/** One pool week's odds (public to whoever sees the pool); the last week's stay shown while the next loads. */
export function useWeekOdds(poolId: number, week: number) {
  return useQuery({
    queryKey: poolKeys.odds(poolId, week),
    queryFn: () => apiFetch(`/api/odds/${poolId}${queryString({ week })}`, { schema: OddsResponseSchema }),
    placeholderData: keepPreviousData,
  });
}

/** The Planner of one of the viewer's own entries. */
export function usePlanner(entryId: number | null) {
  return useQuery({
    queryKey: poolKeys.planner(entryId ?? 0),
    queryFn: () => apiFetch(`/api/planner/${entryId}`, { schema: PlannerResponseSchema }),
    enabled: entryId !== null,
  });
}
