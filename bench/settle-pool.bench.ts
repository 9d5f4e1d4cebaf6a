// Settling one week of a pool with 1,000,000 entries on PostgreSQL, through the server's settlement
// command (lock: entries fixed and insurance assigned; settle: the rules engine, the entries written
// back, auto-rebuy charges and bonus money), each in its own transaction. Prints the time
// of each phase and entries/s against the issue's target (under 10 s).
// PostgreSQL: DATABASE_URL, default postgres://root@127.0.0.1:5432/ala_bench_settle (dropped,
// created and migrated on each run). Usage: npm run bench:settle-pool
// Knobs: BENCH_ENTRIES (1000000); BENCH_WEEK (1): the week settled, after as many weeks as come before it
// were played (every entry won them: their judged weeks, picks and settled pool weeks are in the tables, as
// mid-season); BENCH_REJUDGE=1: then a result of the settled week is corrected (a twelfth of the entries
// advance where they had lost), and the re-judging of the week is timed
// against the same target. After the timed phases it measures this server's floor (see floorSeconds).
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { games, leagues, pools, poolWeeks, users } from '../src/server/db/schema';
import type { ManualClock } from '../src/server/lib/clock';
import { readJudgedWeekNews } from '../src/server/modules/pools/feed/week-news.repo';
import { lockPoolWeek } from '../src/server/modules/pools/settlement/lock-week.command';
import { findCorrectedWeek, rejudgeFromWeek } from '../src/server/modules/pools/settlement/rejudge.command';
import { settlePoolWeek } from '../src/server/modules/pools/settlement/settle-week.command';
import { loadPoolWeeks } from '../src/server/modules/pools/store/pool-weeks.repo';
import { benchContext, mlbWeekGames, settleTables, TEAMS, teamArray } from './big-pool-world';
import { recreateDatabase } from './support';

/** Rolls the floor's transaction back with its figures. */
class FloorMeasured extends Error {
  constructor(
    readonly update: number,
    readonly insert: number,
  ) {
    super('floor measured');
  }
}

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const WEEK = Number(process.env.BENCH_WEEK ?? 1);
const REJUDGE = process.env.BENCH_REJUDGE === '1';
const TARGET_SECONDS = 10;
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/ala_bench_settle';

await recreateDatabase(databaseUrl);
const database = await openDatabase({ databaseUrl });
const db = database.db;
const ctx = benchContext(database, databaseUrl, new Date('2026-06-10T12:00:00Z'));

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
if (!Number.isInteger(WEEK) || WEEK < 1 || WEEK >= TEAMS.length)
  throw new Error(`BENCH_WEEK: 1 to ${TEAMS.length - 1}`);
// One deadline a week, the settled week's on 2026-06-01 (the clock is nine days on), and one more after it.
const deadlines = Array.from({ length: WEEK + 1 }, (_, i) =>
  new Date(Date.parse('2026-06-01T16:00:00Z') + (i - WEEK + 1) * 7 * 86_400_000).toISOString(),
);
/** An instant `days` before the first week's deadline, as ISO text. */
const dayBefore = (days: number) => new Date(Date.parse(deadlines[0]) - days * 86_400_000).toISOString();
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
    createdAt: new Date(dayBefore(3)),
  })
  .returning();
// Each week: six games a team, all final; in the settled week half the teams finish below .500.
const gameRows = [];
for (let week = 1; week <= WEEK; week++) {
  gameRows.push(...mlbWeekGames('bench-settle', 2099, week, deadlines[week - 1], true));
}
await db.insert(games).values(gameRows);
await db.execute(sql`
  insert into entries (pool_id, user_id, entry_num, slot, lives, auto_rebuy, bonus, created_at)
  select ${pool.id}, ${user.id}, n, n - 1, 3, n % 2 = 0, n % 3 = 0, ${dayBefore(2)}::timestamptz
  from generate_series(1, ${ENTRIES}) as n`);
