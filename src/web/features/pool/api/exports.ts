import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type ExportWeekResponse,
  ExportWeekResponseSchema,
  exportPaths,
} from '../../../../core/contracts/pools';
import { ApiError, apiFetch } from '../../../lib/api';
import { poolKeys } from '../../../lib/query-keys';
import { queryString } from '../../../lib/query-string';

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

/** The file name the server gave (Content-Disposition), or a fallback. */
function fileName(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const match = /filename\*=UTF-8''([^;]+)|filename="?([^";]+)"?/i.exec(header);
  const name = match?.[1] ? decodeURIComponent(match[1]) : match?.[2];
  return name || fallback;
}

/**
 * Fetches a CSV export and saves it. A link that navigates would leave a refused or failed export as a page of
 * JSON; fetched, its message throws as an ApiError the caller shows.
 */
export async function downloadExport(path: string, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
  }
  if (!response.ok) {
    const data: unknown = await response.json().catch(() => null);
    const message =
      data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
        ? data.message
        : `Request failed (${response.status})`;
    throw new ApiError(response.status, message);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName(response, fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // Freed later, not at once: the browser reads the file after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
