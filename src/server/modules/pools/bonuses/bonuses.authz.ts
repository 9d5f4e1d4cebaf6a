import { type Cell, HIDDEN_POOL } from '../../../test/authz-matrix';

/** Who may call each bonuses route (rows of src/server/authz.test.ts): whoever may see the pool. */
export const BONUSES_CELLS: Cell[] = [
  {
    name: 'bonus events of the hidden league pool',
    method: 'GET',
    route: 'GET /api/bonus/events/:leagueSeasonId',
    url: (w) => `/api/bonus/events/${w.poolId}`,
    expected: HIDDEN_POOL,
  },
  {
    name: 'mapped bonuses of the hidden league pool',
    method: 'GET',
    route: 'GET /api/bonus/mapped/:leagueSeasonId',
    url: (w) => `/api/bonus/mapped/${w.poolId}`,
    expected: HIDDEN_POOL,
  },
  {
    name: 'bonus leaderboard of the hidden league pool',
    method: 'GET',
    route: 'GET /api/bonus/leaderboard/:leagueSeasonId',
    url: (w) => `/api/bonus/leaderboard/${w.poolId}`,
    expected: HIDDEN_POOL,
  },
  {
    name: 'bonus tallys of the hidden league pool',
    method: 'GET',
    route: 'GET /api/bonus/tallys/:game/:season/:seasonType/:leagueSeasonId',
    url: (w) => `/api/bonus/tallys/mlb/2023/reg/${w.poolId}`,
    expected: HIDDEN_POOL,
  },
];
