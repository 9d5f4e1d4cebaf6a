import { useQuery } from '@tanstack/react-query';
import { HealthResponseSchema } from '../../core/contracts/common';
import { apiFetch } from './api';
import { healthKey } from './query-keys';
import { zoned } from './zone';

/**
 * Today on the server's clock (which replays a past season in the demo), as YYYY-MM-DD in the
 * browser's time zone; null until the server has answered. Never the browser's own today.
 */
export function useServerToday() {
  const health = useQuery({
    queryKey: healthKey,
    queryFn: () => apiFetch('/api/health', { schema: HealthResponseSchema }),
    staleTime: 0,
  });
  return {
    today: health.data ? zoned(health.data.time).format('YYYY-MM-DD') : null,
    refresh: () => health.refetch(),
  };
}
