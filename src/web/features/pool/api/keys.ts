/** Where a pool lives: the five parts of its address. */
export interface PoolAddress {
  game: string;
  leagueAbb: string;
  season: string;
  seasonType: string;
  poolIdx: string;
}

/**
 * Every pool query key starts with 'pool', so one invalidateQueries({ queryKey: poolKeys.all }) (after a
 * pick, a sign-up or a rebuy) refreshes the whole pool area.
 */
export const poolKeys = {
  all: ['pool'] as const,
  load: (address: PoolAddress) => ['pool', 'load', addressKey(address)] as const,
  selections: (address: PoolAddress, request: object = {}) =>
    ['pool', 'selections', addressKey(address), request] as const,
};

/** The API path of an address: /{game}/{league}/{season}/{poolIdx}/{seasonType}, as the pool calls take it. */
export function addressPath(address: PoolAddress): string {
  const parts = [address.game, address.leagueAbb, address.season, address.poolIdx, address.seasonType];
  return parts.map(encodeURIComponent).join('/');
}

function addressKey(address: PoolAddress): string {
  return addressPath(address).toLowerCase();
}
