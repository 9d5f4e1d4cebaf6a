import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type ExportWeekResponse,
  ExportWeekResponseSchema,
  exportPaths,
} from '../../../../core/contracts/pools';
import { apiFetch, queryString } from '../../../lib/api';
import { poolKeys } from '../../../lib/query-keys';

/**
 * One page of a week's printable grid. The key starts with the pool's, so a pick or a settlement that
 * refreshes the pool area refreshes the grid too.
 */
export function useExportWeek(poolId: number, week: number, page: number) {
  return useQuery<ExportWeekResponse>({
    queryKey: poolKeys.exportWeek(poolId, week, page),
    queryFn: () =>
      apiFetch(`${exportPaths.week(poolId, week)}${queryString({ page: page > 1 ? page : undefined })}`, {
        schema: ExportWeekResponseSchema,
      }),
    placeholderData: keepPreviousData,
  });
}
