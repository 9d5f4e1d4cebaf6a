import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type BonusLeaderboardResponse,
  BonusLeaderboardResponseSchema,
  type MappedBonusesResponse,
  MappedBonusesResponseSchema,
} from '../../../../core/contracts/pools';
import { apiFetch } from '../../../lib/api';

/** Query keys of the bonus views; they start with 'pool' so one invalidation refreshes the pool area. */
export const bonusesKeys = {
  mapped: (poolId: number, page = 1, q = '') => ['pool', 'bonuses', 'mapped', poolId, page, q] as const,
  leaderboard: (poolId: number) => ['pool', 'bonuses', 'leaderboard', poolId] as const,
};

/** The Bonus Pool Leaderboard: the top entries by bonus money and the viewer's own, ranked on the server. */
export function useBonusLeaderboard(poolId: number, enabled = true) {
  return useQuery<BonusLeaderboardResponse>({
    queryKey: bonusesKeys.leaderboard(poolId),
    queryFn: () => apiFetch(`/api/bonus/leaderboard/${poolId}`, { schema: BonusLeaderboardResponseSchema }),
    enabled,
  });
}

/** A page of the pool's bonus events (newest first) with their winners and dollars (cents), searched on the server. */
export function useMappedBonuses(poolId: number, page = 1, q = '', enabled = true) {
  return useQuery<MappedBonusesResponse>({
    queryKey: bonusesKeys.mapped(poolId, page, q),
    queryFn: () =>
      apiFetch(
        `/api/bonus/mapped/${poolId}?${new URLSearchParams({ page: String(page), ...(q ? { q } : {}) })}`,
        { schema: MappedBonusesResponseSchema },
      ),
    placeholderData: keepPreviousData,
    enabled,
  });
}