// The settled week's pick is the entry's own team (by its id), so the settled week goes alike whatever its
// number; an earlier week's is the team as many places on as weeks before the settled one: never one used twice.
for (let week = 1; week <= WEEK; week++) {
  await db.execute(sql`
    insert into picks (entry_id, week, pick_id, team_abb, created_at)
    select e.id, ${week}, t.abb, t.abb, ${dayBefore(1)}::timestamptz
    from entries e
    cross join lateral (select (${teamArray})[1 + ((e.id + ${WEEK - week}) % ${TEAMS.length})] as abb) t
    where e.pool_id = ${pool.id} and e.entry_num % 10 <> 0`);
}
// The weeks before the settled one, played and won by every entry, as their lock and judging leave them.
for (let week = 1; week < WEEK; week++) {
  // Their entries' weeks come in four kinds (in the bonus pool or not, auto-rebuy or not).
  await db.execute(sql`
    insert into entry_week_kinds (pool_id, week, kind, in_bonus, auto_rebuy, lives_before, rebuys_before,
      needs_rebuy_before, weeks_alive_before, result, lives, status)
    select ${pool.id}, ${week}, 1 + b::int * 2 + a::int, b, a, 3, 0, false, ${week - 1}, 'advance', 3, 'alive'
    from (values (false), (true)) as bs(b) cross join (values (false), (true)) as rs(a)`);
  await db.insert(poolWeeks).values({
    poolId: pool.id,
    week,
    aliveAtLock: ENTRIES,
    bonusRunning: true,
    lockedAt: new Date(deadlines[week - 1]),
    settledAt: new Date(Date.parse(deadlines[week]) - 86_400_000),
    health: { 3: ENTRIES },
  });
  await db.execute(sql`
    update pool_weeks set entry_kinds = (
      select decode(string_agg(lpad(to_hex(1 + e.bonus::int * 2 + e.auto_rebuy::int), 6, '0'), '' order by e.slot), 'hex')
      from entries e where e.pool_id = ${pool.id})
    where pool_id = ${pool.id} and week = ${week}`);
}
await db.execute(sql`update entries set weeks_alive = ${WEEK - 1} where pool_id = ${pool.id}`);
await settleTables(database, ['entries', 'picks']);

// The server's memory and WAL settings move these figures more than most code changes (decision 009).
const settings = await db.execute(sql`
  select name, setting, unit from pg_settings where name in ('shared_buffers', 'max_wal_size', 'wal_buffers')
  order by name`);
console.log(
  `PostgreSQL ${(await db.execute(sql`show server_version`)).rows[0]?.server_version}: ${settings.rows
    .map(
      (row) => `${row.name} ${formatSetting(String(row.setting), row.unit === null ? '' : String(row.unit))}`,
    )
    .join(', ')}`,
);

const calendar = await loadPoolWeeks(db, pool);
const lockStarted = performance.now();
await lockPoolWeek(ctx, pool, calendar, WEEK, new Date(deadlines[WEEK - 1]));
const lockSeconds = (performance.now() - lockStarted) / 1000;
const settleStarted = performance.now();
const settled = await settlePoolWeek(ctx, pool, WEEK);
const settleSeconds = (performance.now() - settleStarted) / 1000;
if (!settled) throw new Error('the week did not settle');

const summarySql = sql`
  select count(*) filter (where needs_rebuy) as needs_rebuy, count(*) filter (where lives = 2 and not needs_rebuy) as rebought,
    count(*) filter (where lives = 3) as advanced from entries where pool_id = ${pool.id}`;
