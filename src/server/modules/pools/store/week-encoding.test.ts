import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type DbOrTx, rowsOf } from '../../../db/client';
import { getTestDatabase } from '../../../test/harness';
import {
  asBuffer,
  emptyKindBytes,
  encodeLockStanding,
  entryWeekKindOf,
  KIND_BYTES,
  kindAt,
  type LockStanding,
  lockStandingSql,
  PICK_SEPARATOR,
  readPickCodes,
  readSlots,
  SlotList,
  setKindAt,
  slotCountOf,
  standingAt,
  standingKey,
  WeekOutcomeBytes,
  withKindAt,
} from './week-encoding';

// Each encoding written at one end and read at the other comes back as it went: on the server alone, and
// through the database where SQL writes or reads one end.

async function database(): Promise<DbOrTx> {
  return (await getTestDatabase()).db;
}

// Migrating the worker's database (on its first use) is not a test's time.
beforeAll(async () => {
  await getTestDatabase();
});

describe('the kinds of a week, by slot', () => {
  it('reads back each slot kind written, 0 past the end, growing when asked', () => {
    const bytes = emptyKindBytes(4);
    expect(slotCountOf(bytes)).toBe(4);
    setKindAt(bytes, 0, 1);
    setKindAt(bytes, 3, 16_777_215);
    expect([0, 1, 2, 3, 4, 99].map((slot) => kindAt(bytes, slot))).toEqual([1, 0, 0, 16_777_215, 0, 0]);
    const grown = withKindAt(bytes, 6, 300);
    expect(slotCountOf(grown)).toBe(7);
    expect([0, 3, 5, 6].map((slot) => kindAt(grown, slot))).toEqual([1, 16_777_215, 0, 300]);
  });

  it('is read in place by SQL as the server wrote it, and comes back from either driver', async () => {
    const db = await database();
    const bytes = withKindAt(emptyKindBytes(3), 2, 70_000);
    setKindAt(bytes, 1, 5);
    const [row] = rowsOf<{ k0: number; k1: number; k2: number; k9: number; b: Uint8Array }>(
      await db.execute(sql`
        select ${entryWeekKindOf(sql`b`, sql`0`)} as k0, ${entryWeekKindOf(sql`b`, sql`1`)} as k1,
          ${entryWeekKindOf(sql`b`, sql`2`)} as k2, ${entryWeekKindOf(sql`b`, sql`9`)} as k9, b
        from (select ${sql.param(bytes)}::bytea as b) as k`),
    );
    expect([row.k0, row.k1, row.k2, row.k9].map(Number)).toEqual([0, 5, 70_000, 0]);
    expect(asBuffer(row.b).equals(bytes)).toBe(true);
    expect(asBuffer(null).length).toBe(0);
    expect(KIND_BYTES).toBe(3);
  });
});

describe('lists of slots', () => {
  it('reads the slots SQL joins with commas, in their order', async () => {
    const db = await database();
    const sent = [0, 7, 10, 123_456, 16_777_215, 3];
    const [row] = rowsOf<{ slots: string }>(
      await db.execute(sql`
        select string_agg(s::text, ',' order by i) as slots
        from unnest(${`{${sent.join(',')}}`}::int[]) with ordinality as t(s, i)`),
    );
    const read: number[] = [];
    readSlots(row.slots, (slot) => read.push(slot));
    expect(read).toEqual(sent);
    const none: number[] = [];
    readSlots('', (slot) => none.push(slot));
    expect(none).toEqual([]);
  });
});

describe('the standing an entry locks a week with', () => {
  const standings: LockStanding[] = [
    { lives: 1, rebuysMade: 0, weeksAlive: 0, needsRebuy: false, bonus: false, autoRebuy: false },
    { lives: 3, rebuysMade: 2, weeksAlive: 17, needsRebuy: true, bonus: true, autoRebuy: true },
    { lives: 0, rebuysMade: 9, weeksAlive: 200, needsRebuy: true, bonus: false, autoRebuy: true },
  ];

  it('comes back from its characters, equal standings under one key', () => {
    const text = standings.map(encodeLockStanding).join('') + encodeLockStanding(standings[1]);
    expect(standings.map((_, i) => standingAt(text, i))).toEqual(standings);
    const keys = [0, 1, 2, 3].map((i) => standingKey(text, i));
    expect(new Set(keys.slice(0, 3)).size).toBe(3);
    expect(keys[3]).toBe(keys[1]);
  });

  it('is written by SQL as the server reads it, the switches as in force for the week', async () => {
    const db = await database();
    // The bonus switch turned on from week 5 (off before); auto-rebuy turned off from week 3 (on before).
    const [row] = rowsOf<{ week4: string; week5: string }>(
      await db.execute(sql`
        select ${lockStandingSql(4)} as week4, ${lockStandingSql(5)} as week5
        from (values (3, 2, 17, true, true, false, 5, false, true, 3))
          as e(lives, rebuys_made, weeks_alive, needs_rebuy, bonus, bonus_prev, bonus_eff_week, auto_rebuy,
            auto_rebuy_prev, auto_rebuy_eff_week)`),
    );
    const base = { lives: 3, rebuysMade: 2, weeksAlive: 17, needsRebuy: true, autoRebuy: false };
    expect(standingAt(row.week4, 0)).toEqual({ ...base, bonus: false });
    expect(standingAt(row.week5, 0)).toEqual({ ...base, bonus: true });
    expect(row.week5).toBe(encodeLockStanding({ ...base, bonus: true }));
  });
});

