import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { playSeason, ScenarioSchema } from '../../../../core/season';
import { DEFAULT_DEMO_CLOCK_START } from '../../../config';
import { entries, leagues, ledger, picks, pools, poolWeeks, users } from '../../../db/schema';
import { DEMO_PASSWORD, seedDemoWorld } from '../../../demo/seed';
import { sessionCookie } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { timeLimit } from '../../../test/time-limit';
import { exportPoolScenario } from './season-export.service';

let t: TestApp;

async function login(username: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { username, password: DEMO_PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  return sessionCookie(response.headers['set-cookie']);
}

describe('season export', () => {
  beforeAll(async () => {
    // The demo on its clock: its running pools' weeks so far are settled from the replayed results.
    t = await createTestApp({ now: new Date(DEFAULT_DEMO_CLOCK_START) });
    await seedDemoWorld(t.ctx);
  }, timeLimit(180_000));

  it('gives the commissioner a scenario on which npm run simulate reports exactly the pool standings', async () => {
    const running = await t.ctx.db
      .select({ pool: pools, abb: leagues.abb })
      .from(pools)
      .innerJoin(leagues, eq(leagues.id, pools.leagueId))
      .where(eq(pools.final, false))
      .orderBy(asc(pools.id));
    const commish = await login('commish');
    let compared = 0;
    for (const { pool, abb } of running) {
      const settled = await t.ctx.db
        .select()
        .from(poolWeeks)
        .where(and(eq(poolWeeks.poolId, pool.id), isNotNull(poolWeeks.settledAt)));
      if (settled.length === 0 || abb !== 'ala') continue;
      const response = await t.app.inject({
        url: `/api/pools/${pool.id}/scenario`,
        headers: { cookie: commish },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-disposition']).toContain('attachment');
      const scenario = ScenarioSchema.parse(response.json());
      expect(scenario.weeks.map((w) => w.week)).toEqual(settled.map((row) => row.week).sort((a, b) => a - b));
      const report = playSeason(scenario);

      const rows = await t.ctx.db
        .select({ entry: entries, username: users.username })
        .from(entries)
        .innerJoin(users, eq(users.id, entries.userId))
        .where(and(eq(entries.poolId, pool.id), eq(entries.status, 1)));
      const money = await t.ctx.db
        .select()
        .from(ledger)
        .where(and(eq(ledger.poolId, pool.id), eq(ledger.kind, 'bonus')));
      for (const { entry, username } of rows) {
        const reported = report.entries.find((r) => r.id === username);
        expect(reported, username).toBeDefined();
        const status = entry.lives <= 0 ? 'eliminated' : entry.needsRebuy ? 'needs-rebuy' : 'alive';
        // A rebuy paid for the week that is locked but not settled yet is not part of the season so far.
        const rebuyForPendingWeek =
          reported?.status === 'needs-rebuy' &&
          status === 'alive' &&
          entry.rebuysMade === (reported?.rebuys ?? 0) + 1;
        const bonusNet = money
          .filter((row) => row.entryId === entry.id)
          .reduce((sum, row) => sum + row.amount, 0);
        expect({
          lives: reported?.lives,
          status: reported?.status,
          weeksAlive: reported?.weeks_alive,
          rebuys: reported?.rebuys,
          bonusNet: reported?.bonus_net,
        }).toEqual({
          lives: entry.lives,
          status: rebuyForPendingWeek ? 'needs-rebuy' : status,
          weeksAlive: entry.weeksAlive,
          rebuys: rebuyForPendingWeek ? entry.rebuysMade - 1 : entry.rebuysMade,
          bonusNet,
        });
        compared++;
      }
      const loaded = await t.app.inject({
        url: `/api/loadPool/${pool.game}/${abb}/${pool.season}/${pool.poolIdx}/${pool.seasonType}`,
      });
      const pendingRebuys = rows.filter(({ entry, username }) => {
        const reported = report.entries.find((r) => r.id === username);
        return reported?.status === 'needs-rebuy' && !entry.needsRebuy && entry.lives > 0;
      }).length;
      expect(report.prize_pool + pendingRebuys * Math.round(pool.rebuyPrice * (1 - pool.alaPct))).toBe(
        loaded.json().pool.prize_pool,
      );
    }
    expect(compared).toBeGreaterThan(5);
  });

  it('is for the league commissioners only, and holds no pick of an open week', async () => {
    const [pool] = await t.ctx.db
      .select({ id: pools.id })
      .from(pools)
      .innerJoin(leagues, eq(leagues.id, pools.leagueId))
      .where(and(eq(leagues.abb, 'ala'), eq(pools.game, 'mlb'), eq(pools.final, false)));
    const member = await t.app.inject({
      url: `/api/pools/${pool.id}/scenario`,
      headers: { cookie: await login('jordan') },
    });
    expect(member.statusCode).toBe(403);
    expect(member.json().message).toBe("Only the league's commissioners can download the pool's season.");
    const visitor = await t.app.inject({ url: `/api/pools/${pool.id}/scenario` });
    expect(visitor.statusCode).toBe(401);

    const scenario = ScenarioSchema.parse(
      (
        await t.app.inject({
          url: `/api/pools/${pool.id}/scenario`,
          headers: { cookie: await login('commish') },
        })
      ).json(),
    );
    const weeks = new Set(scenario.weeks.map((w) => w.week));
    for (const entry of scenario.entries) {
      for (const week of Object.keys(entry.picks)) expect(weeks.has(Number(week))).toBe(true);
    }
  });

  it('writes the same document a batch of entries at a time as in one batch', async () => {
    const running = await t.ctx.db
      .select({ id: pools.id })
      .from(pools)
      .innerJoin(leagues, eq(leagues.id, pools.leagueId))
      .where(and(eq(leagues.abb, 'ala'), eq(pools.final, false)))
      .orderBy(asc(pools.id));
    const [commish] = await t.ctx.db.select().from(users).where(eq(users.username, 'commish'));
    const cookie = await login('commish');
    let batched = 0;
    for (const { id } of running) {
      const whole = await t.app.inject({ url: `/api/pools/${id}/scenario`, headers: { cookie } });
      expect(whole.statusCode, whole.body).toBe(200);
      expect(whole.headers['content-type']).toContain('application/json');
      let text = '';
      for await (const piece of await exportPoolScenario(t.ctx, id, commish, 2)) text += piece;
      expect(text).toBe(whole.body);
      // The reply is the document the response schema describes, byte for byte.
      expect(JSON.stringify(ScenarioSchema.parse(JSON.parse(text)))).toBe(text);
      if (JSON.parse(text).entries.length > 2) batched++;
    }
    expect(batched).toBeGreaterThan(0);
  });

  // Last of this file: it changes a pick of the shared demo world.
  it("refuses to write a season in which the commissioner's Edit Picks broke a rule the scenario format checks", async () => {
    const [pool] = await t.ctx.db
      .select({ id: pools.id })
      .from(pools)
      .innerJoin(leagues, eq(leagues.id, pools.leagueId))
      .where(and(eq(leagues.abb, 'ala'), eq(pools.game, 'mlb'), eq(pools.final, false)));
    const [settledWeek] = await t.ctx.db
      .select({ week: poolWeeks.week })
      .from(poolWeeks)
      .where(and(eq(poolWeeks.poolId, pool.id), isNotNull(poolWeeks.settledAt)))
      .orderBy(asc(poolWeeks.week));
    // An entry with two picks in settled weeks: the later one becomes a commissioner's reuse of the earlier team.
    const rows = await t.ctx.db
      .select({ pick: picks, entryNum: entries.entryNum, username: users.username })
      .from(picks)
      .innerJoin(entries, eq(entries.id, picks.entryId))
      .innerJoin(users, eq(users.id, entries.userId))
      .where(and(eq(entries.poolId, pool.id), eq(entries.status, 1)))
      .orderBy(asc(picks.entryId), asc(picks.week));
    const first = rows.find((row) => row.pick.week === settledWeek.week);
    const later = rows.find(
      (row) => first && row.pick.entryId === first.pick.entryId && row.pick.week === settledWeek.week + 1,
    );
    if (!first || !later) throw new Error('the demo has no entry with picks in two settled weeks');
    await t.ctx.db
      .update(picks)
      .set({ pickId: first.pick.pickId, teamAbb: first.pick.teamAbb, byCommish: true })
      .where(eq(picks.id, later.pick.id));
    const answer = await t.app.inject({
      url: `/api/pools/${pool.id}/scenario`,
      headers: { cookie: await login('commish') },
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toContain(
      `the commissioner's pick ${first.pick.pickId} for ${first.entryNum > 1 ? `${first.username} [${first.entryNum}]` : first.username} in week ${settledWeek.week + 1}`,
    );
  });
});
