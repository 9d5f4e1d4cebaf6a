import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { entries, ledger, pools } from '../../../db/schema';
import type { TestApp } from '../../../test/harness';
import {
  buildMlbPool,
  enter,
  joinLeague,
  type PoolWorld,
  startPoolWorld,
} from '../../../test/pool-test-world';
import { appendLedger } from './ledger.repo';

let t: TestApp;
let world: PoolWorld;
beforeEach(async () => {
  ({ t, world } = await startPoolWorld());
});

/** Two pools with an entry each, and the ledger rows that name them. */
async function twoPools() {
  const alice = await joinLeague(t, world.leagueId, 'alice');
  const first = await buildMlbPool(t.ctx, world.leagueId);
  const second = await buildMlbPool(t.ctx, world.leagueId, { poolIdx: 1 });
  const entry = await enter(t.ctx, first.id, alice);
  const other = await enter(t.ctx, second.id, alice);
  return { first, second, entry, other };
}

const rowsOf = async (poolId: number) =>
  (await t.ctx.db.select().from(ledger).where(eq(ledger.poolId, poolId))).length;

// The ledger's keys are checked once per statement by triggers, not row by row (docs/decisions/009).
describe('the ledger keys', () => {
  it('takes rows of a pool and its entries, and rows of the pool alone', async () => {
    const { first, entry } = await twoPools();
    await appendLedger(
      t.ctx.db,
      [
        { poolId: first.id, entryId: entry.id, kind: 'buyin', amount: -5000 },
        { poolId: first.id, entryId: null, kind: 'prize', amount: 0 },
      ],
      t.clock.now(),
    );
    expect(await rowsOf(first.id)).toBe(2);
  });

  it.each([
    [
      'no such entry',
      (p: Awaited<ReturnType<typeof twoPools>>) => ({ poolId: p.first.id, entryId: 999_999 }),
    ],
    [
      'an entry of another pool',
      (p: Awaited<ReturnType<typeof twoPools>>) => ({
        poolId: p.first.id,
        entryId: p.other.id,
      }),
    ],
    ['no such pool', () => ({ poolId: 999_999, entryId: null })],
  ])('refuses a statement with a row naming %s, and writes none of its rows', async (_, bad) => {
    const world = await twoPools();
    const rows = [
      { poolId: world.first.id, entryId: world.entry.id, kind: 'buyin' as const, amount: -5000 },
      { ...bad(world), kind: 'rebuy' as const, amount: -2500 },
    ];
    await expect(appendLedger(t.ctx.db, rows, t.clock.now())).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '23503' }),
    });
    expect(await rowsOf(world.first.id)).toBe(0);
  });

  it('refuses moving a row to an entry of another pool', async () => {
    const { first, entry, other } = await twoPools();
    await appendLedger(
      t.ctx.db,
      [{ poolId: first.id, entryId: entry.id, kind: 'buyin', amount: -5000 }],
      t.clock.now(),
    );
    await expect(
      t.ctx.db.update(ledger).set({ entryId: other.id }).where(eq(ledger.poolId, first.id)),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23503' }) });
  });

  it('goes with a deleted entry or pool, as a cascade would', async () => {
    const { first, second, entry, other } = await twoPools();
    await appendLedger(
      t.ctx.db,
      [
        { poolId: first.id, entryId: entry.id, kind: 'buyin', amount: -5000 },
        { poolId: first.id, entryId: null, kind: 'prize', amount: 0 },
        { poolId: second.id, entryId: other.id, kind: 'buyin', amount: -5000 },
      ],
      t.clock.now(),
    );
    await t.ctx.db.delete(entries).where(eq(entries.id, entry.id));
    expect(await rowsOf(first.id)).toBe(1);
    await t.ctx.db.delete(pools).where(eq(pools.id, first.id));
    expect(await rowsOf(first.id)).toBe(0);
    expect(await rowsOf(second.id)).toBe(1);
  });
});
