// A week's results pushed to every player of a 1,000,000-entry pool (issue 44, decision 042), on
// PostgreSQL: 250,000 players of four entries each, every player with one device; half the entries pick
// the week's best team, half its worst (they lose a life). The week is judged, then push passes run until
// the queue is empty, sending each player one push (encrypted, VAPID-signed) to a push service on this
// machine (a child process that answers 201 and counts). Prints the time from the judged week to the last
// push received (target: under 60 s), the pushes per second and the peak memory of this process.
// PostgreSQL: DATABASE_URL, default postgres://root@127.0.0.1:5432/ala_bench_push (rebuilt each run).
// Knobs: BENCH_ENTRIES (1000000), BENCH_DEVICES_PER_PLAYER (1), BENCH_PUSH_SHARE (1: every player). Usage: npm run bench:push
import { spawn } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { leagues, pools, users } from '../src/server/db/schema';
import type { ManualClock } from '../src/server/lib/clock';
import { settleDueWeeks } from '../src/server/modules/pools/settlement/settle-pool.job';
import { settlePoolWeek } from '../src/server/modules/pools/settlement/settle-week.command';
import { runPushPass } from '../src/server/modules/push/push.service';
import { benchContext, seedTwoWeekMlbSeason, settleTables } from './big-pool-world';
import { freePort, recreateDatabase } from './support';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const DEVICES = Number(process.env.BENCH_DEVICES_PER_PLAYER ?? 1);
/** The share of players who turned notifications on (every one by default: the worst case). */
const SHARE = Math.min(1, Math.max(0, Number(process.env.BENCH_PUSH_SHARE ?? 1)));
const TARGET_S = 60;
const DAY_MS = 24 * 60 * 60 * 1000;
const SEASON = 2097;
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/ala_bench_push';

