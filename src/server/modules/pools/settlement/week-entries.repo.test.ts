import { beforeEach, describe, expect, it } from 'vitest';
import { buildEntryWeek, buildPick } from '../../../test/factories';
import type { TestApp } from '../../../test/harness';
import type { TestUser } from '../../leagues/league-test-world';
import { buildMlbPool, enter, type PoolWorld, startPoolWorld } from '../pool-test-world';
import { readWeekPlayers } from './week-entries.repo';

let t: TestApp;
let world: PoolWorld;
let players: TestUser[];

beforeEach(async () => {
  ({
    t,
    world,
    members: players,
  } = await startPoolWorld({ seasons: ['mlb'], members: ['ann', 'bob', 'cat', 'dan', 'eve'] }));
});

describe('readWeekPlayers', () => {
  it('reads who plays a locked week with their standing and picks in pick order; entries alike share one player', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId, {});
    const [ann, bob, cat, dan, eve] = players;
    const a = await enter(t.ctx, pool.id, ann, { lives: 2, rebuysMade: 1, weeksAlive: 12 });
    const b = await enter(t.ctx, pool.id, bob, { needsRebuy: true });
    const c = await enter(t.ctx, pool.id, cat);
    const d = await enter(t.ctx, pool.id, dan);
    // eve is in the pool but not in the week (she joined after it locked).
    await enter(t.ctx, pool.id, eve);
    await buildEntryWeek(t.ctx, { poolId: pool.id, entryId: a.id, week: 3, inBonus: true, autoRebuy: false });
    await buildEntryWeek(t.ctx, { poolId: pool.id, entryId: b.id, week: 3, inBonus: false, autoRebuy: true });
    await buildEntryWeek(t.ctx, {
      poolId: pool.id,
      entryId: c.id,
      week: 3,
      inBonus: false,
      autoRebuy: false,
    });
    await buildEntryWeek(t.ctx, {
      poolId: pool.id,
      entryId: d.id,
      week: 3,
      inBonus: false,
      autoRebuy: false,
    });
    // Two picks for ann (as an nfl-td week allows), made in this order; one alike for cat and dan; none for bob.
    await buildPick(t.ctx, { entryId: a.id, week: 3, pickId: 'TOR' });
    await buildPick(t.ctx, { entryId: a.id, week: 3, pickId: 'BOS' });
    await buildPick(t.ctx, { entryId: c.id, week: 3, pickId: 'NYY' });
    await buildPick(t.ctx, { entryId: d.id, week: 3, pickId: 'NYY' });
    await buildPick(t.ctx, { entryId: c.id, week: 2, pickId: 'HOU' });

    const { ids, players: read } = await readWeekPlayers(t.ctx.db, pool.id, 3);
    expect(ids).toEqual([a.id, b.id, c.id, d.id]);
    expect(read[0]).toEqual({
      lives: 2,
      rebuysMade: 1,
      needsRebuy: false,
      weeksAlive: 12,
      inBonus: true,
      autoRebuy: false,
      picks: ['TOR', 'BOS'],
    });
    expect(read[1]).toMatchObject({ needsRebuy: true, autoRebuy: true, inBonus: false, picks: [] });
    expect(read[2]).toMatchObject({ lives: 3, rebuysMade: 0, weeksAlive: 0, picks: ['NYY'] });
    expect(read[3]).toBe(read[2]);
  });

  it('reads nobody from a week nobody plays', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId, {});
    expect(await readWeekPlayers(t.ctx.db, pool.id, 1)).toEqual({ ids: [], players: [] });
  });
});
