import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type BonusDetailsResponse,
  BonusDetailsResponseSchema,
  type BonusParamsRequest,
  type BonusParamsResponse,
  BonusParamsResponseSchema,
  type CommishBonusEventsResponse,
  CommishBonusEventsResponseSchema,
  type RecalculateBonusRequest,
  type RecalculateBonusResponse,
  RecalculateBonusResponseSchema,
  type UpdateBonusPoolRequest,
  type UpdateBonusPoolResponse,
  UpdateBonusPoolResponseSchema,
} from '../../../../core/contracts/pools';
import { apiFetch, queryString } from '../../../lib/api';
import { useSubmitMutation } from '../../../lib/mutation';
import { commishKeys, poolKeys } from '../../../lib/query-keys';

/**
 * The pool's bonus weeks and, for one week, its counts and one page of one list (in, out or fixed),
 * searched on the server (league admins). Defaults are left out of the address.
 */
export function useBonusParams(poolId: number, request: BonusParamsRequest = {}, enabled = true) {
  const query = queryString(request);
  return useQuery<BonusParamsResponse>({
    queryKey: commishKeys.bonusParams(poolId, query),
    queryFn: () =>
      apiFetch(`/pools/getBonusParams/${poolId}${query}`, {
        schema: BonusParamsResponseSchema,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The pool's standing bonuses for the Pool Bonuses table (league admins). */
export function useCommishBonusEvents(poolId: number) {
  return useQuery<CommishBonusEventsResponse>({
    queryKey: commishKeys.bonusEvents(poolId),
    queryFn: () => apiFetch(`/pools/getBonusEvents/${poolId}`, { schema: CommishBonusEventsResponseSchema }),
  });
}

/** One page of a bonus's winners and losers with totals; loaded when its details are opened. */
export function useBonusDetails(
  poolId: number,
  bonusId: number | null,
  request: { page?: number; q?: string } = {},
) {
  const query = queryString({ page: request.page, q: request.q });
  return useQuery<BonusDetailsResponse>({
    queryKey: commishKeys.bonusDetails(poolId, bonusId, query),
    queryFn: () =>
      apiFetch(`/api/bonus/details/${poolId}/${bonusId}${query}`, {
        schema: BonusDetailsResponseSchema,
      }),
    enabled: bonusId !== null,
    placeholderData: keepPreviousData,
  });
}

/** POST /pools/updateBonusPoolParams; a success refreshes the pool area. */
export function useUpdateBonusPool() {
  const client = useQueryClient();
  return useSubmitMutation<UpdateBonusPoolResponse, Error, UpdateBonusPoolRequest>({
    mutationFn: (body) =>
      apiFetch('/pools/updateBonusPoolParams', { body, schema: UpdateBonusPoolResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: poolKeys.all }),
  });
}

/** POST /api/bonus/recalculate; a success refreshes the pool area (bonus events, finances). */
export function useRecalculateBonus() {
  const client = useQueryClient();
  return useSubmitMutation<RecalculateBonusResponse, Error, RecalculateBonusRequest>({
    mutationFn: (body) =>
      apiFetch('/api/bonus/recalculate', { body, schema: RecalculateBonusResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: poolKeys.all }),
  });
}
