import { useQuery } from '@tanstack/react-query';
import { HealthResponseSchema } from '../../../../core/contracts/common';
import { type FeedFilter, FeedResponseSchema } from '../../../../core/contracts/pools';
import { apiFetch } from '../../../lib/api';
import { poolKeys } from '../../../lib/query-keys';

/** The pool's news feed for one filter, newest first. */
export function usePoolFeed(leagueId: number, poolId: number, filter: FeedFilter, enabled = true) {
  return useQuery({
    queryKey: poolKeys.feed(poolId, filter),
    queryFn: () => apiFetch(`/api/feed/${leagueId}/${poolId}/${filter}`, { schema: FeedResponseSchema }),
    enabled,
  });
}

/**
 * The server's now (the demo replays a past season), so "5 min ago" is measured on the clock that
 * stamped the events; null until the server answers.
 */
export function useServerNow(): Date | null {
  const health = useQuery({
    queryKey: poolKeys.feedServerNow,
    queryFn: () => apiFetch('/api/health', { schema: HealthResponseSchema }),
    staleTime: 60_000,
  });
  return health.data ? new Date(health.data.time) : null;
}
