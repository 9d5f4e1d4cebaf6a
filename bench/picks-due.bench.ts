// Picks due and the deadline calendar beside a 1,000,000-entry pool: one player with five entries in
// it (and one in a small pool) reads GET /api/me/picks-due and their calendar feed through the app (in
// process, app.inject) on PostgreSQL. The million other entries, each with a pick of the open week,
// belong to one other user; the player's answers must not grow with them. Prints p50 and p99 of each
// read against bench:big-pool's 500 ms p99 target, the answer's size and the load average.
// PostgreSQL: DATABASE_URL, default postgres://root@127.0.0.1:5432/ala_bench_due (its own: built once,
// kept while it holds the same size; BENCH_REBUILD=1 builds it afresh). Usage: npm run bench:picks-due
// Knobs: BENCH_ENTRIES (1000000), BENCH_REPEATS (50).
import { loadavg } from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/client';
import { entries, leagues, pools, users } from '../src/server/db/schema';
import { createSession, SESSION_COOKIE } from '../src/server/modules/auth/sessions';
import { benchContext } from './big-pool-world';
import { ensureDatabase, percentile, recreateDatabase } from './support';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 50);
// The target of every read of bench:big-pool.
const TARGET_P99_MS = 500;
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/ala_bench_due';
const NOW = new Date('2099-05-10T12:00:00Z');
/** Twenty weekly deadlines from 2099-05-01: week 2 is open at NOW. */
const DEADLINES = Array.from({ length: 20 }, (_, i) =>
  new Date(Date.parse('2099-05-04T00:00:00Z') + i * 7 * 86_400_000).toISOString(),
);

async function buildWorld(): Promise<void> {
  if (process.env.BENCH_REBUILD === '1') await recreateDatabase(databaseUrl);
  else await ensureDatabase(databaseUrl);
  const database = await openDatabase({ databaseUrl });
  const { db } = database;
  try {
    const [found] = await db.select({ n: sql<number>`count(*)::int` }).from(entries);
    if (found.n === ENTRIES + 6) return;
    if (found.n !== 0) throw new Error('ala_bench_due holds another size: run with BENCH_REBUILD=1');
    const started = Date.now();
    const [owner, player] = await db
      .insert(users)
      .values(
        ['bigowner', 'dueplayer'].map((username) => ({
          username,
          email: `${username}@example.com`,
          passwordHash: 'x',
          nameFirst: 'Bench',
          nameLast: 'User',
          emailVerifiedAt: NOW,
        })),
      )
      .returning();
    const [league] = await db
      .insert(leagues)
      .values({ name: 'Bench', abb: 'BENCHDUE', founderId: owner.id, inviteCode: 'bench-due-invite' })
      .returning();
    const pool = (poolIdx: number) => ({
      leagueId: league.id,
      game: 'mlb',
      season: 2099,
      gameName: 'MLB',
      poolIdx,
      deadlines: DEADLINES,
      start: new Date(DEADLINES[0]),
      entryDeadline: new Date(DEADLINES[0]),
    });
    const [big, small] = await db
      .insert(pools)
      .values([pool(0), pool(1)])
      .returning();
    await db.execute(sql`insert into entries (pool_id, user_id, entry_num, lives)
      select ${big.id}, ${owner.id}, n, 3 from generate_series(1, ${ENTRIES}) n`);
    await db.execute(sql`insert into picks (entry_id, week, pick_id, team_abb, created_at)
      select id, 2, 'NYY', 'NYY', now() from entries where pool_id = ${big.id}`);
    await db
      .insert(entries)
      .values([
        ...[1, 2, 3, 4, 5].map((entryNum) => ({ poolId: big.id, userId: player.id, entryNum, lives: 3 })),
        { poolId: small.id, userId: player.id, entryNum: 1, lives: 3 },
      ]);
    await db.execute(sql`analyze`);
    console.log(
      `built ${ENTRIES.toLocaleString('en-US')} entries with picks in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
  } finally {
    await database.close();
  }
}

async function main() {
  await buildWorld();
  const database = await openDatabase({ databaseUrl });
  const ctx = benchContext(database, databaseUrl, NOW);
  ctx.config = { ...ctx.config, rateLimitMax: 1_000_000 };
  const app = await buildApp(ctx, { serveWeb: false });
  await app.ready();
  try {
    const [player] = await database.db.select().from(users).where(eq(users.username, 'dueplayer'));
    const cookie = `${SESSION_COOKIE}=${await createSession(database.db, player.id, NOW)}`;
    const renewed = await app.inject({ method: 'POST', url: '/api/me/calendar/renew', headers: { cookie } });
    if (renewed.statusCode !== 200) throw new Error(`renew: ${renewed.statusCode} ${renewed.body}`);
    const feedPath = new URL(renewed.json().url).pathname;
    const reads = [
      { name: 'GET /api/me/picks-due', url: '/api/me/picks-due', headers: { cookie } },
      { name: 'GET /api/calendar/:token.ics', url: feedPath, headers: {} },
    ];
    console.log(
      `load average before: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
    let failed = false;
    for (const read of reads) {
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < REPEATS; i++) {
        const started = performance.now();
        const answer = await app.inject({ method: 'GET', url: read.url, headers: read.headers });
        times.push(performance.now() - started);
        if (answer.statusCode !== 200) throw new Error(`${read.name}: ${answer.statusCode} ${answer.body}`);
        bytes = answer.body.length;
        if (i === 0 && read.url.includes('picks-due')) {
          const due = answer.json().due.length;
          if (due !== 6) throw new Error(`picks due: expected the player's 6 entries, got ${due}`);
        }
      }
      times.sort((a, b) => a - b);
      const p99 = percentile(times, 99);
      const ok = p99 < TARGET_P99_MS;
      failed ||= !ok;
      console.log(
        `${read.name.padEnd(30)} p50 ${percentile(times, 50).toFixed(1)} ms  p99 ${p99.toFixed(1)} ms  ${bytes} bytes  ${ok ? 'ok' : `FAIL (target p99 < ${TARGET_P99_MS} ms)`}`,
      );
    }
    console.log(
      `load average after: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
    process.exitCode = failed ? 1 : 0;
  } finally {
    await app.close();
    await database.close();
  }
}

await main();
