import { useQueryClient } from '@tanstack/react-query';
import {
  type RegisterEntryRequest,
  type RegisterEntryResponse,
  RegisterEntryResponseSchema,
} from '../../../core/contracts/pools';
import { apiFetch } from '../../lib/api';
import { useSubmitMutation } from '../../lib/mutation';
import { queryKeys } from '../../lib/query-keys';

/** Signs the user up for a pool; the league page, hub, pool page and sidebar then show the new entry. */
export function useSignUp() {
  const client = useQueryClient();
  return useSubmitMutation<RegisterEntryResponse, Error, RegisterEntryRequest>({
    mutationFn: (body) => apiFetch('/user/regForGame', { body, schema: RegisterEntryResponseSchema }),
    onSuccess: () => {
      for (const queryKey of [
        queryKeys.leagues.league.all,
        queryKeys.leagues.allPools.all,
        queryKeys.leagues.allLeagues,
        queryKeys.profile.all,
        queryKeys.profile.activity.all,
        queryKeys.pool.all,
      ]) {
        void client.invalidateQueries({ queryKey });
      }
    },
  });
}
