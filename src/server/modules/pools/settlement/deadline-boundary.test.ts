import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { ENTRY_ACTION_MESSAGES as M } from '../../../../core/contracts/pools';
import { picks } from '../../../db/schema';
import { buildPick, listEntryWeeks } from '../../../test/factories';
import type { TestApp } from '../../../test/harness';
import type { TestUser } from '../../../test/league-test-world';
import {
  buildMlbPool,
  DEADLINES,
  enter,
  finishWeek,
  type PoolWorld,
  startPoolWorld,
} from '../../../test/pool-test-world';
import { settleDueWeeks } from './settle-pool.job';

/*
 * Week 2's deadline passes while its lock is not written yet (the settlement job runs hours later:
 * results of the week before were late, or the job was down). Whatever changes how week 2 is judged
 * counts for it only when made before its deadline; made a second after, it counts from week 3.
 */

let t: TestApp;
let world: PoolWorld;
let members: TestUser[];
const EARLY = new Date('2026-11-10T00:00:00Z');
const DEADLINE_2 = new Date(DEADLINES[1]);
const DEADLINE_3 = new Date(DEADLINES[2]);
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

beforeEach(async () => {
  ({ t, world, members } = await startPoolWorld({
    seasons: ['mlb'],
    members: ['ann', 'bob', 'cat', 'dan', 'eve', 'fay', 'gus', 'hal', 'ivy'],
  }));
});

const post = (user: TestUser, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie: user.cookie }, payload });

const pickTeam = (user: TestUser, entryId: number, week: number, team: string) =>
  post(user, '/user/makeUserPick', { userSeasonId: entryId, week, team, action: 'confirm' });

