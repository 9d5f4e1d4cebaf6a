import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PicksDueResponse } from '../../../../core/contracts/me';
import type { MissingPicksResponse } from '../../../../core/contracts/pools';
import type { PoolRecord } from '../../../db/schema';
import { reminderQueue } from '../../../db/schema';
import { buildPick } from '../../../test/factories';
import type { TestApp } from '../../../test/harness';
import type { TestUser } from '../../../test/league-test-world';
import {
  buildMlbPool,
  buildNflPool,
  enter,
  type PoolWorld,
  startPoolWorld,
} from '../../../test/pool-test-world';
import { dueReminders, enqueuePoolWeek } from '../../reminders/reminders.service';

/*
 * One rule of "owes a pick" (docs/RULES.md, "Picks owed"): picks due, Missing Picks and the reminders
 * name the same open week and the same entries of one pool.
 */

let t: TestApp;
let world: PoolWorld;
let ann: TestUser;
let bob: TestUser;
beforeEach(async () => {
  ({
    t,
    world,
    members: [ann, bob],
  } = await startPoolWorld({ seasons: ['mlb', 'nfl'], members: ['ann', 'bob'] }));
});

/** The open week and the owing entries, as each of the three features sees them. */
async function threeAnswers(pool: PoolRecord, players: readonly TestUser[]) {
  const dueWeeks = new Set<number>();
  const due: number[] = [];
  for (const player of players) {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/me/picks-due',
      headers: { cookie: player.cookie },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    for (const row of answer.json<PicksDueResponse>().due.filter((row) => row.pool_id === pool.id)) {
      dueWeeks.add(row.week);
      due.push(row.entry_id);
    }
  }
  const listed = await t.app.inject({
    method: 'GET',
    url: `/api/pools/${pool.id}/commish/missingPicks?pageSize=100`,
    headers: { cookie: world.owner.cookie },
  });
  expect(listed.statusCode, listed.body).toBe(200);
  const missing = listed.json<MissingPicksResponse>();

  const reminders = await dueReminders(t.ctx, pool, t.clock.now());
  for (const target of reminders) await enqueuePoolWeek(t.ctx, target, 2);
  const queued = await t.ctx.db
    .select({ entryId: reminderQueue.entryId, week: reminderQueue.week })
    .from(reminderQueue)
    .where(eq(reminderQueue.poolId, pool.id));
  const sorted = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b);
  return {
    picksDue: { weeks: [...dueWeeks], entries: sorted(due) },
    missingPicks: { weeks: [missing.week], entries: sorted(missing.rows.map((row) => row.entry_id)) },
    reminders: {
      weeks: [...new Set([...reminders.map((r) => r.week), ...queued.map((q) => q.week)])],
      entries: sorted(queued.map((q) => q.entryId)),
    },
  };
}

describe('who owes a pick', () => {
  it('NFL TD: picks due, Missing Picks and reminders agree; a week without games is never open', async () => {
    // Week 1 has no games: nothing can be picked in it (no_game), so the open week is week 2, which
    // locks at its first kickoff (2026-11-20T01:15Z), 19 hours ahead: the 24 h reminder is due. Week 1's
    // deadline day has not begun in Pacific time yet, so a week-1 fallback lock would still be ahead.
    t.clock.set(new Date('2026-11-19T06:00:00Z'));
    const pool = await buildNflPool(t.ctx, world.leagueId, {
      customName: 'TD Pool',
      playersPerWeek: 2,
      maxEntries: 5,
      deadlines: ['2026-11-19T20:00:00Z', '2026-11-26T00:00:00Z', '2026-12-03T00:00:00Z'],
    });
    const none = await enter(t.ctx, pool.id, ann);
    const half = await enter(t.ctx, pool.id, ann, { entryNum: 2 });
    const full = await enter(t.ctx, pool.id, ann, { entryNum: 3 });
    const insured = await enter(t.ctx, pool.id, bob, { insurancePurchased: true });
    await enter(t.ctx, pool.id, bob, { entryNum: 2, lives: 0 });
    await enter(t.ctx, pool.id, bob, { entryNum: 3, needsRebuy: true });
    await enter(t.ctx, pool.id, bob, { entryNum: 4, status: 0 });
    await buildPick(t.ctx, { entryId: half.id, week: 2, pickId: 'kc1', teamAbb: 'KC' });
    await buildPick(t.ctx, { entryId: full.id, week: 2, pickId: 'kc2', teamAbb: 'KC' });
    await buildPick(t.ctx, { entryId: full.id, week: 2, pickId: 'gb1', teamAbb: 'GB' });
    // A pick of another week never counts for the open one.
    await buildPick(t.ctx, { entryId: none.id, week: 3, pickId: 'sf1', teamAbb: 'SF' });

    const owing = { weeks: [2], entries: [none.id, half.id, insured.id].sort((a, b) => a - b) };
    expect(await threeAnswers(pool, [ann, bob])).toEqual({
      picksDue: owing,
      missingPicks: owing,
      reminders: owing,
    });
  });

  it('MLB: the three agree on the open week and its owing entries', async () => {
    // The test clock: week 1 locked, week 2 locks 2026-11-23T00:00Z, six hours ahead.
    const pool = await buildMlbPool(t.ctx, world.leagueId, { customName: 'Bronx', maxEntries: 4 });
    const owes = await enter(t.ctx, pool.id, ann, { lives: 2 });
    const picked = await enter(t.ctx, pool.id, ann, { entryNum: 2 });
    const insured = await enter(t.ctx, pool.id, bob, { insurancePurchased: true });
    await enter(t.ctx, pool.id, bob, { entryNum: 2, lives: 0 });
    await enter(t.ctx, pool.id, bob, { entryNum: 3, needsRebuy: true });
    await buildPick(t.ctx, { entryId: owes.id, week: 1, pickId: 'NYY' });
    await buildPick(t.ctx, { entryId: picked.id, week: 2, pickId: 'BOS' });

    const owing = { weeks: [2], entries: [owes.id, insured.id].sort((a, b) => a - b) };
    expect(await threeAnswers(pool, [ann, bob])).toEqual({
      picksDue: owing,
      missingPicks: owing,
      reminders: owing,
    });
  });
});
