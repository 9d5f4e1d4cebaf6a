import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type BonusLeaderboardResponse,
  BonusLeaderboardResponseSchema,
  type MappedBonusesResponse,
  MappedBonusesResponseSchema,
} from '../../../../core/contracts/pools';
import { apiFetch, queryString } from '../../../lib/api';
import { poolKeys } from '../../../lib/query-keys';

/** The Bonus Pool Leaderboard: the top entries by bonus money and the viewer's own, ranked on the server. */
export function useBonusLeaderboard(poolId: number, enabled = true) {
  return useQuery<BonusLeaderboardResponse>({
    queryKey: poolKeys.bonusLeaderboard(poolId),
    queryFn: () => apiFetch(`/api/bonus/leaderboard/${poolId}`, { schema: BonusLeaderboardResponseSchema }),
    enabled,
  });
}

/** A page of the pool's bonus events (newest first) with their winners and dollars (cents), searched on the server. */
export function useMappedBonuses(poolId: number, page = 1, q = '', enabled = true) {
  return useQuery<MappedBonusesResponse>({
    queryKey: poolKeys.bonusesMapped(poolId, page, q),
    queryFn: () =>
      apiFetch(`/api/bonus/mapped/${poolId}${queryString({ page, q })}`, {
        schema: MappedBonusesResponseSchema,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
