import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type MissingPicksRequest,
  type MissingPicksResponse,
  MissingPicksResponseSchema,
  type NudgeRequest,
  type NudgeResponse,
  NudgeResponseSchema,
} from '../../../../core/contracts/pools';
import { apiFetch, queryString } from '../../../lib/api';
import { useSubmitMutation } from '../../../lib/mutation';
import { commishKeys } from '../../../lib/query-keys';

/** Missing Picks: a page of the entries owing the open week's pick, and whether NUDGE may be sent (league admins). */
export function useMissingPicks(poolId: number, request: MissingPicksRequest = {}) {
  return useQuery<MissingPicksResponse>({
    queryKey: commishKeys.missingPicks.page(poolId, request),
    queryFn: () =>
      apiFetch(`/api/pools/${poolId}/commish/missingPicks${queryString(request)}`, {
        schema: MissingPicksResponseSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

/** POST .../nudge; any answer (a refusal included) refreshes the list and its nudge state. */
export function useNudge(poolId: number) {
  const client = useQueryClient();
  return useSubmitMutation<NudgeResponse, Error, NudgeRequest>({
    mutationFn: (body) =>
      apiFetch(`/api/pools/${poolId}/commish/nudge`, { body, schema: NudgeResponseSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: commishKeys.missingPicks.all(poolId) }),
  });
}
