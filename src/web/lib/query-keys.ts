import { type PoolAddress as CorePoolAddress, poolApiAddress } from '../../core/pool/identity';

/**
 * Every query key of the web app, in one place: a query and the invalidations that refresh it name the
 * same entry here, never a string of their own. A group's `all` is the prefix of every key in it, so one
 * invalidateQueries({ queryKey: group.all }) refreshes the group (`poolKeys.all` after a pick, a sign-up or
 * a rebuy refreshes the whole pool area). The keys of screens only commissioners and site admins open
 * (the Commish tools, Create a Pool, the site-admin pages) are in query-keys-admin.ts, re-exported here, so
 * that every page's start-up code does not carry them.
 *
 * The server render (entry-server.tsx) runs these same factories and sends its answers under their keys;
 * the browser adopts them by key, so a key must not depend on anything the two sides see differently.
 */

/** Where a pool lives: the five parts of its address, as the page's path gives them. */
export type PoolAddress = CorePoolAddress & { season: string; poolIdx: string };

/** The API path of an address: /{game}/{league}/{season}/{poolIdx}/{seasonType}, as the pool calls take it. */
export function addressPath(address: PoolAddress): string {
  return poolApiAddress(address);
}

const addressKey = (address: PoolAddress) => addressPath(address).toLowerCase();

export const poolKeys = {
  all: ['pool'] as const,
  load: (address: PoolAddress) => ['pool', 'load', addressKey(address)] as const,
  selections: (address: PoolAddress, request: object = {}) =>
    ['pool', 'selections', addressKey(address), request] as const,
  standings: (poolId: number, params: object) => ['pool', 'standings', poolId, params] as const,
  /** A page of a week's printable grid (the print view). */
  exportWeek: (poolId: number, week: number, page: number) =>
    ['pool', 'exportWeek', poolId, week, page] as const,
  health: (poolId: number) => ['pool', 'poolHealth', poolId] as const,
  feed: (poolId: number, filter: string) => ['pool', 'feed', poolId, filter] as const,
  commishPosts: (poolId: number) => ['pool', 'commishPosts', poolId] as const,
  feedServerNow: ['pool', 'feed', 'serverNow'] as const,
  entryActions: (entryId: number) => ['pool', 'entryActions', entryId] as const,
  bonusesMapped: (poolId: number, page = 1, q = '') =>
    ['pool', 'bonuses', 'mapped', poolId, page, q] as const,
  bonusLeaderboard: (poolId: number) => ['pool', 'bonuses', 'leaderboard', poolId] as const,
  scoreboard: (poolId: number, week: number | 'default', request: object = {}) =>
    ['pool', 'scoreboard', poolId, String(week), request] as const,
  teamSchedules: (game: string, season: number, seasonType: string, week: number | 'season') =>
    ['pool', 'teamSchedules', game, season, seasonType, String(week)] as const,
  seasonParams: (game: string, season: number, seasonType: string) =>
    ['pool', 'seasonParams', game, season, seasonType] as const,
  teamDetails: (game: string) => ['pool', 'teamDetails', game] as const,
  nflPlayers: ['pool', 'nflPlayers'] as const,
  serverClock: ['pool', 'serverClock'] as const,
  finances: (poolId: number, query: object = {}) => ['pool', 'finances', poolId, query] as const,
  payments: (path: string, query: object = {}) => ['pool', 'payments', path.toLowerCase(), query] as const,
  odds: (poolId: number, week: number) => ['pool', 'odds', poolId, week] as const,
  planner: (entryId: number) => ['pool', 'planner', entryId] as const,
};

/** How a league page finds its league: by abbreviation, or by invite code on the invite route. */
export type LeagueLookup = { by: 'abb' | 'invite'; value: string };

/** The session user, the sign-in configuration and a password reset's account. */
export const authKeys = {
  me: ['currentUser'] as const,
  config: ['authConfig'] as const,
  resetUser: (token: string) => ['resetUser', token] as const,
};

/** The server's health answer, read for its clock. */
export const healthKey = ['health'] as const;

/** Leagues: the hub's lists, a league page (its members under it) and join requests. */
export const leagueKeys = {
  allPools: {
    all: ['allPools'] as const,
    list: (game: string, scope: string) => ['allPools', game, scope] as const,
  },
  allLeagues: ['allLeagues'] as const,
  league: {
    all: ['league'] as const,
    one: (lookup: LeagueLookup) => ['league', lookup.by, lookup.value.toLowerCase()] as const,
    members: (leagueId: number, page: number, q: string) => ['league', 'members', leagueId, page, q] as const,
  },
  requests: {
    all: ['leagueRequests'] as const,
    page: (leagueId: number, page: number, q: string) => ['leagueRequests', leagueId, page, q] as const,
  },
};

/** A user's profile, transactions and activity, and the signed-in user's reminder, calendar and push settings. */
export const profileKeys = {
  all: ['userProfile'] as const,
  of: (username: string | undefined) => ['userProfile', username] as const,
  transactions: {
    all: ['transactions'] as const,
    of: (username: string | undefined) => ['transactions', username] as const,
  },
  activity: {
    all: ['userActivity'] as const,
    of: (username: string | undefined) => ['userActivity', username] as const,
  },
  reminders: ['reminderSettings'] as const,
  calendar: ['calendarAddress'] as const,
  push: ['pushSettings'] as const,
};

export const picksDueKeys = {
  all: ['picksDue'] as const,
  of: (username: string | undefined) => ['picksDue', username ?? ''] as const,
};

export const changelogKeys = {
  all: ['changelog'] as const,
  list: ['changelog', 'list'] as const,
  unread: {
    all: ['changelog', 'unread'] as const,
    of: (username: string | undefined) => ['changelog', 'unread', username] as const,
  },
};

export const seasonKeys = {
  index: ['seasonParams', 'index'] as const,
};

export { adminKeys, commishKeys, creationKeys } from './query-keys-admin';
