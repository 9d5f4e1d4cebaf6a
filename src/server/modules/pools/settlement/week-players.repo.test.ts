import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EntryState } from '../../../../core/season';
import { entries, ledger } from '../../../db/schema';
import { buildEntryWeek, buildPick } from '../../../test/factories';
import type { TestApp } from '../../../test/harness';
import type { TestUser } from '../../../test/league-test-world';
import { buildMlbPool, enter, type PoolWorld, startPoolWorld } from '../../../test/pool-test-world';
import { appendLedger } from '../store/ledger.repo';
import { readEntryIds } from './bonus-events.repo';
import { readWeekPlayers } from './week-players.repo';
import { storeWeekOutcomes } from './week-verdicts.repo';

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
  it('reads who plays a locked week with their standing and picks (several sorted by id); entries alike share one player', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId, {});
    const [ann, bob, cat, dan, eve] = players;
    const a = await enter(t.ctx, pool.id, ann);
    const b = await enter(t.ctx, pool.id, bob);
    const c = await enter(t.ctx, pool.id, cat);
    const d = await enter(t.ctx, pool.id, dan);
    // eve is in the pool but not in the week (she joined after it locked).
    await enter(t.ctx, pool.id, eve);
    // Locked, not judged: each with the state it locked with.
    const locked = { week: 3, result: null, lives: null, status: null, poolId: pool.id };
    await buildEntryWeek(t.ctx, {
      ...locked,
      entryId: a.id,
      inBonus: true,
      livesBefore: 2,
      rebuysBefore: 1,
      weeksAliveBefore: 12,
    });
    await buildEntryWeek(t.ctx, {
      ...locked,
      entryId: b.id,
      autoRebuy: true,
      livesBefore: 3,
      needsRebuyBefore: true,
    });
    await buildEntryWeek(t.ctx, { ...locked, entryId: c.id, livesBefore: 3 });
    await buildEntryWeek(t.ctx, { ...locked, entryId: d.id, livesBefore: 3 });
    // Judging reads the state the week locked with, not the entries' columns.
    await t.ctx.db.update(entries).set({ lives: 1 }).where(eq(entries.id, c.id));
    // Two picks for ann (as an nfl-td week allows), made TOR first; one alike for cat and dan; none for bob.
    await buildPick(t.ctx, { entryId: a.id, week: 3, pickId: 'TOR' });
    await buildPick(t.ctx, { entryId: a.id, week: 3, pickId: 'BOS' });
    await buildPick(t.ctx, { entryId: c.id, week: 3, pickId: 'NYY' });
    await buildPick(t.ctx, { entryId: d.id, week: 3, pickId: 'NYY' });
    await buildPick(t.ctx, { entryId: c.id, week: 2, pickId: 'HOU' });

    const { slots, players: read } = await readWeekPlayers(t.ctx.db, pool.id, 3);
    expect(slots).toEqual([0, 1, 2, 3]);
    expect(await readEntryIds(t.ctx.db, pool.id, [3, 0, 3])).toEqual([d.id, a.id, d.id]);
    expect(read[0]).toEqual({
      lockedKind: expect.any(Number),
      lives: 2,
      rebuysMade: 1,
      needsRebuy: false,
      weeksAlive: 12,
      inBonus: true,
      autoRebuy: false,
      picks: ['BOS', 'TOR'],
    });
    expect(read[1]).toMatchObject({ needsRebuy: true, autoRebuy: true, inBonus: false, picks: [] });
    expect(read[2]).toMatchObject({ lives: 3, rebuysMade: 0, weeksAlive: 0, picks: ['NYY'] });
    expect(read[3]).toBe(read[2]);
  });

  it("writes a judged week's states and its auto-rebuy charges, and the ledger checks the next statement's keys again", async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId, {});
    const other = await buildMlbPool(t.ctx, world.leagueId, { poolIdx: 1 });
    const [ann, bob] = players;
    const a = await enter(t.ctx, pool.id, ann);
    const b = await enter(t.ctx, pool.id, bob);
    const elsewhere = await enter(t.ctx, other.id, ann);
    const locked = { week: 1, result: null, lives: null, status: null, poolId: pool.id, livesBefore: 3 };
    await buildEntryWeek(t.ctx, { ...locked, entryId: a.id, autoRebuy: true });
    await buildEntryWeek(t.ctx, { ...locked, entryId: b.id });
    const outcome = (lives: number, status: EntryState['status'], rebuysBought: number) => ({
      id: '',
      played: true,
      state: { lives, rebuysMade: rebuysBought, status, weeksAlive: 1 },
      pick: 'NYY',
      assigned: false,
      result: 'loss' as const,
      rebuysBought,
      bonusNet: 0,
    });
    const charge = {
      poolId: pool.id,
      entryId: null,
      kind: 'rebuy' as const,
      amount: -2500,
      week: 1,
      notes: 'Auto',
    };
    await expect(
      t.ctx.db.transaction(async (tx) => {
        const week = await readWeekPlayers(tx, pool.id, 1);
        const outcomes = [outcome(2, 'alive', 1), outcome(3, 'needs-rebuy', 0)];
        await storeWeekOutcomes(tx, pool.id, 1, week, outcomes, charge, t.clock.now());
        expect(await tx.select().from(ledger).where(eq(ledger.poolId, pool.id))).toMatchObject([
          { entryId: a.id, amount: -2500, week: 1, notes: 'Auto' },
        ]);
        const states = await tx
          .select({
            id: entries.id,
            lives: entries.lives,
            needsRebuy: entries.needsRebuy,
            rebuysMade: entries.rebuysMade,
          })
          .from(entries)
          .where(eq(entries.poolId, pool.id))
          .orderBy(entries.id);
        expect(states).toEqual([
          { id: a.id, lives: 2, needsRebuy: false, rebuysMade: 1 },
          { id: b.id, lives: 3, needsRebuy: true, rebuysMade: 0 },
        ]);
        await appendLedger(tx, [{ ...charge, entryId: elsewhere.id }], t.clock.now());
      }),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23503' }) });
    expect(await t.ctx.db.select().from(ledger).where(eq(ledger.poolId, pool.id))).toEqual([]);
  });

  it("gives a pick its entry's pool and slot, whatever its insert says, and refuses a pick of no entry", async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId, {});
    await enter(t.ctx, pool.id, players[0]);
    const b = await enter(t.ctx, pool.id, players[1]);
    const pick = await buildPick(t.ctx, { entryId: b.id, week: 1, pickId: 'NYY', poolId: 999, slot: 7 });
    expect(pick).toMatchObject({ poolId: pool.id, slot: 1 });
    await expect(buildPick(t.ctx, { entryId: 999_999, week: 1, pickId: 'NYY' })).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '23503' }),
    });
  });

  it('reads nobody from a week nobody plays', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId, {});
    expect(await readWeekPlayers(t.ctx.db, pool.id, 1)).toMatchObject({ slots: [], players: [] });
  });
});
