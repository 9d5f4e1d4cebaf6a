import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  ActiveWeekResponseSchema,
  type AdminResultRequest,
  FeedsHealthResponseSchema,
  type ReturnToFeedRequest,
  type ScheduleGame,
  SettlementJobsResponseSchema,
  WeekScheduleResponseSchema,
} from '../../../../core/contracts/sports';
import { apiFetch, queryString } from '../../../lib/api';
import { useSubmitMutation } from '../../../lib/mutation';
import { adminKeys } from '../../../lib/query-keys';

export type FeedHealth = z.infer<typeof FeedsHealthResponseSchema>[number];

/** Feed health per provider and game (site admins only); refreshed every 30 s while open. */
export function useFeedsHealth() {
  return useQuery({
    queryKey: adminKeys.feeds,
    queryFn: () => apiFetch('/admin/feeds', { schema: FeedsHealthResponseSchema }),
    refetchInterval: 30_000,
    retry: false,
  });
}

/** The pools whose settlement job fails now, a page at a time (site admins only); refreshed every 30 s. */
export function useSettlementJobs(page: number) {
  return useQuery({
    queryKey: adminKeys.settlement(page),
    queryFn: () =>
      apiFetch(`/admin/settlement${queryString({ page })}`, {
        schema: SettlementJobsResponseSchema,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
    retry: false,
  });
}

/** The live week of a season's regular season: how many weekly deadlines have passed (0 before the first). */
export function useActiveWeek(game: string, season: number) {
  return useQuery({
    queryKey: adminKeys.activeWeek(game, season),
    queryFn: () => apiFetch(`/api/activeWeek/${game}/${season}/reg`, { schema: ActiveWeekResponseSchema }),
    enabled: season > 0,
    retry: false,
  });
}

/** The games of one week, for choosing a result to enter or correct. */
export function useWeekGames(game: string, season: number, week: number) {
  return useQuery<ScheduleGame[]>({
    queryKey: adminKeys.weekSchedules.of(game, season, week),
    queryFn: () =>
      apiFetch(`/api/weekSchedules/${game}/${season}/reg/${week}`, { schema: WeekScheduleResponseSchema }),
    enabled: season > 0 && week > 0,
    retry: false,
  });
}

/** Enters or corrects one game's result; the server audits it and feeds stop overwriting it. */
export function useEnterResult() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: AdminResultRequest) => apiFetch('/admin/results', { body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: adminKeys.weekSchedules.all });
      void client.invalidateQueries({ queryKey: adminKeys.feeds });
    },
  });
}

/** Hands a game entered by hand back to the feeds: the next poll replaces what was entered. */
export function useReturnToFeed() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: ReturnToFeedRequest) => apiFetch('/admin/results/feed', { body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: adminKeys.weekSchedules.all });
    },
  });
}