describe('a week of picks', () => {
  it('reads each pick id as its number, the same id under the same number', () => {
    const pickIds = [''];
    const sent = ['NYY', 'BOS', 'NYY', '', 'player-12', 'BOS'];
    const codes = readPickCodes(sent.join(PICK_SEPARATOR), pickIds);
    const read = sent.map(() => codes.next());
    expect(read.map((code) => pickIds[code])).toEqual(sent);
    expect(read[0]).toBe(read[2]);
    expect(read[3]).toBe(0);
    expect(pickIds).toEqual(['', 'NYY', 'BOS', 'player-12']);
  });
});

describe("a judged week's outcomes, by slot", () => {
  const played = {
    rebuysBought: 2,
    state: { status: 'needs-rebuy', lives: 2, rebuysMade: 3, weeksAlive: 9 },
  };
  const out = { rebuysBought: 0, state: { status: 'eliminated', lives: 0, rebuysMade: 1, weeksAlive: 4 } };

  for (const width of [1, 2] as const) {
    it(`comes back on the server and through SQL (${width} byte${width === 1 ? '' : 's'} a count)`, async () => {
      const big = width === 2 ? 300 : 0;
      const first = { ...played, state: { ...played.state, weeksAlive: 9 + big } };
      const bytes = new WeekOutcomeBytes(4, WeekOutcomeBytes.widthFor([first.state.weeksAlive, 4]));
      expect(bytes.width).toBe(width);
      bytes.set(1, first);
      bytes.set(3, out);
      const flat = (o: typeof first) => ({
        needsRebuy: o.state.status === 'needs-rebuy',
        rebuysBought: o.rebuysBought,
        lives: o.state.lives,
        rebuysMade: o.state.rebuysMade,
        weeksAlive: o.state.weeksAlive,
      });
      expect([0, 1, 2, 3].map((slot) => bytes.get(slot))).toEqual([null, flat(first), null, flat(out)]);

      const db = await database();
      const rows = rowsOf<{
        slot: number;
        played: boolean;
        needs_rebuy: boolean;
        bought: number;
        lives: number;
        rebuys_made: number;
        weeks_alive: number;
      }>(
        await db.execute(sql`
          select e.slot, ${bytes.playedSql()} as played, ${bytes.needsRebuySql()} as needs_rebuy,
            ${bytes.rebuysBoughtSql()} as bought, ${bytes.livesSql()} as lives,
            ${bytes.rebuysMadeSql()} as rebuys_made, ${bytes.weeksAliveSql()} as weeks_alive
          from generate_series(0, 3) as e(slot), (select ${sql.param(bytes.bytes)}::bytea as b) as k
          order by e.slot`),
      );
      expect(rows.map((row) => Boolean(row.played))).toEqual([false, true, false, true]);
      expect(
        rows
          .filter((row) => row.played)
          .map((row) => ({
            needsRebuy: Boolean(row.needs_rebuy),
            rebuysBought: Number(row.bought),
            lives: Number(row.lives),
            rebuysMade: Number(row.rebuys_made),
            weeksAlive: Number(row.weeks_alive),
          })),
      ).toEqual([flat(first), flat(out)]);
    });
  }

  it('refuses a count of rebuys it cannot carry', () => {
    const bytes = new WeekOutcomeBytes(1, 1);
    expect(() => bytes.set(0, { ...played, rebuysBought: 64 })).toThrow('64 rebuys bought in a week');
  });
});

describe('values for some slots', () => {
  it('reads in SQL the slots and values the server wrote', async () => {
    const slots = [16_777_215, 0, 70_000];
    const list = new SlotList(slots.length, 2);
    slots.forEach((slot, i) => {
      list.setSlot(i, slot);
      list.bytes[list.valueAt(i)] = i + 1;
      list.bytes[list.valueAt(i) + 1] = 200;
    });
    expect(slots.map((_, i) => list.slotAt(i))).toEqual(slots);
    const db = await database();
    const rows = rowsOf<{ slot: number; a: number; b: number }>(
      await db.execute(sql`
        select ${list.slot()} as slot, ${list.value(0)} as a, ${list.value(1)} as b from ${list.rows()}
        order by s.i`),
    );
    expect(rows.map((row) => [Number(row.slot), Number(row.a), Number(row.b)])).toEqual([
      [16_777_215, 1, 200],
      [0, 2, 200],
      [70_000, 3, 200],
    ]);
  });
});
