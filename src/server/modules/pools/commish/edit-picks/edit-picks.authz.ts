import { EDIT_PICKS_MESSAGES } from '../../../../../core/contracts/pools';
import { type Cell, COMMISH_GET, commishPost } from '../../../../test/authz-matrix';

/** Who may call each route of the area (rows of src/server/authz.test.ts). */
export const EDIT_PICKS_CELLS: Cell[] = [
  {
    name: 'Edit Picks of the hidden league pool',
    method: 'GET',
    route: 'GET /api/pools/:poolId/commish/picks',
    url: (w) => `/api/pools/${w.poolId}/commish/picks?entry=${w.entryId}`,
    expected: COMMISH_GET,
  },
  {
    // The admin sends no new pick (400): the shared world's picks stay as they are.
    name: "updateUserPicks of the member's entry",
    method: 'POST',
    route: 'POST /admin/updateUserPicks',
    url: () => '/admin/updateUserPicks',
    payload: (w) => ({ user_season_id: w.entryId, oldSelections: [], newSelections: [] }),
    entryNotFound: EDIT_PICKS_MESSAGES.entryNotFound,
    expected: commishPost(400),
  },
];
