import { and, asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { PAGING_MESSAGES } from '../../../../../core/contracts/paging';
import { EDIT_PICKS_MESSAGES as M } from '../../../../../core/contracts/pools';
import { entries, pickAudits, picks, poolAudits, poolEvents } from '../../../../db/schema';
import { buildPick } from '../../../../test/factories';
import type { TestApp } from '../../../../test/harness';
import { registerNamed, type TestUser } from '../../../../test/league-test-world';
import {
  buildMlbPool,
  buildNflPool,
  buildNflSurvivorPool,
  enter,
  type PoolWorld,
  seedNflSeason,
  seedNflTeams,
  startPoolWorld,
} from '../../../../test/pool-test-world';
import { readWeekPicks } from '../../picks/picks.repo';
import { judgeWeek } from '../../settlement/judge-week.engine';
import { bulkPoolEntries } from '../big-pool-test-world';

let t: TestApp;
let world: PoolWorld;
let alice: TestUser;
beforeEach(async () => {
  ({
    t,
    world,
    members: [alice],
  } = await startPoolWorld({ hidden: true, seasons: ['mlb'], members: ['alice'] }));
});

const get = (url: string, user?: TestUser) =>
  t.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });
const update = (payload: object, user: TestUser | null = world.owner) =>
  t.app.inject({
    method: 'POST',
    url: '/admin/updateUserPicks',
    headers: user ? { cookie: user.cookie } : {},
    payload,
  });

const picksOf = async (entryId: number) =>
  (
    await t.ctx.db
      .select({ week: picks.week, pickId: picks.pickId, byCommish: picks.byCommish })
      .from(picks)
      .where(eq(picks.entryId, entryId))
      .orderBy(asc(picks.week))
  ).map((row) => [row.week, row.pickId, row.byCommish]);

/** Alice's entry: NYY in week 1 (locked), BOS in week 2 (open), nothing in week 3. */
async function aliceEntry(values: object = {}) {
  const pool = await buildMlbPool(t.ctx, world.leagueId);
  const entry = await enter(t.ctx, pool.id, alice, values);
  await buildPick(t.ctx, { entryId: entry.id, week: 1, pickId: 'NYY' });
  await buildPick(t.ctx, { entryId: entry.id, week: 2, pickId: 'BOS' });
  return { pool, entry };
}

const loaded = [
  { week: 1, team: 'NYY' },
  { week: 2, team: 'BOS' },
  { week: 3, team: null },
];

