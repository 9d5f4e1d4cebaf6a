import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ReminderChoice,
  ReminderMuteResponseSchema,
  type ReminderSettingsResponse,
  ReminderSettingsResponseSchema,
} from '../../../../core/contracts/reminders';
import { apiFetch } from '../../../lib/api';
import { useSubmitMutation } from '../../../lib/mutation';
import { profileKeys } from '../../../lib/query-keys';

/** The user's pick reminder choice and their running pools with their mutes. */
export function useReminderSettings() {
  return useQuery<ReminderSettingsResponse>({
    queryKey: profileKeys.reminders,
    queryFn: () => apiFetch('/user/reminders', { schema: ReminderSettingsResponseSchema }),
  });
}

/** Saves when reminders come (both, 24h, 2h, off). */
export function useSetReminderChoice() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (reminders: ReminderChoice) =>
      apiFetch('/user/reminders', { body: { reminders }, schema: ReminderSettingsResponseSchema }),
    onSuccess: (answer) => client.setQueryData(profileKeys.reminders, answer),
  });
}

/** Mutes or unmutes one pool's reminders. */
export function useSetPoolMute() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (input: { poolId: number; muted: boolean }) =>
      apiFetch(`/user/reminders/mutes/${input.poolId}`, {
        body: { muted: input.muted },
        schema: ReminderMuteResponseSchema,
      }),
    onSuccess: (answer) =>
      client.setQueryData<ReminderSettingsResponse>(profileKeys.reminders, (old) =>
        old
          ? {
              ...old,
              pools: old.pools.map((pool) =>
                pool.pool_id === answer.pool_id ? { ...pool, muted: answer.muted } : pool,
              ),
            }
          : old,
      ),
  });
}
