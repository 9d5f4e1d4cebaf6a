import { ENTRANTS_MESSAGES } from '../../../../../core/contracts/pools';
import { ENTRY_STATUS } from '../../../../../core/pool/entry-status';
import { type Cell, COMMISH_GET, commishPost } from '../../../../test/authz-matrix';

/**
 * Who may call each route of the area (rows of src/server/authz.test.ts). The admin's requests change nothing
 * that later rows rely on: a non-member cannot be added, the status is set to what it is, the lives move on a
 * stale value (409), the note is set and the champion named is no entry of the pool (400).
 */
export const ENTRANTS_ADMIN_CELLS: Cell[] = [
  {
    name: 'Manage Entrants list of the hidden league pool',
    method: 'GET',
    route: 'GET /admin/entrants/:poolId',
    url: (w) => `/admin/entrants/${w.poolId}`,
    expected: COMMISH_GET,
  },
  {
    name: 'Manage Entrants members still to add of the hidden league pool',
    method: 'GET',
    route: 'GET /admin/entrants/:poolId/members',
    url: (w) => `/admin/entrants/${w.poolId}/members`,
    expected: COMMISH_GET,
  },
  {
    name: 'addEntrant of someone who is not a league member',
    method: 'POST',
    route: 'POST /admin/addEntrant',
    url: () => '/admin/addEntrant',
    payload: (w) => ({ poolId: w.poolId, userId: 999_999 }),
    expected: commishPost(400),
  },
  {
    name: 'toggleUserStatus to the status the entry has',
    method: 'POST',
    route: 'POST /admin/toggleUserStatus',
    url: () => '/admin/toggleUserStatus',
    payload: (w) => ({ userSeasonId: w.entryId, updatedStatus: ENTRY_STATUS.active }),
    entryNotFound: ENTRANTS_MESSAGES.entryNotFound,
    expected: commishPost(200),
  },
  {
    name: 'editUserLives from a stale number of lives',
    method: 'POST',
    route: 'POST /admin/editUserLives',
    url: () => '/admin/editUserLives',
    payload: (w) => ({
      userSeasonId: w.entryId,
      lifeAction: 'increase',
      actionDesc: 'A life back for the rainout.',
      oldLives: 98,
      newLives: 99,
    }),
    entryNotFound: ENTRANTS_MESSAGES.entryNotFound,
    expected: commishPost(409),
  },
  {
    name: 'updateUserNotes',
    method: 'POST',
    route: 'POST /admin/updateUserNotes',
    url: () => '/admin/updateUserNotes',
    payload: (w) => ({ userSeasonId: w.entryId, note: 'Paid in cash' }),
    entryNotFound: ENTRANTS_MESSAGES.entryNotFound,
    expected: commishPost(200),
  },
  {
    name: 'processLeagueChamps of an entry not in the pool',
    method: 'POST',
    route: 'POST /admin/processLeagueChamps',
    url: () => '/admin/processLeagueChamps',
    payload: (w) => ({ leagueSeason: w.poolId, champions: [999_999], defaultWeeksAlive: 3 }),
    expected: commishPost(400),
  },
];
