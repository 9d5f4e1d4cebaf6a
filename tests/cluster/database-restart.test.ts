// PostgreSQL and Redis going away under a running cluster (issue 40, decision 032): nginx in front of two
// compiled instances that reach PostgreSQL and Redis through TCP relays the test cuts and restores (the
// shared servers keep running). PostgreSQL "restarts" (every connection destroyed, new ones refused for
// 10 s), then the instances' idle sessions are ended with pg_terminate_backend: no instance exits, the API
// answers 503 in words meanwhile, and all is ready within seconds of the return. Redis goes away: every
// instance stays ready, and open live streams are told to refetch once it is back.
// Runs in the PostgreSQL pass (TEST_DATABASE_URL); skips, saying why, without nginx or Redis.
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script, without type declarations
import { findNginx, startCluster } from '../../scripts/cluster-lib.mjs';
// @ts-expect-error: a plain ES module script, without type declarations
import { buildServer, serverBuildIsStale } from '../../scripts/processes.mjs';
import { must } from '../../src/core/must';
import { LEADER_LOCK_KEY } from '../../src/server/jobs/leader-loop';
import { ERROR_MESSAGES } from '../../src/server/lib/error-handler';
import { type TcpRelay, tcpRelay } from '../../src/server/test/tcp-relay';
import { timeLimit } from '../../src/server/test/time-limit';
import {
  buildRushWorld,
  currentLeader,
  ReconnectingStream,
  type RushWorld,
  recreateDatabase,
  sendPick,
} from './rush-world';

const baseUrl = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const DATABASE = 'ala_test_dbrestart';
const CLIENTS = 10;
/** How long PostgreSQL stays away. */
const OUTAGE_MS = 10_000;
/** A request that takes longer than this during an outage counts as hanging. */
const HANG_MS = 8_000;

/** True when something answers on Redis's port with +PONG. */
function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port || 6379), hostname);
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

const nginx = findNginx() as string | undefined;
const redisUp = baseUrl ? await redisAnswers(REDIS_URL) : false;
const missing = [
  !baseUrl && 'TEST_DATABASE_URL',
  !nginx && 'nginx',
  baseUrl && !redisUp && `Redis at ${REDIS_URL}`,
].filter(Boolean);
if (baseUrl && missing.length > 0) console.warn(`database restart: skipped, missing ${missing.join(', ')}.`);

interface Node {
  name: string;
  url: string;
  child: { exitCode: number | null; signalCode: string | null };
}

interface Cluster {
  url: string;
  prefix: string;
  instances: Node[];
  stop(options?: { keepLogs?: boolean }): Promise<void>;
}

/** One request's answer: its status (0: no answer), its message, how long it took. */
interface Answer {
  status: number;
  message?: string;
  ms: number;
}

async function request(url: string, init: RequestInit = {}): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(HANG_MS + 2_000) });
    const text = await response.text();
    let message: string | undefined;
    try {
      message = (JSON.parse(text) as { message?: string }).message;
    } catch {}
    return { status: response.status, message, ms: performance.now() - started };
  } catch {
    return { status: 0, ms: performance.now() - started };
  }
}

/**
 * Milliseconds from `since` until `check` holds, polling; throws after timeoutMs, with what `lastSeen`
 * says of the last failed check (so a failure in CI says which instance answered what).
 */