describe('GET /api/pools/{poolId}/commish/picks', () => {
  it("lists the entries, every team of the game and the chosen entry's picks per week, open weeks too", async () => {
    const { pool, entry } = await aliceEntry();
    const plain = await get(`/api/pools/${pool.id}/commish/picks`, world.owner);
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json()).toMatchObject({
      available: true,
      entries: [{ id: entry.id, label: 'alice', status: 1, lives: 3 }],
      entry: null,
    });
    expect(plain.json().teams.map((team: { abb: string }) => team.abb)).toEqual(['BOS', 'HOU', 'NYY', 'TOR']);

    const chosen = await get(`/api/pools/${pool.id}/commish/picks?entry=${entry.id}`, world.owner);
    expect(chosen.json().entry.weeks).toEqual([
      { week: 1, team: 'NYY', locked: true },
      { week: 2, team: 'BOS', locked: false },
      { week: 3, team: null, locked: false },
    ]);
  });

  it('starts at the pool start week, knows no entry of another pool, and is for admins only', async () => {
    const { entry } = await aliceEntry();
    const late = await buildMlbPool(t.ctx, world.leagueId, { poolIdx: 1, startWeek: 2 });
    const own = await enter(t.ctx, late.id, alice);
    const weeks = await get(`/api/pools/${late.id}/commish/picks?entry=${own.id}`, world.owner);
    expect(weeks.json().entry.weeks.map((w: { week: number }) => w.week)).toEqual([2, 3]);
    const other = await get(`/api/pools/${late.id}/commish/picks?entry=${entry.id}`, world.owner);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(M.entryNotFound);

    expect((await get(`/api/pools/${late.id}/commish/picks`, alice)).statusCode).toBe(403);
    const outsider = await registerNamed(t.app, 'outsider');
    expect((await get(`/api/pools/${late.id}/commish/picks`, outsider)).statusCode).toBe(404);
    expect((await get(`/api/pools/${late.id}/commish/picks`)).statusCode).toBe(404);
  });

  it('says Edit Picks is not available for an NFL TD pool', async () => {
    const pool = await buildNflPool(t.ctx, world.leagueId);
    const answer = await get(`/api/pools/${pool.id}/commish/picks`, world.owner);
    expect(answer.json()).toEqual({
      available: false,
      entries: [],
      teams: [],
      entry: null,
      page: 1,
      pageSize: 20,
      total: 0,
    });
  });

  it("pages and searches a big pool's entries on the server, and loads a deep entry's picks alone", async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    const prefix = `pk${pool.id}x`;
    // 2,000 members with 2 entries each: 4,000 entries.
    await bulkPoolEntries(t.ctx.db, {
      poolId: pool.id,
      leagueId: world.leagueId,
      prefix,
      users: 2000,
      perUser: 2,
    });
    const url = `/api/pools/${pool.id}/commish/picks`;
    const first = await get(url, world.owner);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ page: 1, pageSize: 20, total: 4000 });
    expect(first.json().entries).toHaveLength(20);
    // Every entry in the answer would be hundreds of kilobytes.
    expect(first.body.length).toBeLessThan(5_000);
    const second = await get(`${url}?page=2`, world.owner);
    expect(second.json().entries[0].id).not.toBe(first.json().entries[0].id);

    const deep = await get(`${url}?q=${prefix}1998`, world.owner);
    const found: Array<{ id: number; label: string }> = deep.json().entries;
    expect(found.map((e) => e.label)).toEqual([`${prefix}1998`, `${prefix}1998 [2]`]);
    const chosen = await get(`${url}?entry=${found[1].id}`, world.owner);
    expect(chosen.json().entry).toMatchObject({ id: found[1].id, label: `${prefix}1998 [2]` });
    expect(chosen.json().entry.weeks).toHaveLength(3);
    expect(chosen.body.length).toBeLessThan(5_000);

    const refused = await get(`${url}?pageSize=101`, world.owner);
    expect([refused.statusCode, refused.json().message]).toEqual([400, PAGING_MESSAGES.pageSize]);
  });
  it('pages a pool of over 10,000 entries in sign-up order, a deep page as an index range', async () => {
    const pool = await buildMlbPool(t.ctx, world.leagueId);
    // 2,100 members with 5 entries each: 10,500 entries, past the name order's 10,000.
    await bulkPoolEntries(t.ctx.db, {
      poolId: pool.id,
      leagueId: world.leagueId,
      prefix: `sg${pool.id}x`,
      users: 2100,
      perUser: 5,
    });
    const bySlot = await t.ctx.db
      .select({ id: entries.id })
      .from(entries)
      .where(eq(entries.poolId, pool.id))
      .orderBy(asc(entries.slot));
    const url = `/api/pools/${pool.id}/commish/picks?pageSize=50`;
    const first = await get(url, world.owner);
    expect(first.json()).toMatchObject({ total: 10_500 });
    expect(first.json().entries.map((e: { id: number }) => e.id)).toEqual(
      bySlot.slice(0, 50).map((e) => e.id),
    );
    const deep = await get(`${url}&page=210`, world.owner);
    expect(deep.json().entries.map((e: { id: number }) => e.id)).toEqual(
      bySlot.slice(10_450).map((e) => e.id),
    );
    expect((await get(`${url}&page=211`, world.owner)).json().entries).toEqual([]);
  });
});

