// bench:many-pools: ten thousand league pools locking at one instant beside a million-entry global pool
// (the product's issue): BENCH_POOLS league pools of 10 to 50 entries each (about 300,000 entries at
// 10,000 pools; ten pools a league, each entry one of the league's fifty members) and the global `ala`
// league's pool of BENCH_BIG_ENTRIES entries (four a player), all of one MLB season, every entry picking a
// team each week (a mix of winners and losers). Built by bulk SQL on a database of its own, then locked
// and settled by the real compiled server (dist/server/main.js, built when stale) on PostgreSQL and Redis,
// on the real clock, once per count of BENCH_INSTANCES, each run on a week of its own (week 1, then 2...).
// A run: the week's lock instant is written (every pool's deadline and the season's) BENCH_LEAD_SECONDS
// ahead and its games set to start just after it, not final; the instances start; once every pool's
// week is locked (and the games have started) the week's games are written final, "the last final".
// Meanwhile the bench polls pool_weeks every 250 ms from a connection of its own, and takes each pool's
// lock and settle times from when its row was first seen, then first seen settled (wall clock: not
// locked_at nor settled_at, which a design may date otherwise).
// Prints per run: from the lock instant until each pool's week was locked, and from the last final until
// it was settled (min, p50, p99, max over every pool, and the big pool's own), the small pools that waited
// behind the big one (locked or settled after it, and settled more than 30 s after the last final), and
// the CPU seconds of the instances and of PostgreSQL (the sessions of this database, looked at with each
// poll, and the server's writers; not the bench's own session), in total and per pool, before the lock
// instant, locking and settling, read from /proc beside the machine's busy time and what else used it
// (other databases' sessions: the whole server's CPU, counting the sessions it reaped, less ours).
// The instances get the environment this bench runs in (a design's own settings pass through), without
// feeds (no network) or warmed first views, logging warnings to files in a temporary folder (printed);
// they talk to nothing but PostgreSQL and Redis, and this bench to them only through their environment,
// their ready route and the database. No nginx: nothing is asked of them over HTTP while measured.
// PostgreSQL: DATABASE_URL, default postgres://root@127.0.0.1:5432/ala_bench_many_pools (dropped and
// created each run); REDIS_URL (redis://127.0.0.1:6379).
// Knobs: BENCH_POOLS (10000), BENCH_BIG_ENTRIES (1000000), BENCH_INSTANCES (1,3: one run per count),
// BENCH_LEAD_SECONDS (45: from writing the lock instant, before the instances start, to the instant),
// BENCH_BIG_AFTER (0.5: the share of the league pools made, so numbered, before the global one),
// BENCH_TIMEOUT_MINUTES (60: a run's longest wait for its locks, then for its settlements),
// BENCH_SERVER_ARGS (extra node flags for the instances, e.g. --cpu-prof to see where their time goes).
// Usage: npm run bench:many-pools (small: BENCH_POOLS=200 BENCH_BIG_ENTRIES=20000 npm run bench:many-pools)
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
// @ts-expect-error: a plain ES module script, without type declarations
import { waitReady } from '../scripts/cluster-lib.mjs';
// @ts-expect-error: a plain ES module script, without type declarations
import { buildServer, SEMI_SPACE_FLAG, SERVER_ENTRY, serverBuildIsStale } from '../scripts/processes.mjs';
import { openDatabase } from '../src/server/db/client';
import { games, seasonParams, teams } from '../src/server/db/schema';
import { mlbWeekGames, settleTables, TEAMS, teamArray } from './big-pool-world';
import { freePort, percentile, recreateDatabase } from './support';

const POOLS = Number(process.env.BENCH_POOLS ?? 10_000);
const BIG_ENTRIES = Number(process.env.BENCH_BIG_ENTRIES ?? 1_000_000);
const INSTANCES = (process.env.BENCH_INSTANCES ?? '1,3').split(',').map((part) => Number(part.trim()));
const LEAD_S = Number(process.env.BENCH_LEAD_SECONDS ?? 45);
const BIG_AFTER = Number(process.env.BENCH_BIG_AFTER ?? 0.5);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MINUTES ?? 60) * 60_000;
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/ala_bench_many_pools';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
for (const [name, value] of Object.entries({ POOLS, BIG_ENTRIES, LEAD_SECONDS: LEAD_S })) {
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`BENCH_${name}: a whole number, at least 1`);
}
if (INSTANCES.length === 0 || INSTANCES.some((n) => !Number.isSafeInteger(n) || n < 1 || n > 8))
  throw new Error('BENCH_INSTANCES: instance counts of 1 to 8 separated by commas, e.g. 1,3');