// The push service: its own process, so that its work does not count as ours.
const port = await freePort();
const service = spawn(
  process.execPath,
  [
    '-e',
    `let n = 0;
     require('node:http').createServer((req, res) => {
       if (req.method === 'GET') { res.end(String(n)); return; }
       req.resume();
       req.on('end', () => { n++; res.writeHead(201).end(); });
     }).listen(${port}, '127.0.0.1', () => console.log('up'));`,
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
await once(service.stdout as NodeJS.ReadableStream, 'data');
const received = async () => Number(await (await fetch(`http://127.0.0.1:${port}/count`)).text());

await recreateDatabase(databaseUrl);
const database = await openDatabase({ databaseUrl });
const db = database.db;
const seconds = (started: number) => ((performance.now() - started) / 1000).toFixed(1);

const lock = new Date(Date.UTC(2097, 3, 1, 16)).toISOString();
const built = performance.now();
const {
  deadlines,
  weekOne: weekGames,
  byRecord,
} = await seedTwoWeekMlbSeason(db, 'bench-push', SEASON, lock);
const [loser, winner] = [byRecord[0], byRecord[byRecord.length - 1]];
const [commish] = await db
  .insert(users)
  .values({ username: 'pushcommish', email: 'pushcommish@bench.example', nameFirst: 'P', nameLast: 'C' })
  .returning();
const [league] = await db
  .insert(leagues)
  .values({
    name: 'Bench',
    abb: 'BENCH',
    desc: '',
    joinable: true,
    founderId: commish.id,
    admins: ['pushcommish'],
    inviteCode: 'bench-push',
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
    rebuys: 1,
    rebuyPrice: 1000,
    maxEntries: 4,
    alaPct: 0.0333,
    deadlines,
    start: new Date(lock),
    entryDeadline: new Date(lock),
  })
  .returning();
const signedUp = new Date(Date.parse(lock) - 3 * DAY_MS).toISOString();
await db.execute(sql`
  insert into users (username, email, name_first, name_last, created_at)
  select 'pp' || n, 'pp' || n || '@bench.example', 'Player', 'Number ' || n, ${signedUp}::timestamptz
  from generate_series(1, ${Math.ceil(ENTRIES / 4)}) as n`);
await db.execute(sql`
  insert into entries (pool_id, user_id, entry_num, lives, created_at)
  select ${pool.id}, u.id, k, 2, ${signedUp}::timestamptz
  from users u cross join generate_series(1, 4) as k
  where u.username like 'pp%' order by u.id, k limit ${ENTRIES}`);
await db.execute(sql`
  insert into picks (entry_id, week, pick_id, team_abb, created_by, created_at)
  select e.id, 1, case when e.id % 2 = 0 then ${winner} else ${loser} end,
    case when e.id % 2 = 0 then ${winner} else ${loser} end, e.user_id, ${signedUp}::timestamptz
  from entries e where e.pool_id = ${pool.id}`);
// Every device shares one key pair: the server still encrypts each push on its own.
const ecdh = createECDH('prime256v1');
ecdh.generateKeys();
await db.execute(sql`
  insert into push_subscriptions (user_id, endpoint, p256dh, auth, created_at)
  select u.id, 'http://127.0.0.1:${sql.raw(String(port))}/push/' || u.id || '-' || d,
    ${ecdh.getPublicKey().toString('base64url')}, ${randomBytes(16).toString('base64url')}, ${signedUp}::timestamptz
  from users u cross join generate_series(1, ${DEVICES}) as d
  where u.username like 'pp%' and u.id % 1000 < ${Math.round(SHARE * 1000)}`);
await settleTables(database, ['users', 'entries', 'picks', 'push_subscriptions']);
console.log(
  `built ${ENTRIES.toLocaleString('en-US')} entries of ${Math.ceil(ENTRIES / 4).toLocaleString('en-US')} players, ${Math.round(SHARE * 100)}% of them with ${DEVICES} device(s): ${seconds(built)} s`,
);

process.env.PUSH_SERVICE_HOSTS = '127.0.0.1';
const ctx = benchContext(database, databaseUrl, new Date(Date.parse(lock) + 60_000));
await db.execute(
  sql`update games set final = false, status = 'scheduled' where season = ${SEASON} and week = 1`,
);
await settleDueWeeks(ctx);
await db.execute(sql`update games set final = true, status = 'final' where season = ${SEASON} and week = 1`);
// Judged an hour after the week's results were in: news to push.
const lastStart = Math.max(...weekGames.map((game) => new Date(game.startTime).getTime()));
(ctx.clock as ManualClock).set(new Date(lastStart + 5 * 60 * 60 * 1000));
const [open] = await db.select().from(pools).where(eq(pools.id, pool.id));
let started = performance.now();
await settlePoolWeek(ctx, open, 1);
console.log(`the week judged: ${seconds(started)} s`);

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 100);
started = performance.now();
let sent = 0;
for (let pass = 1; pass <= 5; pass++) {
  const run = await runPushPass(ctx, {
    onEnqueued: () => console.log(`the results enqueued: ${seconds(started)} s`),
  });
  sent += run.sent;
  if (run.failedPools.length > 0 || run.failed > 0) console.log('failures:', run.failedPools, run.failed);
  const [{ left }] = (await db.execute(sql`select count(*)::int as left from push_queue`)).rows as {
    left: number;
  }[];
  if (left === 0) break;
}
const total = (performance.now() - started) / 1000;
clearInterval(sampler);
const arrived = await received();
const [{ devices }] = (await db.execute(sql`select count(*)::int as devices from push_subscriptions`))
  .rows as { devices: number }[];
const players = devices;
const ok = arrived === players && sent === players && total < TARGET_S;
console.log(
  `${arrived.toLocaleString('en-US')} pushes received of ${players.toLocaleString('en-US')}: ${total.toFixed(1)} s after the week was judged (target: under ${TARGET_S} s), ${Math.round(arrived / total).toLocaleString('en-US')} a second`,
);
console.log(`peak RSS ${(peakRss / 1048576).toFixed(0)} MB`);
console.log(ok ? 'summary: every target met' : 'summary: FAIL');
service.kill();
await database.close();
// The pool's encrypting threads and the sender's kept-alive sockets would hold the process open.
process.exit(ok ? 0 : 1);
