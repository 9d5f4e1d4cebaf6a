import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { must } from '../../core/must';
import { computePrizePool } from '../../core/season';
import { DEFAULT_DEMO_CLOCK_START } from '../config';
import { type DbOrTx, rowsOf } from '../db/client';
import { entries, leagues, pools, users } from '../db/schema';
import { sessionCookie } from '../test/factories';
import { createTestApp } from '../test/harness';
import { timeLimit } from '../test/time-limit';
import { DEMO_PASSWORD, seedDemoWorld } from './seed';

/** What a pool's rows hold: its counted entries (status 1) and their ledger rows by kind, summed in cents. */
interface RowFigures {
  entries: number;
  alive: number;
  inBonus: number;
  buyinRows: number;
  buyin: number;
  rebuy: number;
  insurance: number;
  prize: number;
  bonusEarned: number;
}

async function readRowFigures(db: DbOrTx, poolId: number, week: number): Promise<RowFigures> {
  const result = await db.execute(sql`
    with counted as (select * from entries where pool_id = ${poolId} and status = 1),
    money as (
      select l.* from ledger l join counted e on e.id = l.entry_id where l.pool_id = ${poolId}
    )
    select
      (select count(*) from counted)::int as entries,
      (select count(*) from counted where lives > 0)::int as alive,
      (select count(*) from counted where lives > 0
        and case when ${week} >= bonus_eff_week then bonus else bonus_prev end)::int as in_bonus,
      (select count(*) from money where kind = 'buyin')::int as buyin_rows,
      (select coalesce(sum(amount), 0) from money where kind = 'buyin')::bigint as buyin,
      (select coalesce(sum(amount), 0) from money where kind = 'rebuy')::bigint as rebuy,
      (select coalesce(sum(amount), 0) from money where kind = 'insurance')::bigint as insurance,
      (select coalesce(sum(amount), 0) from money where kind = 'prize')::bigint as prize,
      (select coalesce(sum(amount), 0) from money where kind = 'bonus' and amount > 0)::bigint as bonus_earned`);
  const row = must(rowsOf<Record<string, string | number>>(result)[0]);
  return {
    entries: Number(row.entries),
    alive: Number(row.alive),
    inBonus: Number(row.in_bonus),
    buyinRows: Number(row.buyin_rows),
    buyin: 0 - Number(row.buyin),
    rebuy: 0 - Number(row.rebuy),
    insurance: 0 - Number(row.insurance),
    prize: Number(row.prize),
    bonusEarned: Number(row.bonus_earned),
  };
}

