import { type Cell, HIDDEN_POOL } from '../../../test/authz-matrix';

/** Who may download a pool's season (rows of src/server/authz.test.ts). */
export const SETTLEMENT_CELLS: Cell[] = [
  {
    name: 'season export of the hidden league pool',
    method: 'GET',
    route: 'GET /api/pools/:poolId/scenario',
    url: (w) => `/api/pools/${w.poolId}/scenario`,
    // Visitors need a session first; members see the pool but only its commissioners export it.
    expected: { ...HIDDEN_POOL, visitor: 401, member: 403 },
  },
];
