// bench:cluster: picks per second through nginx with one, two and three compiled instances on the same
// PostgreSQL (and Redis), then a deadline rush (every client sends one pick at once) through three, with
// its p99; and where the CPU went during each run (instances, nginx, PostgreSQL, Redis, the clients),
// read from /proc, since on a machine of few cores more instances only share the same cores.
// PostgreSQL: DATABASE_URL, default postgres://root@127.0.0.1:5432/ala_bench_cluster (recreated each run);
// REDIS_URL (redis://127.0.0.1:6379). Usage: npm run bench:cluster
// Knobs: BENCH_CLIENTS (200, the closed loop's), BENCH_SECONDS (15 per instance count), BENCH_RUSH (500).
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
// @ts-expect-error: a plain ES module script, without type declarations
import { startCluster } from '../scripts/cluster-lib.mjs';
// @ts-expect-error: a plain ES module script, without type declarations
import { buildServer, serverBuildIsStale } from '../scripts/processes.mjs';
import {
  buildRushWorld,
  percentile,
  RUSH_WEEKS,
  type RushWorld,
  recreateDatabase,
  sendPick,
} from '../tests/cluster/rush-world';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const RUSH = Number(process.env.BENCH_RUSH ?? 500);
const baseUrl = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/ala_bench_cluster';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const TICKS = 100; // USER_HZ: /proc's CPU times are in 1/100 s on Linux

interface Cluster {
  url: string;
  instances: { name: string; child: { pid: number } }[];
  nginxPid: number;
  stop(): Promise<void>;
}

/** CPU seconds (user + system) of the processes, from /proc; one that ended counts nothing. */
function cpuSeconds(pids: Iterable<number>): number {
  let total = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / TICKS;
    } catch {
      // The process ended.
    }
  }
  return total;
}

/** The processes whose parent is `parent` (nginx's workers), from /proc. */
function childrenOf(parent: number): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent) found.push(Number(name));
    } catch {
      // The process ended.
    }
  }
  return found;
}

/** The server processes of this database's sessions (the instances' pools), and of Redis. */
async function serverPids(databaseUrl: string): Promise<{ postgres: number[]; redis: number[] }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    const redis = readdirSync('/proc').filter((name) => {
      try {
        return /^\d+$/.test(name) && readFileSync(`/proc/${name}/cmdline`, 'utf8').includes('redis-server');
      } catch {
        return false;
      }
    });
    return { postgres: rows.map((row) => row.pid), redis: redis.map(Number) };
  } finally {
    await client.end();
  }
}

interface Watched {
  instances: number[];
  nginx: number[];
  postgres: number[];
  redis: number[];
}

async function watch(cluster: Cluster, databaseUrl: string): Promise<Watched> {
  return {
    instances: cluster.instances.map((node) => node.child.pid),
    nginx: [cluster.nginxPid, ...childrenOf(cluster.nginxPid)],
    ...(await serverPids(databaseUrl)),
  };
}

/** CPU seconds of the cluster's parts and of this process (the clients), right now. */
function cpuNow(watched: Watched): Record<string, number> {
  const own = process.cpuUsage();
  return {
    instances: cpuSeconds(watched.instances),
    nginx: cpuSeconds(watched.nginx),
    postgres: cpuSeconds(watched.postgres),
    redis: cpuSeconds(watched.redis),
    clients: (own.user + own.system) / 1e6,
  };
}

function cpuShare(
  before: Record<string, number>,
  after: Record<string, number>,
  wallSeconds: number,
): string {
  return Object.keys(before)
    .map((key) => `${key} ${((after[key] - before[key]) / wallSeconds).toFixed(2)}`)
    .join(', ');
}

