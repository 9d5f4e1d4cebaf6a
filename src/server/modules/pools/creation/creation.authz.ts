import { all, type Cell } from '../../../test/authz-matrix';

/** Who may call the pool-creation routes (rows of src/server/authz.test.ts). */
export const CREATION_CELLS: Cell[] = [
  {
    name: 'pool creation options (seasons for all, own admin leagues only)',
    method: 'GET',
    route: 'GET /api/poolCreation/options',
    url: () => '/api/poolCreation/options',
    expected: all(200),
  },
  {
    name: "the hidden league's earlier pools to copy",
    method: 'GET',
    route: 'GET /api/poolCreation/previousPools/:leagueId/:game',
    url: (w) => `/api/poolCreation/previousPools/${w.hiddenId}/mlb`,
    expected: { visitor: 401, nonMember: 404, member: 403, admin: 200, siteAdmin: 404 },
  },
  {
    // The test world has no season ahead, so the admin passes the access check and meets "no upcoming pools".
    name: 'activate a pool in the hidden league',
    method: 'POST',
    route: 'POST /leagueRoutes/activatePool',
    url: () => '/leagueRoutes/activatePool',
    payload: (w) => ({ league_id: w.hiddenId, season: 2023, season_type: 'reg', settings: { game: 'mlb' } }),
    expected: { visitor: 401, nonMember: 404, member: 403, admin: 400, siteAdmin: 404 },
  },
];
