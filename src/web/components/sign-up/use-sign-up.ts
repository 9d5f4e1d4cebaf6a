import { useQueryClient } from '@tanstack/react-query';
import {
  type RegisterEntryRequest,
  type RegisterEntryResponse,
  RegisterEntryResponseSchema,
} from '../../../core/contracts/pools';
import { apiFetch } from '../../lib/api';
import { useSubmitMutation } from '../../lib/mutation';
import { leagueKeys, picksDueKeys, poolKeys, profileKeys } from '../../lib/query-keys';

/** Signs the user up for a pool; the league page, hub, pool page and sidebar then show the new entry. */
export function useSignUp() {
  const client = useQueryClient();
  return useSubmitMutation<RegisterEntryResponse, Error, RegisterEntryRequest>({
    mutationFn: (body) => apiFetch('/user/regForGame', { body, schema: RegisterEntryResponseSchema }),
    onSuccess: () => {
      for (const queryKey of [
        leagueKeys.league.all,
        leagueKeys.allPools.all,
        leagueKeys.allLeagues,
        profileKeys.all,
        profileKeys.activity.all,
        poolKeys.all,
        // The new entry owes its picks at once (picks due card, sidebar and header badge).
        picksDueKeys.all,
      ]) {
        void client.invalidateQueries({ queryKey });
      }
    },
  });
}
