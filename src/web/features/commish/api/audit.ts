import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type PoolAuditResponse, PoolAuditResponseSchema } from '../../../../core/contracts/pools';
import { apiFetch, queryString } from '../../../lib/api';
import { commishKeys } from '../../../lib/query-keys';

/** A page of the pool's audit log; the key starts with 'pool' so any change of the pool refreshes it. */
export function usePoolAudit(poolId: number, page: number) {
  return useQuery<PoolAuditResponse>({
    queryKey: commishKeys.audit(poolId, page),
    queryFn: () =>
      apiFetch(`/api/pools/${poolId}/audit${queryString({ page })}`, { schema: PoolAuditResponseSchema }),
    placeholderData: keepPreviousData,
  });
}
