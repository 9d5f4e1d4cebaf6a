import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readEntryWeeks } from '../modules/pools/store/entry-weeks.repo';
import { buildEntryWeek } from '../test/factories';
import { buildMlbPool, enter, startPoolWorld } from '../test/pool-test-world';

/** The statements of migration 0025 that carry the old entry_weeks rows over into kinds and byte strings. */
function conversionStatements(): string[] {
  const text = readFileSync(new URL('../../../drizzle/0025_week_kinds.sql', import.meta.url), 'utf8');
  return text
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter((statement) => /^(INSERT INTO "entry_week_kinds"|UPDATE "pool_weeks")/.test(statement));
}

describe('migration 0025 (entry weeks become kinds per pool week)', () => {
  it("carries every stored entry week over as it was, each entry's at its slot", async () => {
    const { t, world, members } = await startPoolWorld({ seasons: ['mlb'], members: ['ann', 'bob', 'cat'] });
    const pool = await buildMlbPool(t.ctx, world.leagueId, {});
    const [a, b, c] = [
      await enter(t.ctx, pool.id, members[0]),
      await enter(t.ctx, pool.id, members[1]),
      await enter(t.ctx, pool.id, members[2]),
    ];
    await buildEntryWeek(t.ctx, { poolId: pool.id, entryId: a.id, week: 1, inBonus: true, bonusNet: 250 });
    await buildEntryWeek(t.ctx, { poolId: pool.id, entryId: c.id, week: 1, result: 'loss', lives: 2 });
    await buildEntryWeek(t.ctx, {
      poolId: pool.id,
      entryId: b.id,
      week: 2,
      result: null,
      lives: null,
      status: null,
    });
    await buildEntryWeek(t.ctx, {
      poolId: pool.id,
      entryId: c.id,
      week: 2,
      result: null,
      lives: null,
      status: null,
    });
    const before = await readEntryWeeks(t.ctx.db, pool.id);

    // The table as it was before the migration, holding those rows, and the new storage emptied: on one
    // connection (a temporary table is the session's own).
    await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`
        create temporary table entry_weeks (pool_id int, entry_id int, week int, in_bonus boolean, auto_rebuy boolean,
          lives_before int, rebuys_before int, needs_rebuy_before boolean, weeks_alive_before int, result text,
          lives int, status text, rebuys_bought int, bonus_net int)`);
      for (const row of before) {
        await tx.execute(sql`
          insert into entry_weeks values (${row.poolId}, ${row.entryId}, ${row.week}, ${row.inBonus}, ${row.autoRebuy},
            ${row.livesBefore}, ${row.rebuysBefore}, ${row.needsRebuyBefore}, ${row.weeksAliveBefore}, ${row.result},
            ${row.lives}, ${row.status}, ${row.rebuysBought}, ${row.bonusNet})`);
      }
      await tx.execute(sql`delete from entry_week_kinds`);
      await tx.execute(sql`update pool_weeks set entry_kinds = null`);

      const statements = conversionStatements();
      expect(statements).toHaveLength(2);
      for (const statement of statements) await tx.execute(sql.raw(statement));
      expect(await readEntryWeeks(tx, pool.id)).toEqual(before);
      await tx.execute(sql`drop table entry_weeks`);
    });
  });
});
