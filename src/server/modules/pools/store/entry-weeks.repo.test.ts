import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import { entries, entryWeekKinds } from '../../../db/schema';
import { buildEntryWeek } from '../../../test/factories';
import type { TestApp } from '../../../test/harness';
import type { TestUser } from '../../../test/league-test-world';
import { buildMlbPool, enter, type PoolWorld, startPoolWorld } from '../../../test/pool-test-world';
import {
  countWeekEntries,
  entryWeekKindSql,
  poolWeekKindSql,
  readEntryWeeks,
  readSlotRangeKinds,
  rewriteEntryWeeks,
  weekSlotCountSql,
  weekSlotRangeSql,
} from './entry-weeks.repo';

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

  it('gives the other areas the same kinds in SQL, by slot range and by count as the entry weeks hold', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId, {});
    const [a, b, c] = [
      await enter(t.ctx, pool.id, players[0]),
      await enter(t.ctx, pool.id, players[1]),
      await enter(t.ctx, pool.id, players[2]),
    ];
    await buildEntryWeek(t.ctx, { poolId: pool.id, entryId: a.id, week: 1, inBonus: true });
    await buildEntryWeek(t.ctx, { poolId: pool.id, entryId: b.id, week: 1, result: 'loss', lives: 2 });
    await buildEntryWeek(t.ctx, { poolId: pool.id, entryId: c.id, week: 1, inBonus: true });
    await buildEntryWeek(t.ctx, { poolId: pool.id, entryId: b.id, week: 2, inBonus: true });
    const kinds = rowsOf<{ week: number; kind: number; result: string }>(
      await t.ctx.db.execute(sql`select week, kind, result from entry_week_kinds where pool_id = ${pool.id}`),
    );
    const resultOf = (week: number, kind: number) =>
      kinds.find((row) => Number(row.week) === week && Number(row.kind) === kind)?.result ?? null;
    // Per entry, from each week's row and from the pool and week: every entry of week 1, b alone in week 2.
    const inPlace = rowsOf<{ id: number; week: number; by_alias: number; by_week: number; slots: number }>(
      await t.ctx.db.execute(sql`
        select e.id, pw.week, ${entryWeekKindSql('pw', sql`e.slot`)} as by_alias,
          ${poolWeekKindSql(pool.id, 2, sql`e.slot`)} as by_week, ${weekSlotCountSql('pw')} as slots
        from entries e join pool_weeks pw on pw.pool_id = e.pool_id
        where e.pool_id = ${pool.id} order by pw.week, e.slot`),
    );
    expect(inPlace.map((row) => [row.week, resultOf(Number(row.week), Number(row.by_alias))])).toEqual([
      [1, 'advance'],
      [1, 'loss'],
      [1, 'advance'],
      [2, null],
      [2, 'advance'],
      [2, null],
    ]);
    expect(inPlace.map((row) => Number(row.by_week) > 0)).toEqual([false, true, false, false, true, false]);
    expect(inPlace.map((row) => Number(row.slots))).toEqual([3, 3, 3, 2, 2, 2]);

    // A slot range read in part on the server, and in SQL: slots 1 and 2 only.
    const kindOf = await readSlotRangeKinds(t.ctx.db, pool.id, { first: 1, last: 2 });
    expect([0, 1, 2].map((slot) => resultOf(1, kindOf(1, slot)))).toEqual([null, 'loss', 'advance']);
    expect([0, 1, 2].map((slot) => kindOf(2, slot) > 0)).toEqual([false, true, false]);
    const onlyWeek2 = await readSlotRangeKinds(t.ctx.db, pool.id, { first: 0, last: 2 }, [2]);
    expect([0, 1, 2].map((slot) => onlyWeek2(1, slot))).toEqual([0, 0, 0]);
    const range = weekSlotRangeSql(pool.id, 1, { lo: 1, hi: 3 }, 'w');
    const inSql = rowsOf<{ id: number; kind: number }>(
      await t.ctx.db.execute(sql`
        with w as materialized (${range.part})
        select e.id, ${range.kindOf(sql`e.slot`)} as kind
        from w join entries e on e.pool_id = ${pool.id} and e.slot >= 1 and e.slot < 3 and ${range.holds(sql`e.slot`)}
        order by e.slot`),
    );
    expect(inSql.map((row) => [row.id, resultOf(1, Number(row.kind))])).toEqual([
      [b.id, 'loss'],
      [c.id, 'advance'],
    ]);

    // Counted from the byte string: a and c in week 1's bonus pool, b in week 2's; a week not locked, none.
    expect(await countWeekEntries(t.ctx.db, pool.id, 1, (kind) => kind.inBonus)).toBe(2);
    expect(await countWeekEntries(t.ctx.db, pool.id, 2, (kind) => kind.inBonus)).toBe(1);
    expect(await countWeekEntries(t.ctx.db, pool.id, 3, (kind) => kind.inBonus)).toBe(0);
  });
});
