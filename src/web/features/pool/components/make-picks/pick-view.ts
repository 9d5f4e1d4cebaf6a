import { getWeekLockAt, NflLockTimeSchema } from '../../../../../core/calendar';
import type { MyEntry, PoolDetails, PoolViewer } from '../../../../../core/contracts/pools';
import type { TeamSchedulesResponse } from '../../../../../core/contracts/sports';
import { type PlayableGame, playsNflWeeks } from '../../../../../core/games';
import {
  getPickButton,
  type PickButton,
  type PickEntry,
  type PickPool,
  type PickTarget,
  type PickViewer,
  picksAskedPerWeek,
} from '../../../../../core/picks';
import { ENTRY_STATUS } from '../../../../../core/pool/entry-status';

/** The pool's settings as the pick rules read them for a week (an NFL Survivor week may ask for several teams). */
export function toPickPool(pool: PoolDetails, week: number): PickPool {
  return {
    game: pool.game as PlayableGame,
    weekCount: pool.week_count,
    startWeek: pool.start_week,
    playersPerWeek: getPicksAsked(pool, week),
    maxPlayersPerTeam: pool.max_players_per_team,
    lockAtPickStart: pool.lock_at_pick_start,
    entryDeadline: pool.entry_deadline ? new Date(pool.entry_deadline) : null,
    final: pool.final,
    hasAliveEntries: pool.alive > 0,
  };
}

/** The picks the pool asks of an entry in a week: nfl-td's players per week, an nfl week's teams, else one. */
export function getPicksAsked(pool: PoolDetails, week: number): number {
  return picksAskedPerWeek(
    {
      game: pool.game as PlayableGame,
      playersPerWeek: pool.players_per_week,
      picksPerWeek: pool.picks_per_week,
    },
    week,
  );
}

/** The kickoff of a team's first game in a week, or null when it has none (bye or no game). */
export function getTeamKickoff(
  schedules: TeamSchedulesResponse | undefined,
  teamAbb: string,
  week: number,
): Date | null {
  const games = schedules?.[teamAbb]?.[String(week)] ?? [];
  const times = games.filter((g) => g.status !== 'postponed').map((g) => new Date(g.utc).getTime());
  return times.length > 0 ? new Date(Math.min(...times)) : null;
}

/** Whether a team has a game that counts in the week (postponed games do not). */
export function hasWeekGame(
  schedules: TeamSchedulesResponse | undefined,
  teamAbb: string,
  week: number,
): boolean {
  return getTeamKickoff(schedules, teamAbb, week) !== null;
}

/** The entry as the pick rules read it; an NFL pick (player or team) carries its team's kickoff that week. */
export function toPickEntry(
  pool: PoolDetails,
  entry: MyEntry,
  schedules: TeamSchedulesResponse | undefined,
): PickEntry {
  return {
    // Status 0: deactivated by the commissioner, which counts as not entered.
    active: entry.status !== ENTRY_STATUS.inactive,
    lives: entry.lives,
    extinct: entry.extinct,
    needsRebuy: entry.needs_rebuy,
    picks: entry.picks.map((pick) => ({
      week: pick.week,
      id: pick.pick_id,
      teamAbb: pick.team_abb,
      kickoff: playsNflWeeks(pool.game) ? getTeamKickoff(schedules, pick.team_abb, pick.week) : undefined,
    })),
  };
}

/** Who is picking: a visitor, a user without an entry, or the active entry. */
export function toPickViewer(
  pool: PoolDetails,
  viewer: PoolViewer,
  entry: MyEntry | null | undefined,
  schedules: TeamSchedulesResponse | undefined,
): PickViewer {
  if (!viewer.signed_in) return { kind: 'visitor', prompt: 'login' };
  return { kind: 'user', entry: entry ? toPickEntry(pool, entry, schedules) : null };
}

/** Every kickoff of a week (all teams), for the NFL week lock. */
export function listWeekKickoffs(schedules: TeamSchedulesResponse | undefined, week: number): string[] {
  const seen = new Set<string>();
  for (const weeks of Object.values(schedules ?? {})) {
    for (const game of weeks[String(week)] ?? []) {
      if (game.status !== 'postponed') seen.add(game.utc);
    }
  }
  return [...seen];
}

