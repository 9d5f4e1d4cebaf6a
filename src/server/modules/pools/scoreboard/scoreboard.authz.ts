import { type Cell, HIDDEN_POOL } from '../../../test/authz-matrix';

/** Who may call each scoreboard route (rows of src/server/authz.test.ts). */
export const SCOREBOARD_CELLS: Cell[] = [
  {
    name: 'scoreboard of the hidden league',
    method: 'GET',
    route: 'GET /api/scoreboard/:poolId/:week',
    url: (w) => `/api/scoreboard/${w.poolId}/default`,
    expected: HIDDEN_POOL,
  },
  {
    name: 'scoreboard week 1 of the hidden league',
    method: 'GET',
    route: 'GET /api/scoreboard/:poolId/:week',
    url: (w) => `/api/scoreboard/${w.poolId}/1`,
    expected: HIDDEN_POOL,
  },
];
