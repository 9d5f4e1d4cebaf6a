import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { POOL_MESSAGES, STANDINGS_MESSAGES } from '../../../../core/contracts/pools';
import { ENTRY_STATUS } from '../../../../core/pool/entry-status';
import { games, poolWeeks } from '../../../db/schema';
import { buildBonusEvent, buildEntryWeek, buildLedgerRow, buildPick } from '../../../test/factories';
import type { TestApp } from '../../../test/harness';
import type { TestUser } from '../../../test/league-test-world';
import {
  buildMlbPool,
  buildNflPool,
  chargeEntries,
  DEADLINES,
  enter,
  NOW,
  type PoolWorld,
  seedNflSeason,
  startPoolWorld,
} from '../../../test/pool-test-world';

let t: TestApp;
let world: PoolWorld;
let other: TestUser;
beforeEach(async () => {
  ({
    t,
    world,
    members: [other],
  } = await startPoolWorld({ seasons: ['mlb'], members: ['other'] }));
});

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** A settled pool week, with the Pool Health Report's counts its judging kept (by lives). */
async function settleWeek(poolId: number, week: number, health: Record<string, number> = {}) {
  await t.ctx.db
    .insert(poolWeeks)
    .values({ poolId, week, aliveAtLock: 0, bonusRunning: false, lockedAt: NOW, settledAt: NOW, health });
}

