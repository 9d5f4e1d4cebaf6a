// Live updates under load: 1,000 Server-Sent Events clients on one pool of one real server (a child
// process on loopback, REDIS_URL set as in production), then changes published on the server's Redis
// channel as another instance would publish them; for each change, the delay from the publish until
// each client has read the event. Prints p50, p99 and the slowest, against the target
// (p99 under 1 s), and the server's open streams afterwards closing with it.
// PostgreSQL: DATABASE_URL, default postgres://root@127.0.0.1:5432/ala_bench (created and migrated
// here; the bench's own rows are replaced on each run). Redis: REDIS_URL, default redis://127.0.0.1:6379.
// Usage: npm run bench:sse. Knobs: BENCH_SSE_CLIENTS (1000), BENCH_SSE_CHANGES (10).
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { openDatabase } from '../src/server/db/client';
import { leagues, pools, users } from '../src/server/db/schema';
import { openSse, type SseClient } from '../src/server/test/sse-client';
import { ensureDatabase, freePort, percentile, startServer, waitUntilUp } from './support';

const CLIENTS = Number(process.env.BENCH_SSE_CLIENTS ?? 1000);
const CHANGES = Number(process.env.BENCH_SSE_CHANGES ?? 10);
const TARGET_P99_MS = 1000;
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/ala_bench';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const channel = `ala-survivor-bench:${randomUUID()}`;

/** A visible league with one pool: visitors may open its stream, as on a public pool page. */
async function setUp(): Promise<number> {
  await ensureDatabase(databaseUrl);
  const database = await openDatabase({ databaseUrl });
  try {
    const { db } = database;
    await db.delete(leagues).where(eq(leagues.abb, 'SSEB'));
    await db.delete(users).where(eq(users.username, 'ssebench'));
    const [owner] = await db
      .insert(users)
      .values({
        username: 'ssebench',
        email: 'ssebench@bench.example',
        nameFirst: 'Bench',
        nameLast: 'Owner',
        passwordHash: 'x',
      })
      .returning();
    const [league] = await db
      .insert(leagues)
      .values({
        name: 'SSE Bench League',
        abb: 'SSEB',
        desc: 'Load test',
        joinable: true,
        hidden: false,
        founderId: owner.id,
        admins: [owner.username],
        inviteCode: `ssebench-${Date.now()}`,
      })
      .returning();
    const start = new Date(Date.now() + 7 * 24 * 3600 * 1000);
    const [pool] = await db
      .insert(pools)
      .values({
        leagueId: league.id,
        game: 'nba',
        gameName: 'NBA',
        season: 2099,
        start,
        entryDeadline: start,
      })
      .returning();
    return pool.id;
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const poolId = await setUp();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(port, databaseUrl, { REDIS_URL: redisUrl, REDIS_CHANNEL: channel });
  const publisher = new Redis(redisUrl);
  const clients: SseClient[] = [];
  try {
    await waitUntilUp(base, server);
    // The server subscribes to Redis as it starts; give the subscription a moment before counting on it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
    let changeStart = 0;
    let received: number[] = [];
    const connectStart = performance.now();
    for (let offset = 0; offset < CLIENTS; offset += 100) {
      const batch = Array.from({ length: Math.min(100, CLIENTS - offset) }, () =>
        openSse(`${base}/api/pools/${poolId}/live`, {
          agent,
          onEvent: (event) => {
            if (event.event === 'change') received.push(performance.now() - changeStart);
          },
        }),
      );
      clients.push(...(await Promise.all(batch)));
    }
    const refused = clients.filter((client) => client.status !== 200).length;
    if (refused > 0) throw new Error(`${refused} of ${CLIENTS} streams were refused.`);
    const until = Date.now() + 30_000;
    while (clients.some((client) => !client.comments.includes('connected')) && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    console.log(`${CLIENTS} SSE clients connected in ${(performance.now() - connectStart).toFixed(0)} ms`);

    const delays: number[] = [];
    for (let change = 0; change < CHANGES; change += 1) {
      received = [];
      changeStart = performance.now();
      await publisher.publish(channel, JSON.stringify({ poolId, topic: 'scores' }));
      const deadline = Date.now() + 10_000;
      while (received.length < CLIENTS && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      if (received.length < CLIENTS)
        throw new Error(`change ${change}: ${received.length} of ${CLIENTS} got it`);
      delays.push(...received);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    delays.sort((a, b) => a - b);
    const p50 = percentile(delays, 50);
    const p99 = percentile(delays, 99);
    console.log(
      `${CHANGES} changes x ${CLIENTS} clients (${delays.length} deliveries, through Redis): ` +
        `p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, slowest ${delays[delays.length - 1].toFixed(1)} ms ` +
        `(target p99 < ${TARGET_P99_MS} ms: ${p99 < TARGET_P99_MS ? 'met' : 'MISSED'})`,
    );
  } finally {
    for (const client of clients) client.close();
    publisher.disconnect();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

await main();
