import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type AddEntrantRequest,
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
import { apiFetch } from '../../../lib/api';
import { poolKeys } from './keys';

/** Manage Entrants' query key; it starts with 'pool' so any change of the pool refreshes it. */
export const commishEntrantsKeys = {
  list: (poolId: number) => ['pool', 'commishEntrants', poolId] as const,
};

/** Every entry of the pool for its commissioner, the members still to add and the prizes left. */
export function useAdminEntrants(poolId: number) {
  return useQuery<AdminEntrantsResponse>({
    queryKey: commishEntrantsKeys.list(poolId),
    queryFn: () => apiFetch(`/admin/entrants/${poolId}`, { schema: AdminEntrantsResponseSchema }),
  });
}

/** A commissioner's change; success or refusal, the whole pool area reloads (the page may have been stale). */
function useCommishMutation<Req, Res>(path: string, schema: z.ZodType<Res>) {
  const client = useQueryClient();
  return useMutation<Res, Error, Req>({
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
