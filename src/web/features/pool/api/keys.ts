import { type PoolAddress as CorePoolAddress, poolApiAddress } from '../../../../core/pool/identity';

/** Where a pool lives: the five parts of its address, as the page's path gives them. */
export type PoolAddress = CorePoolAddress & { season: string; poolIdx: string };

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
  return poolApiAddress(address);
}

function addressKey(address: PoolAddress): string {
  return addressPath(address).toLowerCase();
}