if (!(BIG_AFTER >= 0 && BIG_AFTER <= 1)) throw new Error('BENCH_BIG_AFTER: a share, 0 to 1');
if (!(TIMEOUT_MS > 0)) throw new Error('BENCH_TIMEOUT_MINUTES: more than 0');

const root = path.resolve(import.meta.dirname, '..');
const SEASON = 2095;
const POOLS_PER_LEAGUE = 10;
/** A league's members: every one of its pools' entries is one of them (a pool takes the first 10 to 50). */
const MEMBERS = 50;
const ENTRIES_PER_PLAYER = 4;
/** One run a week, and two weeks after the last measured one: no measured week is the season's last. */
const WEEKS = INSTANCES.length + 2;
/** The issue's bound: a small pool settled later than this after the last final waited too long. */
const LATE_S = 30;
const POLL_MS = 250;
const DAY_MS = 86_400_000;
const TICKS = 100; // USER_HZ: /proc's CPU times are in 1/100 s on Linux

const seconds = (ms: number) => (ms / 1000).toFixed(1);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

// ---------------------------------------------------------------------------------------------------
// The world, by bulk SQL.

interface World {
  bigPoolId: number;
  pools: number;
  smallEntries: number;
}

async function buildWorld(): Promise<World> {
  await recreateDatabase(databaseUrl);
  const database = await openDatabase({ databaseUrl });
  const db = database.db;
  const step = async (label: string, work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    console.log(`  ${label}: ${seconds(performance.now() - started)} s`);
  };
  const builtAt = Math.floor(Date.now() / 1000) * 1000;
  const signedUp = new Date(builtAt - 3 * DAY_MS).toISOString();
  const pickedAt = new Date(builtAt - DAY_MS).toISOString();
  // Every week a month away until its run writes its lock instant.
  const deadlines = Array.from({ length: WEEKS }, (_, i) =>
    new Date(builtAt + (30 + 7 * i) * DAY_MS).toISOString(),
  );
  const leagues = Math.ceil(POOLS / POOLS_PER_LEAGUE);
  const players = Math.max(Math.ceil(BIG_ENTRIES / ENTRIES_PER_PLAYER), leagues * MEMBERS);

  await db
    .insert(teams)
    .values(
      TEAMS.map((abb) => ({ game: 'mlb', abb, name: abb, city: abb, colorOne: '#123456', colorTwo: '#fff' })),
    );
  await db.insert(seasonParams).values({
    game: 'mlb',
    season: SEASON,
    seasonType: 'reg',
    start: new Date(builtAt - 7 * DAY_MS),
    end: new Date(Date.parse(deadlines[WEEKS - 1]) + 7 * DAY_MS),
    deadlines,
    dashedDateArrays: [
      [],
      ...deadlines.map((at) =>
        Array.from({ length: 6 }, (_, day) =>
          new Date(Date.parse(at) + day * DAY_MS).toISOString().slice(0, 10),
        ),
      ),
    ],
  });
  await db
    .insert(games)
    .values(deadlines.flatMap((lock, i) => mlbWeekGames('bench-many', SEASON, i + 1, lock, false)));

  await step(`${players.toLocaleString('en-US')} players`, () =>
    db.execute(sql`
      insert into users (username, email, name_first, name_last, created_at)
      select 'mp' || n, 'mp' || n || '@bench.example', 'Player', 'Number ' || n,
        ${signedUp}::timestamptz - interval '1 day' + n * interval '1 millisecond'
      from generate_series(1, ${players}) as n`),
  );
  const [{ first, last, count }] = (
    await db.execute(
      sql`select min(id)::int as first, max(id)::int as last, count(*)::int as count from users`,
    )
  ).rows as { first: number; last: number; count: number }[];
  // Players are found by their number: user id first + n - 1 is player n.
  if (last - first + 1 !== count) throw new Error('the players were not numbered in one run of ids');

  await step(
    `${leagues.toLocaleString('en-US')} leagues of ${MEMBERS} members, and the global league`,
    async () => {
      await db.execute(sql`
      insert into leagues (name, abb, "desc", joinable, founder_id, admins, invite_code, created_at)
      select 'League ' || l, 'mp' || l, '', false, ${first} + l * ${MEMBERS}, jsonb_build_array('mp' || (l * ${MEMBERS} + 1)),
        'bench-many-' || l, ${signedUp}::timestamptz
      from generate_series(0, ${leagues - 1}) as l`);
      await db.execute(sql`
      insert into league_members (league_id, user_id, created_at)
      select l.id, ${first} + substring(l.abb from 3)::int * ${MEMBERS} + k, ${signedUp}::timestamptz
      from leagues l cross join generate_series(0, ${MEMBERS - 1}) as k`);
      await db.execute(sql`
      insert into leagues (name, abb, "desc", joinable, founder_id, admins, invite_code, created_at)
      values ('ALA Survivor', 'ala', 'The global public pools of ALA Survivor.', true, ${first},
        jsonb_build_array('mp1'), 'bench-many-ala', ${signedUp}::timestamptz)`);
      await db.execute(sql`
      insert into league_members (league_id, user_id, created_at)
      select l.id, u.id, u.created_at from leagues l cross join users u where l.abb = 'ala'`);
    },
  );

  // The league pools numbered 1 to POOLS: pool n is league (n - 1) / 10's pool (n - 1) % 10, of
  // 10 + hash(n) % 41 entries; the global pool's id falls after BIG_AFTER of them.
  const before = Math.round(POOLS * BIG_AFTER);
  const poolRows = (from: number, to: number) =>
    db.execute(sql`
      insert into pools (league_id, game, season, game_name, custom_name, pool_idx, deadlines, start,
        entry_deadline, created_at)
      select l.id, 'mlb', ${SEASON}, 'MLB', 'small ' || n, (n - 1) % ${POOLS_PER_LEAGUE}, ${JSON.stringify(deadlines)}::jsonb,
        ${signedUp}::timestamptz, ${deadlines[0]}::timestamptz, ${signedUp}::timestamptz
      from generate_series(${from}::int, ${to}::int) as n
      join leagues l on l.abb = 'mp' || ((n - 1) / ${POOLS_PER_LEAGUE})
      order by n`);
  let bigPoolId = 0;
  await step(`${POOLS.toLocaleString('en-US')} league pools and the global pool`, async () => {
    if (before > 0) await poolRows(1, before);
    const big = await db.execute(sql`
      insert into pools (league_id, game, season, game_name, custom_name, max_entries, deadlines, start,
        entry_deadline, created_at)
      select id, 'mlb', ${SEASON}, 'MLB', 'big', ${ENTRIES_PER_PLAYER}, ${JSON.stringify(deadlines)}::jsonb,
        ${signedUp}::timestamptz, ${deadlines[0]}::timestamptz, ${signedUp}::timestamptz
      from leagues where abb = 'ala'
      returning id`);
    bigPoolId = Number((big.rows[0] as { id: number }).id);
    if (before < POOLS) await poolRows(before + 1, POOLS);
  });

  let smallEntries = 0;
  await step('the league pools’ entries', async () => {
    const result = await db.execute(sql`
      insert into entries (pool_id, user_id, entry_num, slot, lives, created_at)
      select p.id, ${first} + s.league * ${MEMBERS} + k - 1, 1, k - 1, 3, ${signedUp}::timestamptz
      from pools p
      cross join lateral (select split_part(p.custom_name, ' ', 2)::int as n) o
      cross join lateral (select (o.n - 1) / ${POOLS_PER_LEAGUE} as league, 10 + abs(hashint4(o.n)) % 41 as size) s
      cross join lateral generate_series(1, s.size) as k
      where p.custom_name like 'small %'
      order by p.id, k`);
    smallEntries = result.rowCount ?? 0;
  });
  await step(`the global pool's ${BIG_ENTRIES.toLocaleString('en-US')} entries`, () =>
    db.execute(sql`
      insert into entries (pool_id, user_id, entry_num, slot, lives, created_at)
      select ${bigPoolId}, ${first} + r / ${ENTRIES_PER_PLAYER}, r % ${ENTRIES_PER_PLAYER} + 1, r, 3,
        ${signedUp}::timestamptz
      from generate_series(0, ${BIG_ENTRIES - 1}) as r`),
  );
  // Each measured week every entry picks the team its id points at, moved on five places a week (five and
  // twelve share no factor: never a team twice); the week's games leave some teams winning, some losing.
  for (let week = 1; week <= INSTANCES.length; week++) {
    await step(`week ${week}'s picks`, () =>
      db.execute(sql`
        insert into picks (entry_id, week, pick_id, team_abb, created_by, created_at)
        select e.id, ${week}, t.abb, t.abb, e.user_id, ${pickedAt}::timestamptz + (e.id % 3600) * interval '1 second'
        from entries e
        cross join lateral (select (${teamArray})[1 + ((e.id + ${(week - 1) * 5}) % ${TEAMS.length})] as abb) t`),
    );
  }
  await step('vacuum and checkpoint', () =>
    settleTables(database, ['users', 'leagues', 'league_members', 'pools', 'entries', 'picks', 'games']),
  );
  const [{ n }] = (await db.execute(sql`select count(*)::int as n from pools`)).rows as { n: number }[];
  await database.close();
  return { bigPoolId, pools: n, smallEntries };
}

