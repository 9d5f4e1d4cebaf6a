import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE, PAGING_MESSAGES } from '../../../../core/contracts/paging';
import type {
  EntrantsResponse,
  LoadPoolResponse,
  ScoreboardResponse,
  SelectionsAllResponse,
} from '../../../../core/contracts/pools';
import { rowsOf } from '../../../db/client';
import { buildPick } from '../../../test/factories';
import type { TestApp } from '../../../test/harness';
import type { TestUser } from '../../../test/league-test-world';
import {
  buildMlbPool,
  chargeEntries,
  enter,
  type PoolWorld,
  startPoolWorld,
} from '../../../test/pool-test-world';
import { timeLimit } from '../../../test/time-limit';

// A pool past PostgreSQL's 65,535 parameters of a statement: the reads that sent one parameter per entry
// (selections, the scoreboard) failed at this size, and those that answered every entry answered megabytes.
const BULK = 70_000;
const PATH = 'mlb/SQUAD/2023/0/reg';

let t: TestApp;
let world: PoolWorld;
let alice: TestUser;
let poolId: number;
let aliceIds: number[];

beforeAll(async () => {
  ({
    t,
    world,
    members: [alice],
  } = await startPoolWorld({ seasons: ['mlb'], members: ['alice'] }));
  const pool = await buildMlbPool(t.ctx, world.leagueId, {
    maxEntries: 2,
    buyin: 1000,
    rebuyPrice: 500,
    insurance: 100,
    insuranceOption: 1,
  });
  poolId = pool.id;
  await t.ctx.db.execute(sql`
    insert into users (username, email, name_first, name_last)
    select 'bulk' || lpad(n::text, 6, '0'), 'bulk' || n || '@example.com', 'Bulk', 'Player'
    from generate_series(1, ${BULK}) as n`);
  // Every 10th entry has no lives left, every 4th is insured, every entry made one rebuy, the 7th is deactivated.
  await t.ctx.db.execute(sql`
    insert into entries (pool_id, user_id, lives, rebuys_made, insurance_purchased, status)
    select ${pool.id}, u.id, case when u.id % 10 = 0 then 0 else 2 end, 1, u.id % 4 = 0,
      case when u.id % 7 = 0 then 0 else 1 end
    from users u where u.username like 'bulk%'`);
  // Week 1 (locked) picks: NYY, BOS, HOU in turn.
  await t.ctx.db.execute(sql`
    insert into picks (entry_id, week, pick_id, team_abb, created_at)
    select e.id, 1, t.abb, t.abb, now()
    from entries e join lateral (select (array['NYY','BOS','HOU'])[(e.id % 3) + 1] as abb) t on true
    where e.pool_id = ${pool.id}`);
  const a1 = await enter(t.ctx, pool.id, alice, { lives: 3 });
  const a2 = await enter(t.ctx, pool.id, alice, { entryNum: 2, lives: 3 });
  await chargeEntries(t.ctx, pool.id);
  aliceIds = [a1.id, a2.id];
  await buildPick(t.ctx, { entryId: a1.id, week: 1, pickId: 'TOR' });
  // Week 2 has not locked: nobody else may see this pick.
  await buildPick(t.ctx, { entryId: a2.id, week: 2, pickId: 'BOS' });
}, timeLimit(120_000));

async function get(url: string, user?: TestUser) {
  return t.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });
}

async function okJson<T>(url: string, user?: TestUser): Promise<{ body: T; bytes: number }> {
  const answer = await get(url, user);
  expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
  return { body: answer.json<T>(), bytes: answer.body.length };
}

const counted = BULK - Math.floor(BULK / 7) + 2;

