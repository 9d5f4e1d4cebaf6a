// Settling one week of a pool with 1,000,000 entries on PostgreSQL, through the server's settlement
// command (lock: entries fixed and insurance assigned; settle: the rules engine, the entries written
// back, auto-rebuy charges and bonus money), each in its own transaction. Prints the time
// of each phase and entries/s against the issue's target (under 10 s).
// PostgreSQL: DATABASE_URL, default postgres://root@127.0.0.1:5432/ala_bench_settle (dropped,
// created and migrated on each run). Usage: npm run bench:settle-pool
// Knobs: BENCH_ENTRIES (1000000).
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config';
import type { AppContext } from '../src/server/context';
import { openDatabase } from '../src/server/db/client';
import { games, leagues, pools, users } from '../src/server/db/schema';
import { ManualClock } from '../src/server/lib/clock';
import { createOutboxMailer } from '../src/server/mail/mailer';
import { readJudgedWeekNews } from '../src/server/modules/pools/feed/week-news.repo';
import { loadPoolWeeks } from '../src/server/modules/pools/pool-weeks';
import { lockPoolWeek, settlePoolWeek } from '../src/server/modules/pools/settlement/settlement.service';
import { recreateDatabase } from './support';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const TARGET_SECONDS = 10;
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/ala_bench_settle';
const TEAMS = ['NYY', 'BOS', 'HOU', 'TOR', 'SEA', 'TEX', 'LAD', 'SF', 'ATL', 'NYM', 'CHC', 'STL'];

await recreateDatabase(databaseUrl);
const database = await openDatabase({ databaseUrl });
const db = database.db;
const now = new Date('2026-06-10T12:00:00Z');
const clock = new ManualClock(now);
const ctx: AppContext = {
  config: loadConfig({ ...process.env, DATABASE_URL: databaseUrl }),
  database,
  db,
  clock,
  wallClock: clock,
  mailer: createOutboxMailer(db, clock),
};

console.log(`preparing a pool of ${ENTRIES.toLocaleString('en-US')} entries...`);
const [user] = await db
  .insert(users)
  .values({
    username: `bench-settle-${Date.now()}`,
    email: `bench-settle-${Date.now()}@example.com`,
    nameFirst: 'B',
    nameLast: 'S',
  })
  .returning();
const [league] = await db
  .insert(leagues)
  .values({
    name: `Bench ${Date.now()}`,
    abb: `B${Date.now() % 100000}`,
    founderId: user.id,
    inviteCode: `bench-${Date.now()}`,
  })
  .returning();
const deadlines = ['2026-06-01T16:00:00Z', '2026-06-08T16:00:00Z'];
const [pool] = await db
  .insert(pools)
  .values({
    leagueId: league.id,
    game: 'mlb',
    season: 2099,
    gameName: 'MLB',
    customName: 'bench settle',
    deadlines,
    start: new Date(deadlines[0]),
    entryDeadline: new Date(deadlines[0]),
    rebuys: 2,
    rebuyPrice: 2500,
    bonusActive: true,
    bonusShutdown: 0,
    createdAt: new Date('2026-05-01T00:00:00Z'),
  })
  .returning();
// Week 1: six games a team, all final; half the teams finish below .500.
const gameRows = [];
for (let day = 0; day < 6; day++) {
  for (let i = 0; i < TEAMS.length; i += 2) {
    const home = TEAMS[(i + day * 2) % TEAMS.length];
    const away = TEAMS[(i + 1 + day * 2) % TEAMS.length];
    gameRows.push({
      game: 'mlb',
      gid: `bench-settle-${day}-${i}`,
      season: 2099,
      week: 1,
      home,
      away,
      startTime: new Date(Date.parse(deadlines[0]) + (day * 24 + 2) * 3600_000),
      status: 'final',
      homeScore: (i + day) % 3 === 0 ? 2 : 5,
      awayScore: 3,
      final: true,
      provider: 'manual',
    });
  }
}
await db.insert(games).values(gameRows);
await db.execute(sql`
  insert into entries (pool_id, user_id, entry_num, lives, auto_rebuy, bonus, created_at)
  select ${pool.id}, ${user.id}, n, 3, n % 2 = 0, n % 3 = 0, '2026-05-02T00:00:00Z'::timestamptz
  from generate_series(1, ${ENTRIES}) as n`);
await db.execute(sql`
  insert into picks (entry_id, week, pick_id, team_abb, created_at)
  select e.id, 1, t.abb, t.abb, '2026-05-30T00:00:00Z'::timestamptz
  from entries e
  cross join lateral (select (array[${sql.raw(TEAMS.map((team) => `'${team}'`).join(','))}])[1 + (e.id % ${TEAMS.length})] as abb) t
  where e.pool_id = ${pool.id} and e.entry_num % 10 <> 0`);
await db.execute(sql`analyze entries`);
await db.execute(sql`analyze picks`);
// The setup wrote about a gigabyte of WAL: flush it now, or its checkpoints land in the timed phases.
await db.execute(sql`checkpoint`);

const calendar = await loadPoolWeeks(db, pool);
const lockStarted = performance.now();
await lockPoolWeek(ctx, pool, calendar, 1, new Date(deadlines[0]));
const lockSeconds = (performance.now() - lockStarted) / 1000;
const settleStarted = performance.now();
const settled = await settlePoolWeek(ctx, pool, 1);
const settleSeconds = (performance.now() - settleStarted) / 1000;
if (!settled) throw new Error('the week did not settle');

const summary = await db.execute(sql`
  select count(*) filter (where needs_rebuy) as needs_rebuy, count(*) filter (where lives = 2 and not needs_rebuy) as rebought,
    count(*) filter (where lives = 3) as advanced from entries where pool_id = ${pool.id}`);
const total = lockSeconds + settleSeconds;
console.log(summary.rows[0]);
console.log(`lock:   ${lockSeconds.toFixed(2)} s`);
console.log(`settle: ${settleSeconds.toFixed(2)} s`);
console.log(
  `one week of ${ENTRIES.toLocaleString('en-US')} entries: ${total.toFixed(2)} s, ${Math.round(ENTRIES / total).toLocaleString('en-US')} entries/s (target: under ${TARGET_SECONDS} s: ${total < TARGET_SECONDS ? 'met' : 'NOT met'})`,
);
// The feed reads the week's news about entries from the judged week: its first page must stay cheap.
const feedTimes: number[] = [];
for (let i = 0; i < 20; i++) {
  const started = performance.now();
  const news = await readJudgedWeekNews(db, { poolId: pool.id }, 200);
  feedTimes.push(performance.now() - started);
  if (news.length !== 200) throw new Error(`the feed read ${news.length} news, not 200`);
}
feedTimes.sort((a, b) => a - b);
console.log(
  `feed, first page (200) of the week's news: median ${feedTimes[10].toFixed(1)} ms, slowest ${feedTimes[19].toFixed(1)} ms over 20 reads`,
);
await database.close();
