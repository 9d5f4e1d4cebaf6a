import { beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_ACTION_MESSAGES, PICK_MESSAGES } from '../../../../core/contracts/pools';
import { buildEntry, buildPool } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLeagueAs, registerNamed, type TestUser } from '../../../test/league-test-world';
import { grantSiteAdmin } from '../../admin/site-admins.service';

/**
 * Every route that takes an entry id answers an entry the caller may not see (one in a hidden league's
 * pool) exactly as an id that does not exist: same status, same body. Nothing tells an outsider which ids
 * are taken.
 */
interface Call {
  method: 'GET' | 'POST';
  url: string;
  payload?: object;
}

let t: TestApp;
let hiddenEntry: number;
let missingEntry: number;
let ownPool: number;
const callers = {} as Record<'visitor' | 'stranger' | 'siteAdmin' | 'hiddenAdmin', TestUser | undefined>;

beforeAll(async () => {
  t = await createTestApp();
  const hadmin = await registerNamed(t.app, 'hadmin');
  const hmember = await registerNamed(t.app, 'hmember');
  const stranger = await registerNamed(t.app, 'stranger');
  const siteAdmin = await registerNamed(t.app, 'siteboss');
  await grantSiteAdmin(t.ctx.db, 'siteboss');
  const hiddenId = await createLeagueAs(t.app, hadmin, { name: 'Hidden Club', abb: 'HIDE', hidden: true });
  const hiddenPool = await buildPool(t.ctx, { leagueId: hiddenId });
  hiddenEntry = (await buildEntry(t.ctx, { poolId: hiddenPool.id, userId: hmember.id })).id;
  missingEntry = hiddenEntry + 100_000;
  // The stranger runs a league of their own: the Commish tools that take a pool and entry ids are theirs to call.
  const ownLeague = await createLeagueAs(t.app, stranger, { name: 'Own Club', abb: 'OWN' });
  ownPool = (await buildPool(t.ctx, { leagueId: ownLeague })).id;
  Object.assign(callers, { visitor: undefined, stranger, siteAdmin, hiddenAdmin: hadmin });
});

/** Every route that names an entry, called with the entry id `id`. */
const ROUTES: Record<string, (id: number) => Call> = {
  makeUserPick: (id) => ({
    method: 'POST',
    url: '/user/makeUserPick',
    payload: { userSeasonId: id, week: 1, action: 'confirm', team: 'NYY' },
  }),
  entryActions: (id) => ({ method: 'GET', url: `/api/entryActions/${id}` }),
  planner: (id) => ({ method: 'GET', url: `/api/planner/${id}` }),
  rebuy: (id) => ({ method: 'POST', url: '/user/rebuy', payload: { userSeason: id } }),
  toggleRebuys: (id) => ({
    method: 'POST',
    url: '/user/toggleRebuys',
    payload: { bool: true, userSeason: id },
  }),
  toggleBonus: (id) => ({
    method: 'POST',
    url: '/user/toggleBonus',
    payload: { bool: true, userSeason: id },
  }),
  buyInsurance: (id) => ({ method: 'POST', url: '/user/buyInsurance', payload: { userSeason: id, cost: 0 } }),
  editUserLives: (id) => ({
    method: 'POST',
    url: '/admin/editUserLives',
    payload: { userSeasonId: id, actionDesc: 'Bonus life', lifeAction: 'increase', oldLives: 3, newLives: 4 },
  }),
  toggleUserStatus: (id) => ({
    method: 'POST',
    url: '/admin/toggleUserStatus',
    payload: { userSeasonId: id, updatedStatus: 0 },
  }),
  updateUserNotes: (id) => ({
    method: 'POST',
    url: '/admin/updateUserNotes',
    payload: { userSeasonId: id, note: 'n' },
  }),
  addPayment: (id) => ({
    method: 'POST',
    url: '/admin/addPayment',
    payload: { user_season_id: id, amount: 5, type: 'payment' },
  }),
  updateUserPicks: (id) => ({
    method: 'POST',
    url: '/admin/updateUserPicks',
    payload: { user_season_id: id, oldSelections: [], newSelections: [{ week: 1, team: 'NYY' }] },
  }),
  // The Commish tools of the stranger's own pool, naming the hidden league's entry.
  'commish picks': (id) => ({ method: 'GET', url: `/api/pools/${ownPool}/commish/picks?entry=${id}` }),
  processLeagueChamps: (id) => ({
    method: 'POST',
    url: '/admin/processLeagueChamps',
    payload: { leagueSeason: ownPool, champions: [id] },
  }),
  processPrizeSplit: (id) => ({
    method: 'POST',
    url: '/admin/processPrizeSplit',
    payload: { poolId: ownPool, percent: 50, shares: [{ entryId: id, share: 1 }] },
  }),
  updateBonusPoolParams: (id) => ({
    method: 'POST',
    url: '/pools/updateBonusPoolParams',
    payload: { poolId: ownPool, week: 1, add: [id] },
  }),
  payments: (id) => ({ method: 'GET', url: `/api/payments/mlb/2023/OWN/0/reg?entry=${id}` }),
};

async function send(user: TestUser | undefined, call: Call) {
  const response = await t.app.inject({
    method: call.method,
    url: call.url,
    headers: user ? { cookie: user.cookie } : {},
    ...(call.payload ? { payload: call.payload } : {}),
  });
  return { status: response.statusCode, body: response.json() };
}

describe('entry ids cannot be probed', () => {
  for (const [name, route] of Object.entries(ROUTES)) {
    it(`${name} answers an entry of a hidden league as a missing one`, async () => {
      for (const role of ['visitor', 'stranger', 'siteAdmin'] as const) {
        const missing = await send(callers[role], route(missingEntry));
        const hidden = await send(callers[role], route(hiddenEntry));
        // A pool-scoped read (payments) lists nothing for either; the others refuse both alike.
        expect(missing.status).toBeLessThan(500);
        expect({ role, ...hidden }).toEqual({ role, ...missing });
      }
    });
  }

  it("refuses someone else's entry in a pool the caller sees, and says why", async () => {
    const pick = await send(callers.hiddenAdmin, ROUTES.makeUserPick(hiddenEntry));
    expect(pick).toEqual({ status: 403, body: { message: PICK_MESSAGES.notYourEntry } });
    const actions = await send(callers.hiddenAdmin, ROUTES.entryActions(hiddenEntry));
    expect(actions).toEqual({ status: 403, body: { message: ENTRY_ACTION_MESSAGES.notYourEntry } });
    // An outsider is told only what a missing id tells.
    expect(await send(callers.stranger, ROUTES.makeUserPick(hiddenEntry))).toEqual({
      status: 404,
      body: { message: PICK_MESSAGES.entryNotFound },
    });
    expect(await send(callers.stranger, ROUTES.entryActions(hiddenEntry))).toEqual({
      status: 404,
      body: { message: ENTRY_ACTION_MESSAGES.entryNotFound },
    });
  });
});
