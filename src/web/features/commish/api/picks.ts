import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type EditPicksResponse,
  EditPicksResponseSchema,
  type UpdateUserPicksRequest,
  type UpdateUserPicksResponse,
  UpdateUserPicksResponseSchema,
} from '../../../../core/contracts/pools';
import { apiFetch, queryString } from '../../../lib/api';
import { useSubmitMutation } from '../../../lib/mutation';
import { commishKeys, poolKeys } from '../../../lib/query-keys';

/**
 * Edit Picks: the first entries matching a search (the picker; searched on the server), the game's teams,
 * and the chosen entry's picks per week (league admins).
 */
export function useEditPicks(poolId: number, entryId: number | null, q = '') {
  return useQuery<EditPicksResponse>({
    queryKey: commishKeys.picks(poolId, entryId, q),
    queryFn: () =>
      apiFetch(`/api/pools/${poolId}/commish/picks${queryString({ entry: entryId, q })}`, {
        schema: EditPicksResponseSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

/** POST /admin/updateUserPicks; a success refreshes the whole pool area (selections, feed, standings). */
export function useUpdateUserPicks() {
  const client = useQueryClient();
  return useSubmitMutation<UpdateUserPicksResponse, Error, UpdateUserPicksRequest>({
    mutationFn: (body) => apiFetch('/admin/updateUserPicks', { body, schema: UpdateUserPicksResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: poolKeys.all }),
  });
}
