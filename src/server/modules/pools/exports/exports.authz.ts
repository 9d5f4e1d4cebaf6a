import { type Cell, COMMISH_GET, HIDDEN_POOL, PRIVATE_POOL } from '../../../test/authz-matrix';

/** Who may call each export (rows of src/server/authz.test.ts): the screens' own rules. */
export const EXPORTS_CELLS: Cell[] = [
  {
    name: 'standings export of the hidden league pool',
    method: 'GET',
    route: 'GET /api/pools/:poolId/export/standings.csv',
    url: (w) => `/api/pools/${w.poolId}/export/standings.csv`,
    expected: HIDDEN_POOL,
  },
  {
    name: 'standings export of the private league pool',
    method: 'GET',
    route: 'GET /api/pools/:poolId/export/standings.csv',
    url: (w) => `/api/pools/${w.privatePoolId}/export/standings.csv`,
    expected: PRIVATE_POOL,
  },
  {
    name: 'printable week grid of the hidden league pool',
    method: 'GET',
    route: 'GET /api/pools/:poolId/export/week/:week',
    url: (w) => `/api/pools/${w.poolId}/export/week/1`,
    expected: HIDDEN_POOL,
  },
  ...(['picks', 'ledger', 'finances', 'missing-picks'] as const).map(
    (kind): Cell => ({
      name: `${kind} export of the hidden league pool`,
      method: 'GET',
      route: `GET /api/pools/:poolId/commish/export/${kind}.csv`,
      url: (w) => `/api/pools/${w.poolId}/commish/export/${kind}.csv`,
      expected: COMMISH_GET,
    }),
  ),
];
