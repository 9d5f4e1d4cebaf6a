import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { entries, entryWeekKinds } from '../../db/schema';
import { buildEntryWeek } from '../../test/factories';
import type { TestApp } from '../../test/harness';
import type { TestUser } from '../../test/league-test-world';
import { buildMlbPool, enter, type PoolWorld, startPoolWorld } from '../../test/pool-test-world';
import { readEntryWeeks, rewriteEntryWeeks } from './entry-weeks.repo';

let t: TestApp;
let world: PoolWorld;
let players: TestUser[];

beforeEach(async () => {
  ({
    t,
    world,
    members: players,
  } = await startPoolWorld({ seasons: ['mlb'], members: ['ann', 'bob', 'cat'] }));
});

describe('entry weeks kept as kinds per pool week', () => {
  it('gives each entry its slot in sign-up order, per pool', async () => {
    const one = await buildMlbPool(t.ctx, world.leagueId, {});
    const two = await buildMlbPool(t.ctx, world.leagueId, { poolIdx: 1 });
    const a = await enter(t.ctx, one.id, players[0]);
    const b = await enter(t.ctx, two.id, players[0]);
    const c = await enter(t.ctx, one.id, players[1]);
    const slots = await t.ctx.db.select({ id: entries.id, slot: entries.slot }).from(entries);
    expect(new Map(slots.map((row) => [row.id, row.slot]))).toEqual(
      new Map([
        [a.id, 0],
        [b.id, 0],
        [c.id, 1],
      ]),
    );
  });

  it('reads the same weeks entry by entry and week by week; a rewrite changes only its entry and drops kinds left unused', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId, {});
    const [a, b, c] = [
      await enter(t.ctx, pool.id, players[0]),
      await enter(t.ctx, pool.id, players[1]),
      await enter(t.ctx, pool.id, players[2]),
    ];
    await buildEntryWeek(t.ctx, { poolId: pool.id, entryId: a.id, week: 1, result: 'advance', lives: 3 });
    await buildEntryWeek(t.ctx, { poolId: pool.id, entryId: c.id, week: 1, result: 'loss', lives: 2 });
    await buildEntryWeek(t.ctx, { poolId: pool.id, entryId: a.id, week: 2, result: 'loss', lives: 2 });
    await buildEntryWeek(t.ctx, { poolId: pool.id, entryId: b.id, week: 2, result: 'advance', lives: 3 });

    const all = await readEntryWeeks(t.ctx.db, pool.id);
    expect(all.map((row) => [row.week, row.entryId, row.result, row.lives])).toEqual([
      [1, a.id, 'advance', 3],
      [1, c.id, 'loss', 2],
      [2, a.id, 'loss', 2],
      [2, b.id, 'advance', 3],
    ]);
    // Few entries are read in place, by their slots: the same rows.
    const probed = await readEntryWeeks(t.ctx.db, pool.id, { entryIds: [a.id, b.id, c.id] });
    expect(probed).toEqual(all);
    expect(await readEntryWeeks(t.ctx.db, pool.id, { weeks: [2], entryIds: [c.id] })).toEqual([]);

    // c's week 1 becomes a's kind: its own kind is no longer used and goes.
    const [aWeek1] = all;
    const { poolId: _pool, entryId: _entry, week: _week, ...kind } = aWeek1;
    await t.ctx.db.transaction((tx) => rewriteEntryWeeks(tx, pool.id, 1, [{ entryId: c.id, kind }]));
    const week1 = await readEntryWeeks(t.ctx.db, pool.id, { weeks: [1] });
    expect(week1.map((row) => [row.entryId, row.result])).toEqual([
      [a.id, 'advance'],
      [c.id, 'advance'],
    ]);
    const kinds = await t.ctx.db
      .select()
      .from(entryWeekKinds)
      .where(and(eq(entryWeekKinds.poolId, pool.id), eq(entryWeekKinds.week, 1)));
    expect(kinds).toHaveLength(1);
    // Taken out of the week, an entry has no week there.
    await t.ctx.db.transaction((tx) => rewriteEntryWeeks(tx, pool.id, 1, [{ entryId: a.id, kind: null }]));
    expect((await readEntryWeeks(t.ctx.db, pool.id, { weeks: [1] })).map((row) => row.entryId)).toEqual([
      c.id,
    ]);
  });

  it('reads kind 0 (not played) for a slot past the end of the byte string, and for no byte string', async () => {
    const rows = rowsOf<{ inside: number; past: number; none: number }>(
      await t.ctx.db.execute(sql`
        select entry_week_kind('\\x000001000102'::bytea, 1) as inside,
          entry_week_kind('\\x000001000102'::bytea, 2) as past, coalesce(entry_week_kind(null, 0), 0) as none`),
    );
    expect(rows[0]).toEqual({ inside: 258, past: 0, none: 0 });
  });
});
