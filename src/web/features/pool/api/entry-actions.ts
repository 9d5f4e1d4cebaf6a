import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type BuyInsuranceRequest,
  type BuyInsuranceResponse,
  BuyInsuranceResponseSchema,
  type EntryActionsResponse,
  EntryActionsResponseSchema,
  type RebuyRequest,
  type RebuyResponse,
  RebuyResponseSchema,
  type ToggleRequest,
  type ToggleResponse,
  ToggleResponseSchema,
} from '../../../../core/contracts/pools';
import { apiFetch } from '../../../lib/api';
import { useSubmitMutation } from '../../../lib/mutation';
import { picksDueKeys, poolKeys } from '../../../lib/query-keys';

/** What the owner may do with one of their entries now (switches, insurance, rebuy window). */
export function useEntryActions(entryId: number) {
  return useQuery<EntryActionsResponse>({
    queryKey: poolKeys.entryActions(entryId),
    queryFn: () => apiFetch(`/api/entryActions/${entryId}`, { schema: EntryActionsResponseSchema }),
  });
}

/** A POST of the card; success or refusal, the whole pool area reloads (the page may have been stale). */
function useEntryMutation<Req, Res>(path: string, schema: z.ZodType<Res>) {
  const client = useQueryClient();
  return useSubmitMutation<Res, Error, Req>({
    mutationFn: (body) => apiFetch(path, { body, schema }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: poolKeys.all }),
        // A rebuy makes the entry owe a pick again (picks due).
        client.invalidateQueries({ queryKey: picksDueKeys.all }),
      ]),
  });
}

/** Pays the rebuy the entry waits for. */
export const useRebuy = () =>
  useEntryMutation<RebuyRequest, RebuyResponse>('/user/rebuy', RebuyResponseSchema);

/** Joins or leaves the bonus pool from next week. */
export const useToggleBonus = () =>
  useEntryMutation<ToggleRequest, ToggleResponse>('/user/toggleBonus', ToggleResponseSchema);

/** Turns auto-rebuy on or off from next week. */
export const useToggleAutoRebuy = () =>
  useEntryMutation<ToggleRequest, ToggleResponse>('/user/toggleRebuys', ToggleResponseSchema);

/** Buys pick insurance at the pool's price. */
export const useBuyInsurance = () =>
  useEntryMutation<BuyInsuranceRequest, BuyInsuranceResponse>(
    '/user/buyInsurance',
    BuyInsuranceResponseSchema,
  );