async function entryActions(user: TestUser, entryId: number) {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/entryActions/${entryId}`,
    headers: { cookie: user.cookie },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

async function weekPicks(entryId: number) {
  const rows = await t.ctx.db.select().from(picks).where(eq(picks.entryId, entryId)).orderBy(asc(picks.week));
  return rows.map((row) => [row.week, row.pickId, row.byInsurance]);
}

describe('changes at week 2 deadline, with its lock written hours later', () => {
  it('count for week 2 a second before the deadline, and from week 3 a second after', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId, {
      start: EARLY,
      rebuys: 2,
      rebuyPrice: 2500,
      insuranceOption: 1,
      insurance: 1000,
      bonusActive: true,
      bonusCadence: 1,
      bonusShutdown: 1,
    });
    const [ann, bob, cat, dan, eve, fay, gus, hal, ivy] = members;
    const entryOf = new Map<TestUser, number>();
    for (const user of members) {
      // cat rebuys automatically all season, so its week-2 loss leaves it playing week 3.
      const values = user === cat ? { autoRebuy: true } : {};
      entryOf.set(user, (await enter(t.ctx, pool.id, user, { createdAt: EARLY, ...values })).id);
    }
    const id = (user: TestUser) => entryOf.get(user) as number;
    // Week 1: HOU advances (1-1); hal and ivy lose with BOS (0-1) and must rebuy before week 2 locks.
    for (const user of members) {
      await buildPick(t.ctx, {
        entryId: id(user),
        week: 1,
        pickId: user === hal || user === ivy ? 'BOS' : 'HOU',
      });
    }
    await finishWeek(t.ctx, 1, { 'NYY-BOS': [5, 3], 'HOU-NYY': [4, 2], 'TOR-HOU': [3, 1] });
    expect((await settleDueWeeks(t.ctx)).settled).toEqual([{ poolId: pool.id, week: 1 }]);

    // Week 2's picks made in time: NYY is the most popular.
    for (const [user, team] of [
      [ann, 'NYY'],
      [dan, 'BOS'],
      [eve, 'BOS'],
      [fay, 'NYY'],
      [gus, 'NYY'],
    ] as const) {
      expect((await pickTeam(user, id(user), 2, team)).statusCode).toBe(200);
    }

    // A second before the deadline: each of these counts for week 2.
    t.clock.set(at(DEADLINE_2, -1000));
    const insuredInTime = await post(bob, '/user/buyInsurance', { userSeason: id(bob), cost: 1000 });
    expect(insuredInTime.json()).toMatchObject({ effective_week: 2, message: M.insured(2) });
    const autoInTime = await post(dan, '/user/toggleRebuys', { bool: true, userSeason: id(dan) });
    expect(autoInTime.json()).toMatchObject({ effective_week: 2 });
    const bonusInTime = await post(fay, '/user/toggleBonus', { bool: true, userSeason: id(fay) });
    expect(bonusInTime.json()).toMatchObject({ effective_week: 2 });
    expect((await post(hal, '/user/rebuy', { userSeason: id(hal) })).statusCode).toBe(200);
    expect((await pickTeam(hal, id(hal), 2, 'NYY')).statusCode).toBe(200);

    // A second after it, before the lock is written: picks and rebuys are refused, the rest counts
    // from week 3. cat has seen week 2's public picks (NYY for all) and buys insurance now.
    t.clock.set(at(DEADLINE_2, 1000));
    expect((await pickTeam(cat, id(cat), 2, 'NYY')).statusCode).toBe(409);
    const insuredLate = await post(cat, '/user/buyInsurance', { userSeason: id(cat), cost: 1000 });
    expect(insuredLate.statusCode, insuredLate.body).toBe(200);
    expect(insuredLate.json()).toMatchObject({ effective_week: 3, message: M.insured(3) });
    expect((await entryActions(cat, id(cat))).insurance).toMatchObject({
      purchased: true,
      effective_week: 3,
    });
    expect((await entryActions(bob, id(bob))).insurance).toMatchObject({
      purchased: true,
      effective_week: 2,
    });
    const autoLate = await post(eve, '/user/toggleRebuys', { bool: true, userSeason: id(eve) });
    expect(autoLate.json()).toMatchObject({ effective_week: 3, message: M.autoRebuyOn(3) });
    const bonusLate = await post(gus, '/user/toggleBonus', { bool: true, userSeason: id(gus) });
    expect(bonusLate.json()).toMatchObject({ effective_week: 3, message: M.bonusOn(3) });
    const rebuyLate = await post(ivy, '/user/rebuy', { userSeason: id(ivy) });
    expect(rebuyLate.statusCode).toBe(409);
    expect(rebuyLate.json().message).toBe(M.rebuyClosed(2));

    // The lock is written three hours after the deadline, and sees week 2 as it stood at the deadline.
    t.clock.set(at(DEADLINE_2, 3 * 60 * 60 * 1000));
    expect((await settleDueWeeks(t.ctx)).locked).toEqual([{ poolId: pool.id, week: 2 }]);
    expect(await weekPicks(id(bob))).toEqual([
      [1, 'HOU', false],
      [2, 'NYY', true],
    ]);
    expect(await weekPicks(id(cat))).toEqual([[1, 'HOU', false]]);
    const locked = new Map(
      (await listEntryWeeks(t.ctx, { poolId: pool.id, week: 2 })).map((row) => [row.entryId, row]),
    );
    expect(locked.get(id(dan))?.autoRebuy).toBe(true);
    expect(locked.get(id(eve))?.autoRebuy).toBe(false);
    expect(locked.get(id(fay))?.inBonus).toBe(true);
    expect(locked.get(id(gus))?.inBonus).toBe(false);

    // NYY wins both games: BOS and HOU lose.
    await finishWeek(t.ctx, 2, { 'NYY-BOS': [5, 3], 'HOU-NYY': [2, 4] });
    expect((await settleDueWeeks(t.ctx)).settled).toEqual([{ poolId: pool.id, week: 2 }]);
    const judged = new Map(
      (await listEntryWeeks(t.ctx, { poolId: pool.id, week: 2 })).map((row) => [
        row.entryId,
        [row.result, row.status, row.rebuysBought],
      ]),
    );
    expect(judged.get(id(bob))).toEqual(['advance', 'alive', 0]);
    // Not insured for week 2: its missing pick loses a life (auto-rebuy pays for it).
    expect(judged.get(id(cat))).toEqual(['no-pick', 'alive', 1]);
    expect(judged.get(id(dan))).toEqual(['loss', 'alive', 1]);
    expect(judged.get(id(eve))).toEqual(['loss', 'needs-rebuy', 0]);
    expect(judged.get(id(hal))).toEqual(['advance', 'alive', 0]);
    expect(judged.get(id(ivy))).toEqual(['no-rebuy', 'eliminated', 0]);

    // From week 3 on, the late changes count: cat's insurance fills its missing pick.
    expect((await pickTeam(ann, id(ann), 3, 'BOS')).statusCode).toBe(200);
    t.clock.set(at(DEADLINE_3, 60 * 60 * 1000));
    expect((await settleDueWeeks(t.ctx)).locked).toEqual([{ poolId: pool.id, week: 3 }]);
    expect(await weekPicks(id(cat))).toEqual([
      [1, 'HOU', false],
      [3, 'BOS', true],
    ]);
    const week3 = new Map(
      (await listEntryWeeks(t.ctx, { poolId: pool.id, week: 3 })).map((row) => [row.entryId, row]),
    );
    expect(week3.get(id(eve))?.autoRebuy).toBe(true);
    expect(week3.get(id(gus))?.inBonus).toBe(true);
  });

  it('does not insure week 2 for insurance bought at its deadline instant', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId, {
      start: EARLY,
      insuranceOption: 1,
      insurance: 0,
    });
    const [ann, bob] = members;
    const picker = await enter(t.ctx, pool.id, ann, { createdAt: EARLY });
    const late = await enter(t.ctx, pool.id, bob, { createdAt: EARLY });
    await buildPick(t.ctx, { entryId: picker.id, week: 1, pickId: 'HOU' });
    await buildPick(t.ctx, { entryId: late.id, week: 1, pickId: 'HOU' });
    await finishWeek(t.ctx, 1, { 'NYY-BOS': [5, 3], 'HOU-NYY': [4, 2], 'TOR-HOU': [3, 1] });
    await settleDueWeeks(t.ctx);
    expect((await pickTeam(ann, picker.id, 2, 'NYY')).statusCode).toBe(200);
    // A deadline counts as passed at its instant, for picks and insurance alike.
    t.clock.set(DEADLINE_2);
    expect((await pickTeam(bob, late.id, 2, 'NYY')).statusCode).toBe(409);
    const bought = await post(bob, '/user/buyInsurance', { userSeason: late.id, cost: 0 });
    expect(bought.json()).toMatchObject({ effective_week: 3 });
    t.clock.set(at(DEADLINE_2, 60_000));
    expect((await settleDueWeeks(t.ctx)).locked).toEqual([{ poolId: pool.id, week: 2 }]);
    expect(await weekPicks(late.id)).toEqual([[1, 'HOU', false]]);
  });

  it('eliminates at week 2 a week-1 loss judged after week 2 deadline, whatever is switched after it', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId, { start: EARLY, rebuys: 1, rebuyPrice: 2500 });
    const [ann] = members;
    const entry = await enter(t.ctx, pool.id, ann, { createdAt: EARLY, lives: 2 });
    await buildPick(t.ctx, { entryId: entry.id, week: 1, pickId: 'BOS' });
    expect((await settleDueWeeks(t.ctx)).locked).toEqual([{ poolId: pool.id, week: 1 }]);

    // Week 1's results are late: after week 2's deadline nothing is owed yet, and auto-rebuy turned on
    // now applies from week 3, too late for a loss of week 1.
    t.clock.set(at(DEADLINE_2, 1000));
    const auto = await post(ann, '/user/toggleRebuys', { bool: true, userSeason: entry.id });
    expect(auto.json()).toMatchObject({ effective_week: 3 });
    expect((await post(ann, '/user/rebuy', { userSeason: entry.id })).json().message).toBe(M.noRebuyNeeded);

    t.clock.set(at(DEADLINE_2, 3 * 60 * 60 * 1000));
    await finishWeek(t.ctx, 1, { 'NYY-BOS': [5, 3], 'HOU-NYY': [4, 2], 'TOR-HOU': [3, 1] });
    await finishWeek(t.ctx, 2, { 'NYY-BOS': [5, 3], 'HOU-NYY': [2, 4] });
    const run = await settleDueWeeks(t.ctx);
    expect(run.settled).toEqual([
      { poolId: pool.id, week: 1 },
      { poolId: pool.id, week: 2 },
    ]);
    const weeks = await listEntryWeeks(t.ctx, { poolId: pool.id, entryId: entry.id });
    expect(weeks.map((row) => [row.week, row.result, row.status, row.autoRebuy])).toEqual([
      [1, 'loss', 'needs-rebuy', false],
      [2, 'no-rebuy', 'eliminated', false],
    ]);
  });
});