/** A closed loop: each client confirms then cancels a pick of its own week, as fast as answered. */
async function closedLoop(cluster: Cluster, world: RushWorld, seconds: number) {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    world.players.slice(0, CLIENTS).map(async (player, index) => {
      const week = (index % RUSH_WEEKS) + 1;
      const team = world.teamAbbs[index % world.teamAbbs.length];
      for (let k = 0; performance.now() < until; k++) {
        const outcome = await sendPick(cluster.url, player.cookie, {
          userSeasonId: player.entryId,
          week,
          action: k % 2 === 0 ? 'confirm' : 'cancel',
          team,
        });
        statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
        latencies.push(outcome.latencyMs);
      }
    }),
  );
  return { latencies, statuses };
}

async function main(): Promise<void> {
  if (serverBuildIsStale()) await buildServer();
  const databaseUrl = await recreateDatabase(
    baseUrl.replace(/\/[^/]*$/, '/postgres'),
    new URL(baseUrl).pathname.slice(1),
  );
  const world = await buildRushWorld(databaseUrl, Math.max(CLIENTS, RUSH));
  console.log(
    `bench:cluster: ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; ${CLIENTS} clients in a closed loop for ${SECONDS} s per run, through nginx`,
  );
  const env = { RATE_LIMIT_MAX: '10000000', REDIS_CHANNEL: `ala-bench-cluster-${process.pid}` };
  const rates: number[] = [];
  for (const instances of [1, 2, 3]) {
    const cluster: Cluster = await startCluster({ instances, databaseUrl, redisUrl, env });
    try {
      await closedLoop(cluster, world, 2); // warm-up: JIT, connection pools
      const watched = await watch(cluster, databaseUrl);
      const before = cpuNow(watched);
      const started = performance.now();
      const { latencies, statuses } = await closedLoop(cluster, world, SECONDS);
      const wall = (performance.now() - started) / 1000;
      const after = cpuNow(watched);
      const rate = latencies.length / wall;
      rates.push(rate);
      console.log(
        `${instances} instance${instances > 1 ? 's' : ' '}: ${rate.toFixed(0)} picks/s, p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms (${[...statuses].map(([s, n]) => `${n}×${s}`).join(', ')})`,
      );
      console.log(`    CPU cores busy: ${cpuShare(before, after, wall)}`);
      if (instances === 3) {
        // The rush: every client sends one pick at the same instant (a week's lock about to pass).
        const rushBefore = cpuNow(watched);
        // (PostgreSQL's sessions are the same as the loop's: the pools keep theirs.)
        const rushStart = performance.now();
        const rush = await Promise.all(
          world.players.slice(0, RUSH).map((player, index) =>
            sendPick(cluster.url, player.cookie, {
              userSeasonId: player.entryId,
              week: ((index + 10) % RUSH_WEEKS) + 1,
              action: 'confirm',
              team: world.teamAbbs[(index + 3) % world.teamAbbs.length],
            }),
          ),
        );
        const rushWall = (performance.now() - rushStart) / 1000;
        const ok = rush.filter((o) => o.status === 200).length;
        console.log(
          `rush: ${RUSH} picks at once through 3 instances: all answered in ${rushWall.toFixed(2)} s, p50 ${percentile(
            rush.map((o) => o.latencyMs),
            50,
          ).toFixed(0)} ms, p99 ${percentile(
            rush.map((o) => o.latencyMs),
            99,
          ).toFixed(0)} ms, ${ok} answered 200`,
        );
        console.log(`    CPU cores busy: ${cpuShare(rushBefore, cpuNow(watched), rushWall)}`);
      }
    } finally {
      await cluster.stop();
    }
  }
  console.log(
    `scaling: 2 instances ${(rates[1] / rates[0]).toFixed(2)}×, 3 instances ${(rates[2] / rates[0]).toFixed(2)}× the picks/s of one.`,
  );
  console.log(
    `On ${os.cpus().length} cores the instances, PostgreSQL, nginx and the clients share the same CPUs: an instance added adds no core, so the picks/s stay flat (or drop with the extra context switches); the CPU lines above say which part used them. More instances pay off when they run on machines of their own, with PostgreSQL (one commit per pick) on its own.`,
  );
}

await main();
process.exit(0);
