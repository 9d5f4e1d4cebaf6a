import { type Cell, COMMISH_GET } from '../../../../test/authz-matrix';

/** Who may read the pool's audit log (rows of src/server/authz.test.ts). */
export const AUDIT_CELLS: Cell[] = [
  {
    name: 'audit log of the hidden league pool',
    method: 'GET',
    route: 'GET /api/pools/:poolId/audit',
    url: (w) => `/api/pools/${w.poolId}/audit`,
    expected: COMMISH_GET,
  },
];
