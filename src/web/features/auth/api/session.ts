import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  type AuthConfig,
  AuthConfigSchema,
  type CurrentUser,
  CurrentUserResponseSchema,
  type LoginRequest,
  type RegisterRequest,
  type RegisterResponse,
  RegisterResponseSchema,
  type VerifyEmailResponse,
  VerifyEmailResponseSchema,
} from '../../../../core/contracts/auth';
import { apiFetch } from '../../../lib/api';
import { useSubmitMutation } from '../../../lib/mutation';
import { authKeys, profileKeys } from '../../../lib/query-keys';

/** The registration page, carrying the league invite it was reached from (confirming the address joins it). */
export function registerPath(inviteCode?: string | null): string {
  return inviteCode ? `/register?invite=${encodeURIComponent(inviteCode)}` : '/register';
}
const USER_REFRESH_MS = 600_000;

/** The session: undefined while loading, null when logged out, the user otherwise. */
export function useCurrentUser(): { user: CurrentUser | null | undefined; isLoading: boolean } {
  const query = useQuery({
    queryKey: authKeys.me,
    queryFn: async () =>
      (await apiFetch('/api/currentUser', { schema: CurrentUserResponseSchema }))[0] ?? null,
    staleTime: 30_000,
  });
  return { user: query.isLoading ? undefined : (query.data ?? null), isLoading: query.isLoading };
}

/**
 * While logged in, the user's data (the session user, the profile behind the menus and the sidebar's
 * pools, the transactions) reloads every 10 minutes. Mounted once, by the layout.
 */
export function useUserDataRefresh(): void {
  const { user } = useCurrentUser();
  const client = useQueryClient();
  const username = user?.username;
  useEffect(() => {
    if (!username) return;
    const timer = setInterval(() => {
      for (const queryKey of [authKeys.me, profileKeys.of(username), profileKeys.transactions.of(username)]) {
        void client.invalidateQueries({ queryKey });
      }
    }, USER_REFRESH_MS);
    return () => clearInterval(timer);
  }, [username, client]);
}

export function useAuthConfig() {
  return useQuery<AuthConfig>({
    queryKey: authKeys.config,
    queryFn: () => apiFetch('/api/authConfig', { schema: AuthConfigSchema }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Everything cached belongs to the previous session once the user changes. */
function useSessionChanged() {
  const client = useQueryClient();
  // Not awaited: the caller's own onSuccess (navigate, close) must run while it is still mounted.
  return () => {
    void client.invalidateQueries();
  };
}

export function useLogin() {
  const changed = useSessionChanged();
  return useSubmitMutation({
    mutationFn: (body: LoginRequest) =>
      apiFetch<{ user: CurrentUser; joinedLeague: string | null }>('/auth/login', { body }),
    onSuccess: changed,
  });
}

/**
 * Registration signs a new account in (its answer carries the user); an address that already has an
 * account answers "check your e-mail" with no user and no session.
 */
export function useRegister() {
  const changed = useSessionChanged();
  return useSubmitMutation({
    mutationFn: (body: RegisterRequest): Promise<RegisterResponse> =>
      apiFetch('/auth/register', { body, schema: RegisterResponseSchema }),
    onSuccess: (data) => {
      if (data.user) changed();
    },
  });
}

/** Opens a confirmation link: confirms the address and signs its account in. */
export function useVerifyEmail() {
  const changed = useSessionChanged();
  return useSubmitMutation({
    mutationFn: (token: string): Promise<VerifyEmailResponse> =>
      apiFetch('/auth/verifyEmail', { body: { token }, schema: VerifyEmailResponseSchema }),
    onSuccess: changed,
  });
}

export function useResendVerification() {
  return useSubmitMutation({
    mutationFn: (email: string) =>
      apiFetch<{ message: string }>('/auth/resendVerification', { body: { email } }),
  });
}

export function useForgotPassword() {
  return useSubmitMutation({
    mutationFn: (body: { username: string; email: string }) =>
      apiFetch<{ message: string }>('/auth/forgotPassword', { body }),
  });
}

export function useResetUser(token: string) {
  return useQuery({
    queryKey: authKeys.resetUser(token),
    queryFn: () =>
      apiFetch<{ user: { username: string; email: string } }>('/auth/fetchUserByResetToken', {
        body: { token },
      }),
    retry: false,
  });
}

export function useFinalizeReset() {
  return useSubmitMutation({
    mutationFn: (body: { token: string; password: string; confirmPassword: string }) =>
      apiFetch<{ message: string }>('/auth/finalizePasswordReset', { body }),
  });
}

/**
 * Logging out is a POST (a link on another site cannot do it); then the page reloads at home,
 * so nothing of the session stays in memory.
 */
export async function logout(): Promise<void> {
  await apiFetch('/api/logout', { method: 'POST' }).catch(() => undefined);
  window.location.assign('/');
}
