import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../../db/client';
import { pickAudits, picks } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import { registerNamed } from '../../../test/league-test-world';
import {
  buildMlbPool,
  buildNflPool,
  createPoolWorld,
  enter,
  NOW,
  seedNflSeason,
} from '../../../test/pool-test-world';

/**
 * The data migration that moved entries.selections into picks, replayed on a database where the
 * old column is put back for the test: every value shape it met, and nothing else touched.
 */

const migrationSql = () => {
  // Found by name, not number: migrations may be renumbered when branches merge.
  const file = readdirSync(MIGRATIONS_DIR).find((name) => name.endsWith('_migrate_selections.sql'));
  if (!file) throw new Error('the selections data migration is missing');
  return readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
};

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: NOW });
});

describe('migration: entries.selections into picks', () => {
  it('moves team and player picks by week, skips empty markers and a second use, and audits each row', async () => {
    const world = await createPoolWorld(t.app);
    await seedNflSeason(t.ctx);
    const other = await registerNamed(t.app, 'other');
    const mlb = await buildMlbPool(t.ctx, world.leagueId);
    const nfl = await buildNflPool(t.ctx, world.leagueId);
    const a = await enter(t.ctx, mlb.id, world.owner);
    const b = await enter(t.ctx, nfl.id, other);
    const c = await enter(t.ctx, mlb.id, other);
    await t.ctx.db.execute(sql.raw(`alter table entries add column selections jsonb not null default '{}'`));
    // The migration ran when (entry, pick) was unique over every pick; commissioners' picks came later (0017).
    await t.ctx.db.execute(sql.raw('create unique index picks_entry_pick_then on picks (entry_id, pick_id)'));
    try {
      const set = (id: number, value: unknown) =>
        t.ctx.db.execute(
          sql`update entries set selections = ${JSON.stringify(value)}::jsonb where id = ${id}`,
        );
      await set(a.id, { 1: 'NYY', 2: 'xxx', 3: 'BOS', 4: 'NYY', 5: '' });
      await set(b.id, { 2: ['sf1', 'gb2'], 3: [], x: 'kc1' });
      await set(c.id, {});
      await t.ctx.db.execute(sql.raw(migrationSql()));
    } finally {
      await t.ctx.db.execute(sql.raw('alter table entries drop column selections'));
      await t.ctx.db.execute(sql.raw('drop index picks_entry_pick_then'));
    }
    const rows = await t.ctx.db
      .select()
      .from(picks)
      .orderBy(asc(picks.entryId), asc(picks.week), asc(picks.pickId));
    expect(rows.map((p) => [p.entryId, p.week, p.pickId, p.teamAbb, p.byInsurance])).toEqual([
      [a.id, 1, 'NYY', 'NYY', false],
      [a.id, 3, 'BOS', 'BOS', false],
      [b.id, 2, 'gb2', 'GB', false],
      [b.id, 2, 'sf1', 'SF', false],
    ]);
    const audits = await t.ctx.db.select().from(pickAudits);
    expect(audits).toHaveLength(4);
    expect(audits.every((row) => row.action === 'migrate' && row.oldPickId === null)).toBe(true);
  });
});
