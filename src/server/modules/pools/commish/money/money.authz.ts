import { MONEY_MESSAGES } from '../../../../../core/contracts/pools';
import { type Cell, COMMISH_GET, commishPost } from '../../../../test/authz-matrix';

/** Who may call each route of the area (rows of src/server/authz.test.ts). */
export const MONEY_CELLS: Cell[] = [
  {
    // A valid body naming another pool: everyone reaches the access check, the admin gets 400, nothing is written.
    name: 'addPayment on the hidden league pool',
    method: 'POST',
    route: 'POST /admin/addPayment',
    url: () => '/admin/addPayment',
    payload: (w) => ({ user_season_id: w.entryId, amount: 5, type: 'payment', pool_id: w.poolId + 1000 }),
    entryNotFound: MONEY_MESSAGES.entryNotFound,
    expected: commishPost(400),
  },
  {
    name: 'prize split table of the hidden league pool',
    method: 'GET',
    route: 'GET /api/pools/:poolId/prizeSplit',
    url: (w) => `/api/pools/${w.poolId}/prizeSplit`,
    expected: COMMISH_GET,
  },
  {
    // 0 percent passes validation and is refused after the access check: the admin gets 400, nothing is written.
    name: 'processPrizeSplit on the hidden league pool',
    method: 'POST',
    route: 'POST /admin/processPrizeSplit',
    url: () => '/admin/processPrizeSplit',
    payload: (w) => ({ poolId: w.poolId, percent: 0, shares: [{ entryId: w.entryId, share: 1 }] }),
    expected: commishPost(400),
  },
];
