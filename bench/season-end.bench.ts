// The season's end in a 1,000,000-entry pool, on PostgreSQL (spec 4 part 2, decision 039): every entry
// has one life and picks the same team, which loses the week: a wipeout. A settlement pass locks the
// week; it is judged (the end rule's verdict taken in the judging transaction), then crowns a million
// co-champions, splitting the prize pool among them in cents, set-based. Prints the time of the lock, of
// the judging (with the verdict) and of the crowning, the prize rows and their sum against the prize pool
// (every cent awarded, none twice) and the target (the crowning under 30 s).
// PostgreSQL: DATABASE_URL, default postgres://root@127.0.0.1:5432/ala_bench_end (rebuilt each run).
// Knobs: BENCH_ENTRIES (1000000). Usage: npm run bench:season-end
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { leagues, poolEnds, pools, users } from '../src/server/db/schema';
import type { ManualClock } from '../src/server/lib/clock';
import { crownPoolEnd } from '../src/server/modules/pools/settlement/season-end.service';
import { settleDueWeeks } from '../src/server/modules/pools/settlement/settle-pool.job';
import { settlePoolWeek } from '../src/server/modules/pools/settlement/settle-week.command';
import { benchContext, seedTwoWeekMlbSeason, settleTables } from './big-pool-world';
import { recreateDatabase } from './support';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const TARGET_S = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const SEASON = 2098;
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/ala_bench_end';

await recreateDatabase(databaseUrl);
const database = await openDatabase({ databaseUrl });
const db = database.db;
const seconds = (started: number) => ((performance.now() - started) / 1000).toFixed(1);

const lock = new Date(Date.UTC(2098, 3, 1, 16)).toISOString();
const built = performance.now();
// The week's loser: the team with the worst record in the bench's week of games.
const { deadlines, byRecord } = await seedTwoWeekMlbSeason(db, 'bench-end', SEASON, lock);
const loser = byRecord[0];
const [commish] = await db
  .insert(users)
  .values({
    username: 'endcommish',
    email: 'endcommish@bench.example',
    nameFirst: 'End',
    nameLast: 'Commish',
  })
  .returning();
const [league] = await db
  .insert(leagues)
  .values({
    name: 'Bench',
    abb: 'BENCH',
    desc: '',
    joinable: true,
    founderId: commish.id,
    admins: ['endcommish'],
    inviteCode: 'bench-end',
  })
  .returning();
const [pool] = await db
  .insert(pools)
  .values({
    leagueId: league.id,
    game: 'mlb',
    season: SEASON,
    gameName: 'MLB',
    buyin: 1000,
    rebuys: 0,
    rebuyPrice: 0,
    maxEntries: 4,
    alaPct: 0.0333,
    deadlines,
    start: new Date(lock),
    entryDeadline: new Date(lock),
    endWipeout: 'split',
    endCrowning: 'automatic',
  })
  .returning();
const signedUp = new Date(Date.parse(lock) - 3 * DAY_MS).toISOString();
await db.execute(sql`
  insert into users (username, email, name_first, name_last, created_at)
  select 'ep' || n, 'ep' || n || '@bench.example', 'Player', 'Number ' || n, ${signedUp}::timestamptz
  from generate_series(1, ${Math.ceil(ENTRIES / 4)}) as n`);
await db.execute(sql`
  insert into entries (pool_id, user_id, entry_num, lives, created_at)
  select ${pool.id}, u.id, k, 1, ${signedUp}::timestamptz
  from users u cross join generate_series(1, 4) as k
  where u.username like 'ep%' order by u.id, k limit ${ENTRIES}`);
await db.execute(sql`
  insert into ledger (pool_id, entry_id, kind, amount, created_at)
  select pool_id, id, 'buyin', -1000, created_at from entries where pool_id = ${pool.id}`);
await db.execute(sql`
  insert into picks (entry_id, week, pick_id, team_abb, created_by, created_at)
  select e.id, 1, ${loser}, ${loser}, e.user_id, ${signedUp}::timestamptz from entries e where e.pool_id = ${pool.id}`);
await settleTables(database, ['users', 'entries', 'ledger', 'picks']);
console.log(
  `built ${ENTRIES.toLocaleString('en-US')} entries, each picking ${loser} (it loses the week): ${seconds(built)} s`,
);

const ctx = benchContext(database, databaseUrl, new Date(Date.parse(lock) + 60_000));
// The week's games are not final yet when it locks: the lock and the judging are timed apart.
await db.execute(
  sql`update games set final = false, status = 'scheduled' where season = ${SEASON} and week = 1`,
);
let started = performance.now();
const locked = await settleDueWeeks(ctx);
console.log(`the week locks: ${seconds(started)} s (${locked.locked.length} week locked)`);
await db.execute(sql`update games set final = true, status = 'final' where season = ${SEASON} and week = 1`);
(ctx.clock as ManualClock).set(new Date(Date.parse(lock) + 6.5 * DAY_MS));
const [open] = await db.select().from(pools).where(eq(pools.id, pool.id));
started = performance.now();
const settled = await settlePoolWeek(ctx, open, 1);
const judgingSeconds = (performance.now() - started) / 1000;
console.log(`the week judged, the end rule's verdict taken with it: ${judgingSeconds.toFixed(1)} s`);
started = performance.now();
const crowned = await crownPoolEnd(ctx, pool.id, null);
const judgedSeconds = (performance.now() - started) / 1000;
const [end] = await db.select().from(poolEnds).where(eq(poolEnds.poolId, pool.id));
const [after] = await db.select().from(pools).where(eq(pools.id, pool.id));
const [prizes] = (
  await db.execute(sql`
    select count(*)::int as rows, coalesce(sum(amount), 0)::bigint as total, min(amount) as least, max(amount) as most
    from ledger where pool_id = ${pool.id} and kind = 'prize'`)
).rows as Array<{ rows: number; total: string; least: string; most: string }>;
const paidIn = ENTRIES * 1000;
const prizePool = Math.round(paidIn * (1 - 0.0333));
const ok =
  settled &&
  crowned &&
  after.final &&
  end?.crownedAt !== null &&
  Number(prizes.rows) === ENTRIES &&
  Number(prizes.total) === prizePool &&
  judgedSeconds < TARGET_S;
console.log(
  `${end?.champions.toLocaleString('en-US')} co-champions crowned (${end?.reason}): ${judgedSeconds.toFixed(1)} s (target: under ${TARGET_S} s)`,
);
console.log(
  `prizes: ${Number(prizes.rows).toLocaleString('en-US')} rows of ${prizes.least} to ${prizes.most} cents, ${Number(prizes.total).toLocaleString('en-US')} cents in all of a prize pool of ${prizePool.toLocaleString('en-US')}`,
);
console.log(ok ? 'summary: every target met' : 'summary: FAIL');
await database.close();
process.exitCode = ok ? 0 : 1;
