import { useQueryClient } from '@tanstack/react-query';
import {
  type CrownByEndRuleBody,
  type CrownByEndRuleResponse,
  CrownByEndRuleResponseSchema,
} from '../../../../core/contracts/pools';
import { apiFetch } from '../../../lib/api';
import { useSubmitMutation } from '../../../lib/mutation';
import { poolKeys } from '../../../lib/query-keys';

/**
 * Crowns the champions the end rule named (Commish's Desk on the pool's Home; irreversible, a repeat answers
 * success). Success or refusal, the whole pool area reloads (the page may have been stale).
 */
export function useCrownByEndRule() {
  const client = useQueryClient();
  return useSubmitMutation<CrownByEndRuleResponse, Error, CrownByEndRuleBody>({
    mutationFn: (body) => apiFetch('/admin/crownByEndRule', { body, schema: CrownByEndRuleResponseSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: poolKeys.all }),
  });
}
