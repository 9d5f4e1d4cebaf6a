import { beforeAll, describe, expect, it } from 'vitest';
import type { PickDue, PicksDueResponse } from '../../../core/contracts/me';
import { ENTRY_STATUS } from '../../../core/pool/entry-status';
import { buildPick } from '../../test/factories';
import type { TestApp } from '../../test/harness';
import type { TestUser } from '../../test/league-test-world';
import {
  buildMlbPool,
  buildNflPool,
  enter,
  joinLeague,
  NOW,
  type PoolWorld,
  startPoolWorld,
} from '../../test/pool-test-world';

let t: TestApp;
let world: PoolWorld;
let ann: TestUser;
let bob: TestUser;

beforeAll(async () => {
  ({
    t,
    world,
    members: [ann, bob],
  } = await startPoolWorld({ members: ['ann', 'bob'], seasons: ['mlb', 'nfl'] }));
});

async function picksDue(user: TestUser): Promise<PicksDueResponse> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/me/picks-due',
    headers: { cookie: user.cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const brief = (due: PickDue[]) =>
  due.map((row) => `${row.pool_name}|${row.entry_label}|w${row.week}|${row.picks_held}/${row.picks_asked}`);

describe('GET /api/me/picks-due', () => {
  it('asks for a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/me/picks-due' });
    expect(response.statusCode).toBe(401);
  });

  it('says a user with no entries is in no pool (not that every pick is in)', async () => {
    expect(await picksDue(ann)).toEqual({ now: NOW.toISOString(), due: [], pools_entered: 0 });
  });

  it('lists every entry of the viewer that owes a pick for its open week, and no one else', async () => {
    // The open week of the MLB pools is week 2 (week 1 locked on 11-16, week 2 locks 11-23 00:00Z).
    const mlb = await buildMlbPool(t.ctx, world.leagueId, { customName: 'Bronx Pool', insuranceOption: 1 });
    const owes = await enter(t.ctx, mlb.id, ann, { entryNum: 1 });
    const picked = await enter(t.ctx, mlb.id, ann, { entryNum: 2 });
    const insured = await enter(t.ctx, mlb.id, ann, { entryNum: 3, insurancePurchased: true });
    await enter(t.ctx, mlb.id, ann, { entryNum: 4, status: ENTRY_STATUS.inactive });
    await enter(t.ctx, mlb.id, ann, { entryNum: 5, lives: 0 });
    await enter(t.ctx, mlb.id, ann, { entryNum: 6, needsRebuy: true });
    await buildPick(t.ctx, { entryId: owes.id, week: 1, pickId: 'NYY' });
    await buildPick(t.ctx, { entryId: picked.id, week: 2, pickId: 'BOS' });
    const final = await buildMlbPool(t.ctx, world.leagueId, {
      customName: 'Old Pool',
      poolIdx: 1,
      final: true,
    });
    await enter(t.ctx, final.id, ann);
    // Bob's entry owes too, and is his alone.
    const bobs = await enter(t.ctx, mlb.id, bob);

    const answer = await picksDue(ann);
    expect(answer.now).toBe(NOW.toISOString());
    expect(brief(answer.due)).toEqual(['Bronx Pool|ann|w2|0/1', 'Bronx Pool|ann [3]|w2|0/1']);
    expect(answer.due[0]).toEqual({
      entry_id: owes.id,
      entry_label: 'ann',
      pool_id: mlb.id,
      pool_name: 'Bronx Pool',
      league_name: 'Sunday Squad',
      game: 'mlb',
      week: 2,
      lock_at: '2026-11-23T00:00:00.000Z',
      picks_held: 0,
      picks_asked: 1,
      insured: false,
      make_picks_path: `/mlb/SQUAD/2023/reg/0/makepicks?entry=${owes.id}`,
    });
    expect(answer.due[1]).toMatchObject({ entry_id: insured.id, insured: true });
    expect((await picksDue(bob)).due.map((row) => row.entry_id)).toEqual([bobs.id]);
  });

  it('drops an entry once its pick is made', async () => {
    const before = await picksDue(bob);
    const [row] = before.due;
    const made = await t.app.inject({
      method: 'POST',
      url: '/user/makeUserPick',
      headers: { cookie: bob.cookie },
      payload: { userSeasonId: row.entry_id, week: 2, team: 'HOU', action: 'confirm' },
    });
    expect(made.statusCode).toBe(200);
    const after = await picksDue(bob);
    expect(after.due).toEqual([]);
    expect(after.pools_entered).toBe(1);
  });

  it('finds an NFL pool open week by its lock mode and asks for its players per week', async () => {
    // Week 2: Thursday KC-BAL (started), Sunday 10:00 PT GB-ATL (starts now), Sunday 13:25 PT games.
    // Week 3: one Sunday 13:25 PT game on 11-29.
    const cat = await joinLeague(t, world.leagueId, 'cat');
    const modes = ['first_game', 'early_slate', 'late_slate', 'last_game'] as const;
    for (const [index, mode] of modes.entries()) {
      const pool = await buildNflPool(t.ctx, world.leagueId, {
        customName: `TD ${mode}`,
        poolIdx: index,
        nflLockTime: mode,
        playersPerWeek: 2,
      });
      const entry = await enter(t.ctx, pool.id, cat);
      await buildPick(t.ctx, { entryId: entry.id, week: 2, pickId: 'sf1', teamAbb: 'SF' });
      await buildPick(t.ctx, { entryId: entry.id, week: 3, pickId: 'gb1', teamAbb: 'GB' });
    }
    const { due } = await picksDue(cat);
    expect(due.map((row) => [row.pool_name, row.week, row.lock_at, row.picks_held, row.picks_asked])).toEqual(
      [
        ['TD late_slate', 2, '2026-11-22T21:00:00.000Z', 1, 2],
        ['TD last_game', 2, '2026-11-22T21:25:00.000Z', 1, 2],
        ['TD early_slate', 3, '2026-11-29T18:00:00.000Z', 1, 2],
        ['TD first_game', 3, '2026-11-29T21:25:00.000Z', 1, 2],
      ],
    );
    expect(due.every((row) => row.insured === false)).toBe(true);
  });

  it('answers an empty list once every week has locked', async () => {
    t.clock.set(new Date('2026-12-05T00:00:00Z'));
    try {
      expect((await picksDue(ann)).due).toEqual([]);
    } finally {
      t.clock.set(NOW);
    }
  });
});
