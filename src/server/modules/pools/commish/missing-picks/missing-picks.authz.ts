import { type Cell, COMMISH_GET, commishPost } from '../../../../test/authz-matrix';

/** Who may call each route of the area (rows of src/server/authz.test.ts). */
export const MISSING_PICKS_CELLS: Cell[] = [
  {
    name: 'Missing Picks of the hidden league pool',
    method: 'GET',
    route: 'GET /api/pools/:poolId/commish/missingPicks',
    url: (w) => `/api/pools/${w.poolId}/commish/missingPicks`,
    expected: COMMISH_GET,
  },
  {
    // The shared world's pool has no weeks, so no open week: the admin's nudge is refused (409), nothing is sent.
    name: 'nudge of the hidden league pool',
    method: 'POST',
    route: 'POST /api/pools/:poolId/commish/nudge',
    url: (w) => `/api/pools/${w.poolId}/commish/nudge`,
    payload: () => ({ request_key: 'authz-matrix-key' }),
    expected: commishPost(409),
  },
];
