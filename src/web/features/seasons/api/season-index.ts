import { useQuery } from '@tanstack/react-query';
import { scheduleOfKey } from '../../../../core/games';
import { globalPoolPath } from '../../../../core/pool/identity';
import { apiFetch } from '../../../lib/api';
import { seasonKeys } from '../../../lib/query-keys';

export interface SeasonIndexRow {
  game: string;
  season: number;
  season_type?: string;
  active: boolean;
  final: boolean;
  start: string;
  end: string;
  pending: boolean;
}

/** The season params of every game, for menus and sidebar links. */
export function useSeasonIndex() {
  return useQuery({
    queryKey: seasonKeys.index,
    queryFn: () => apiFetch<SeasonIndexRow[]>('/api/seasonParams/index'),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** The current season of a game: its highest active season (this year when none is known). */
export function currentSeasonOf(rows: SeasonIndexRow[] | undefined, game: string): number {
  // The index lists schedules: NFL Survivor's seasons are the NFL's, listed as nfl-td.
  const schedule = scheduleOfKey(game);
  const seasons = (rows ?? []).filter((row) => row.game === schedule && row.active).map((row) => row.season);
  return seasons.length > 0 ? Math.max(...seasons) : new Date().getFullYear();
}

/**
 * The page of a game's global ALA pool; undefined while the season index loads, since a season guessed from
 * the calendar can name a pool that does not exist. When the index cannot be read, this year's pool.
 */
export function globalPoolPathOf(
  seasons: { data?: SeasonIndexRow[]; isPending: boolean },
  game: string,
): string | undefined {
  return seasons.isPending ? undefined : globalPoolPath(game, currentSeasonOf(seasons.data, game));
}

/** Whether a game has a season still open for new pools (decided on the server's clock). */
export function hasPendingSeason(rows: SeasonIndexRow[] | undefined, game: string): boolean {
  const schedule = scheduleOfKey(game);
  return (rows ?? []).some((row) => row.game === schedule && row.pending);
}