const summary = await db.execute(summarySql);
const total = lockSeconds + settleSeconds;
console.log(summary.rows[0]);
console.log(`lock:   ${lockSeconds.toFixed(2)} s`);
console.log(`settle: ${settleSeconds.toFixed(2)} s`);
console.log(
  `week ${WEEK} of ${ENTRIES.toLocaleString('en-US')} entries: ${total.toFixed(2)} s, ${Math.round(ENTRIES / total).toLocaleString('en-US')} entries/s (target: under ${TARGET_SECONDS} s: ${total < TARGET_SECONDS ? 'met' : 'NOT met'})`,
);
const floor = await floorSeconds();
console.log(
  `this server's floor, measured now: a bare update of the ${ENTRIES.toLocaleString('en-US')} entries ${floor.update.toFixed(2)} s, a bare insert of as many narrow indexed rows ${floor.insert.toFixed(2)} s; lock and settle took ${(total / (floor.update + floor.insert)).toFixed(1)} times their sum`,
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
if (REJUDGE) await timeRejudge();
await database.close();

/**
 * Corrects a result of the settled week: HOU beat TOR 5-3 on its first day, now TOR won 3-2, so TOR goes
 * 3-3 and advances where it lost (HOU, 3-3, still advances); the entries that picked TOR (a twelfth)
 * get their life back and their auto-rebuy refunded. Times finding the correction and re-judging the week.
 */
async function timeRejudge(): Promise<void> {
  await db.execute(sql`
    update games set home_score = 2, away_score = 3 where gid = ${`bench-settle-${WEEK}-0-2`}`);
  const clock = ctx.clock as ManualClock;
  clock.set(new Date(clock.now().getTime() + 60_000));
  const started = performance.now();
  const corrected = await findCorrectedWeek(db, pool);
  if (corrected !== WEEK) throw new Error(`the correction was found in week ${corrected}, not ${WEEK}`);
  const found = (performance.now() - started) / 1000;
  const weeks = await rejudgeFromWeek(ctx, pool, corrected);
  const seconds = (performance.now() - started) / 1000;
  if (weeks.join() !== String(WEEK)) throw new Error(`re-judged weeks ${weeks.join()}, not ${WEEK}`);
  const [money] = (
    await db.execute(sql`
      select count(*) filter (where amount < 0) as charged, count(*) filter (where amount > 0) as refunded
      from ledger where pool_id = ${pool.id} and notes like '%a corrected result'`)
  ).rows;
  console.log((await db.execute(summarySql)).rows[0]);
  console.log(
    `re-judge of week ${WEEK} after a corrected result: ${seconds.toFixed(2)} s (finding it ${found.toFixed(2)} s), ${money.charged} auto-rebuys charged and ${money.refunded} refunded (target: under ${TARGET_SECONDS} s: ${seconds < TARGET_SECONDS ? 'met' : 'NOT met'})`,
  );
}

/** A memory or size setting as PostgreSQL counts it (in units of 8kB, of MB...), in MB. */
function formatSetting(setting: string, unit: string): string {
  const unitBytes: Record<string, number> = { '8kB': 8192, kB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };
  const bytes = Number(setting) * (unitBytes[unit] ?? 1);
  return unit in unitBytes ? `${Math.round(bytes / 1024 ** 2)} MB` : `${setting}${unit}`;
}

/**
 * What any settle of this pool costs PostgreSQL on this machine at least, whatever the code: updating
 * each entry's state once (a bare `update` of one column, no join) and writing one row per entry for its
 * judged week (a bare `insert` of narrow rows with one index, into a table logged as any real one: a
 * temporary table writes no WAL and took half the time). Both in a transaction rolled back. The machine's
 * speed varies from day to day and from one minute to the next, by as much as half again: the ratio to
 * this floor says how far the settle is from what PostgreSQL does at least at the time it was measured.
 */
async function floorSeconds(): Promise<{ update: number; insert: number }> {
  return database.db
    .transaction(async (tx) => {
      await tx.execute(sql`checkpoint`);
      let started = performance.now();
      // Moving each row's version as the settle does, so that the version trigger (migration 0039) runs
      // nothing here either.
      await tx.execute(
        sql`update entries set weeks_alive = weeks_alive + 1, version = version + 1 where pool_id = ${pool.id}`,
      );
      const update = (performance.now() - started) / 1000;
      await tx.execute(
        sql`create table floor_rows (entry_id int, week int, kind smallint, primary key (entry_id, week))`,
      );
      started = performance.now();
      await tx.execute(
        sql`insert into floor_rows select id, ${WEEK}, 1 from entries where pool_id = ${pool.id}`,
      );
      const insert = (performance.now() - started) / 1000;
      throw new FloorMeasured(update, insert);
    })
    .catch((error: unknown) => {
      if (error instanceof FloorMeasured) return { update: error.update, insert: error.insert };
      throw error;
    });
}