describe('POST /admin/updateUserPicks', () => {
  it('bypasses the game rules (a used team, a team without a game, an eliminated entry) and keeps lives and status', async () => {
    const { pool, entry } = await aliceEntry({ lives: 0 });
    const answer = await update({
      user_season_id: entry.id,
      oldSelections: loaded,
      newSelections: [
        { week: 1, team: 'HOU' },
        { week: 2, team: 'TOR' },
        { week: 3, team: 'nyy' },
      ],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      message: 'You have successfully updated picks for alice',
      changed: [1, 2, 3],
      entry: {
        lives: 0,
        weeks: [
          { week: 1, team: 'HOU', locked: true },
          { week: 2, team: 'TOR', locked: false },
          { week: 3, team: 'NYY', locked: false },
        ],
      },
    });
    expect(await picksOf(entry.id)).toEqual([
      [1, 'HOU', true],
      [2, 'TOR', true],
      [3, 'NYY', true],
    ]);
    const [after] = await t.ctx.db.select().from(entries).where(eq(entries.id, entry.id));
    expect([after.lives, after.status]).toEqual([0, 1]);

    const audits = await t.ctx.db
      .select()
      .from(pickAudits)
      .where(eq(pickAudits.entryId, entry.id))
      .orderBy(asc(pickAudits.week));
    expect(audits.map((a) => [a.week, a.action, a.oldPickId, a.newPickId, a.userId])).toEqual([
      [1, 'commish', 'NYY', 'HOU', world.owner.id],
      [2, 'commish', 'BOS', 'TOR', world.owner.id],
      [3, 'commish', null, 'NYY', world.owner.id],
    ]);
    const logged = await t.ctx.db
      .select()
      .from(poolAudits)
      .where(eq(poolAudits.poolId, pool.id))
      .orderBy(asc(poolAudits.id));
    expect(logged.map((a) => [a.action, a.summary, a.entryId, a.oldValue, a.newValue])).toEqual([
      [
        'picks',
        'Week 1 pick of alice: NYY to HOU',
        entry.id,
        { week: 1, team: 'NYY' },
        { week: 1, team: 'HOU' },
      ],
      [
        'picks',
        'Week 2 pick of alice: BOS to TOR',
        entry.id,
        { week: 2, team: 'BOS' },
        { week: 2, team: 'TOR' },
      ],
      [
        'picks',
        'Week 3 pick of alice: no pick to NYY',
        entry.id,
        { week: 3, team: null },
        { week: 3, team: 'NYY' },
      ],
    ]);
  });

  it('posts to the feed which weeks changed, naming teams of locked weeks only', async () => {
    const { pool, entry } = await aliceEntry();
    const answer = await update({
      user_season_id: entry.id,
      oldSelections: loaded,
      newSelections: [
        { week: 1, team: 'BOS' },
        { week: 2, team: null },
        { week: 3, team: 'HOU' },
      ],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const feed = await t.ctx.db.select().from(poolEvents).where(eq(poolEvents.poolId, pool.id));
    expect(feed.map((e) => [e.summary, e.desc, e.type])).toEqual([
      [
        "Commissioner edited alice's picks",
        "The commissioner edited alice's picks: Week 1 (NYY to BOS), Week 2, Week 3.",
        17,
      ],
    ]);
    expect(feed[0].desc).not.toMatch(/HOU/);
    const shown = await get(`/api/feed/${world.leagueId}/${pool.id}/pool`, alice);
    expect(shown.body).not.toMatch(/HOU/);
  });

  it("refuses when the entry's picks changed since they were loaded, and changes nothing", async () => {
    const { pool, entry } = await aliceEntry();
    const stale = await update({
      user_season_id: entry.id,
      oldSelections: [
        { week: 1, team: 'NYY' },
        { week: 2, team: null },
      ],
      newSelections: [
        { week: 1, team: 'NYY' },
        { week: 2, team: 'HOU' },
      ],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(M.stale);
    expect(await picksOf(entry.id)).toEqual([
      [1, 'NYY', false],
      [2, 'BOS', false],
    ]);
    expect(await t.ctx.db.select().from(pickAudits).where(eq(pickAudits.entryId, entry.id))).toEqual([]);
    expect(await t.ctx.db.select().from(poolAudits).where(eq(poolAudits.poolId, pool.id))).toEqual([]);
    expect(await t.ctx.db.select().from(poolEvents).where(eq(poolEvents.poolId, pool.id))).toEqual([]);
  });

  it('answers each bad request with its message', async () => {
    const { entry } = await aliceEntry();
    const cases: Array<[object, number, string]> = [
      [{ user_season_id: entry.id, oldSelections: loaded, newSelections: loaded }, 400, M.nothingChanged],
      [
        {
          user_season_id: entry.id,
          oldSelections: loaded,
          newSelections: [{ week: 1, team: 'XYZ' }, ...loaded.slice(1)],
        },
        400,
        M.unknownTeam('XYZ'),
      ],
      [
        {
          user_season_id: entry.id,
          oldSelections: [{ week: 4, team: null }],
          newSelections: [{ week: 4, team: 'NYY' }],
        },
        400,
        M.unknownWeek(4),
      ],
      [
        { user_season_id: entry.id, oldSelections: loaded, newSelections: [{ week: 1, team: 'BOS' }] },
        400,
        M.badSelections,
      ],
      [{ user_season_id: entry.id, oldSelections: 'x', newSelections: [] }, 400, M.badSelections],
      [{ user_season_id: 999_999, oldSelections: [], newSelections: [] }, 404, M.entryNotFound],
      [{ user_season_id: 'abc', oldSelections: [], newSelections: [] }, 400, M.entryNotFound],
    ];
    for (const [payload, status, message] of cases) {
      const answer = await update(payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(status);
      expect(answer.json().message).toBe(message);
    }
    expect(await picksOf(entry.id)).toEqual([
      [1, 'NYY', false],
      [2, 'BOS', false],
    ]);
  });

  it('is refused for NFL TD, to members (403) and outsiders (404), and asks visitors to log in', async () => {
    const nfl = await buildNflPool(t.ctx, world.leagueId);
    const nflEntry = await enter(t.ctx, nfl.id, alice);
    const refused = await update({ user_season_id: nflEntry.id, oldSelections: [], newSelections: [] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(M.nflUnavailable);

    const { entry } = await aliceEntry();
    const payload = {
      user_season_id: entry.id,
      oldSelections: loaded,
      newSelections: [{ week: 1, team: 'BOS' }, ...loaded.slice(1)],
    };
    expect((await update(payload, alice)).statusCode).toBe(403);
    const outsider = await registerNamed(t.app, 'outsider');
    // An outsider gets what an unknown id gets: probing entry ids tells nothing.
    const probe = await update(payload, outsider);
    expect([probe.statusCode, probe.json().message]).toEqual([404, M.entryNotFound]);
    expect((await update(payload, null)).statusCode).toBe(401);
    expect(await picksOf(entry.id)).toEqual([
      [1, 'NYY', false],
      [2, 'BOS', false],
    ]);
  });

  it("still counts a commissioner's pick as used when the entrant picks", async () => {
    const { entry } = await aliceEntry();
    const placed = await update({
      user_season_id: entry.id,
      oldSelections: [{ week: 3, team: null }],
      newSelections: [{ week: 3, team: 'HOU' }],
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const own = await t.app.inject({
      method: 'POST',
      url: '/user/makeUserPick',
      headers: { cookie: alice.cookie },
      payload: { userSeasonId: entry.id, week: 2, team: 'HOU', action: 'confirm' },
    });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toMatch(/once per season/);
  });
});

describe('settling a week with commissioner picks', () => {
  it('does not hold them against the once-per-season check and plays a team without a game 0-0', async () => {
    const { pool, entry } = await aliceEntry();
    await update({
      user_season_id: entry.id,
      oldSelections: [
        { week: 2, team: 'BOS' },
        { week: 3, team: null },
      ],
      newSelections: [
        { week: 2, team: 'NYY' },
        { week: 3, team: 'TOR' },
      ],
    });
    const week2 = await readWeekPicks(t.ctx.db, pool.id, 2);
    expect(week2.weekPicks.get(entry.id)).toEqual(['NYY']);
    expect(week2.used.get(entry.id)).toEqual([]);
    const week3 = await readWeekPicks(t.ctx.db, pool.id, 3);
    expect(week3.used.get(entry.id)).toEqual(['NYY']);
    const outcome = judgeWeek(
      pool,
      3,
      { NYY: [1, 0], BOS: [0, 1] },
      {},
      [],
      [
        {
          id: String(entry.id),
          state: { lives: 3, rebuysMade: 0, status: 'alive', weeksAlive: 2 },
          autoRebuy: false,
          insured: false,
          pick: 'TOR',
          used: week3.used.get(entry.id) ?? [],
          rebuyBeforeLock: false,
          inBonusPool: false,
        },
      ],
    );
    expect(outcome.entries[0]).toMatchObject({ result: 'advance', state: { lives: 3 } });
    const [row] = await t.ctx.db
      .select()
      .from(picks)
      .where(and(eq(picks.entryId, entry.id), eq(picks.week, 3)));
    expect(row.byCommish).toBe(true);
  });
});

describe('Edit Picks of an NFL Survivor pool with a multi-pick week', () => {
  beforeEach(async () => {
    await seedNflSeason(t.ctx);
    await seedNflTeams(t.ctx);
  });

  /** Alice's entry of a pool whose week 3 asks 2 picks: KC in week 2, SF (her own) in week 3. */
  async function doubleWeekEntry() {
    const pool = await buildNflSurvivorPool(t.ctx, world.leagueId, { picksPerWeek: { '3': 2 } });
    const entry = await enter(t.ctx, pool.id, alice);
    await buildPick(t.ctx, { entryId: entry.id, week: 2, pickId: 'KC' });
    await buildPick(t.ctx, { entryId: entry.id, week: 3, pickId: 'SF' });
    return { pool, entry };
  }

  const held = [
    { week: 2, team: 'KC' },
    { week: 3, slot: 0, team: 'SF' },
    { week: 3, slot: 1, team: null },
  ];

  /** The entry's picks in the order they were made: the order of a week's slots. */
  const picksInOrder = async (entryId: number) =>
    (
      await t.ctx.db
        .select({ week: picks.week, pickId: picks.pickId, byCommish: picks.byCommish })
        .from(picks)
        .where(eq(picks.entryId, entryId))
        .orderBy(asc(picks.id))
    ).map((row) => [row.week, row.pickId, row.byCommish]);

  it('shows a row per pick of the 2-pick week and sets both, keeping an entrant pick it leaves alone', async () => {
    const { pool, entry } = await doubleWeekEntry();
    const read = await get(`/api/pools/${pool.id}/commish/picks?entry=${entry.id}`, world.owner);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().entry.weeks).toEqual([
      { week: 2, team: 'KC', locked: false },
      { week: 3, slot: 0, team: 'SF', locked: false },
      { week: 3, slot: 1, team: null, locked: false },
    ]);

    const second = await update({
      user_season_id: entry.id,
      oldSelections: held,
      newSelections: [held[0], held[1], { week: 3, slot: 1, team: 'MIA' }],
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().changed).toEqual([3]);
    expect(await picksInOrder(entry.id)).toEqual([
      [2, 'KC', false],
      [3, 'SF', false],
      [3, 'MIA', true],
    ]);

    // Week 3 has locked: the feed names its teams, pick by pick.
    t.clock.set(new Date('2026-12-01T12:00:00Z'));
    const both = await update({
      user_season_id: entry.id,
      oldSelections: [
        { week: 3, slot: 0, team: 'SF' },
        { week: 3, slot: 1, team: 'MIA' },
      ],
      newSelections: [
        { week: 3, slot: 0, team: 'GB' },
        { week: 3, slot: 1, team: 'ATL' },
      ],
    });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json()).toMatchObject({
      changed: [3],
      entry: {
        weeks: [
          { week: 2, team: 'KC' },
          { week: 3, slot: 0, team: 'GB', locked: true },
          { week: 3, slot: 1, team: 'ATL', locked: true },
        ],
      },
    });
    expect(await picksInOrder(entry.id)).toEqual([
      [2, 'KC', false],
      [3, 'GB', true],
      [3, 'ATL', true],
    ]);
    const audits = await t.ctx.db
      .select()
      .from(pickAudits)
      .where(eq(pickAudits.entryId, entry.id))
      .orderBy(asc(pickAudits.id));
    expect(audits.map((a) => [a.week, a.oldPickId, a.newPickId])).toEqual([
      [3, null, 'MIA'],
      [3, 'SF', 'GB'],
      [3, 'MIA', 'ATL'],
    ]);
    const logged = await t.ctx.db
      .select()
      .from(poolAudits)
      .where(eq(poolAudits.poolId, pool.id))
      .orderBy(asc(poolAudits.id));
    expect(logged.map((a) => [a.summary, a.oldValue, a.newValue])).toEqual([
      [
        'Week 3 pick 2 of alice: no pick to MIA',
        { week: 3, slot: 1, team: null },
        { week: 3, slot: 1, team: 'MIA' },
      ],
      [
        'Week 3 pick 1 of alice: SF to GB',
        { week: 3, slot: 0, team: 'SF' },
        { week: 3, slot: 0, team: 'GB' },
      ],
      [
        'Week 3 pick 2 of alice: MIA to ATL',
        { week: 3, slot: 1, team: 'MIA' },
        { week: 3, slot: 1, team: 'ATL' },
      ],
    ]);
    const feed = await t.ctx.db.select().from(poolEvents).where(eq(poolEvents.poolId, pool.id));
    expect(feed.map((e) => e.desc)).toEqual([
      "The commissioner edited alice's picks: Week 3.",
      "The commissioner edited alice's picks: Week 3 (pick 1: SF to GB; pick 2: MIA to ATL).",
    ]);
  });

  it('refuses the same team twice in a week, a slot the week lacks, and a stale pick, changing nothing', async () => {
    const { pool, entry } = await doubleWeekEntry();
    const cases: Array<[object[], object[], number, string]> = [
      [held, [held[0], held[1], { week: 3, slot: 1, team: 'sf' }], 400, M.sameTeamTwice('SF', 3)],
      [[{ week: 3, slot: 2, team: null }], [{ week: 3, slot: 2, team: 'MIA' }], 400, M.unknownSlot(3, 2)],
      [[{ week: 2, slot: 1, team: null }], [{ week: 2, slot: 1, team: 'MIA' }], 400, M.unknownSlot(2, 1)],
      [[held[1], held[1]], [held[1], { week: 3, slot: 0, team: 'GB' }], 400, M.badSelections],
      [[{ week: 3, slot: 1, team: 'MIA' }], [{ week: 3, slot: 1, team: 'GB' }], 409, M.stale],
    ];
    for (const [oldSelections, newSelections, status, message] of cases) {
      const answer = await update({ user_season_id: entry.id, oldSelections, newSelections });
      expect(answer.statusCode, JSON.stringify(newSelections)).toBe(status);
      expect(answer.json().message).toBe(message);
    }
    expect(await picksInOrder(entry.id)).toEqual([
      [2, 'KC', false],
      [3, 'SF', false],
    ]);
    expect(await t.ctx.db.select().from(poolAudits).where(eq(poolAudits.poolId, pool.id))).toEqual([]);
  });

  it('sets a one-pick week as before, its row without a slot', async () => {
    const { pool, entry } = await doubleWeekEntry();
    const answer = await update({
      user_season_id: entry.id,
      oldSelections: held,
      newSelections: [{ week: 2, team: 'GB' }, held[1], held[2]],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().changed).toEqual([2]);
    expect(answer.json().entry.weeks[0]).toEqual({ week: 2, team: 'GB', locked: false });
    expect(await picksInOrder(entry.id)).toEqual([
      [3, 'SF', false],
      [2, 'GB', true],
    ]);
    const logged = await t.ctx.db.select().from(poolAudits).where(eq(poolAudits.poolId, pool.id));
    expect(logged.map((a) => [a.summary, a.oldValue, a.newValue])).toEqual([
      ['Week 2 pick of alice: KC to GB', { week: 2, team: 'KC' }, { week: 2, team: 'GB' }],
    ]);
  });

  it('shows every pick the entry holds in a week, past the picks it asks', async () => {
    const { pool, entry } = await doubleWeekEntry();
    await buildPick(t.ctx, { entryId: entry.id, week: 3, pickId: 'MIA' });
    await buildPick(t.ctx, { entryId: entry.id, week: 3, pickId: 'DAL', byCommish: true });
    const read = await get(`/api/pools/${pool.id}/commish/picks?entry=${entry.id}`, world.owner);
    expect(read.json().entry.weeks.map((w: { slot?: number; team: string }) => [w.slot, w.team])).toEqual([
      [undefined, 'KC'],
      [0, 'SF'],
      [1, 'MIA'],
      [2, 'DAL'],
    ]);
    const cleared = await update({
      user_season_id: entry.id,
      oldSelections: [{ week: 3, slot: 2, team: 'DAL' }],
      newSelections: [{ week: 3, slot: 2, team: null }],
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await picksInOrder(entry.id)).toEqual([
      [2, 'KC', false],
      [3, 'SF', false],
      [3, 'MIA', false],
    ]);
  });
});
