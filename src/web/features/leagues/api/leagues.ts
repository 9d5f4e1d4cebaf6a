import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  AllLeaguesResponseSchema,
  type AllPoolsQuery,
  AllPoolsResponseSchema,
  type CreateLeagueRequest,
  CreateLeagueResponseSchema,
  type DecideAccessRequest,
  DecideAccessResponseSchema,
  type EmailUsersRequest,
  EmailUsersResponseSchema,
  type FetchLeagueResponse,
  FetchLeagueResponseSchema,
  InviteByEmailResponseSchema,
  LeagueMemberResponseSchema,
  LeagueMembersPageSchema,
  LeagueRequestsResponseSchema,
  type RequestAccessRequest,
  RequestAccessResponseSchema,
  type UpdateLeagueRequest,
  UpdateLeagueResponseSchema,
  UpdateLeagueSettingsResponseSchema,
} from '../../../../core/contracts/leagues';
import { ApiError, apiFetch, queryString } from '../../../lib/api';
import { useSubmitMutation } from '../../../lib/mutation';
import { type LeagueLookup, leagueKeys, profileKeys } from '../../../lib/query-keys';

export type { LeagueLookup };

/** The All Pools list for a game and scope (scope "my" needs a session). */
export function useAllPools(query: Required<AllPoolsQuery>) {
  return useQuery({
    queryKey: leagueKeys.allPools.list(query.game, query.scope),
    queryFn: () =>
      apiFetch(`/leagueRoutes/allPools${queryString({ game: query.game, scope: query.scope })}`, {
        schema: AllPoolsResponseSchema,
      }),
  });
}

/** The Find a League list. */
export function useAllLeagues() {
  return useQuery({
    queryKey: leagueKeys.allLeagues,
    queryFn: () => apiFetch('/leagueRoutes/allLeagues', { schema: AllLeaguesResponseSchema }),
  });
}

/** A league page (or its gate); a 404 comes back as null so the page can send the viewer on. */
export function useLeague(lookup: LeagueLookup) {
  return useQuery<FetchLeagueResponse | null>({
    queryKey: leagueKeys.league.one(lookup),
    queryFn: async () => {
      try {
        return await apiFetch(`/leagueRoutes/fetchLeague/${lookup.by}/${encodeURIComponent(lookup.value)}`, {
          schema: FetchLeagueResponseSchema,
        });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled: lookup.value.length > 0,
    retry: false,
  });
}

/** Membership changes touch every list that shows who belongs where. */
function useMembershipChanged() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: leagueKeys.league.all }),
      client.invalidateQueries({ queryKey: leagueKeys.allLeagues }),
      client.invalidateQueries({ queryKey: leagueKeys.allPools.all }),
      client.invalidateQueries({ queryKey: profileKeys.all }),
      client.invalidateQueries({ queryKey: profileKeys.activity.all }),
      client.invalidateQueries({ queryKey: leagueKeys.requests.all }),
    ]);
}

/** Creates a league; the creator becomes its commissioner. */
export function useCreateLeague() {
  const changed = useMembershipChanged();
  return useSubmitMutation({
    mutationFn: (body: CreateLeagueRequest) =>
      apiFetch('/leagueRoutes/createLeague', { body, schema: CreateLeagueResponseSchema }),
    onSuccess: changed,
  });
}

/** Joins a public league at once. */
export function useJoinLeague() {
  const changed = useMembershipChanged();
  return useSubmitMutation({
    mutationFn: (body: { league_id: number; source?: 'home' | 'blocked' }) =>
      apiFetch('/leagueRoutes/joinLeague', { body, schema: LeagueMemberResponseSchema }),
    onSuccess: changed,
  });
}

/** Asks a private league's commissioner for membership (naming the league by abb, as a hidden one requires). */
export function useRequestAccess() {
  const changed = useMembershipChanged();
  return useSubmitMutation({
    mutationFn: (body: RequestAccessRequest) =>
      apiFetch('/leagueRoutes/requestAccess', { body, schema: RequestAccessResponseSchema }),
    onSuccess: changed,
  });
}

/** Accepts an invite code and becomes a member. */
export function useAcceptInvite() {
  const changed = useMembershipChanged();
  return useSubmitMutation({
    mutationFn: (body: { invite_code: string; league_id?: number }) =>
      apiFetch('/leagueRoutes/acceptInvite', { body, schema: LeagueMemberResponseSchema }),
    onSuccess: changed,
  });
}

/** Saves the viewer's own settings for a league. */
export function useUpdateLeagueSettings() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: { leagueId: number; settings: { newPoolEmails: boolean } }) =>
      apiFetch('/user/updateSettings', { body, schema: UpdateLeagueSettingsResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: leagueKeys.league.all }),
  });
}

/** Mails the league's invite link to an address. */
export function useInviteByEmail() {
  return useSubmitMutation({
    mutationFn: (body: { leagueId: number; email: string }) =>
      apiFetch('/leagueRoutes/inviteByEmail', { body, schema: InviteByEmailResponseSchema }),
  });
}

/** Commissioner: edits the league's details. */
export function useUpdateLeague() {
  const changed = useMembershipChanged();
  return useSubmitMutation({
    mutationFn: (body: UpdateLeagueRequest) =>
      apiFetch('/leagueRoutes/updateLeague', { body, schema: UpdateLeagueResponseSchema }),
    onSuccess: changed,
  });
}

/** A page of a list and its server-side search. */
export interface ListPage {
  page: number;
  q: string;
}

/** Commissioner: the league's join requests, newest first, a page at a time. */
export function useLeagueRequests(leagueId: number, list: ListPage) {
  return useQuery({
    queryKey: leagueKeys.requests.page(leagueId, list.page, list.q),
    queryFn: () =>
      apiFetch(`/leagueRoutes/requests/${leagueId}${queryString({ page: list.page, q: list.q })}`, {
        schema: LeagueRequestsResponseSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

/** A page of the league's members (prizes won, then when they joined), searched on the server. */
export function useLeagueMembers(leagueId: number, list: ListPage) {
  return useQuery({
    // Under the league's keys, so that membership changes refresh it with the league page.
    queryKey: leagueKeys.league.members(leagueId, list.page, list.q),
    queryFn: () =>
      apiFetch(`/leagueRoutes/members/${leagueId}${queryString({ page: list.page, q: list.q })}`, {
        schema: LeagueMembersPageSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Commissioner: approves (1), rejects (3) or reopens (2) a join request. */
export function useDecideAccess() {
  const changed = useMembershipChanged();
  return useSubmitMutation({
    mutationFn: (body: DecideAccessRequest) =>
      apiFetch('/leagueRoutes/decideAccess', { body, schema: DecideAccessResponseSchema }),
    // After a refusal too: when another admin decided first, the list shows where the request stands.
    onSettled: changed,
  });
}

/** Commissioner: e-mails every member of the league. */
export function useEmailUsers() {
  return useSubmitMutation({
    mutationFn: (body: EmailUsersRequest) =>
      apiFetch('/admin/emailUsers', { body, schema: EmailUsersResponseSchema }),
  });
}

/** The server's message, or the fallback when the server sent none (or could not be reached). */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status > 0 && !error.message.startsWith('Request failed (')) {
    return error.message;
  }
  return fallback;
}

/** Loose e-mail check for instant feedback; the server validates again. */
export function isEmail(value: string): boolean {
  return z.email().safeParse(value.trim()).success;
}
