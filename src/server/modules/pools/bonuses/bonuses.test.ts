import { beforeEach, describe, expect, it } from 'vitest';
import { type MappedBonusesResponse, POOL_MESSAGES } from '../../../../core/contracts/pools';
import { must } from '../../../../core/must';
import { buildBonusEvent, buildLedgerRow } from '../../../test/factories';
import type { TestApp } from '../../../test/harness';
import { buildMlbPool, enter, joinLeague, type PoolWorld, startPoolWorld } from '../pool-test-world';

let t: TestApp;
let world: PoolWorld;
beforeEach(async () => {
  ({ t, world } = await startPoolWorld());
});

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/**
 * Week 1 (locked at NOW) holds two events: a 50-point game won by alice, charged to bob and carol, and a
 * grand slam won by bob and carol (two winners), charged to alice and her second entry. Week 2 has not
 * locked: its event must not be shown to anyone.
 */
async function seedBonuses() {
  const pool = await buildMlbPool(t.ctx, world.leagueId, { bonusActive: true });
  const users = {
    alice: await joinLeague(t, world.leagueId, 'alice'),
    bob: await joinLeague(t, world.leagueId, 'bob'),
    carol: await joinLeague(t, world.leagueId, 'carol'),
  };
  const alice = await enter(t.ctx, pool.id, users.alice, { bonus: true });
  const alice2 = await enter(t.ctx, pool.id, users.alice, { entryNum: 2, bonus: true });
  const bob = await enter(t.ctx, pool.id, users.bob, { bonus: true });
  const carol = await enter(t.ctx, pool.id, users.carol, { bonus: true });
  const fifty = await buildBonusEvent(t.ctx, {
    poolId: pool.id,
    week: 1,
    teamAbb: 'NYY',
    gid: 'g-1',
    gameSummary: 'BOS @ NYY',
    player: 'Aaron Judge',
    winners: [alice.id],
    prize: 5000,
    total: 5000,
    bonusDate: new Date('2026-11-17T02:00:00Z'),
  });
  const slam = await buildBonusEvent(t.ctx, {
    poolId: pool.id,
    week: 1,
    teamAbb: 'HOU',
    gid: 'g-2',
    gameSummary: 'NYY @ HOU',
    bonusId: 13,
    bonusName: 'GRAND SLAM',
    bonusLongName: 'Grand Slam',
    winners: [bob.id, carol.id],
    prize: 4000,
    total: 8000,
    bonusDate: new Date('2026-11-18T02:00:00Z'),
  });
  const hidden = await buildBonusEvent(t.ctx, {
    poolId: pool.id,
    week: 2,
    teamAbb: 'BOS',
    gid: 'g-3',
    winners: [bob.id],
  });
  const bonus = (eventId: number, entryId: number, amount: number) =>
    buildLedgerRow(t.ctx, {
      poolId: pool.id,
      entryId,
      kind: 'bonus',
      amount,
      bonusEventId: eventId,
      week: 1,
    });
  await bonus(fifty.id, alice.id, 5000);
  await bonus(fifty.id, bob.id, -2500);
  await bonus(fifty.id, carol.id, -2500);
  await bonus(slam.id, bob.id, 4000);
  await bonus(slam.id, carol.id, 4000);
  await bonus(slam.id, alice.id, -4000);
  await bonus(slam.id, alice2.id, -4000);
  await bonus(hidden.id, bob.id, 5000);
  return { pool, alice, alice2, bob, carol, fifty, slam, hidden };
}

describe('GET /api/bonus/events/{leagueSeasonId}', () => {
  it('lists the locked weeks events, newest first, never an open week', async () => {
    const { pool, fifty, slam } = await seedBonuses();
    const answer = await get(`/api/bonus/events/${pool.id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const events = answer.json().events;
    expect(events.map((e: { id: number }) => e.id)).toEqual([slam.id, fifty.id]);
    expect(events[1]).toMatchObject({
      week: 1,
      bonus_name: '50 PTS',
      team_abb: 'NYY',
      player: 'Aaron Judge',
      game_summary: 'BOS @ NYY',
      prize: 5000,
      bonus_date: '2026-11-17T02:00:00.000Z',
    });
  });

  it('is not found for an unknown pool', async () => {
    const answer = await get('/api/bonus/events/999999');
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ message: POOL_MESSAGES.poolNotFound });
  });
});

describe('GET /api/bonus/mapped/{leagueSeasonId}', () => {
  it('names the winners and gives each entry its dollars, and every event sums to zero', async () => {
    const { pool, fifty, slam, bob } = await seedBonuses();
    const answer = await get(`/api/bonus/mapped/${pool.id}`, world.owner.cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    const body: MappedBonusesResponse = answer.json();
    const find = (id: number) => must(body.events.find((event) => event.id === id));
    expect(find(fifty.id).winner_labels).toEqual(['alice']);
    expect(find(fifty.id).lines.map((line) => [line.label, line.dollars_total, line.winner])).toEqual([
      ['alice', 5000, true],
      ['bob', -2500, false],
      ['carol', -2500, false],
    ]);
    expect(find(slam.id).winner_labels).toEqual(['bob', 'carol']);
    expect(find(slam.id).lines.map((line) => [line.label, line.dollars_total])).toEqual([
      ['bob', 4000],
      ['carol', 4000],
      ['alice', -4000],
      ['alice [2]', -4000],
    ]);
    for (const event of body.events) {
      // Zero-sum per event: what the winners received is what the others paid, to the cent.
      expect(event.lines.reduce((sum, line) => sum + line.dollars_total, 0)).toBe(0);
      const won = event.lines
        .filter((line) => line.winner)
        .reduce((sum, line) => sum + line.dollars_total, 0);
      expect(won).toBe(event.total);
      expect(won).toBe(event.prize * event.winners.length);
    }
    // The week-2 event (not locked) pays bob nothing visible yet.
    expect(
      body.events.flatMap((event) => event.lines).filter((line) => line.entry_id === bob.id),
    ).toHaveLength(2);
  });
});

describe('GET /api/bonus/tallys/{game}/{season}/{seasonType}/{leagueSeasonId}', () => {
  it('sums the payouts per week, per game and per bonus type', async () => {
    const { pool } = await seedBonuses();
    const answer = await get(`/api/bonus/tallys/mlb/2023/reg/${pool.id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      weekTotals: [{ week: 1, count: 2, total: 13000 }],
      gameTotals: [
        { gid: 'g-1', game_summary: 'BOS @ NYY', count: 1, total: 5000 },
        { gid: 'g-2', game_summary: 'NYY @ HOU', count: 1, total: 8000 },
      ],
      gameBonusTotals: [
        { bonus_id: 1, bonus_name: '50 PTS', count: 1, total: 5000 },
        { bonus_id: 13, bonus_name: 'GRAND SLAM', count: 1, total: 8000 },
      ],
    });
  });

  it('is not found when the game or season is not the pool own', async () => {
    const { pool } = await seedBonuses();
    for (const path of [`nba/2023/reg/${pool.id}`, `mlb/2024/reg/${pool.id}`, `mlb/2023/pre/${pool.id}`]) {
      const answer = await get(`/api/bonus/tallys/${path}`);
      expect(answer.statusCode, path).toBe(404);
      expect(answer.json()).toEqual({ message: POOL_MESSAGES.poolNotFound });
    }
  });
});
