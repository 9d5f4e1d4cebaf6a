/**
 * A pool's identity, the one place that says how a pool is addressed, named and shown as open or running.
 * A pool is known by five parts: its game, its league's abbreviation, the season, the season type and its index
 * among that league's pools of the season. The page path, the API address and the payments call put them in
 * different orders (the spec's), so all three are written here and nowhere else.
 */
import type { PoolStatus } from '../contracts/leagues';

/** The five parts that name a pool (code names; the wire's `league_abb`, `season_type`, `pool_idx`). */
export interface PoolAddress {
  game: string;
  leagueAbb: string;
  /** A number, or the text of a page address's part. */
  season: number | string;
  seasonType: string;
  /** A number, or the text of a page address's part. */
  poolIdx: number | string;
}

/** A pool row as the wire carries it (lists, the pool page, the user's pools). */
export interface WirePoolAddress {
  game: string;
  league_abb: string;
  season: number;
  season_type: string;
  pool_idx: number;
}

/** The code's address of a pool from the wire's names. */
export function poolAddressOf(row: WirePoolAddress): PoolAddress {
  return {
    game: row.game,
    leagueAbb: row.league_abb,
    season: row.season,
    seasonType: row.season_type,
    poolIdx: row.pool_idx,
  };
}

/** The pool page's path: /{game}/{league_abb}/{season}/{season_type}/{pool_idx}. */
export function poolPagePath(address: PoolAddress): string {
  return `/${address.game}/${address.leagueAbb}/${address.season}/${address.seasonType}/${address.poolIdx}`;
}

/** The page path of a pool row (the code's names) in its league: what links in mail, feeds and lists use. */
export function poolPagePathIn(pool: Omit<PoolAddress, 'leagueAbb'>, league: { abb: string }): string {
  return poolPagePath({ ...pool, leagueAbb: league.abb });
}

/** The API's address of a pool (loadPool, selections): {game}/{league_abb}/{season}/{pool_idx}/{season_type}. */
export function poolApiAddress(address: PoolAddress): string {
  const parts = [address.game, address.leagueAbb, address.season, address.poolIdx, address.seasonType];
  return parts.map((part) => encodeURIComponent(part)).join('/');
}

/** The payments call's address of a pool: {game}/{season}/{league_abb}/{pool_idx}/{season_type}. */
export function poolPaymentsAddress(address: PoolAddress): string {
  const parts = [address.game, address.season, address.leagueAbb, address.poolIdx, address.seasonType];
  return parts.map((part) => encodeURIComponent(part)).join('/');
}

/** The league every player can join: it holds each game's global public pool. */
export const GLOBAL_LEAGUE_ABB = 'ala';

/** Each game's global public pool page: /{game}/ala/{season}/reg/0. */
export function globalPoolPath(game: string, season: number): string {
  return poolPagePath({ game, leagueAbb: GLOBAL_LEAGUE_ABB, season, seasonType: 'reg', poolIdx: 0 });
}

/** What naming a pool needs: its league and season (to count its siblings), its game's name, a custom name. */
export interface PoolNaming {
  leagueId: number;
  game: string;
  season: number;
  seasonType: string;
  poolIdx: number;
  gameName: string;
  customName: string | null;
}

/** Key of a league's season of a game: pools sharing it are told apart by their index. */
function seasonKey(pool: Omit<PoolNaming, 'poolIdx' | 'gameName' | 'customName'>): string {
  return `${pool.leagueId}|${pool.game}|${pool.season}|${pool.seasonType}`;
}

/** How many pools each league has per season of a game, so names get "#n" only when needed. */
export function countSiblings(allPools: readonly Omit<PoolNaming, 'poolIdx' | 'gameName' | 'customName'>[]) {
  const counts = new Map<string, number>();
  for (const pool of allPools) counts.set(seasonKey(pool), (counts.get(seasonKey(pool)) ?? 0) + 1);
  return counts;
}

/** The siblings map of one pool whose count is already known (a count in SQL). */
export function siblingsOf(pool: Omit<PoolNaming, 'poolIdx' | 'gameName' | 'customName'>, count: number) {
  return new Map([[seasonKey(pool), count]]);
}

/** The pool's display name: its custom name, or the game's name with " #n" when its league has several that season. */
export function poolDisplayName(pool: PoolNaming, siblings: Map<string, number>): string {
  if (pool.customName?.trim()) return pool.customName.trim();
  return (siblings.get(seasonKey(pool)) ?? 1) > 1 ? `${pool.gameName} #${pool.poolIdx + 1}` : pool.gameName;
}

/** final, in_progress once `startedAt` passed, otherwise open. */
export function poolStatus(pool: { final: boolean }, startedAt: Date, now: Date): PoolStatus {
  if (pool.final) return 'final';
  return now.getTime() >= startedAt.getTime() ? 'in_progress' : 'open';
}
