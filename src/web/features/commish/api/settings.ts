import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type PoolSettingsView,
  PoolSettingsViewSchema,
  type UpdatePoolSettingsRequest,
} from '../../../../core/contracts/pools';
import { apiFetch } from '../../../lib/api';
import { useSubmitMutation } from '../../../lib/mutation';
import { commishKeys, poolKeys } from '../../../lib/query-keys';

/** The pool's settings as Pool Settings edits them; the key starts with 'pool' so a pool-wide refresh includes it. */
/** Every editable setting of the pool and what the form must know (league admins only). */
export function usePoolSettings(poolId: number) {
  return useQuery<PoolSettingsView>({
    queryKey: commishKeys.settings(poolId),
    queryFn: () => apiFetch(`/admin/poolSettings/${poolId}`, { schema: PoolSettingsViewSchema }),
  });
}

/** SAVE SETTINGS: the answer is the saved settings; everything else the pool shows may have changed with them. */
export function useUpdatePoolSettings(poolId: number) {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: UpdatePoolSettingsRequest) =>
      apiFetch('/admin/updatePoolSettings', { body, schema: PoolSettingsViewSchema }),
    onSuccess: async (saved) => {
      client.setQueryData(commishKeys.settings(poolId), saved);
      await client.invalidateQueries({ queryKey: poolKeys.all });
    },
  });
}
