import { ENTRY_ACTION_MESSAGES } from '../../../../core/contracts/pools';
import type { Cell } from '../../../test/authz-matrix';

// Only the entry's owner acts on it: outsiders of the hidden league get 404 with the message of a missing
// entry (entry ids cannot be probed), the league admin, who sees the pool, 403 (someone else's entry). The member's entry needs no rebuy and the pool sells no
// insurance and has no bonus pool, so those answer 409 to the owner; auto-rebuy may be switched.
const OWNER_ONLY = (owner: number) => ({
  visitor: 401,
  nonMember: 404,
  member: owner,
  admin: 403,
  siteAdmin: 404,
});

/** Who may call each entry-actions route (rows of src/server/authz.test.ts). */
export const ENTRY_ACTIONS_CELLS: Cell[] = [
  {
    name: "entryActions state of the member's entry",
    method: 'GET',
    route: 'GET /api/entryActions/:entryId',
    url: (w) => `/api/entryActions/${w.entryId}`,
    entryNotFound: ENTRY_ACTION_MESSAGES.entryNotFound,
    expected: OWNER_ONLY(200),
  },
  {
    name: "rebuy of the member's entry",
    method: 'POST',
    route: 'POST /user/rebuy',
    url: () => '/user/rebuy',
    payload: (w) => ({ userSeason: w.entryId, game: 'mlb', season: 2023, alias: 'HIDE' }),
    entryNotFound: ENTRY_ACTION_MESSAGES.entryNotFound,
    expected: OWNER_ONLY(409),
  },
  {
    name: "toggleRebuys of the member's entry",
    method: 'POST',
    route: 'POST /user/toggleRebuys',
    url: () => '/user/toggleRebuys',
    payload: (w) => ({ bool: true, userSeason: w.entryId, effWeek: 1 }),
    entryNotFound: ENTRY_ACTION_MESSAGES.entryNotFound,
    expected: OWNER_ONLY(200),
  },
  {
    name: "toggleBonus of the member's entry",
    method: 'POST',
    route: 'POST /user/toggleBonus',
    url: () => '/user/toggleBonus',
    payload: (w) => ({ bool: true, userSeason: w.entryId, effWeek: 1 }),
    entryNotFound: ENTRY_ACTION_MESSAGES.entryNotFound,
    expected: OWNER_ONLY(409),
  },
  {
    name: "buyInsurance of the member's entry",
    method: 'POST',
    route: 'POST /user/buyInsurance',
    url: () => '/user/buyInsurance',
    payload: (w) => ({ userSeason: w.entryId, cost: 0, eff_week: 1 }),
    entryNotFound: ENTRY_ACTION_MESSAGES.entryNotFound,
    expected: OWNER_ONLY(409),
  },
  {
    name: 'entryActions state of a missing entry',
    method: 'GET',
    route: 'GET /api/entryActions/:entryId',
    url: (w) => `/api/entryActions/${w.missingEntryId}`,
    entryNotFound: ENTRY_ACTION_MESSAGES.entryNotFound,
    expected: { visitor: 401, nonMember: 404, member: 404, admin: 404, siteAdmin: 404 },
  },
  {
    name: 'toggleRebuys of a missing entry',
    method: 'POST',
    route: 'POST /user/toggleRebuys',
    url: () => '/user/toggleRebuys',
    payload: (w) => ({ bool: true, userSeason: w.missingEntryId, effWeek: 1 }),
    entryNotFound: ENTRY_ACTION_MESSAGES.entryNotFound,
    expected: { visitor: 401, nonMember: 404, member: 404, admin: 404, siteAdmin: 404 },
  },
];
