import { type Cell, HIDDEN_POOL } from '../../../test/authz-matrix';

/** Who may call each finances route (rows of src/server/authz.test.ts): whoever may see the pool. */
export const FINANCES_CELLS: Cell[] = [
  {
    name: 'finances of the hidden league pool',
    method: 'GET',
    route: 'GET /api/finances/:poolId',
    url: (w) => `/api/finances/${w.poolId}`,
    expected: HIDDEN_POOL,
  },
  {
    name: 'payments of the hidden league pool',
    method: 'GET',
    route: 'GET /api/payments/:game/:season/:league/:poolIdx/:type',
    url: () => '/api/payments/mlb/2023/HIDE/0/reg',
    expected: HIDDEN_POOL,
  },
];