// ---------------------------------------------------------------------------------------------------
// CPU from /proc.

/** A process's own CPU seconds (user + system, every thread) and its reaped children's, and its parent. */
function procStat(pid: number): { own: number; children: number; ppid: number; started: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      ppid: Number(fields[1]),
      own: (Number(fields[11]) + Number(fields[12])) / TICKS,
      children: (Number(fields[13]) + Number(fields[14])) / TICKS,
      started: Number(fields[19]),
    };
  } catch {
    return null; // The process ended.
  }
}

/**
 * PostgreSQL's CPU seconds so far: the postmaster's and every live child's (sessions, parallel workers,
 * the checkpointer, the WAL writer...), and the children it reaped (sessions closed since it started).
 */
function postgresSeconds(postmaster: number): number {
  const main = procStat(postmaster);
  if (!main) throw new Error('PostgreSQL’s postmaster is gone');
  let total = main.own + main.children;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = procStat(Number(name));
    if (stat?.ppid === postmaster) total += stat.own;
  }
  return total;
}

/** Busy CPU seconds of the whole machine (every process, ours or not), from /proc/stat. */
function machineBusySeconds(): number {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = fields.map(Number);
  return (user + nice + system + irq + softirq + steal) / TICKS;
}

interface Reading {
  at: number;
  instances: number[];
  /**
   * PostgreSQL's work for the instances: the sessions of this database (theirs, and parallel workers for
   * them) and the server's writers (checkpointer, background writer, WAL writer).
   */
  postgres: number;
  /** The whole PostgreSQL server, less the bench's own session: other databases' sessions too. */
  server: number;
  /** This process and its session. */
  bench: number;
  machine: number;
}

