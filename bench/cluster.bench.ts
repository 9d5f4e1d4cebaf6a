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

/** CPU seconds (user + system) of each process still running, from /proc. */
function cpuByPid(pids: Iterable<number>): Map<number, number> {
  const found = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      found.set(pid, (Number(fields[11]) + Number(fields[12])) / TICKS);
    } catch {
      // The process ended.
    }
  }
  return found;
}

/** Busy CPU seconds of the whole machine (every process, ours or not), from /proc/stat. */
function machineBusySeconds(): number {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = fields.map(Number);
  return (user + nice + system + irq + softirq + steal) / TICKS;
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

interface Sample {
  parts: Record<string, Map<number, number>>;
  clients: number;
  machine: number;
}

/** CPU seconds of the cluster's parts, of this process (the clients) and of the machine, right now. */
function cpuNow(watched: Watched): Sample {
  const own = process.cpuUsage();
  return {
    parts: {
      instances: cpuByPid(watched.instances),
      nginx: cpuByPid(watched.nginx),
      postgres: cpuByPid(watched.postgres),
      redis: cpuByPid(watched.redis),
    },
    clients: (own.user + own.system) / 1e6,
    machine: machineBusySeconds(),
  };
}

/** Cores each part kept busy between the samples (a process that ended in between is left out). */
function cpuShare(
  before: Sample,
  after: Sample,
  wallSeconds: number,
): { text: string; used: Record<string, number> } {
  const cores = (seconds: number) => (seconds / wallSeconds).toFixed(2);
  const parts = Object.entries(before.parts).map(([name, pids]) => {
    let used = 0;
    for (const [pid, seconds] of pids) {
      const later = after.parts[name].get(pid);
      if (later !== undefined) used += later - seconds;
    }
    return [name, used] as const;
  });
  const ours = parts.reduce((sum, [, used]) => sum + used, 0) + (after.clients - before.clients);
  const machine = after.machine - before.machine;
  const text = `${parts.map(([name, used]) => `${name} ${cores(used)}`).join(', ')}, clients ${cores(after.clients - before.clients)}; the machine ${cores(machine)} of ${os.cpus().length} (others' processes ${cores(Math.max(0, machine - ours))})`;
  return { text, used: Object.fromEntries(parts) };
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
      const share = cpuShare(before, after, wall);
      const perPick = (seconds: number) => ((seconds * 1000) / latencies.length).toFixed(1);
      console.log(`    CPU cores busy: ${share.text}`);
      console.log(
        `    CPU per pick: instance ${perPick(share.used.instances)} ms, PostgreSQL ${perPick(share.used.postgres)} ms, nginx ${perPick(share.used.nginx)} ms, Redis ${perPick(share.used.redis)} ms`,
      );
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
        console.log(`    CPU cores busy: ${cpuShare(rushBefore, cpuNow(watched), rushWall).text}`);
      }
    } finally {
      await cluster.stop();
    }
  }
  console.log(
    `scaling: 2 instances ${(rates[1] / rates[0]).toFixed(2)}×, 3 instances ${(rates[2] / rates[0]).toFixed(2)}× the picks/s of one.`,
  );
  console.log(
    `Where the time goes: a pick costs the few ms of CPU above (instance, PostgreSQL's commit, nginx); the rest of its latency is waiting: for a core when the machine line is near its core count, else for PostgreSQL's commits (one fsync each) and row locks. On ${os.cpus().length} cores the instances, PostgreSQL, nginx, Redis and the clients (and whatever else runs: "others' processes") share the same CPUs, so an added instance adds no core: picks/s can only grow while the instances were not the ones waiting, and the scaling above is that, not capacity. Instances on machines of their own, with PostgreSQL on its own, scale until PostgreSQL's commits do not.`,
  );
}

await main();
process.exit(0);
