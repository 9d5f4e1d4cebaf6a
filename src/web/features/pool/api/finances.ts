import { useQuery } from '@tanstack/react-query';
import {
  type FinancesResponse,
  FinancesResponseSchema,
  type PaymentsResponse,
  PaymentsResponseSchema,
} from '../../../../core/contracts/pools';
import { apiFetch } from '../../../lib/api';

/** Query keys of the Finances tab; they start with 'pool' so a pick, sign-up or rebuy refreshes them too. */
export const financesKeys = {
  finances: (poolId: number) => ['pool', 'finances', poolId] as const,
  payments: (path: string) => ['pool', 'payments', path.toLowerCase()] as const,
};

/** Each entry's money by column and the pool's totals (cents). */
export function useFinances(poolId: number, enabled = true) {
  return useQuery<FinancesResponse>({
    queryKey: financesKeys.finances(poolId),
    queryFn: () => apiFetch(`/api/finances/${poolId}`, { schema: FinancesResponseSchema }),
    enabled,
  });
}

/** The pool's path as the payments call orders it: /{game}/{season}/{league}/{poolIdx}/{type}. */
export function paymentsPath(pool: {
  game: string;
  season: number;
  league_abb: string;
  pool_idx: number;
  season_type: string;
}): string {
  return [pool.game, String(pool.season), pool.league_abb, String(pool.pool_idx), pool.season_type]
    .map(encodeURIComponent)
    .join('/');
}

/** Each entry's payments and the prizes paid to it, with notes and dates. */
export function usePayments(path: string, enabled: boolean) {
  return useQuery<PaymentsResponse>({
    queryKey: financesKeys.payments(path),
    queryFn: () => apiFetch(`/api/payments/${path}`, { schema: PaymentsResponseSchema }),
    enabled,
  });
}
