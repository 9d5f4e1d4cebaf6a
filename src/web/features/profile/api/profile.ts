import { useQuery } from '@tanstack/react-query';
import {
  type UserActivityResponse,
  UserActivityResponseSchema,
  type UserProfileResponse,
  UserProfileResponseSchema,
  type UserTransaction,
  UserTransactionsResponseSchema,
} from '../../../../core/contracts/users';
import { ApiError, apiFetch } from '../../../lib/api';
import { profileKeys } from '../../../lib/query-keys';

/** A user's profile: leagues, requests and pool entries. */
export function useUserProfile(username: string | undefined) {
  return useQuery<UserProfileResponse>({
    queryKey: profileKeys.of(username),
    queryFn: () =>
      apiFetch(`/user/userProfile/${encodeURIComponent(username ?? '')}`, {
        schema: UserProfileResponseSchema,
      }),
    enabled: Boolean(username),
  });
}

/** The user's payments and prizes (amounts in cents). */
export function useTransactions(username: string | undefined) {
  return useQuery<UserTransaction[]>({
    queryKey: profileKeys.transactions.of(username),
    queryFn: () =>
      apiFetch(`/user/transactions/${encodeURIComponent(username ?? '')}`, {
        schema: UserTransactionsResponseSchema,
      }),
    enabled: Boolean(username),
  });
}

/** The user's own activity feed, newest first; a server without the feed answers an empty one. */
export function useUserActivity(username: string | undefined) {
  return useQuery<UserActivityResponse>({
    queryKey: profileKeys.activity.of(username),
    queryFn: async () => {
      try {
        return await apiFetch(`/user/activity/${encodeURIComponent(username ?? '')}`, {
          schema: UserActivityResponseSchema,
        });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return [];
        throw error;
      }
    },
    enabled: Boolean(username),
  });
}
