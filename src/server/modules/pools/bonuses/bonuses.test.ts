import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { PAGING_MESSAGES } from '../../../../core/contracts/paging';
import {
  BONUS_LEADERBOARD_TOP,
  BONUS_WINNERS_SHOWN,
  type MappedBonusesResponse,
  POOL_MESSAGES,
} from '../../../../core/contracts/pools';
import { must } from '../../../../core/must';
import { buildBonusEvent, buildLedgerRow } from '../../../test/factories';
import type { TestApp } from '../../../test/harness';
import {
  buildMlbPool,
  enter,
  joinLeague,
  type PoolWorld,
  startPoolWorld,
} from '../../../test/pool-test-world';

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
  return { pool, users, alice, alice2, bob, carol, fifty, slam, hidden };
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

  it('pages the events on the server and searches them', async () => {
    const { pool, fifty, slam } = await seedBonuses();
    const first = (await get(`/api/bonus/events/${pool.id}?pageSize=1`)).json();
    expect(first).toMatchObject({ page: 1, pageSize: 1, total: 2 });
    expect(first.events.map((e: { id: number }) => e.id)).toEqual([slam.id]);
    const second = (await get(`/api/bonus/events/${pool.id}?pageSize=1&page=2`)).json();
    expect(second.events.map((e: { id: number }) => e.id)).toEqual([fifty.id]);
    const mapped = (await get(`/api/bonus/mapped/${pool.id}?pageSize=1&page=2`)).json();
    expect(mapped).toMatchObject({ page: 2, pageSize: 1, total: 2 });
    expect(mapped.events.map((e: { id: number }) => e.id)).toEqual([fifty.id]);
    const judge = (await get(`/api/bonus/mapped/${pool.id}?q=judge`)).json();
    expect(judge.total).toBe(1);
    expect(judge.events[0].id).toBe(fifty.id);
    for (const url of [`/api/bonus/events/${pool.id}`, `/api/bonus/mapped/${pool.id}`]) {
      const tooBig = await get(`${url}?pageSize=101`);
      expect(tooBig.statusCode).toBe(400);
      expect(tooBig.json().message).toBe(PAGING_MESSAGES.pageSize);
    }
  });

  it('is not found for an unknown pool', async () => {
    const answer = await get('/api/bonus/events/999999');
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ message: POOL_MESSAGES.poolNotFound });
  });
});