describe(`pool reads at ${BULK.toLocaleString('en-US')} entries`, () => {
  it('loadPool counts the entrants, alive, insured and rebuys in SQL and keeps the viewer’s own entries', async () => {
    const { body, bytes } = await okJson<LoadPoolResponse>(`/api/loadPool/${PATH}`, alice);
    // The counted bulk entries alive and insured, by the rules the insert used (alice's two: alive, not insured).
    const [row] = rowsOf<{ alive: string | number; insured: string | number }>(
      await t.ctx.db.execute(sql`
        select count(*) filter (where e.lives > 0) as alive, count(*) filter (where e.insurance_purchased) as insured
        from entries e where e.pool_id = ${poolId} and e.status = 1 and e.user_id <> ${alice.id}`),
    );
    const insured = Number(row.insured);
    expect(body.pool.entrants).toBe(counted);
    expect(body.pool.alive).toBe(Number(row.alive) + 2);
    const rebuys = counted - 2;
    expect(body.pool.prize_pool).toBe(counted * 1000 + insured * 100 + rebuys * 500);
    expect(body.viewer.entries.map((entry) => entry.id)).toEqual(aliceIds);
    expect(bytes).toBeLessThan(20_000);
  });

  for (const url of [`/api/gameEntrants/${PATH}`, () => `/api/poolEntrants/${poolId}`]) {
    it(`answers a page of entrants with the total and the viewer’s own (${typeof url === 'string' ? 'gameEntrants' : 'poolEntrants'})`, async () => {
      const base = typeof url === 'string' ? url : url();
      const first = await okJson<EntrantsResponse>(base, alice);
      expect(first.body.total).toBe(BULK + 2);
      expect(first.body.entrants).toHaveLength(50);
      expect(first.body.mine.map((entry) => entry.label)).toEqual(['alice', 'alice [2]']);
      expect(first.bytes).toBeLessThan(50_000);
      const second = await okJson<EntrantsResponse>(`${base}?page=2&pageSize=${MAX_PAGE_SIZE}`);
      expect(second.body.entrants).toHaveLength(MAX_PAGE_SIZE);
      expect(second.body.mine).toEqual([]);
      const firstIds = new Set(first.body.entrants.map((entry) => entry.entry_id));
      expect(second.body.entrants.some((entry) => firstIds.has(entry.entry_id))).toBe(false);
      // A search finds a username and an entry's label, counted on the server.
      const found = await okJson<EntrantsResponse>(`${base}?q=bulk00012`);
      expect(found.body.total).toBe(10);
      expect(found.body.entrants.map((entry) => entry.username)[0]).toBe('bulk000120');
      const label = await okJson<EntrantsResponse>(`${base}?q=${encodeURIComponent('alice [2]')}`);
      expect(label.body.entrants.map((entry) => entry.label)).toEqual(['alice [2]']);
      // Past the last page: an empty page, never an error; page 0 is refused with its message.
      const past = await okJson<EntrantsResponse>(`${base}?page=9999`);
      expect(past.body).toMatchObject({ entrants: [], total: BULK + 2, page: 9999 });
      const zero = await get(`${base}?page=0`);
      expect(zero.statusCode).toBe(400);
      expect(zero.json().message).toContain(PAGING_MESSAGES.page);
      const tooBig = await get(`${base}?pageSize=${MAX_PAGE_SIZE + 1}`);
      expect(tooBig.statusCode).toBe(400);
      expect(tooBig.json().message).toContain(PAGING_MESSAGES.pageSize);
    });
  }

  it('counts the locked week’s distribution in SQL, pages the entries, keeps open picks secret', async () => {
    const { body, bytes } = await okJson<SelectionsAllResponse>(`/api/selections/all/${PATH}`, alice);
    expect(body.week).toBe(1);
    expect(body.weeks[0].total).toBe(BULK + 1);
    const shares = Object.fromEntries(
      (body.weeks[0].distribution ?? []).map((row) => [row.pick_id, row.count]),
    );
    expect(shares.TOR).toBe(1);
    expect((shares.NYY ?? 0) + (shares.BOS ?? 0) + (shares.HOU ?? 0)).toBe(BULK);
    expect(body.weeks[1]).toEqual({ week: 2, locked: false, total: 0, distribution: null });
    expect(body.total).toBe(BULK + 2);
    expect(body.entries).toHaveLength(50);
    expect(body.mine.map((entry) => entry.entry_id)).toEqual(aliceIds);
    expect(body.mine[0].picks['1']?.[0]?.pick_id).toBe('TOR');
    expect(body.mine[1].picks['2']).toBeUndefined();
    expect(bytes).toBeLessThan(100_000);
    const second = await okJson<SelectionsAllResponse>(`/api/selections/all/${PATH}?page=2`);
    expect(second.body.entries[0].entry_id).not.toBe(body.entries[0].entry_id);
    expect(second.body.entries[0].picks['1']).toHaveLength(1);
    // The week asked for must have locked: an open week answers the latest locked one instead.
    const open = await okJson<SelectionsAllResponse>(`/api/selections/all/${PATH}?week=2`, alice);
    expect(open.body.week).toBe(1);
    expect(JSON.stringify(open.body)).not.toContain('"week":2,"pick_id"');
    const searched = await okJson<SelectionsAllResponse>(`/api/selections/all/${PATH}?q=alice`);
    expect(searched.body.entries.map((entry) => entry.label)).toEqual(['alice', 'alice [2]']);
    const tooBig = await get(`/api/selections/all/${PATH}?pageSize=101`);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toContain(PAGING_MESSAGES.pageSize);
  });

  it('answers a page of the scoreboard with the viewer’s own entries, the week’s picks read for them only', async () => {
    const { body, bytes } = await okJson<ScoreboardResponse>(`/api/scoreboard/${poolId}/1`, alice);
    expect(body.total).toBe(counted);
    expect(body.entries).toHaveLength(50);
    expect(body.entries.every((entry) => entry.pick === 'shown')).toBe(true);
    expect(body.mine.map((entry) => entry.entry_id)).toEqual(aliceIds);
    expect(body.mine[0].team?.abb).toBe('TOR');
    expect(bytes).toBeLessThan(200_000);
    const second = await okJson<ScoreboardResponse>(`/api/scoreboard/${poolId}/1?page=2`);
    expect(second.body.entries[0].entry_id).not.toBe(body.entries[0].entry_id);
    expect(second.body.mine).toEqual([]);
    // Week 2 has not locked: the viewer's own pick shows, nobody else's is read.
    const open = await okJson<ScoreboardResponse>(`/api/scoreboard/${poolId}/2`, alice);
    expect(open.body.mine[1]).toMatchObject({ pick: 'shown' });
    expect(open.body.entries.every((entry) => entry.pick !== 'shown')).toBe(true);
    const tooBig = await get(`/api/scoreboard/${poolId}/1?pageSize=101`);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toContain(PAGING_MESSAGES.pageSize);
  });

  it('opens a final pool’s scoreboard on the highest weeks alive, counted in SQL', async () => {
    await t.ctx.db.execute(
      sql`update entries set weeks_alive = 2 where pool_id = ${poolId} and id % 1000 = 0`,
    );
    await t.ctx.db.execute(sql`update pools set final = true where id = ${poolId}`);
    try {
      const { body } = await okJson<ScoreboardResponse>(`/api/scoreboard/${poolId}/default`);
      expect(body.week).toBe(2);
      expect(body.entries).toHaveLength(50);
    } finally {
      await t.ctx.db.execute(sql`update pools set final = false where id = ${poolId}`);
    }
  });
});