/** The instant the week locks for everyone: its deadline (nba, mlb) or the pool's NFL lock mode. */
export function getPoolWeekLock(
  pool: PoolDetails,
  week: number,
  schedules: TeamSchedulesResponse | undefined,
): Date | null {
  const mode = NflLockTimeSchema.safeParse(pool.nfl_lock_time);
  return getWeekLockAt({
    game: pool.game as PlayableGame,
    deadlines: pool.deadlines,
    week,
    nflLockTime: mode.success ? mode.data : 'first_game',
    weekKickoffs: listWeekKickoffs(schedules, week),
  });
}

/** The week the tab opens on: the first week still open for picks, within the season. */
export function getInitialWeek(pool: PoolDetails): number {
  if (pool.week_count < 1) return 1;
  return Math.min(Math.max(pool.live_week + 1, 1), pool.week_count);
}

/** Up to `count` week numbers around the given week, within 1..weekCount. */
export function listWeekButtons(week: number, weekCount: number, count = 7): number[] {
  const size = Math.min(count, weekCount);
  let first = Math.max(1, week - Math.floor(size / 2));
  first = Math.min(first, weekCount - size + 1);
  return Array.from({ length: Math.max(size, 0) }, (_, i) => first + i);
}

/** Everything a card needs to draw one pick button for a team or player in a week. */
export interface PickScope {
  pool: PoolDetails;
  viewer: PoolViewer;
  entry: MyEntry | null | undefined;
  schedules: TeamSchedulesResponse | undefined;
  week: number;
  now: Date;
}

/**
 * Whether the signed-in viewer is kept out of the pool by its league: a private league's pools take
 * members only, and the viewer is not one and cannot sign up (the league is not open to join).
 */
export function isKeptOutByLeague(pool: PoolDetails, viewer: PoolViewer): boolean {
  return viewer.signed_in && !pool.is_global && !viewer.is_member && !viewer.can_register;
}

/** The pick button of a target, from the same rules the server enforces. */
export function getScopedPickButton(scope: PickScope, target: PickTarget): PickButton {
  const result = getPickButton({
    pool: toPickPool(scope.pool, scope.week),
    viewer: toPickViewer(scope.pool, scope.viewer, scope.entry, scope.schedules),
    week: scope.week,
    weekLockAt: getPoolWeekLock(scope.pool, scope.week, scope.schedules),
    target,
    now: scope.now,
  });
  // Joining is no way in here: the button says so instead of leading to a sign-up that is refused.
  if (result.state === 'join' && isKeptOutByLeague(scope.pool, scope.viewer)) {
    return {
      ...result,
      state: 'members_only',
      label: 'MEMBERS ONLY',
      shortLabel: 'MEMBERS ONLY',
      enabled: false,
      action: null,
      message: `Only members of the ${scope.pool.league_name} league can join its pools.`,
    };
  }
  return result;
}

/** Case-insensitive match of an NFL player's display_name or short_name. */
export function matchesPlayerName(
  player: { display_name: string; short_name: string },
  search: string,
): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  return (
    player.display_name.toLowerCase().includes(needle) || player.short_name.toLowerCase().includes(needle)
  );
}

/** Per-team display caps of the NFL cards and table. */
export const POSITION_CAPS = { QB: 2, RB: 4, WR: 4, TE: 3 } as const;
export type NflPosition = keyof typeof POSITION_CAPS;
export const POSITIONS: NflPosition[] = ['QB', 'RB', 'WR', 'TE'];
export const POSITION_LABELS: Record<NflPosition, string> = {
  QB: 'QUARTERBACKS',
  RB: 'RUNNING BACKS',
  WR: 'WIDE RECEIVERS',
  TE: 'TIGHT ENDS',
};

/** A team's players at one position, by depth rank, cut to the display cap. */
export function capPlayers<P extends { position: string; depth_rank: number | null }>(
  players: readonly P[],
  position: NflPosition,
): P[] {
  return players
    .filter((p) => p.position === position)
    .sort((a, b) => (a.depth_rank ?? 99) - (b.depth_rank ?? 99))
    .slice(0, POSITION_CAPS[position]);
}