interface Spent {
  wall: number;
  instances: number[];
  postgres: number;
  server: number;
  bench: number;
  machine: number;
}

function spentBetween(a: Reading, b: Reading): Spent {
  return {
    wall: (b.at - a.at) / 1000,
    instances: b.instances.map((value, i) => value - a.instances[i]),
    postgres: b.postgres - a.postgres,
    server: b.server - a.server,
    bench: b.bench - a.bench,
    machine: b.machine - a.machine,
  };
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

// ---------------------------------------------------------------------------------------------------
// The instances.

interface Instance {
  name: string;
  port: number;
  child: ChildProcess;
  log: string;
  exited: Promise<unknown>;
}

/** Every instance still running: killed if this process ends any way but through stopInstances. */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of running) child.kill('SIGKILL');
    process.exit(130);
  });
}

const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/** Starts the instances into `instances` (as each starts, so a failure stops those started) until ready. */
async function startInstances(
  instances: Instance[],
  count: number,
  label: string,
  logDir: string,
): Promise<void> {
  const channel = `ala-bench-many-pools-${process.pid}-${label}`;
  for (let n = 1; n <= count; n++) {
    const name = `ala-${n}`;
    const port = await freePort();
    const log = path.join(logDir, `${label}-${name}.log`);
    const out = openSync(log, 'a');
    const url = new URL(databaseUrl);
    url.searchParams.set('application_name', name);
    const extra = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
    const child = spawn(process.execPath, [SEMI_SPACE_FLAG, ...extra, '--enable-source-maps', SERVER_ENTRY], {
      cwd: root,
      env: {
        ...process.env,
        DEMO: '0',
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
        // No feed (it would ask the network), no first views rendered at the start.
        FEED_MLB: 'off',
        FEED_NBA: 'off',
        FEED_NFL: 'off',
        SSR_WARM_POOLS: '0',
        DATABASE_URL: url.toString(),
        REDIS_URL: redisUrl,
        REDIS_CHANNEL: channel,
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
      },
      stdio: ['ignore', out, out],
    });
    closeSync(out);
    running.add(child);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    exited.then(() => running.delete(child));
    instances.push({ name, port, child, log, exited });
  }
  let up = false;
  await Promise.all(
    instances.map((instance) =>
      Promise.race([
        waitReady(`http://127.0.0.1:${instance.port}/api/ready`, 120_000),
        // Only while starting: an instance stopped later is no failure.
        instance.exited.then(() => {
          if (!up) throw new Error(`${instance.name} exited before it was ready (its log: ${instance.log})`);
        }),
      ]),
    ),
  ).finally(() => {
    up = true;
  });
}

