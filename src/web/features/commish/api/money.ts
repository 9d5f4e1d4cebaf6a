import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type EmailUsersRequest,
  type EmailUsersResponse,
  EmailUsersResponseSchema,
} from '../../../../core/contracts/leagues';
import {
  type AddPaymentRequest,
  type AddPaymentResponse,
  AddPaymentResponseSchema,
  type PrizeSplitRequest,
  type PrizeSplitResponse,
  PrizeSplitResponseSchema,
  type ProcessPrizeSplitRequest,
  type ProcessPrizeSplitResponse,
  ProcessPrizeSplitResponseSchema,
} from '../../../../core/contracts/pools';
import { apiFetch, queryString } from '../../../lib/api';
import { useSubmitMutation } from '../../../lib/mutation';
import { commishKeys, poolKeys } from '../../../lib/query-keys';

/** A page of the Split Prizes table and the pool's prize money (league admins); the key starts with 'pool'. */
export function usePrizeSplit(poolId: number, query: PrizeSplitRequest = {}) {
  return useQuery<PrizeSplitResponse>({
    queryKey: commishKeys.prizeSplit(poolId, query),
    queryFn: () =>
      apiFetch(`/api/pools/${poolId}/prizeSplit${queryString(query)}`, {
        schema: PrizeSplitResponseSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

/** A Commish money POST; afterwards, done or refused, the whole pool area reloads (Finances, feed, audit). */
function useMoneyMutation<Req, Res>(path: string, schema: z.ZodType<Res>) {
  const client = useQueryClient();
  return useSubmitMutation<Res, Error, Req>({
    mutationFn: (body) => apiFetch(path, { body, schema }),
    onSettled: () => client.invalidateQueries({ queryKey: poolKeys.all }),
  });
}

/** Records a payment from, or a prize paid to, an entrant. */
export function useAddPayment() {
  return useMoneyMutation<AddPaymentRequest, AddPaymentResponse>(
    '/admin/addPayment',
    AddPaymentResponseSchema,
  );
}

/** Splits a percentage of the remaining prizes among entries by share. */
export function useProcessPrizeSplit() {
  return useMoneyMutation<ProcessPrizeSplitRequest, ProcessPrizeSplitResponse>(
    '/admin/processPrizeSplit',
    ProcessPrizeSplitResponseSchema,
  );
}

/** E-mails every entrant of the pool (the audit log gains a row). */
export function useEmailPool() {
  return useMoneyMutation<EmailUsersRequest, EmailUsersResponse>(
    '/admin/emailUsers',
    EmailUsersResponseSchema,
  );
}