async function login(app: FastifyInstance, username: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { username, password: DEMO_PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  return sessionCookie(response.headers['set-cookie']);
}

describe('demo figures', () => {
  it(
    'shows for every demo pool only figures its entries and ledger rows add up to',
    async () => {
      // The demo clock's first instant: running pools have played weeks, the 2022 pools are concluded.
      const { app, ctx } = await createTestApp({ now: new Date(DEFAULT_DEMO_CLOCK_START) });
      await seedDemoWorld(ctx);
      const demoPools = await ctx.db
        .select({ pool: pools, abb: leagues.abb })
        .from(pools)
        .innerJoin(leagues, eq(leagues.id, pools.leagueId));
      expect(demoPools.length).toBeGreaterThan(0);
      let rebuysSeen = 0;
      for (const { pool, abb } of demoPools) {
        const label = `${abb} ${pool.game} ${pool.season}`;
        // A viewer who entered the pool, so the league page shows their own prizes too.
        const [first] = await ctx.db
          .select({ username: users.username, userId: users.id })
          .from(entries)
          .innerJoin(users, eq(users.id, entries.userId))
          .where(eq(entries.poolId, pool.id))
          .orderBy(entries.id)
          .limit(1);
        const cookie = await login(app, must(first, label).username);
        const get = async (url: string) => {
          const response = await app.inject({ url, headers: { cookie } });
          expect(response.statusCode, `${label} ${url}`).toBe(200);
          return response.json();
        };
        const path = `${pool.game}/${abb}/${pool.season}/${pool.poolIdx}/${pool.seasonType}`;
        const standings = await get(`/api/standings/${pool.id}`);
        const home = (await get(`/api/loadPool/${path}`)).pool;
        const finances = await get(`/api/finances/${pool.id}`);
        const league = await get(`/leagueRoutes/fetchLeague/abb/${abb}`);
        const all = await get('/leagueRoutes/allPools');
        const leagueRow = league.pools.find((row: { id: number }) => row.id === pool.id);
        const allRow = all.find((row: { id: number }) => row.id === pool.id);

        const rows = await readRowFigures(ctx.db, pool.id, home.live_week ?? 0);
        // Entries: every counted entry bought in once, at the pool's buy-in.
        expect(rows.buyinRows, `${label} buy-in rows`).toBe(rows.entries);
        expect(rows.buyin, `${label} buy-ins`).toBe(rows.entries * pool.buyin);
        for (const shown of [
          standings.tiles.entrants,
          home.entrants,
          finances.entries,
          leagueRow.entries,
          allRow.entries,
        ])
          expect(shown, `${label} entrants`).toBe(rows.entries);
        expect(standings.tiles.alive, `${label} alive`).toBe(rows.alive);
        expect(home.alive, `${label} alive`).toBe(rows.alive);
        expect(standings.tiles.in_bonus, `${label} in bonus`).toBe(rows.inBonus);
        // Rebuys: each one made is a charge at the pool's rebuy price.
        const rebuysCharged = pool.rebuyPrice > 0 ? rows.rebuy / pool.rebuyPrice : 0;
        expect(Number.isInteger(rebuysCharged), `${label} rebuy charges`).toBe(true);
        expect(standings.tiles.rebuys, `${label} rebuys`).toBe(rebuysCharged);
        rebuysSeen += rebuysCharged;
        // Insurance: each insured entry was charged the pool's price once.
        const insured = await ctx.db
          .select({ n: sql<number>`count(*)::int` })
          .from(entries)
          .where(
            sql`${entries.poolId} = ${pool.id} and ${entries.status} = 1 and ${entries.insurancePurchased}`,
          );
        expect(rows.insurance, `${label} insurance`).toBe(must(insured[0]).n * pool.insurance);
        // The prize pool: the money the rows collected, less the platform's share.
        const prizePool = computePrizePool({
          buyin: rows.buyin + rows.rebuy + rows.insurance,
          entries: 1,
          insurance: 0,
          insuredEntries: 0,
          rebuyPrice: 0,
          rebuysMade: 0,
          alaPct: pool.alaPct,
        });
        expect(standings.tiles.prize_pool, `${label} prize pool`).toBe(prizePool);
        expect(home.prize_pool, `${label} prize pool`).toBe(prizePool);
        expect(standings.tiles.bonuses_earned, `${label} bonuses earned`).toBe(rows.bonusEarned);
        expect(finances.totals, `${label} finances`).toMatchObject({
          buyin: rows.buyin,
          rebuys: rows.rebuy,
          insurance: rows.insurance,
          prizes: rows.prize,
        });
        // A concluded pool paid its whole prize pool to its champions, and their prizes are those rows.
        if (pool.final) expect(rows.prize, `${label} prizes awarded`).toBe(prizePool);
        const mine = await ctx.db
          .select({
            prizes: sql<number>`coalesce(sum(${entries.prizes}), 0)::int`,
            rows: sql<number>`coalesce((select sum(amount) from ledger l where l.pool_id = ${pool.id}
            and l.kind = 'prize' and l.entry_id in (select id from entries where pool_id = ${pool.id}
            and user_id = ${first?.userId})), 0)::int`,
          })
          .from(entries)
          .where(sql`${entries.poolId} = ${pool.id} and ${entries.userId} = ${first?.userId}`);
        expect(must(mine[0]).prizes, `${label} own prizes`).toBe(must(mine[0]).rows);
        expect(leagueRow.your_status.prizes, `${label} Your Status prizes`).toBe(must(mine[0]).rows);
      }
      // The seasons so far hold rebuys, so the comparison above is not of zeros only.
      expect(rebuysSeen).toBeGreaterThan(0);
      // Seeding loads whole replayed seasons: seconds on PGlite, more while other test files run beside it.
    },
    timeLimit(180_000),
  );
});
