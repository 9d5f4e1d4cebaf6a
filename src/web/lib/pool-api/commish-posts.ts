import { useQuery } from '@tanstack/react-query';
import { CommishPostsResponseSchema } from '../../../core/contracts/pools';
import { apiFetch } from '../api';
import { poolKeys } from '../query-keys';

/** The commissioners' posts for the Commish's Desk, newest first (the pool's Home and the Desk tool). */
export function useCommishPosts(poolId: number) {
  return useQuery({
    queryKey: poolKeys.commishPosts(poolId),
    queryFn: () => apiFetch(`/admin/commishPosts/${poolId}`, { schema: CommishPostsResponseSchema }),
  });
}
