import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { HealthResponseSchema } from '../../../../core/contracts/common';
import {
  type MakePickRequest,
  type MakePickResponse,
  MakePickResponseSchema,
} from '../../../../core/contracts/pools';
import {
  NflPlayersResponseSchema,
  SeasonParamsResponseSchema,
  TeamDetailsResponseSchema,
  TeamSchedulesResponseSchema,
} from '../../../../core/contracts/sports';
import { apiFetch, queryString } from '../../../lib/api';
import { changeStamp } from '../../../lib/change-stamp';
import { useSubmitMutation } from '../../../lib/mutation';
import { picksDueKeys, poolKeys } from '../../../lib/query-keys';

interface SeasonKey {
  game: string;
  season: number;
  season_type: string;
}

/**
 * Each team's games per week ("vs. X" / "@ X"): of one week, or of the whole season without one (an NFL
 * pick's kickoff is read in the week it was made). A season of MLB games is half a megabyte: a first view
 * rendered on the server carries only the week it draws.
 */
export function teamSchedulesQuery(pool: SeasonKey, week?: number) {
  const path = `/api/teamSchedules/${pool.game}/${pool.season}/${pool.season_type}`;
  return {
    queryKey: poolKeys.teamSchedules(pool.game, pool.season, pool.season_type, week ?? 'season'),
    queryFn: () => apiFetch(`${path}${queryString({ week })}`, { schema: TeamSchedulesResponseSchema }),
    staleTime: 60_000,
  };
}

export function useTeamSchedules(pool: SeasonKey, week?: number) {
  return useQuery(teamSchedulesQuery(pool, week));
}

/** Loads the weeks either side of the one shown, so the week pager turns without a wait. */
export function usePrefetchNeighbourWeeks(pool: SeasonKey & { week_count: number }, week: number | null) {
  const client = useQueryClient();
  useEffect(() => {
    if (week === null) return;
    for (const neighbour of [week - 1, week + 1]) {
      if (neighbour >= 1 && neighbour <= pool.week_count) {
        void client.prefetchQuery(teamSchedulesQuery(pool, neighbour));
      }
    }
  }, [client, pool, week]);
}

/** The season's calendar: the dates each week covers (the grid's columns). */
export function useSeasonParams(pool: SeasonKey, enabled = true) {
  return useQuery({
    queryKey: poolKeys.seasonParams(pool.game, pool.season, pool.season_type),
    queryFn: () =>
      apiFetch(`/api/seasonParams/${pool.game}/${pool.season}/${pool.season_type}`, {
        schema: SeasonParamsResponseSchema,
      }),
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** Team names and colours of a game. */
export function useTeamDetails(game: string) {
  return useQuery({
    queryKey: poolKeys.teamDetails(game),
    queryFn: () => apiFetch(`/api/teams/details/${game}`, { schema: TeamDetailsResponseSchema }),
    staleTime: 30 * 60_000,
  });
}

/** The NFL players that can be picked (NFL TD pools only). */
export function useNflPlayers(enabled: boolean) {
  return useQuery({
    queryKey: poolKeys.nflPlayers,
    queryFn: () => apiFetch('/api/nflPlayers', { schema: NflPlayersResponseSchema }),
    staleTime: 30 * 60_000,
    enabled,
  });
}

/**
 * Now on the server's clock (which replays a past season in the demo), advanced by the browser's
 * clock since the server answered, re-read every 30 s so locks and buttons follow time.
 */
export function useServerNow(): Date | null {
  const clock = useQuery({
    queryKey: poolKeys.serverClock,
    queryFn: async () => {
      const health = await apiFetch('/api/health', { schema: HealthResponseSchema });
      return { offset: new Date(health.time).getTime() - Date.now() };
    },
    staleTime: 5 * 60_000,
  });
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setTick(Date.now()), 30_000);
    return () => window.clearInterval(id);
  }, []);
  return clock.data ? new Date(tick + clock.data.offset) : null;
}

/** Confirms or cancels a pick; on success every pool query (entries, selections, schedules) reloads. */
export function useMakeUserPick() {
  const client = useQueryClient();
  return useSubmitMutation<MakePickResponse, Error, MakePickRequest>({
    // Each change carries this browser's stamp: a late copy of an older change can never undo it.
    mutationFn: (body) =>
      apiFetch('/user/makeUserPick', { body: { ...body, ...changeStamp() }, schema: MakePickResponseSchema }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: poolKeys.all }),
        // The picks due (landing, sidebar, header badge) count this entry's picks too.
        client.invalidateQueries({ queryKey: picksDueKeys.all }),
      ]),
    // A refusal usually means the page was stale (a pick made elsewhere, a lock passed): reload it too.
    onError: () => client.invalidateQueries({ queryKey: poolKeys.all }),
  });
}
