import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ActivatePoolRequest,
  ActivatePoolResponseSchema,
  CreationOptionsResponseSchema,
  PreviousPoolsResponseSchema,
} from '../../../../core/contracts/pools';
import { apiFetch } from '../../../lib/api';
import { useSubmitMutation } from '../../../lib/mutation';
import { creationKeys, leagueKeys, poolKeys } from '../../../lib/query-keys';

/** The seasons open for new pools and the viewer's leagues as admin. */
export function useCreationOptions() {
  return useQuery({
    queryKey: creationKeys.options,
    queryFn: () => apiFetch('/api/poolCreation/options', { schema: CreationOptionsResponseSchema }),
  });
}

/** ACTIVATE POOL; on success the pool counts per league and the pool lists are stale. */
export function useActivatePool() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: ActivatePoolRequest) =>
      apiFetch('/leagueRoutes/activatePool', { body, schema: ActivatePoolResponseSchema }),
    // The league page and All Pools list the new pool too.
    onSuccess: () =>
      Promise.all(
        [poolKeys.all, leagueKeys.league.all, leagueKeys.allPools.all].map((queryKey) =>
          client.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

/** The league's earlier pools of the game, newest first, to start a new pool from (league admins only). */
export function usePreviousPools(leagueId: number | null, game: string) {
  return useQuery({
    queryKey: creationKeys.previous(leagueId, game),
    queryFn: () =>
      apiFetch(`/api/poolCreation/previousPools/${leagueId}/${game}`, {
        schema: PreviousPoolsResponseSchema,
      }),
    enabled: leagueId !== null,
  });
}