describe('GET /api/standings/{poolId}', () => {
  it('answers the tiles and the rows, with others’ picks only for locked weeks and the viewer’s own for every week', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId, {
      buyin: 5000,
      rebuys: 2,
      rebuyPrice: 2500,
      insurance: 1000,
      alaPct: 0.05,
      maxEntries: 2,
    });
    const mine = await enter(t.ctx, pool.id, world.owner, { insurancePurchased: true, weeksAlive: 1 });
    const theirs = await enter(t.ctx, pool.id, other, { lives: 2, rebuysMade: 1, needsRebuy: true });
    const second = await enter(t.ctx, pool.id, other, { entryNum: 2, lives: 0 });
    await enter(t.ctx, pool.id, other, { entryNum: 3, status: ENTRY_STATUS.inactive });
    await buildPick(t.ctx, { entryId: mine.id, week: 1, pickId: 'NYY' });
    await buildPick(t.ctx, { entryId: mine.id, week: 2, pickId: 'BOS' });
    await buildPick(t.ctx, { entryId: theirs.id, week: 1, pickId: 'HOU' });
    await buildPick(t.ctx, { entryId: theirs.id, week: 2, pickId: 'TOR' });
    await buildEntryWeek(t.ctx, { poolId: pool.id, entryId: mine.id, week: 1, result: 'advance' });
    await buildEntryWeek(t.ctx, {
      poolId: pool.id,
      entryId: theirs.id,
      week: 1,
      result: 'loss',
      lives: 2,
      status: 'needs-rebuy',
    });
    const event = await buildBonusEvent(t.ctx, { poolId: pool.id, week: 1, teamAbb: 'NYY', prize: 3000 });
    await buildLedgerRow(t.ctx, {
      poolId: pool.id,
      entryId: mine.id,
      kind: 'bonus',
      amount: 3000,
      bonusEventId: event.id,
    });
    await buildLedgerRow(t.ctx, {
      poolId: pool.id,
      entryId: theirs.id,
      kind: 'bonus',
      amount: -3000,
      bonusEventId: event.id,
    });
    await chargeEntries(t.ctx, pool.id);

    const asOwner = await get(`/api/standings/${pool.id}?view=all`, world.owner.cookie);
    expect(asOwner.statusCode, asOwner.body).toBe(200);
    const body = asOwner.json();
    expect(body.tiles).toEqual({
      entrants: 3,
      alive: 2,
      in_bonus: 0,
      rebuys: 1,
      // (5000 x 3 + 1000 x 1 + 2500 x 1) x 0.95 = 17575
      prize_pool: 17575,
      bonuses_earned: 3000,
    });
    expect(body).toMatchObject({ view: 'all', sort: 'lives', page: 1, total: 3, weeks: [1, 2] });
    expect(body.public_weeks).toEqual([1]);
    expect(body.rows.map((row: { label: string }) => row.label)).toEqual(['commish', 'other', 'other [2]']);
    const [ownRow, theirRow, outRow] = body.rows;
    expect(ownRow).toMatchObject({ mine: true, status: 'alive', lives: 3, weeks_alive: 1, bonus: 3000 });
    expect(ownRow.cells).toEqual([
      {
        week: 1,
        result: 'advance',
        picks: [
          { pick_id: 'NYY', team_abb: 'NYY', name: 'New York Yankees', position: null, by_insurance: false },
        ],
      },
      {
        week: 2,
        result: null,
        picks: [
          { pick_id: 'BOS', team_abb: 'BOS', name: 'Boston Red Sox', position: null, by_insurance: false },
        ],
      },
    ]);
    expect(theirRow).toMatchObject({ mine: false, status: 'needs-rebuy', rebuys: 1, bonus: -3000 });
    expect(theirRow.cells[0]).toMatchObject({ result: 'loss', picks: [{ pick_id: 'HOU' }] });
    expect(theirRow.cells[1]).toEqual({ week: 2, result: null, picks: [] });
    expect(outRow).toMatchObject({ entry_id: second.id, status: 'eliminated', lives: 0 });
    expect(asOwner.body).not.toContain('TOR');

    // A visitor sees locked weeks only: neither open pick.
    const asVisitor = await get(`/api/standings/${pool.id}?view=all`);
    expect(asVisitor.statusCode).toBe(200);
    expect(asVisitor.body).not.toContain('TOR');
    expect(asVisitor.body).not.toContain('BOS');
    expect(asVisitor.json().rows[0].mine).toBe(false);
  });

  it('shows one week in the week view (the latest locked by default), and CHAMPION for the champions', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId, { champions: ['other'], maxEntries: 2 });
    const theirs = await enter(t.ctx, pool.id, other);
    // Champions are entry labels: the champion's second entry is not crowned with it.
    await enter(t.ctx, pool.id, other, { entryNum: 2 });
    await buildPick(t.ctx, { entryId: theirs.id, week: 1, pickId: 'HOU' });
    const byDefault = (await get(`/api/standings/${pool.id}`)).json();
    expect(byDefault).toMatchObject({ view: 'week', weeks: [1] });
    expect(byDefault.rows[0]).toMatchObject({
      status: 'champion',
      cells: [{ week: 1, picks: [{ pick_id: 'HOU' }] }],
    });
    expect(byDefault.rows.find((row: { label: string }) => row.label === 'other [2]').status).toBe('alive');
    const weekThree = (await get(`/api/standings/${pool.id}?view=week&week=3`)).json();
    expect(weekThree.weeks).toEqual([3]);
    const quick = (await get(`/api/standings/${pool.id}?view=quickview`)).json();
    expect(quick.weeks).toEqual([]);
    expect(quick.rows[0].cells).toEqual([]);
    const beyond = await get(`/api/standings/${pool.id}?view=week&week=9`);
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().message).toBe('This pool has weeks 1 to 3.');
  });

  it('shows in the day view the picked team’s game on each day of the week, and no game of a hidden pick', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    const mine = await enter(t.ctx, pool.id, world.owner);
    const theirs = await enter(t.ctx, pool.id, other);
    await buildPick(t.ctx, { entryId: mine.id, week: 1, pickId: 'NYY' });
    await buildPick(t.ctx, { entryId: mine.id, week: 2, pickId: 'BOS' });
    await buildPick(t.ctx, { entryId: theirs.id, week: 1, pickId: 'HOU' });
    await buildPick(t.ctx, { entryId: theirs.id, week: 2, pickId: 'TOR' });
    // A second day in week 1: Wednesday evening in New York is Tuesday afternoon on the Pacific coast.
    await t.ctx.db.insert(games).values({
      game: 'mlb',
      season: 2023,
      gid: 'day-view-1',
      week: 1,
      home: 'TOR',
      away: 'NYY',
      startTime: new Date('2026-11-18T00:30:00Z'),
    });
    await t.ctx.db
      .update(games)
      .set({ status: 'final', final: true, homeScore: 5, awayScore: 3, periods: 9 })
      .where(and(eq(games.week, 1), eq(games.home, 'NYY'), eq(games.away, 'BOS')));

    const answer = await get(`/api/standings/${pool.id}?view=day`, world.owner.cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    const byDefault = answer.json();
    expect(byDefault).toMatchObject({ view: 'day', weeks: [1], days: ['2026-11-15', '2026-11-17'] });
    const row = (id: number) => byDefault.rows.find((item: { entry_id: number }) => item.entry_id === id);
    expect(row(mine.id).cells[0].picks[0].pick_id).toBe('NYY');
    expect(row(mine.id).games).toMatchObject([
      { day: '2026-11-15', matchup: 'vs. BOS', status: 'final', team_score: 5, opp_score: 3, result: 'W' },
      { day: '2026-11-15', matchup: '@ HOU', status: 'inactive', team_score: null, result: null },
      { day: '2026-11-17', matchup: '@ TOR', status: 'inactive', start: '2026-11-18T00:30:00.000Z' },
    ]);
    expect(row(theirs.id).games).toMatchObject([
      { day: '2026-11-15', matchup: 'vs. NYY', status: 'inactive' },
      { day: '2026-11-15', matchup: '@ TOR', status: 'inactive' },
    ]);
    // The other views answer as before, without days or games.
    const week = (await get(`/api/standings/${pool.id}?view=week`)).json();
    expect(week.days).toBeUndefined();
    expect(week.rows[0].games).toBeUndefined();

    // Week 2 has not locked: its days show, but nobody's pick nor its games, but the owner's own.
    const hidden = await get(`/api/standings/${pool.id}?view=day&week=2`);
    expect(hidden.json()).toMatchObject({ view: 'day', weeks: [2], public_weeks: [1], days: ['2026-11-22'] });
    expect(hidden.json().rows.every((item: { games: unknown[] }) => item.games.length === 0)).toBe(true);
    expect(hidden.body).not.toContain('TOR');
    expect(hidden.body).not.toContain('BOS');
    const own = (await get(`/api/standings/${pool.id}?view=day&week=2`, world.owner.cookie)).json();
    const ownRows = own.rows as { entry_id: number; games: { matchup: string }[] }[];
    expect(ownRows.find((item) => item.entry_id === mine.id)?.games).toMatchObject([{ matchup: '@ NYY' }]);
    expect(ownRows.find((item) => item.entry_id === theirs.id)?.games).toEqual([]);
    expect(JSON.stringify(own)).not.toContain('TOR');

    const beyond = await get(`/api/standings/${pool.id}?view=day&week=4`);
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().message).toBe('This pool has weeks 1 to 3.');
  });

  it('answers a day view without games as no days, and refuses it for NFL TD pools', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId, {
      deadlines: [...DEADLINES, '2026-12-07T00:00:00Z'],
    });
    await enter(t.ctx, pool.id, other);
    const empty = (await get(`/api/standings/${pool.id}?view=day&week=4`)).json();
    expect(empty).toMatchObject({ weeks: [4], days: [], rows: [{ games: [] }] });
    await seedNflSeason(t.ctx);
    const nfl = await buildNflPool(t.ctx, world.leagueId);
    const refused = await get(`/api/standings/${nfl.id}?view=day`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(STANDINGS_MESSAGES.nflView);
  });

  it('sorts by lives, username or bonus $, pages by 50, and keeps the standings view ranked by lives', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId, { maxEntries: 60 });
    const made = [];
    for (let n = 1; n <= 55; n++) {
      made.push(await enter(t.ctx, pool.id, other, { entryNum: n, lives: n % 3, weeksAlive: n % 5 }));
    }
    const rich = await enter(t.ctx, pool.id, world.owner, { lives: 1 });
    await buildLedgerRow(t.ctx, { poolId: pool.id, entryId: rich.id, kind: 'bonus', amount: 7000 });
    await buildLedgerRow(t.ctx, { poolId: pool.id, entryId: made[0].id, kind: 'bonus', amount: -7000 });

    const byLives = (await get(`/api/standings/${pool.id}?view=quickview`)).json();
    expect(byLives.total).toBe(56);
    expect(byLives.rows).toHaveLength(50);
    const pairs = byLives.rows.map((row: { lives: number; weeks_alive: number }) => [
      row.lives,
      row.weeks_alive,
    ]);
    const sorted = [...pairs].sort((a, b) => b[0] - a[0] || b[1] - a[1]);
    expect(pairs).toEqual(sorted);
    const secondPage = (await get(`/api/standings/${pool.id}?view=quickview&page=2`)).json();
    expect(secondPage.rows).toHaveLength(6);
    const ids = new Set(
      [...byLives.rows, ...secondPage.rows].map((row: { entry_id: number }) => row.entry_id),
    );
    expect(ids.size).toBe(56);

    const byName = (await get(`/api/standings/${pool.id}?view=quickview&sort=username`)).json();
    expect(byName.rows[0].label).toBe('commish');
    expect(byName.rows[1].label).toBe('other');
    expect(byName.rows[2].label).toBe('other [2]');

    const byBonus = (await get(`/api/standings/${pool.id}?view=quickview&sort=bonus`)).json();
    expect(byBonus.rows[0]).toMatchObject({ label: 'commish', bonus: 7000 });
    const lastPage = (await get(`/api/standings/${pool.id}?view=quickview&sort=bonus&page=2`)).json();
    expect(lastPage.rows.at(-1)).toMatchObject({ label: 'other', bonus: -7000 });

    const ranked = (await get(`/api/standings/${pool.id}?view=standings&sort=username`)).json();
    expect(ranked.sort).toBe('lives');
    expect(ranked.rows[0].lives).toBe(2);
  });

  it('lists only the bonus pool in the bonus view, as in force this week', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId, { bonusActive: true, maxEntries: 3 });
    await enter(t.ctx, pool.id, world.owner, { bonus: true });
    // Opted in during week 1: in the bonus pool from week 2 only.
    await enter(t.ctx, pool.id, other, { bonus: true, bonusPrev: false, bonusEffWeek: 2 });
    // Opted out during week 1: still in this week.
    await enter(t.ctx, pool.id, other, { entryNum: 2, bonus: false, bonusPrev: true, bonusEffWeek: 2 });
    await enter(t.ctx, pool.id, other, { entryNum: 3, bonus: true, lives: 0 });
    const body = (await get(`/api/standings/${pool.id}?view=bonus`)).json();
    expect(body.tiles.in_bonus).toBe(2);
    expect(body.total).toBe(2);
    expect(body.rows.map((row: { label: string }) => row.label)).toEqual(['commish', 'other [2]']);
    expect(body.rows.every((row: { in_bonus: boolean }) => row.in_bonus)).toBe(true);
  });

  it('shows NFL TD pools the qualifiers and positions views with player positions', async () => {
    await seedNflSeason(t.ctx);
    const pool = await buildNflPool(t.ctx, world.leagueId);
    const theirs = await enter(t.ctx, pool.id, other);
    await buildPick(t.ctx, { entryId: theirs.id, week: 1, pickId: 'gb2', teamAbb: 'GB' });
    await buildEntryWeek(t.ctx, { poolId: pool.id, entryId: theirs.id, week: 1, result: 'advance' });
    const body = (await get(`/api/standings/${pool.id}`)).json();
    expect(body.view).toBe('qualifiers');
    expect(body.rows[0].cells[0]).toEqual({
      week: 1,
      result: 'advance',
      picks: [{ pick_id: 'gb2', team_abb: 'GB', name: 'Josh Jacobs', position: 'RB', by_insurance: false }],
    });
    expect((await get(`/api/standings/${pool.id}?view=positions`)).statusCode).toBe(200);
    const wrong = await get(`/api/standings/${pool.id}?view=team`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(STANDINGS_MESSAGES.nflView);
  });

  it('refuses bad input with a message, and answers an unknown pool as not found', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    for (const [query, message] of [
      ['view=nope', STANDINGS_MESSAGES.view],
      ['sort=best', STANDINGS_MESSAGES.sort],
      ['page=0', STANDINGS_MESSAGES.page],
      ['page=abc', STANDINGS_MESSAGES.page],
      ['view=positions', STANDINGS_MESSAGES.teamView],
    ]) {
      const answer = await get(`/api/standings/${pool.id}?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().message).toBe(message);
    }
    const unknown = await get('/api/standings/999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(POOL_MESSAGES.poolNotFound);
    const empty = (await get(`/api/standings/${pool.id}`)).json();
    expect(empty).toMatchObject({ total: 0, rows: [], tiles: { entrants: 0, prize_pool: 0 } });
  });
});

describe('GET /api/poolHealth/{poolId}', () => {
  it('counts counted entries alive after each settled week by lives', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId, { maxEntries: 3 });
    const a = await enter(t.ctx, pool.id, other, { entryNum: 1 });
    const b = await enter(t.ctx, pool.id, other, { entryNum: 2 });
    const off = await enter(t.ctx, pool.id, other, { entryNum: 3, status: ENTRY_STATUS.inactive });
    // As judged, with the third entry still active then: the commissioner deactivated it since.
    await settleWeek(pool.id, 1, { 3: 2, 2: 1 });
    await settleWeek(pool.id, 2, { 3: 1 });
    // Week 3 locked but not judged: not in the chart.
    await t.ctx.db
      .insert(poolWeeks)
      .values({ poolId: pool.id, week: 3, aliveAtLock: 2, bonusRunning: false, lockedAt: NOW });
    await buildEntryWeek(t.ctx, { poolId: pool.id, entryId: a.id, week: 1, lives: 3 });
    await buildEntryWeek(t.ctx, { poolId: pool.id, entryId: b.id, week: 1, lives: 2, result: 'loss' });
    await buildEntryWeek(t.ctx, { poolId: pool.id, entryId: off.id, week: 1, lives: 3 });
    await buildEntryWeek(t.ctx, { poolId: pool.id, entryId: a.id, week: 2, lives: 3 });
    await buildEntryWeek(t.ctx, {
      poolId: pool.id,
      entryId: b.id,
      week: 2,
      lives: 0,
      result: 'loss',
      status: 'eliminated',
    });
    await buildEntryWeek(t.ctx, { poolId: pool.id, entryId: a.id, week: 3, lives: null, result: null });

    const answer = await get(`/api/poolHealth/${pool.id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      keys: ['1x Lives', '2x Lives', '3x Lives'],
      weeks: [
        { week: 1, '1x Lives': 0, '2x Lives': 1, '3x Lives': 1 },
        { week: 2, '1x Lives': 0, '2x Lives': 0, '3x Lives': 1 },
      ],
    });
  });

  it('answers no weeks before any settlement, and 404 for an unknown pool', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    expect((await get(`/api/poolHealth/${pool.id}`)).json()).toEqual({
      keys: ['1x Lives', '2x Lives', '3x Lives'],
      weeks: [],
    });
    expect((await get('/api/poolHealth/424242')).statusCode).toBe(404);
  });
});
