import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ActivatePoolRequest,
  ActivatePoolResponseSchema,
  CreationOptionsResponseSchema,
} from '../../../../core/contracts/pools';
import { apiFetch } from '../../../lib/api';

/** Pool-creation keys start with 'pool' like the rest of the pool area, so a pool-wide refresh includes them. */
export const creationKeys = {
  options: ['pool', 'creation', 'options'] as const,
};

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
  return useMutation({
    mutationFn: (body: ActivatePoolRequest) =>
      apiFetch('/leagueRoutes/activatePool', { body, schema: ActivatePoolResponseSchema }),
    // The league page and All Pools list the new pool too.
    onSuccess: () =>
      Promise.all(['pool', 'league', 'allPools'].map((key) => client.invalidateQueries({ queryKey: [key] }))),
  });
}