describe('GET /api/bonus/mapped/{leagueSeasonId}', () => {
  it('names the winners with their prizes, and the viewer own entries with their dollars', async () => {
    const { pool, users, fifty, slam, bob } = await seedBonuses();
    // The commissioner has no entry: the winners' lines only.
    const answer = await get(`/api/bonus/mapped/${pool.id}`, world.owner.cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    const body: MappedBonusesResponse = answer.json();
    const find = (id: number) => must(body.events.find((event) => event.id === id));
    expect(find(fifty.id).winner_labels).toEqual(['alice']);
    expect(find(fifty.id).lines.map((line) => [line.label, line.dollars_total, line.winner])).toEqual([
      ['alice', 5000, true],
    ]);
    expect(find(slam.id).winner_labels).toEqual(['bob', 'carol']);
    for (const event of body.events) {
      // What the named winners received is the event's total.
      const won = event.lines
        .filter((line) => line.winner)
        .reduce((sum, line) => sum + line.dollars_total, 0);
      expect(won).toBe(event.total);
      expect(won).toBe(event.prize * event.winner_count);
    }

    // Alice sees her two entries' charges on the grand slam too: that event then sums to zero.
    const asAlice: MappedBonusesResponse = (
      await get(`/api/bonus/mapped/${pool.id}`, users.alice.cookie)
    ).json();
    const slamForAlice = must(asAlice.events.find((event) => event.id === slam.id));
    expect(slamForAlice.lines.map((line) => [line.label, line.dollars_total])).toEqual([
      ['bob', 4000],
      ['carol', 4000],
      ['alice', -4000],
      ['alice [2]', -4000],
    ]);
    expect(slamForAlice.lines.reduce((sum, line) => sum + line.dollars_total, 0)).toBe(0);
    // The week-2 event (not locked) pays bob nothing visible yet.
    const asBob: MappedBonusesResponse = (await get(`/api/bonus/mapped/${pool.id}`, users.bob.cookie)).json();
    expect(
      asBob.events.flatMap((event) => event.lines).filter((line) => line.entry_id === bob.id),
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

/**
 * 3000 bonus entries; one bonus won by the first 2000 of them (the viewer's entry among the last), charged
 * to the other 1000: bulk-inserted with generate_series, as settlement leaves them.
 */
async function seedHugeBonus() {
  const pool = await buildMlbPool(t.ctx, world.leagueId, { bonusActive: true });
  const viewer = await joinLeague(t, world.leagueId, 'zed');
  await t.ctx.db.execute(sql`
    insert into users (username, email, name_first, name_last)
    select 'b' || lpad(i::text, 5, '0'), 'b' || i || '@example.com', 'B', 'B' from generate_series(1, 2999) as i`);
  await t.ctx.db.execute(sql`
    insert into entries (pool_id, user_id, lives, bonus)
    select ${pool.id}, u.id, 3, true from users u where u.username like 'b%' order by u.username`);
  const mine = await enter(t.ctx, pool.id, viewer, { bonus: true });
  const { rows } = await t.ctx.db.execute<{ ids: number[] }>(
    sql`select array_agg(id order by id) as ids from entries where pool_id = ${pool.id} and id <> ${mine.id}`,
  );
  const others = (rows[0]?.ids ?? []).map(Number);
  const winners = [...others.slice(0, 1999), mine.id];
  const event = await buildBonusEvent(t.ctx, {
    poolId: pool.id,
    week: 1,
    teamAbb: 'NYY',
    gid: 'g-1',
    winners,
    prize: 100,
    total: 100 * winners.length,
  });
  await t.ctx.db.execute(sql`
    insert into ledger (pool_id, entry_id, kind, amount, week, bonus_event_id, created_at)
    select ${pool.id}, e.id, 'bonus', case when e.id = any(${`{${winners.join(',')}}`}::int[]) then 100 else -200 end,
      1, ${event.id}, now()
    from entries e where e.pool_id = ${pool.id}`);
  return { pool, viewer, mine, event, winners };
}

describe('a huge bonus pool', () => {
  it('names at most 50 winners an event, the viewer own entry first, with the count of them all', async () => {
    const { pool, viewer, mine, event } = await seedHugeBonus();
    const events = await get(`/api/bonus/events/${pool.id}`, viewer.cookie);
    expect(events.statusCode, events.body).toBe(200);
    const [shown] = events.json().events;
    expect(shown).toMatchObject({ id: event.id, winner_count: 2000, total: 200_000 });
    expect(shown.winners).toHaveLength(BONUS_WINNERS_SHOWN);
    expect(shown.winners[0]).toBe(mine.id);

    const mapped = await get(`/api/bonus/mapped/${pool.id}`, viewer.cookie);
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect(mapped.body.length).toBeLessThan(20_000);
    const [line] = mapped.json().events;
    expect(line.winner_count).toBe(2000);
    expect(line.winner_labels[0]).toBe('zed');
    expect(line.lines).toHaveLength(BONUS_WINNERS_SHOWN);
    expect(line.lines.find((l: { entry_id: number }) => l.entry_id === mine.id)).toMatchObject({
      dollars_total: 100,
      winner: true,
    });

    // A visitor gets the first 50 winners, in the order they won.
    const visitor = (await get(`/api/bonus/events/${pool.id}`)).json().events[0];
    expect(visitor.winners).toHaveLength(BONUS_WINNERS_SHOWN);
    expect(visitor.winners).not.toContain(mine.id);
  });

  it('shows a charged entry its own charge, and sums the tallies in SQL', async () => {
    const { pool } = await seedHugeBonus();
    const payer = await joinLeague(t, world.leagueId, 'payer');
    const entry = await enter(t.ctx, pool.id, payer, { bonus: true });
    await buildLedgerRow(t.ctx, { poolId: pool.id, entryId: entry.id, kind: 'bonus', amount: -200, week: 1 });
    const { rows } = await t.ctx.db.execute<{ id: number }>(
      sql`select id from bonus_events where pool_id = ${pool.id}`,
    );
    await t.ctx.db.execute(
      sql`update ledger set bonus_event_id = ${Number(rows[0]?.id)} where entry_id = ${entry.id}`,
    );
    const [event] = (await get(`/api/bonus/mapped/${pool.id}`, payer.cookie)).json().events;
    expect(event.lines).toHaveLength(BONUS_WINNERS_SHOWN + 1);
    expect(event.lines.at(-1)).toMatchObject({ entry_id: entry.id, dollars_total: -200, winner: false });

    const tallys = (await get(`/api/bonus/tallys/mlb/2023/reg/${pool.id}`)).json();
    expect(tallys.weekTotals).toEqual([{ week: 1, count: 1, total: 200_000 }]);
  });
});

describe('GET /api/bonus/leaderboard/{leagueSeasonId}', () => {
  it('ranks the bonus entries by their bonus money, ties sharing a place, with the viewer own', async () => {
    const { pool, users } = await seedBonuses();
    const answer = await get(`/api/bonus/leaderboard/${pool.id}`, users.alice.cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    expect(
      body.top.map((row: { label: string; place: number; bonus: number }) => [
        row.label,
        row.place,
        row.bonus,
      ]),
    ).toEqual([
      ['bob', 1, 6500],
      ['carol', 2, 1500],
      ['alice', 3, 1000],
      ['alice [2]', 4, -4000],
    ]);
    expect(body.ranked).toBe(4);
    expect(body.mine.map((row: { label: string }) => row.label)).toEqual(['alice', 'alice [2]']);
  });

  it('answers the top ten and the viewer place in a huge bonus pool', async () => {
    const { pool, viewer } = await seedHugeBonus();
    const body = (await get(`/api/bonus/leaderboard/${pool.id}`, viewer.cookie)).json();
    expect(body.ranked).toBe(3000);
    expect(body.top).toHaveLength(BONUS_LEADERBOARD_TOP);
    expect(
      body.top.every((row: { place: number; bonus: number }) => row.place === 1 && row.bonus === 100),
    ).toBe(true);
    expect(body.mine).toEqual([expect.objectContaining({ label: 'zed', place: 1, bonus: 100 })]);
    const payer = await joinLeague(t, world.leagueId, 'payer');
    const entry = await enter(t.ctx, pool.id, payer, { bonus: true });
    await buildLedgerRow(t.ctx, { poolId: pool.id, entryId: entry.id, kind: 'bonus', amount: -200, week: 1 });
    const asPayer = (await get(`/api/bonus/leaderboard/${pool.id}`, payer.cookie)).json();
    // 2000 winners hold more; the 1000 others charged share the payer's place.
    expect(asPayer.mine).toEqual([expect.objectContaining({ label: 'payer', place: 2001, bonus: -200 })]);
    expect(asPayer.ranked).toBe(3001);
  });
});
