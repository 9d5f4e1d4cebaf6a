import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type FinancesRequest,
  type FinancesResponse,
  FinancesResponseSchema,
  type PaymentsRequest,
  type PaymentsResponse,
  PaymentsResponseSchema,
} from '../../../core/contracts/pools';
import { poolAddressOf, poolPaymentsAddress, type WirePoolAddress } from '../../../core/pool/identity';
import { apiFetch, queryString } from '../api';
import { poolKeys } from '../query-keys';

/** A page of entries with their money by column, the viewer's own entries and the pool's totals (cents). */
export function useFinances(poolId: number, query: FinancesRequest = {}, enabled = true) {
  return useQuery<FinancesResponse>({
    queryKey: poolKeys.finances(poolId, query),
    queryFn: () =>
      apiFetch(`/api/finances/${poolId}${queryString(query)}`, { schema: FinancesResponseSchema }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The pool's path as the payments call orders it (core/pool/identity.ts writes every order). */
export function paymentsPath(pool: WirePoolAddress): string {
  return poolPaymentsAddress(poolAddressOf(pool));
}

/** A page of the pool's payments and prizes paid, newest first (or one entry's), with notes and dates. */
export function usePayments(path: string, query: PaymentsRequest, enabled: boolean) {
  return useQuery<PaymentsResponse>({
    queryKey: poolKeys.payments(path, query),
    queryFn: () => apiFetch(`/api/payments/${path}${queryString(query)}`, { schema: PaymentsResponseSchema }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
