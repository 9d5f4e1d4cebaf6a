import { type Cell, COMMISH_GET, commishPost } from '../../../../test/authz-matrix';

/** Who may call each route of the area (rows of src/server/authz.test.ts). */
export const SETTINGS_CELLS: Cell[] = [
  {
    name: 'pool settings of the hidden league pool',
    method: 'GET',
    route: 'GET /admin/poolSettings/:poolId',
    url: (w) => `/admin/poolSettings/${w.poolId}`,
    expected: COMMISH_GET,
  },
  {
    // Valid for the schema, so outsiders meet the access check; the admin then meets "the weeks cannot
    // change" (the matrix pool has no weeks), so the shared world stays as it was.
    name: 'update pool settings of the hidden league pool',
    method: 'POST',
    route: 'POST /admin/updatePoolSettings',
    url: () => '/admin/updatePoolSettings',
    payload: (w) => ({
      leagueSeasonId: w.poolId,
      retroactive: false,
      poolSettings: {
        game: 'mlb',
        custom_name: null,
        buyin: 5000,
        rebuys: 2,
        rebuy_price: 2500,
        max_entries: 1,
        insurance_option: 0,
        insurance: 0,
        shoot_moon: false,
        bonus_active: false,
        bonus_disabled: false,
        bonus_cadence: 2,
        bonus_shutdown: 5,
        bonus_options: {},
        players_per_week: 1,
        max_players_per_team: 1,
        nfl_pass_tds: 2,
        nfl_lock_time: 'first_game',
        lock_at_pick_start: false,
        start_week: 1,
        deadlines: ['2030-01-01T00:00:00Z'],
      },
    }),
    expected: commishPost(400),
  },
];