/** SIGTERM (each drains and finishes its pass in flight), SIGKILL after two minutes. */
async function stopInstances(instances: readonly Instance[]): Promise<void> {
  await Promise.all(
    instances.map(async ({ child, exited }) => {
      if (!alive(child)) return;
      child.kill('SIGTERM');
      const done = await Promise.race([exited.then(() => true), sleep(120_000).then(() => false)]);
      if (!done) {
        child.kill('SIGKILL');
        await exited;
      }
    }),
  );
}

/** The warnings and errors of an instance's log (pino levels 40 and up), and the first one's message. */
function logWarnings(log: string): { count: number; first: string | null } {
  const lines = readFileSync(log, 'utf8')
    .split('\n')
    .filter((line) => /"level":(4|5|6)0\b/.test(line));
  const first = lines[0] ? (/"msg":"([^"]*)"/.exec(lines[0])?.[1] ?? lines[0].slice(0, 200)) : null;
  return { count: lines.length, first };
}

// ---------------------------------------------------------------------------------------------------
// A run.

interface Summary {
  instances: number;
  week: number;
  lock: number[];
  settle: number[];
  bigLock: number | null;
  bigSettle: number | null;
  /** League pools locked, settled after the global pool; settled over LATE_S after the last final. */
  lockedBehind: number | null;
  settledBehind: number | null;
  late: number;
  /** From the lock instant to every pool settled. */
  cpu: Spent | null;
  failed: string | null;
}

/**
 * Starts PostgreSQL's statement statistics afresh, where pg_stat_statements is loaded (shared_preload_libraries);
 * false where it is not.
 */
async function resetStatements(client: pg.Client): Promise<boolean> {
  try {
    await client.query('create extension if not exists pg_stat_statements');
    await client.query('select pg_stat_statements_reset()');
    return true;
  } catch {
    return false;
  }
}

/**
 * The statement time of this database since the reset, in seconds, and the queue's part of it (statements on
 * its schema: pg-boss's and ours on its tables), the bench's own polling left out.
 */
async function queueStatementShare(
  client: pg.Client,
): Promise<{ total: number; queue: number; fetch: number; fetches: number }> {
  const { rows } = await client.query<{ total: number; queue: number; fetch: number; fetches: number }>(
    `select coalesce(sum(total_exec_time), 0) / 1000 as total,
       coalesce(sum(total_exec_time) filter (where query like '%pgboss.%'), 0) / 1000 as queue,
       coalesce(sum(total_exec_time) filter (where query like '%FOR UPDATE SKIP LOCKED%'), 0) / 1000 as fetch,
       coalesce(sum(calls) filter (where query like '%FOR UPDATE SKIP LOCKED%'), 0)::int as fetches
     from pg_stat_statements
     where dbid = (select oid from pg_database where datname = current_database())
       and query not like '%from pool_weeks where week = $1%' and query not like '%pg_stat%'
       and query not like 'update games g set status%'`,
  );
  const row = rows[0];
  return {
    total: Number(row.total),
    queue: Number(row.queue),
    fetch: Number(row.fetch),
    fetches: row.fetches,
  };
}

const stats = (values: readonly number[]) => {
  if (values.length === 0) return 'none';
  const sorted = [...values].sort((a, b) => a - b);
  return `min ${sorted[0].toFixed(1)}, p50 ${percentile(sorted, 50).toFixed(1)}, p99 ${percentile(sorted, 99).toFixed(1)}, max ${sorted[sorted.length - 1].toFixed(1)} s`;
};

