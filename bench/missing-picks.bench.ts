// Missing Picks of a big pool, through the Commish tools' own services on PostgreSQL: builds (in SQL) an MLB
// pool of BENCH_ENTRIES entries (1,000,000) of players with four entries each, every other player having picked
// the open week, then times the list's count and pages (uncached: no live bus, so nothing is kept), a search,
// one walk of the nudge's batches over the whole pool (no mail), and with BENCH_NUDGE=1 the nudge itself into
// the outbox (a row per player owing: hundreds of thousands). Prints each figure and the process's peak RSS.
// PostgreSQL: DATABASE_URL, default postgres://root@127.0.0.1:5432/ala_bench_missing (its own, built afresh;
// BENCH_KEEP=1 reuses the pool an earlier run of the same size left there; a kept pool nudged within the hour
// refuses another nudge).
// Usage: npm run bench:missing-picks

import { eq, sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../src/server/db/client';
import type { UserRow } from '../src/server/db/schema';
import { leagues, pools, users } from '../src/server/db/schema';
import { streamOwingPlayers } from '../src/server/modules/pools/commish/missing-picks/missing-picks.repo';
import {
  getMissingPicks,
  NUDGE_BATCH_SIZE,
  nudgeMissingPicks,
} from '../src/server/modules/pools/commish/missing-picks/missing-picks.service';
import { benchContext } from './big-pool-world';
import { ensureDatabase, recreateDatabase } from './support';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const PER_USER = 4;
const USERS = Math.ceil(ENTRIES / PER_USER);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/ala_bench_missing';
const DAY_MS = 86_400_000;

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 100);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const value = await work();
  console.log(`${label.padEnd(58)} ${((performance.now() - started) / 1000).toFixed(2).padStart(7)} s`);
  return value;
}

const keep = process.env.BENCH_KEEP === '1';
const now = new Date();
const poolName = `Missing Picks bench: ${ENTRIES} entries`;

/** The pool an earlier run of this size left, while its open week is still ahead. */
async function findWorld(db: Database['db']) {
  const [found] = await db
    .select({ pool: pools, commish: users })
    .from(pools)
    .innerJoin(leagues, eq(leagues.id, pools.leagueId))
    .innerJoin(users, eq(users.username, 'mpcommish'))
    .where(eq(pools.customName, poolName));
  return found && Date.parse(found.pool.deadlines[0]) > now.getTime() + 60_000 ? found : null;
}

let database = await openDatabase({ databaseUrl: await ensured() });
let world = keep ? await findWorld(database.db).catch(() => null) : null;
if (!world) {
  await database.close();
  await recreateDatabase(databaseUrl);
  database = await openDatabase({ databaseUrl });
}
const ctx = benchContext(database, databaseUrl, now);
const db = database.db;

async function ensured(): Promise<string> {
  await ensureDatabase(databaseUrl);
  return databaseUrl;
}
async function buildWorld() {
  const [commish] = await db
    .insert(users)
    .values({
      username: 'mpcommish',
      email: 'mpcommish@bench.example',
      nameFirst: 'Big',
      nameLast: 'Commish',
    })
    .returning();
  const [league] = await db
    .insert(leagues)
    .values({
      name: 'Missing Bench',
      abb: 'MPB',
      founderId: commish.id,
      admins: [commish.username],
      inviteCode: 'mpbenchinvite',
    })
    .returning();
  const [pool] = await db
    .insert(pools)
    .values({
      leagueId: league.id,
      game: 'mlb',
      season: 2099,
      gameName: 'MLB',
      customName: poolName,
      deadlines: [1, 8, 15].map((days) => new Date(now.getTime() + days * DAY_MS).toISOString()),
      start: new Date(now.getTime() + DAY_MS),
      entryDeadline: new Date(now.getTime() + DAY_MS),
    })
    .returning();
  await timed(
    `build ${ENTRIES.toLocaleString('en-US')} entries of ${USERS.toLocaleString('en-US')} players`,
    async () => {
      await db.execute(sql`
      insert into users (username, email, name_first, name_last)
      select 'mp' || n, 'mp' || n || '@bench.example', 'Bench', 'Player' from generate_series(1, ${USERS}) as n`);
      await db.execute(sql`
      insert into entries (pool_id, user_id, entry_num, lives)
      select ${pool.id}, u.id, k, 2 from users u cross join generate_series(1, ${PER_USER}) as k
      where u.username like 'mp%' and u.id <> ${commish.id}
      order by u.id, k`);
      // Every other player picked the open week with all their entries.
      await db.execute(sql`
      insert into picks (entry_id, week, pick_id, team_abb, created_at)
      select e.id, 1, 'NYY', 'NYY', now() from entries e where e.pool_id = ${pool.id} and e.user_id % 2 = 0`);
      await db.execute(sql`vacuum analyze`);
    },
  );
  return { pool, commish };
}

world ??= await buildWorld();
const { pool, commish } = world;
const viewer = commish as UserRow;
const list = (query: { page?: number; q?: string }) =>
  getMissingPicks(ctx, pool.id, { page: query.page ?? 1, pageSize: 100, q: query.q ?? '' }, viewer);
const first = await timed('missing picks: count and first page (sign-up order)', () => list({}));
console.log(`  ${first.total.toLocaleString('en-US')} entries owe a Week ${first.week} pick`);
await timed('missing picks: again (nothing kept without a live bus)', () => list({}));
await timed('missing picks: page 100 (the deepest a page goes)', () => list({ page: 100 }));
await timed('missing picks: search "mp4242"', () => list({ q: 'mp4242' }));
let walked = 0;
let batches = 0;
await timed(`nudge's walk of the pool, ${NUDGE_BATCH_SIZE} entries a statement (no mail)`, () =>
  streamOwingPlayers(
    db,
    { poolId: pool.id, week: 1, needed: 1, batchSize: NUDGE_BATCH_SIZE },
    async (players) => {
      walked += players.length;
      batches += 1;
    },
  ),
);
console.log(`  ${walked.toLocaleString('en-US')} players owing, handed over in ${batches} batches`);
if (process.env.BENCH_NUDGE === '1') {
  const answer = await timed('nudge into the outbox', () => nudgeMissingPicks(ctx, pool.id, {}, viewer));
  console.log(`  ${answer.message}`);
}
clearInterval(sampler);
console.log(`peak RSS of this process: ${mb(peakRss)}`);
await database.close();