async function msUntil(
  what: string,
  since: number,
  timeoutMs: number,
  check: () => Promise<boolean>,
  lastSeen: () => string = () => '',
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return Date.now() - since;
    if (Date.now() > deadline) {
      const seen = lastSeen();
      throw new Error(`${what}: not within ${timeoutMs / 1000} s${seen ? ` (last seen: ${seen})` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The last lines of a log file, or a note that there is none. */
function logTail(file: string, lines: number): string {
  if (!existsSync(file)) return `(no log at ${file})`;
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(missing.length > 0)('a cluster rides out PostgreSQL and Redis going away', () => {
  let cluster: Cluster;
  let databaseUrl: string;
  let world: RushWorld;
  let postgres: TcpRelay;
  let redis: TcpRelay;
  let failed = false;

  beforeAll(async () => {
    if (serverBuildIsStale()) await buildServer();
    databaseUrl = await recreateDatabase(must(baseUrl), DATABASE);
    world = await buildRushWorld(databaseUrl, CLIENTS);
    const direct = new URL(databaseUrl);
    postgres = await tcpRelay({ host: direct.hostname, port: Number(direct.port || 5432) });
    const redisTarget = new URL(REDIS_URL);
    redis = await tcpRelay({ host: redisTarget.hostname, port: Number(redisTarget.port || 6379) });
    const relayed = new URL(databaseUrl);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(postgres.port);
    cluster = await startCluster({
      instances: 2,
      databaseUrl: relayed.toString(),
      redisUrl: `redis://127.0.0.1:${redis.port}`,
      env: {
        RATE_LIMIT_MAX: '1000000',
        LIVE_MAX_STREAMS_PER_IP: '1000',
        REDIS_CHANNEL: `ala-test-dbrestart-${process.pid}`,
        DATABASE_CONNECT_TIMEOUT_MS: '2000',
      },
      readyTimeoutMs: 120_000,
    });
  }, timeLimit(300_000));

  afterAll(async () => {
    // What each instance logged last (warnings and up): a failure in CI can be read without its machine.
    if (failed && cluster)
      for (const node of cluster.instances)
        console.warn(
          `${node.name}'s log, its end:\n${logTail(path.join(cluster.prefix, `${node.name}.log`), 40)}`,
        );
    await cluster?.stop({ keepLogs: failed });
    if (failed && cluster) console.warn(`database restart: logs in ${cluster.prefix}`);
    await postgres?.close();
    await redis?.close();
  }, timeLimit(60_000));

  const alive = () =>
    cluster.instances.filter((node) => node.child.exitCode === null && !node.child.signalCode);
  const player = (i: number) => world.players[i % world.players.length];
  const pick = (i: number, week: number, base = cluster.url) =>
    request(`${base}/user/makeUserPick`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: player(i).cookie },
      body: JSON.stringify({
        userSeasonId: player(i).entryId,
        week,
        action: 'confirm',
        team: world.teamAbbs[(i + week) % world.teamAbbs.length],
      }),
    });
  let lastReadiness = '';
  const everyInstanceReady = async () => {
    const answers = await Promise.all(cluster.instances.map((node) => request(`${node.url}/api/ready`)));
    lastReadiness = answers
      .map((answer, i) => `${cluster.instances[i].name} ${answer.status} ${answer.message ?? ''}`.trim())
      .join('; ');
    return answers.every((answer) => answer.status === 200);
  };
  const aPickSucceeds = async () =>
    (
      await sendPick(
        cluster.url,
        player(1).cookie,
        {
          userSeasonId: player(1).entryId,
          week: 2,
          action: 'confirm',
          team: world.teamAbbs[3],
        },
        1,
      )
    ).status === 200;
  const someoneLeads = async () => (await currentLeader(databaseUrl, LEADER_LOCK_KEY)) !== null;

  /** After the database is back: how long until every instance is ready, a pick is saved, and one leads. */
  async function recovery(since: number) {
    const [readyMs, pickMs, leaderMs] = await Promise.all([
      msUntil('every instance ready', since, 30_000, everyInstanceReady, () => lastReadiness),
      msUntil('a pick saved', since, 30_000, aPickSucceeds),
      msUntil('a leader', since, 60_000, someoneLeads),
    ]);
    return { readyMs, pickMs, leaderMs };
  }

  it('PostgreSQL restarts: every instance stays up, answers 503 in words, and recovers by itself', {
    timeout: timeLimit(180_000),
  }, async () => {
    try {
      await msUntil('a first leader', Date.now(), 60_000, someoneLeads);
      expect((await pick(0, 1)).status).toBe(200);

      // The restart: every connection destroyed, new ones refused, for OUTAGE_MS.
      const cutAt = Date.now();
      await postgres.cut();
      const during: Answer[] = [];
      const readiness: Answer[] = [];
      let round = 0;
      while (Date.now() - cutAt < OUTAGE_MS) {
        const answers = await Promise.all([
          ...cluster.instances.map((node) =>
            request(`${node.url}/api/currentUser`, { headers: { cookie: player(round).cookie } }),
          ),
          pick(round, 3),
          ...cluster.instances.map((node) => request(`${node.url}/api/ready`)),
        ]);
        during.push(...answers.slice(0, cluster.instances.length + 1));
        readiness.push(...answers.slice(cluster.instances.length + 1));
        round++;
        await sleep(500);
      }
      const exitedDuringOutage = cluster.instances.length - alive().length;
      const restoredAt = Date.now();
      await postgres.restore();
      const restart = await recovery(restoredAt);

      const statuses = (answers: Answer[]) => {
        const counted: Record<number, number> = {};
        for (const answer of answers) counted[answer.status] = (counted[answer.status] ?? 0) + 1;
        return counted;
      };
      console.info(
        `database restart: ${alive().length} of ${cluster.instances.length} instances up; ` +
          `${during.length} API requests during the ${OUTAGE_MS / 1000} s outage: ${JSON.stringify(statuses(during))}, ` +
          `the slowest ${Math.max(...during.map((a) => a.ms)).toFixed(0)} ms; after its return every instance ready in ` +
          `${(restart.readyMs / 1000).toFixed(1)} s, a pick saved in ${(restart.pickMs / 1000).toFixed(1)} s, ` +
          `a leader in ${(restart.leaderMs / 1000).toFixed(1)} s`,
      );
      expect(exitedDuringOutage).toBe(0);
      // 503 with the message the pages show: no 502 (an instance gone), no 500, no hanging request.
      expect(statuses(during)).toEqual({ 503: during.length });
      expect(new Set(during.map((answer) => answer.message))).toEqual(new Set([ERROR_MESSAGES.databaseDown]));
      expect(Math.max(...during.map((answer) => answer.ms))).toBeLessThan(HANG_MS);
      expect(statuses(readiness)).toEqual({ 503: readiness.length });
      expect(restart.readyMs).toBeLessThanOrEqual(5_000);
      expect(restart.pickMs).toBeLessThanOrEqual(5_000);
      expect(restart.leaderMs).toBeLessThanOrEqual(30_000);

      // An administrator ends the instances' idle sessions (the leader's lock among them).
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      let ended: number;
      const endedAt = Date.now();
      try {
        const { rows } = await admin.query<{ ended: number }>(
          `select count(*) filter (where pg_terminate_backend(pid))::int as ended from pg_stat_activity
            where datname = current_database() and application_name like 'ala-%' and state = 'idle'`,
        );
        ended = rows[0].ended;
      } finally {
        await admin.end();
      }
      await sleep(500);
      const exitedAfterTerminate = cluster.instances.length - alive().length;
      const terminated = await recovery(endedAt);
      console.info(
        `database restart: pg_terminate_backend ended ${ended} idle sessions; ${alive().length} of ` +
          `${cluster.instances.length} instances up; ready in ${(terminated.readyMs / 1000).toFixed(1)} s, ` +
          `a pick in ${(terminated.pickMs / 1000).toFixed(1)} s, a leader in ${(terminated.leaderMs / 1000).toFixed(1)} s`,
      );
      expect(ended).toBeGreaterThan(0);
      expect(exitedAfterTerminate).toBe(0);
      expect(terminated.readyMs).toBeLessThanOrEqual(5_000);
      expect(terminated.pickMs).toBeLessThanOrEqual(5_000);
      expect(terminated.leaderMs).toBeLessThanOrEqual(30_000);
    } catch (error) {
      failed = true;
      throw error;
    }
  });

  it('Redis goes away: every instance stays ready, and open streams are told to refetch when it is back', {
    timeout: timeLimit(120_000),
  }, async () => {
    try {
      // One entrant's stream on each instance, straight to it.
      const streams = cluster.instances.map(
        (node, i) => new ReconnectingStream(`${node.url}/api/pools/${world.poolId}/live`, player(i).cookie),
      );
      await msUntil('the streams connected', Date.now(), 30_000, async () =>
        streams.every((stream) => stream.connected),
      );
      const cutAt = Date.now();
      await redis.cut();
      const readiness: { status: number; redis: string }[] = [];
      const readOnce = () =>
        Promise.all(
          cluster.instances.map(async (node) => {
            const response = await fetch(`${node.url}/api/ready`, { signal: AbortSignal.timeout(5_000) });
            const body = (await response.json()) as { checks: { redis: { state: string } } };
            return { status: response.status, redis: body.checks.redis.state };
          }),
        );
      // Until every instance reports Redis down, then a few seconds more: every answer 200.
      await msUntil('every instance reporting Redis down', cutAt, 20_000, async () => {
        const answers = await readOnce();
        readiness.push(...answers);
        return answers.every((answer) => answer.redis === 'down');
      });
      for (let i = 0; i < 6; i++) {
        readiness.push(...(await readOnce()));
        await sleep(500);
      }
      // Picks go on without Redis (each instance hears only its own).
      expect((await pick(2, 4)).status).toBe(200);
      const restoredAt = Date.now();
      await redis.restore();
      // No change is made after the return: what the streams hear now is the resync.
      const heardMs = await msUntil('every stream told to refetch', restoredAt, 30_000, async () =>
        streams.every((stream) => stream.heardSince(restoredAt)),
      );
      const backMs = await msUntil('Redis reported up again', restoredAt, 30_000, async () =>
        (await readOnce()).every((answer) => answer.redis === 'up' && answer.status === 200),
      );
      for (const stream of streams) stream.close();
      console.info(
        `database restart: Redis away ${((restoredAt - cutAt) / 1000).toFixed(1)} s, ${readiness.length} readiness ` +
          `answers all ${[...new Set(readiness.map((a) => a.status))].join(', ')}; after its return every stream told ` +
          `to refetch in ${(heardMs / 1000).toFixed(1)} s, Redis up in ${(backMs / 1000).toFixed(1)} s`,
      );
      expect(readiness.every((answer) => answer.status === 200)).toBe(true);
      expect(streams.every((stream) => stream.connects === 1)).toBe(true);
      expect(heardMs).toBeLessThanOrEqual(10_000);
    } catch (error) {
      failed = true;
      throw error;
    }
  });
});
