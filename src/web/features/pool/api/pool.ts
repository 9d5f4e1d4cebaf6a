import { useQuery } from '@tanstack/react-query';
import {
  BonusOptionsResponseSchema,
  type LoadPoolResponse,
  LoadPoolResponseSchema,
  type SelectionsAllResponse,
  SelectionsAllResponseSchema,
} from '../../../../core/contracts/pools';
import { ApiError, apiFetch } from '../../../lib/api';
import { addressPath, type PoolAddress, poolKeys } from './keys';

/** The pool page's data: the pool and what the viewer may do in it. A 404 comes back as null (not found). */
export function useLoadPool(address: PoolAddress) {
  return useQuery<LoadPoolResponse | null>({
    queryKey: poolKeys.load(address),
    queryFn: async () => {
      try {
        return await apiFetch(`/api/loadPool/${addressPath(address)}`, { schema: LoadPoolResponseSchema });
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
        throw error;
      }
    },
    retry: false,
  });
}

/** Every entry's locked picks and each week's pick distribution (null while the week has not locked). */
export function useSelectionsAll(address: PoolAddress) {
  return useQuery<SelectionsAllResponse>({
    queryKey: poolKeys.selections(address),
    queryFn: () =>
      apiFetch(`/api/selections/all/${addressPath(address)}`, { schema: SelectionsAllResponseSchema }),
  });
}

/** The performance bonuses a game offers, with their prizes (NBA and MLB only). */
export function useBonusOptions(game: string, enabled: boolean) {
  return useQuery({
    queryKey: poolKeys.bonusOptions(game),
    queryFn: () =>
      apiFetch(`/api/bonus/options/${encodeURIComponent(game)}`, { schema: BonusOptionsResponseSchema }),
    enabled,
    staleTime: 600_000,
  });
}
