import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type AddableMembersResponse,
  AddableMembersResponseSchema,
  type AddEntrantRequest,
  type AdminEntrantsRequest,
  type AdminEntrantsResponse,
  AdminEntrantsResponseSchema,
  type CommishPostRequest,
  type CommishPostResponse,
  CommishPostResponseSchema,
  type EditUserLivesRequest,
  type EntrantChangeResponse,
  EntrantChangeResponseSchema,
  type ProcessChampionsRequest,
  type ProcessChampionsResponse,
  ProcessChampionsResponseSchema,
  type ToggleUserStatusRequest,
  type UpdateUserNotesRequest,
} from '../../../../core/contracts/pools';
import { apiFetch, queryString } from '../../../lib/api';
import { useSubmitMutation } from '../../../lib/mutation';
import { commishKeys, poolKeys } from '../../../lib/query-keys';

/** One page of the pool's entries for its commissioner (searched, sorted and filtered on the server). */
export function useAdminEntrants(poolId: number, request: AdminEntrantsRequest = {}) {
  return useQuery<AdminEntrantsResponse>({
    queryKey: commishKeys.entrants(poolId, request),
    queryFn: () =>
      apiFetch(`/admin/entrants/${poolId}${queryString(request)}`, {
        schema: AdminEntrantsResponseSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The first members matching a search among those not entrants yet (the add picker). */
export function useAddableMembers(poolId: number, q: string) {
  return useQuery<AddableMembersResponse>({
    queryKey: commishKeys.members(poolId, q),
    queryFn: () =>
      apiFetch(`/admin/entrants/${poolId}/members${queryString({ q })}`, {
        schema: AddableMembersResponseSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

/** A commissioner's change; success or refusal, the whole pool area reloads (the page may have been stale). */
function useCommishMutation<Req, Res>(path: string, schema: z.ZodType<Res>) {
  const client = useQueryClient();
  return useSubmitMutation<Res, Error, Req>({
    mutationFn: (body) => apiFetch(path, { body, schema }),
    onSettled: () => client.invalidateQueries({ queryKey: poolKeys.all }),
  });
}

/** Adds a league member to the pool as an entrant. */
export const useAddEntrant = () =>
  useCommishMutation<AddEntrantRequest, EntrantChangeResponse>(
    '/admin/addEntrant',
    EntrantChangeResponseSchema,
  );

/** Deactivates (0) or reactivates (1) an entry. */
export const useToggleUserStatus = () =>
  useCommishMutation<ToggleUserStatusRequest, EntrantChangeResponse>(
    '/admin/toggleUserStatus',
    EntrantChangeResponseSchema,
  );

/** Raises or lowers an entry's lives with a message to the league. */
export const useEditUserLives = () =>
  useCommishMutation<EditUserLivesRequest, EntrantChangeResponse>(
    '/admin/editUserLives',
    EntrantChangeResponseSchema,
  );

/** Saves (or clears) the commissioner's note on an entry. */
export const useUpdateUserNotes = () =>
  useCommishMutation<UpdateUserNotesRequest, EntrantChangeResponse>(
    '/admin/updateUserNotes',
    EntrantChangeResponseSchema,
  );

/** Crowns the champions and closes the pool (irreversible). */
export const useProcessChampions = () =>
  useCommishMutation<ProcessChampionsRequest, ProcessChampionsResponse>(
    '/admin/processLeagueChamps',
    ProcessChampionsResponseSchema,
  );

/** Posts to the Commish's Desk and the pool's news feed. */
export const useCreateCommishPost = () =>
  useCommishMutation<CommishPostRequest, CommishPostResponse>(
    '/admin/commishPosts',
    CommishPostResponseSchema,
  );
