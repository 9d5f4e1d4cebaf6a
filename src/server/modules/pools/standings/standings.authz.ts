import { type Cell, HIDDEN_POOL, PRIVATE_POOL } from '../../../test/authz-matrix';

/** Who may call each standings route (rows of src/server/authz.test.ts). */
export const STANDINGS_CELLS: Cell[] = [
  {
    name: 'standings of the hidden league',
    method: 'GET',
    route: 'GET /api/standings/:poolId',
    url: (w) => `/api/standings/${w.poolId}?view=all`,
    expected: HIDDEN_POOL,
  },
  {
    name: 'standings of the private league',
    method: 'GET',
    route: 'GET /api/standings/:poolId',
    url: (w) => `/api/standings/${w.privatePoolId}?view=all`,
    expected: PRIVATE_POOL,
  },
  {
    name: 'pool health of the hidden league',
    method: 'GET',
    route: 'GET /api/poolHealth/:poolId',
    url: (w) => `/api/poolHealth/${w.poolId}`,
    expected: HIDDEN_POOL,
  },
];
