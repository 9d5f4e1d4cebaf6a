import { useQuery } from '@tanstack/react-query';
import {
  type BonusLeaderboardResponse,
  BonusLeaderboardResponseSchema,
  type MappedBonusesResponse,
  MappedBonusesResponseSchema,
} from '../../../../core/contracts/pools';
import { apiFetch } from '../../../lib/api';

/** Query keys of the bonus views; they start with 'pool' so one invalidation refreshes the pool area. */
export const bonusesKeys = {
  mapped: (poolId: number) => ['pool', 'bonuses', 'mapped', poolId] as const,
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

/** The pool's bonus events with their winners and each entry's dollars (cents). */
export function useMappedBonuses(poolId: number, enabled = true) {
  return useQuery<MappedBonusesResponse>({
    queryKey: bonusesKeys.mapped(poolId),
    queryFn: () => apiFetch(`/api/bonus/mapped/${poolId}`, { schema: MappedBonusesResponseSchema }),
    enabled,
  });
}
