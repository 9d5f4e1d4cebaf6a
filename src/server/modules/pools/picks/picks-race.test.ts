import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { must } from '../../../../core/must';
import { games, pickAudits, picks, teams } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness';
import {
  buildMlbPool,
  createPoolWorld,
  DEADLINES,
  enter,
  NOW,
  type PoolWorld,
} from '../../../test/pool-test-world';

/**
 * Racing picks of one entry. On PostgreSQL (TEST_DATABASE_URL) the requests really overlap and
 * the compare-and-set on the entry row serializes them; PGlite runs them one after the other. Either way every
 * answer is a 200 or a clear 409, and the database keeps the rules.
 */

const RACERS = 20;
let t: TestApp;
let world: PoolWorld;
const abbs = Array.from({ length: RACERS }, (_, i) => `T${String(i).padStart(2, '0')}`);

beforeEach(async () => {
  t = await createTestApp({ now: NOW });
  world = await createPoolWorld(t.app);
  await t.ctx.db.insert(teams).values(
    abbs.map((abb) => ({
      game: 'mlb',
      abb,
      name: `Team ${abb}`,
      city: 'City',
      colorOne: '#000',
      colorTwo: '#fff',
    })),
  );
  const rows = [];
  for (const week of [2, 3]) {
    const startTime = new Date(new Date(DEADLINES[week - 1]).getTime() + 3_600_000);
    for (let i = 0; i < RACERS; i += 2) {
      rows.push({
        game: 'mlb',
        gid: `r${week}-${i}`,
        season: 2023,
        week,
        home: abbs[i],
        away: abbs[i + 1],
        startTime,
      });
    }
  }
  await t.ctx.db.insert(games).values(rows);
});

const confirm = (cookie: string, entryId: number, week: number, team: string) =>
  t.app.inject({
    method: 'POST',
    url: '/user/makeUserPick',
    headers: { cookie },
    payload: { userSeasonId: entryId, week, team, action: 'confirm' },
  });

describe('racing picks', () => {
  it(`leaves exactly one pick after ${RACERS} parallel confirms of different teams for one week`, async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    const entry = await enter(t.ctx, pool.id, world.owner);
    const answers = await Promise.all(abbs.map((abb) => confirm(world.owner.cookie, entry.id, 2, abb)));
    for (const answer of answers) expect([200, 409], answer.body).toContain(answer.statusCode);
    const held = await t.ctx.db.select().from(picks).where(eq(picks.entryId, entry.id));
    expect(held).toHaveLength(1);
    // Each success is one audited change, and the last one is the pick that stayed.
    const audits = await t.ctx.db
      .select()
      .from(pickAudits)
      .where(eq(pickAudits.entryId, entry.id))
      .orderBy(asc(pickAudits.id));
    expect(audits).toHaveLength(answers.filter((a) => a.statusCode === 200).length);
    expect(audits.at(-1)?.newPickId).toBe(held[0].pickId);
  });

  it('answers 200 to every one of a double submitted pick and writes it once', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    for (let round = 0; round < 5; round++) {
      const entry = await enter(t.ctx, pool.id, world.owner, { entryNum: round + 1 });
      const answers = await Promise.all([
        confirm(world.owner.cookie, entry.id, 2, 'T00'),
        confirm(world.owner.cookie, entry.id, 2, 'T00'),
      ]);
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
      expect(answers[1].json()).toEqual(answers[0].json());
      expect(await t.ctx.db.select().from(picks).where(eq(picks.entryId, entry.id))).toHaveLength(1);
      expect(await t.ctx.db.select().from(pickAudits).where(eq(pickAudits.entryId, entry.id))).toHaveLength(
        1,
      );
    }
  });

  it('leaves one pick when one team is confirmed for two weeks at once', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    for (let round = 0; round < 5; round++) {
      const entry = await enter(t.ctx, pool.id, world.owner, { entryNum: round + 1 });
      const answers = await Promise.all([
        confirm(world.owner.cookie, entry.id, 2, 'T00'),
        confirm(world.owner.cookie, entry.id, 3, 'T00'),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const loser = must(answers.find((a) => a.statusCode === 409));
      expect(loser.json().message).toMatch(
        /^You already used the Team T00 in Week [23]\. A team can be picked once per season\.$/,
      );
      expect(await t.ctx.db.select().from(picks).where(eq(picks.entryId, entry.id))).toHaveLength(1);
    }
  });
});
