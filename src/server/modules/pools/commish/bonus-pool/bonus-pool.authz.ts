import { type Cell, COMMISH_GET, commishPost } from '../../../../test/authz-matrix';

/** No bonus of the shared world has this id: the admin's requests find none and change nothing. */
const NO_BONUS = 999_999;

/** Who may call each route of the area (rows of src/server/authz.test.ts). */
export const BONUS_POOL_CELLS: Cell[] = [
  {
    name: 'bonus params of the hidden league pool',
    method: 'GET',
    route: 'GET /pools/getBonusParams/:poolId',
    url: (w) => `/pools/getBonusParams/${w.poolId}`,
    expected: COMMISH_GET,
  },
  {
    // Week 999 is no week of the pool (400): nobody moves.
    name: 'updateBonusPoolParams of the hidden league pool',
    method: 'POST',
    route: 'POST /pools/updateBonusPoolParams',
    url: () => '/pools/updateBonusPoolParams',
    payload: (w) => ({ poolId: w.poolId, week: 999, users: [] }),
    expected: commishPost(400),
  },
  {
    name: 'Commish bonus events of the hidden league pool',
    method: 'GET',
    route: 'GET /pools/getBonusEvents/:poolId',
    url: (w) => `/pools/getBonusEvents/${w.poolId}`,
    expected: COMMISH_GET,
  },
  {
    name: 'bonus details of the hidden league pool',
    method: 'GET',
    route: 'GET /api/bonus/details/:poolId/:bonusId',
    url: (w) => `/api/bonus/details/${w.poolId}/${NO_BONUS}`,
    expected: { ...COMMISH_GET, admin: 404 },
  },
  {
    name: 'recalculate a bonus of the hidden league pool',
    method: 'POST',
    route: 'POST /api/bonus/recalculate',
    url: () => '/api/bonus/recalculate',
    payload: (w) => ({ poolId: w.poolId, bonusId: NO_BONUS }),
    expected: commishPost(404),
  },
];
