import { type Cell, HIDDEN_POOL, PRIVATE_POOL } from '../../../test/authz-matrix';

/** Who may call each live route (rows of src/server/authz.test.ts). */
export const LIVE_CELLS: Cell[] = [
  {
    // The matrix asks without Accept: text/event-stream, so whoever may see the pool is told (406) to
    // open it as a stream; everyone else gets the unknown pool's 404 first.
    name: 'live stream of the hidden pool',
    method: 'GET',
    route: 'GET /api/pools/:poolId/live',
    url: (w) => `/api/pools/${w.poolId}/live`,
    expected: { ...HIDDEN_POOL, member: 406, admin: 406 },
  },
  {
    name: 'live stream of the private pool',
    method: 'GET',
    route: 'GET /api/pools/:poolId/live',
    url: (w) => `/api/pools/${w.privatePoolId}/live`,
    expected: { ...PRIVATE_POOL, member: 406, admin: 406 },
  },
];
