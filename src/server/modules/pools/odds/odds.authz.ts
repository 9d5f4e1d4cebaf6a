import { ODDS_MESSAGES } from '../../../../core/contracts/pools';
import { type Cell, HIDDEN_POOL } from '../../../test/authz-matrix';

/** Who may call each odds route (rows of src/server/authz.test.ts). */
export const ODDS_CELLS: Cell[] = [
  {
    name: 'odds of the hidden league',
    method: 'GET',
    route: 'GET /api/odds/:poolId',
    url: (w) => `/api/odds/${w.poolId}?week=1`,
    expected: HIDDEN_POOL,
  },
  {
    // Only the entry's owner plans it: outsiders find no entry (ids cannot be probed), the admin is refused.
    name: "planner of the member's entry",
    method: 'GET',
    route: 'GET /api/planner/:entryId',
    url: (w) => `/api/planner/${w.entryId}`,
    entryNotFound: ODDS_MESSAGES.entryNotFound,
    expected: { visitor: 401, nonMember: 404, member: 200, admin: 403, siteAdmin: 404 },
  },
  {
    name: 'planner of a missing entry',
    method: 'GET',
    route: 'GET /api/planner/:entryId',
    url: (w) => `/api/planner/${w.missingEntryId}`,
    entryNotFound: ODDS_MESSAGES.entryNotFound,
    expected: { visitor: 401, nonMember: 404, member: 404, admin: 404, siteAdmin: 404 },
  },
];
