// Enqueueing the pick reminders of one week of a pool with 1,000,000 entries on PostgreSQL, through
// the server's reminder pass: the entries are read in slot batches (an index range each), those that owe
// a pick go to the queue, and the pass's mark moves on. Prints the time and the peak memory of this
// process against the target (under 30 s, under 300 MB), then the time to mail the queue to the
// outbox (one mail per player), and checks that a second pass enqueues nothing.
// PostgreSQL: DATABASE_URL, default postgres://root@127.0.0.1:5432/ala_bench_remind (dropped, created
// and migrated on each run). Usage: npm run bench:reminders
// Knobs: BENCH_ENTRIES (1000000); BENCH_PER_USER (4): entries per player; BENCH_MAIL (1): 0 skips mailing.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { leagues, pools, users } from '../src/server/db/schema';
import {
  dueReminders,
  enqueuePoolWeek,
  mailQueuedReminders,
} from '../src/server/modules/reminders/reminders.service';
import { benchContext, settleTables } from './big-pool-world';
import { recreateDatabase } from './support';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const PER_USER = Number(process.env.BENCH_PER_USER ?? 4);
const MAIL = process.env.BENCH_MAIL !== '0';
const TARGET_SECONDS = 30;
const TARGET_MB = 300;
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/ala_bench_remind';

await recreateDatabase(databaseUrl);
const database = await openDatabase({ databaseUrl });
const db = database.db;
const LOCK = '2026-06-01T16:00:00Z';
// Three hours before the week's lock: the 24 h reminder is due, the 2 h one not yet.
const ctx = benchContext(database, databaseUrl, new Date(Date.parse(LOCK) - 3 * 3_600_000));
const PLAYERS = Math.ceil(ENTRIES / PER_USER);

console.log(
  `preparing a pool of ${ENTRIES.toLocaleString('en-US')} entries of ${PLAYERS.toLocaleString('en-US')} players...`,
);
const [founder] = await db
  .insert(users)
  .values({ username: 'bench-remind', email: 'bench-remind@example.com', nameFirst: 'B', nameLast: 'R' })
  .returning();
const [league] = await db
  .insert(leagues)
  .values({ name: 'Bench Reminders', abb: 'BREM', founderId: founder.id, inviteCode: 'bench-remind' })
  .returning();
const [pool] = await db
  .insert(pools)
  .values({
    leagueId: league.id,
    game: 'mlb',
    season: 2099,
    gameName: 'MLB',
    customName: 'bench reminders',
    deadlines: [LOCK, '2026-06-08T16:00:00Z'],
    start: new Date(LOCK),
    entryDeadline: new Date(LOCK),
    maxEntries: PER_USER,
    createdAt: new Date('2026-05-01T00:00:00Z'),
  })
  .returning();
// Every player confirmed; one in 50 chose 2 h only (not due yet), one in 100 turned reminders off.
await db.execute(sql`
  insert into users (username, email, name_first, name_last, email_verified_at, reminders, created_at)
  select 'rp' || n, 'rp' || n || '@example.com', 'R', 'P', '2026-01-01T00:00:00Z'::timestamptz,
    case when n % 100 = 0 then 'off' when n % 50 = 0 then '2h' else 'both' end, '2026-01-01T00:00:00Z'::timestamptz
  from generate_series(1, ${PLAYERS}) as n`);
// A player's entries sit in consecutive slots; one in eight is insured, one in 40 out of lives.
await db.execute(sql`
  insert into entries (pool_id, user_id, entry_num, slot, lives, insurance_purchased, created_at)
  select ${pool.id}, ${founder.id} + 1 + (n - 1) / ${PER_USER}, 1 + (n - 1) % ${PER_USER}, n - 1,
    case when n % 40 = 0 then 0 else 1 end, n % 8 = 0, '2026-05-02T00:00:00Z'::timestamptz
  from generate_series(1, ${ENTRIES}) as n`);
// A third of the entries picked already.
await db.execute(sql`
  insert into picks (entry_id, week, pick_id, team_abb, created_at)
  select e.id, 1, 'NYY', 'NYY', '2026-05-30T00:00:00Z'::timestamptz
  from entries e where e.pool_id = ${pool.id} and e.slot % 3 = 0`);
// One player in 200 muted the pool.
await db.execute(sql`
  insert into reminder_mutes (user_id, pool_id, created_at)
  select u.id, ${pool.id}, now() from users u where u.id % 200 = 0`);
await settleTables(database, ['users', 'entries', 'picks', 'reminder_mutes']);

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 20);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
const baseRss = process.memoryUsage().rss;

const started = performance.now();
const due = await dueReminders(ctx, pool, ctx.clock.now());
let enqueued = 0;
for (const target of due) enqueued += (await enqueuePoolWeek(ctx, target, 10_000)) ?? 0;
const enqueueSeconds = (performance.now() - started) / 1000;
const enqueuePeak = Math.max(peakRss, process.memoryUsage().rss);
console.log(
  `enqueued ${enqueued.toLocaleString('en-US')} reminders (${due.map((d) => d.kind).join(', ')}) of ` +
    `${ENTRIES.toLocaleString('en-US')} entries in ${enqueueSeconds.toFixed(1)} s ` +
    `(${Math.round(ENTRIES / enqueueSeconds).toLocaleString('en-US')} entries/s; target < ${TARGET_SECONDS} s: ` +
    `${enqueueSeconds < TARGET_SECONDS ? 'met' : 'MISSED'})`,
);
console.log(
  `peak memory (RSS) ${mb(enqueuePeak)} MB, ${mb(enqueuePeak - baseRss)} MB above the start ` +
    `(target < ${TARGET_MB} MB: ${enqueuePeak < TARGET_MB * 1024 * 1024 ? 'met' : 'MISSED'})`,
);

const again = performance.now();
let repeated = 0;
for (const target of await dueReminders(ctx, pool, ctx.clock.now()))
  repeated += (await enqueuePoolWeek(ctx, target, 10_000)) ?? 0;
console.log(
  `a second pass enqueued ${repeated} reminders in ${((performance.now() - again) / 1000).toFixed(2)} s (exactly once)`,
);
if (repeated !== 0) throw new Error('a second pass enqueued reminders again');

if (MAIL) {
  peakRss = process.memoryUsage().rss;
  const mailing = performance.now();
  const { mailed } = await mailQueuedReminders(ctx, 500);
  const mailSeconds = (performance.now() - mailing) / 1000;
  const outbox = await db.execute(sql`select count(*)::int as n from mail_outbox`);
  console.log(
    `mailed ${mailed.toLocaleString('en-US')} reminders (one per player) to the outbox in ${mailSeconds.toFixed(1)} s ` +
      `(${Math.round(mailed / mailSeconds).toLocaleString('en-US')} mails/s), peak RSS ${mb(peakRss)} MB; ` +
      `outbox rows: ${Number(outbox.rows[0]?.n).toLocaleString('en-US')}`,
  );
}
clearInterval(sampler);
await database.close();
