import { eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { PICK_MESSAGES } from '../../../../core/contracts/pools';
import { rowsOf } from '../../../db/client';
import { picks } from '../../../db/schema';
import { createTestApp } from '../../../test/harness';
import { buildMlbPool, createPoolWorld, enter, NOW, seedMlbSeason } from '../../../test/pool-test-world';

/*
 * A pick whose request waited past its deadline is dropped, never written late (decision 033). The
 * wait is made real on PostgreSQL: another session holds the sessions table, which the pick's read needs.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a pick held past its deadline (PostgreSQL)', () => {
  it('answers 503 and writes nothing', async () => {
    const t = await createTestApp({ now: NOW, env: { PICK_DEADLINE_MS: '300' } });
    const world = await createPoolWorld(t.app);
    await seedMlbSeason(t.ctx);
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    const entry = await enter(t.ctx, pool.id, world.owner);
    const [{ name }] = rowsOf<{ name: string }>(await t.ctx.db.execute(`select current_database() as name`));
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.pathname = `/${name}`;
    const blocker = new pg.Client({ connectionString: url.toString() });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('lock table sessions in access exclusive mode');
      const held = t.app.inject({
        method: 'POST',
        url: '/user/makeUserPick',
        headers: { cookie: world.owner.cookie },
        payload: { userSeasonId: entry.id, week: 2, team: 'NYY', action: 'confirm' },
      });
      await new Promise((resolve) => setTimeout(resolve, 800));
      await blocker.query('commit');
      const answer = await held;
      expect(answer.statusCode, answer.body).toBe(503);
      expect(answer.json().message).toBe(PICK_MESSAGES.tooLate);
      expect(await t.ctx.db.select().from(picks).where(eq(picks.entryId, entry.id))).toEqual([]);
      // In time, the same pick is written.
      const again = await t.app.inject({
        method: 'POST',
        url: '/user/makeUserPick',
        headers: { cookie: world.owner.cookie },
        payload: { userSeasonId: entry.id, week: 2, team: 'NYY', action: 'confirm' },
      });
      expect(again.statusCode, again.body).toBe(200);
    } finally {
      await blocker.end();
    }
  });
});
