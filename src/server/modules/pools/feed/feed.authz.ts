import { type Cell, HIDDEN_POOL } from '../../../test/authz-matrix';

/** Who may call each feed route (rows of src/server/authz.test.ts): whoever may see the pool. */
export const FEED_CELLS: Cell[] = [
  {
    name: 'commissioner posts of the hidden league pool',
    method: 'GET',
    route: 'GET /admin/commishPosts/:poolId',
    url: (w) => `/admin/commishPosts/${w.poolId}`,
    expected: HIDDEN_POOL,
  },
];