async function run(world: World, week: number, count: number, logDir: string): Promise<Summary> {
  const label = `week${week}-${count}x`;
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'bench-many-pools' });
  await client.connect();
  const instances: Instance[] = [];
  try {
    const ownPid = Number((await client.query('select pg_backend_pid() as pid')).rows[0].pid);
    const postmaster = procStat(ownPid)?.ppid;
    if (!postmaster) throw new Error('the bench’s PostgreSQL session is not a process of this machine');
    // Each PostgreSQL process of the instances' seen (by pid and start: the sessions of this database and
    // the server's writers), with its CPU seconds when last seen: a session closed between two looks loses
    // what it spent since the last one. Other databases' sessions (other work on the server) are left out.
    const sessionCpu = new Map<string, number>();
    const lookAtSessions = async () => {
      const { rows } = await client.query<{ pid: number }>(
        `select pid from pg_stat_activity
         where (datname = current_database() or backend_type in ('checkpointer', 'background writer', 'walwriter'))
           and pid <> pg_backend_pid()`,
      );
      for (const { pid } of rows) {
        const stat = procStat(pid);
        if (stat) sessionCpu.set(`${pid}:${stat.started}`, stat.own);
      }
    };
    const read = async (): Promise<Reading> => {
      await lookAtSessions();
      const own = procStat(ownPid)?.own ?? 0;
      const node = process.cpuUsage();
      return {
        at: Date.now(),
        instances: instances.map(({ child }) => (child.pid ? (procStat(child.pid)?.own ?? 0) : 0)),
        postgres: sum([...sessionCpu.values()]),
        server: postgresSeconds(postmaster) - own,
        bench: own + (node.user + node.system) / 1e6,
        machine: machineBusySeconds(),
      };
    };

    // The lock instant, on a whole second, and the week's 36 games starting one after another just after it.
    const lockAt = Math.ceil((Date.now() + LEAD_S * 1000) / 1000) * 1000;
    const lockIso = new Date(lockAt).toISOString();
    const at = `{${week - 1}}`;
    await client.query('update pools set deadlines = jsonb_set(deadlines, $1::text[], to_jsonb($2::text))', [
      at,
      lockIso,
    ]);
    await client.query(
      `update season_params set deadlines = jsonb_set(deadlines, $1::text[], to_jsonb($2::text)), updated_at = now()
       where game = 'mlb' and season = $3`,
      [at, lockIso, SEASON],
    );
    const started = await client.query<{ last: Date }>(
      `with ordered as (
         select id, row_number() over (order by start_time, gid) as k from games
         where game = 'mlb' and season = $1 and week = $2)
       update games g set start_time = $3::timestamptz + o.k * interval '200 milliseconds', updated_at = now()
       from ordered o where o.id = g.id
       returning g.start_time as last`,
      [SEASON, week, lockIso],
    );
    const lastStart = Math.max(...started.rows.map((row) => new Date(row.last).getTime()));

    console.log(
      `\nrun: ${count} instance${count > 1 ? 's' : ''}, week ${week}, locking at ${lockIso} (load ${loadavg()})`,
    );
    const launched = Date.now();
    await startInstances(instances, count, label, logDir);
    const ready = await read();
    console.log(
      `  instances ready in ${seconds(ready.at - launched)} s, ${seconds(lockAt - ready.at)} s before the lock instant`,
    );
    if (ready.at > lockAt)
      console.log('  (the instances came up after the lock instant: raise BENCH_LEAD_SECONDS)');

    const locked = new Map<number, number>();
    const settled = new Map<number, number>();
    let atLock: Reading | null = null;
    let atFinal: Reading | null = null;
    let failed: string | null = null;
    let statementsFrom = false;
    const timeoutAt = lockAt + TIMEOUT_MS;
    let finalsTimeoutAt = Number.POSITIVE_INFINITY;
    for (;;) {
      const now = Date.now();
      const { rows } = await client.query<{ pool_id: number; settled: boolean }>(
        'select pool_id, settled_at is not null as settled from pool_weeks where week = $1',
        [week],
      );
      for (const row of rows) {
        if (!locked.has(row.pool_id)) locked.set(row.pool_id, now);
        if (row.settled && !settled.has(row.pool_id)) settled.set(row.pool_id, now);
      }
      if (atLock === null && now >= lockAt) {
        atLock = await read();
        statementsFrom = await resetStatements(client);
      } else await lookAtSessions();
      if (atFinal === null && locked.size >= world.pools && now >= lastStart + 1000) {
        // Every pool locked: the week's results come in, all at once.
        const results = mlbWeekGames('bench-many', SEASON, week, lockIso, true);
        await client.query(
          `update games g set status = 'final', final = true, home_score = r.home, away_score = r.away,
             updated_at = now()
           from unnest($1::text[], $2::int[], $3::int[]) as r(gid, home, away)
           where g.game = 'mlb' and g.gid = r.gid`,
          [
            results.map((row) => row.gid),
            results.map((row) => row.homeScore),
            results.map((row) => row.awayScore),
          ],
        );
        atFinal = await read();
        finalsTimeoutAt = atFinal.at + TIMEOUT_MS;
        console.log(
          `  every pool locked ${seconds(Math.max(...locked.values()) - lockAt)} s after the lock instant; the week's games written final ${seconds(atFinal.at - lockAt)} s after it`,
        );
      }
      if (settled.size >= world.pools) break;
      const dead = instances.find(({ child }) => !alive(child));
      if (dead) {
        failed = `${dead.name} exited (${dead.child.exitCode ?? dead.child.signalCode}); its log: ${dead.log}`;
        break;
      }
      if (now > (atFinal === null ? timeoutAt : finalsTimeoutAt)) {
        failed =
          atFinal === null
            ? `${world.pools - locked.size} pools not locked ${seconds(TIMEOUT_MS)} s after the lock instant`
            : `${world.pools - settled.size} pools not settled ${seconds(TIMEOUT_MS)} s after the last final`;
        break;
      }
      await sleep(Math.max(0, POLL_MS - (Date.now() - now)));
    }
    const end = await read();
    const queueShare = statementsFrom ? await queueStatementShare(client) : null;
    const stopping = Date.now();
    await stopInstances(instances);
    console.log(`  instances stopped in ${seconds(Date.now() - stopping)} s`);

    // The figures.
    const lock = [...locked.values()].map((at) => (at - lockAt) / 1000);
    const finalAt = atFinal?.at ?? end.at;
    const settle = [...settled.values()].map((at) => (at - finalAt) / 1000);
    const bigLocked = locked.get(world.bigPoolId);
    const bigSettled = settled.get(world.bigPoolId);
    const small = (map: Map<number, number>) => [...map].filter(([poolId]) => poolId !== world.bigPoolId);
    console.log(
      `  locked (s from the lock instant to the pool's week locked, ${locked.size} of ${world.pools} pools): ${stats(lock)}; the global pool ${bigLocked === undefined ? 'never' : `${seconds(bigLocked - lockAt)} s`}`,
    );
    console.log(
      `  settled (s from the last final to the pool's week settled, ${settled.size} of ${world.pools} pools): ${stats(settle)}; the global pool ${bigSettled === undefined ? 'never' : `${seconds(bigSettled - finalAt)} s`}`,
    );
    const smallLocked = small(locked);
    const smallSettled = small(settled);
    const late = smallSettled.filter(([, at]) => at - finalAt > LATE_S * 1000).length;
    const lockedBehind =
      bigLocked === undefined ? null : smallLocked.filter(([, at]) => at > bigLocked).length;
    const settledBehind =
      bigSettled === undefined ? null : smallSettled.filter(([, at]) => at > bigSettled).length;
    console.log(
      `  behind the global pool: ${lockedBehind ?? '?'} of ${world.pools - 1} league pools locked after it (seen by a later poll), ${settledBehind ?? '?'} settled after it; ${late} settled more than ${LATE_S} s after the last final`,
    );
    const show = (label: string, spent: Spent, per: number) => {
      const ms = (value: number) => ((value * 1000) / per).toFixed(1);
      const app = sum(spent.instances);
      const others = Math.max(0, spent.machine - app - spent.server - spent.bench);
      const each =
        spent.instances.length > 1 ? ` (${spent.instances.map((s) => s.toFixed(1)).join(' + ')})` : '';
      console.log(
        `  CPU ${label}, ${spent.wall.toFixed(1)} s: instances ${app.toFixed(1)} s${each}, PostgreSQL ${spent.postgres.toFixed(1)} s; per pool ${ms(app)} ms + ${ms(spent.postgres)} ms; the machine ${(spent.machine / spent.wall).toFixed(2)} of ${os.cpus().length} cores busy (the bench ${spent.bench.toFixed(1)} s, other databases' PostgreSQL sessions ${Math.max(0, spent.server - spent.postgres).toFixed(1)} s, other processes ${others.toFixed(1)} s)`,
      );
    };
    if (atLock)
      show('before the lock instant (from the instances ready)', spentBetween(ready, atLock), world.pools);
    if (atLock && atFinal)
      show('locking (the lock instant to the last final)', spentBetween(atLock, atFinal), world.pools);
    if (atFinal)
      show('settling (the last final to every pool settled)', spentBetween(atFinal, end), world.pools);
    if (atLock)
      show('in all (the lock instant to every pool settled)', spentBetween(atLock, end), world.pools);
    if (queueShare)
      console.log(
        `  PostgreSQL's statement time from the lock instant to every pool settled: ${queueShare.total.toFixed(1)} s, the queue's own statements ${queueShare.queue.toFixed(1)} s (${((100 * queueShare.queue) / queueShare.total).toFixed(1)}%; the fetch ${queueShare.fetch.toFixed(1)} s in ${queueShare.fetches} calls)`,
      );
    else console.log("  (the queue's share of statement time needs pg_stat_statements loaded in PostgreSQL)");
    for (const instance of instances) {
      const warnings = logWarnings(instance.log);
      if (warnings.count > 0)
        console.log(
          `  ${instance.name}: ${warnings.count} warnings or errors logged, first: ${warnings.first}`,
        );
    }
    if (failed) console.log(`  FAILED: ${failed}`);
    return {
      instances: count,
      week,
      lock,
      settle,
      bigLock: bigLocked === undefined ? null : (bigLocked - lockAt) / 1000,
      bigSettle: bigSettled === undefined ? null : (bigSettled - finalAt) / 1000,
      lockedBehind,
      settledBehind,
      late,
      cpu: atLock ? spentBetween(atLock, end) : null,
      failed,
    };
  } finally {
    await stopInstances(instances);
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------------

if (serverBuildIsStale()) {
  console.log('building the server (dist/server/main.js)...');
  await buildServer();
}
console.log(
  `bench:many-pools: ${POOLS.toLocaleString('en-US')} league pools of 10 to 50 entries and a global pool of ${BIG_ENTRIES.toLocaleString('en-US')}, MLB; runs of ${INSTANCES.join(', then ')} instance(s); ${os.cpus().length} cores, load ${loadavg()}`,
);
const building = performance.now();
const world = await buildWorld();
console.log(
  `built ${world.pools.toLocaleString('en-US')} pools (${world.smallEntries.toLocaleString('en-US')} league pool entries, the global pool's id ${world.bigPoolId}) in ${seconds(performance.now() - building)} s`,
);
const logDir = mkdtempSync(path.join(os.tmpdir(), 'ala-many-pools-'));
console.log(`instance logs: ${logDir}`);
const summaries: Summary[] = [];
for (const [index, count] of INSTANCES.entries()) {
  const started = performance.now();
  const summary = await run(world, index + 1, count, logDir);
  console.log(`  run took ${seconds(performance.now() - started)} s`);
  summaries.push(summary);
  if (summary.failed) break;
}
const row = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0
    ? '- | - | -'
    : `${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} | ${sorted[sorted.length - 1].toFixed(1)}`;
};
const secondsOr = (value: number | null) => (value === null ? '-' : value.toFixed(1));
const perPool = (value: number | undefined) =>
  value === undefined ? '-' : ((value * 1000) / world.pools).toFixed(1);
console.log(
  `\nsummary (s; CPU from the lock instant to every pool settled, ms per pool of ${world.pools.toLocaleString('en-US')}):`,
);
console.log(
  '| instances | lock p50 | p99 | max | settle p50 | p99 | max | global pool lock / settle | CPU instances / PostgreSQL per pool | league pools locked / settled after the global pool | settled > 30 s |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (const s of summaries) {
  console.log(
    `| ${s.instances} | ${row(s.lock)} | ${row(s.settle)} | ${secondsOr(s.bigLock)} / ${secondsOr(s.bigSettle)} | ${perPool(s.cpu ? sum(s.cpu.instances) : undefined)} / ${perPool(s.cpu?.postgres)} ms | ${s.lockedBehind ?? '-'} / ${s.settledBehind ?? '-'} | ${s.late} |`,
  );
}
const failures = summaries.filter((s) => s.failed).length;
console.log(failures === 0 ? 'every run locked and settled every pool' : `${failures} run(s) FAILED`);
process.exit(failures === 0 ? 0 : 1);
