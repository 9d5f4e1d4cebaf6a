import { useQuery } from '@tanstack/react-query';
import { type MappedBonusesResponse, MappedBonusesResponseSchema } from '../../../../core/contracts/pools';
import { apiFetch } from '../../../lib/api';

/** Query keys of the bonus views; they start with 'pool' so one invalidation refreshes the pool area. */
export const bonusesKeys = {
  mapped: (poolId: number) => ['pool', 'bonuses', 'mapped', poolId] as const,
};

/** The pool's bonus events with their winners and each entry's dollars (cents). */
export function useMappedBonuses(poolId: number, enabled = true) {
  return useQuery<MappedBonusesResponse>({
    queryKey: bonusesKeys.mapped(poolId),
    queryFn: () => apiFetch(`/api/bonus/mapped/${poolId}`, { schema: MappedBonusesResponseSchema }),
    enabled,
  });
}
