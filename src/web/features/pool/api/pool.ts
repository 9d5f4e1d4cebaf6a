import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type LoadPoolResponse,
  LoadPoolResponseSchema,
  type SelectionsAllResponse,
  SelectionsAllResponseSchema,
} from '../../../../core/contracts/pools';
import { ApiError, apiFetch, queryString } from '../../../lib/api';
import { addressPath, type PoolAddress, poolKeys } from '../../../lib/query-keys';

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

/** What Pool Selections asks for: a locked week's distribution, and a page of the entries (searched). */
export interface SelectionsRequest {
  week?: number;
  page?: number;
  pageSize?: number;
  q?: string;
}

/**
 * Each week's state, one locked week's pick distribution (the asked one, else the latest), a page of the
 * entries with their locked picks and the viewer's own entries (null distribution while a week is open).
 */
export function useSelectionsAll(address: PoolAddress, request: SelectionsRequest = {}) {
  return useQuery<SelectionsAllResponse>({
    queryKey: poolKeys.selections(address, request),
    queryFn: () =>
      apiFetch(`/api/selections/all/${addressPath(address)}${queryString(request)}`, {
        schema: SelectionsAllResponseSchema,
      }),
    placeholderData: keepPreviousData,
  });
}
