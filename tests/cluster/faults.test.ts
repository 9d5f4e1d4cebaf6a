// The faults a cluster survives (issue 29, decision 031): nginx in front of three compiled instances on
// PostgreSQL and Redis. A deadline rush of 500 clients with kill -9 of the leader in the middle (no
// committed pick lost or duplicated; live streams reconnect and hear changes made through the others;
// the jobs move to a survivor within 30 s and a due week settles once), then SIGTERM of the new leader
// (requests drain, streams end with a retry hint, the leadership is handed over).
// Runs in the PostgreSQL pass (TEST_DATABASE_URL); skips, saying why, without nginx or Redis.
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script, without type declarations
import { findNginx, startCluster } from '../../scripts/cluster-lib.mjs';
// @ts-expect-error: a plain ES module script, without type declarations
import { buildServer, serverBuildIsStale } from '../../scripts/processes.mjs';
import { must } from '../../src/core/must';
import { LEADER_LOCK_KEY } from '../../src/server/jobs/leader-loop';
import { timeLimit } from '../../src/server/test/time-limit';
import {
  addDuePool,
  buildRushWorld,
  currentLeader,
  type DuePool,
  heldPicks,
  type PickOutcome,
  percentile,
  ReconnectingStream,
  RUSH_WEEKS,
  type RushWorld,
  recreateDatabase,
  sendPick,
} from './rush-world';

const baseUrl = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const CLIENTS = 500;
/** Picks each client makes in the rush (different weeks); the kill comes when half are answered. */
const PICKS_EACH = 3;
const STREAMS = 6;

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
if (baseUrl && missing.length > 0) console.warn(`cluster faults: skipped, missing ${missing.join(', ')}.`);

interface Cluster {
  url: string;
  prefix: string;
  instances: {
    name: string;
    url: string;
    child: { pid: number };
    stop(): Promise<void>;
    kill(): Promise<void>;
  }[];
  stop(options?: { keepLogs?: boolean }): Promise<void>;
}

/** Polls `check` until it returns a value (not undefined), or throws after timeoutMs. */
async function until<T>(
  what: string | (() => string),
  timeoutMs: number,
  check: () => Promise<T | undefined>,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(`${typeof what === 'string' ? what : what()}: not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Each stream's connections and changes heard, for a failure's message. */
function describeStreams(streams: ReconnectingStream[], since: number): string {
  return streams
    .map(
      (s, i) =>
        `#${i}: ${s.upstreams.map((u) => u.replace(/@(\d+)/, (_, at) => `@${Number(at) - since}`)).join(',')}, ${s.changes.length} changes, last ${s.changes.length ? s.changes[s.changes.length - 1] - since : '-'} ms, data ${s.lastData - since} ms`,
    )
    .join('; ');
}

describe.skipIf(missing.length > 0)('a cluster behind nginx survives faults', () => {
  let cluster: Cluster;
  let databaseUrl: string;
  let world: RushWorld;
  let failed = false;

  beforeAll(async () => {
    if (serverBuildIsStale()) await buildServer();
    databaseUrl = await recreateDatabase(must(baseUrl), 'ala_test_cluster');
    world = await buildRushWorld(databaseUrl, CLIENTS);
    cluster = await startCluster({
      instances: 3,
      databaseUrl,
      redisUrl: REDIS_URL,
      env: {
        RATE_LIMIT_MAX: '1000000',
        LIVE_MAX_STREAMS_PER_IP: '1000',
        REDIS_CHANNEL: `ala-test-cluster-${process.pid}`,
      },
      readyTimeoutMs: 120_000,
    });
  }, timeLimit(300_000));

  afterAll(async () => {
    // The instances' logs stay for a failed run.
    await cluster?.stop({ keepLogs: failed });
    if (failed && cluster) console.warn(`cluster faults: logs in ${cluster.prefix}`);
  }, timeLimit(60_000));

  it('a 500-client deadline rush loses and duplicates no pick when the leader is killed (-9) in the middle', {
    timeout: timeLimit(420_000),
  }, async () => {
    try {
      const firstLeader = await until(
        'a leader',
        30_000,
        async () => (await currentLeader(databaseUrl, LEADER_LOCK_KEY)) ?? undefined,
      );
      const victim = must(cluster.instances.find((node) => node.name === firstLeader));
      const survivors = cluster.instances.filter((node) => node !== victim);

      // Entrants' live streams of the rush pool, through nginx (spread over the instances).
      const liveUrl = `${cluster.url}/api/pools/${world.poolId}/live`;
      const streams = world.players
        .slice(0, STREAMS)
        .map((player) => new ReconnectingStream(liveUrl, player.cookie));
      await until('the streams connected', 30_000, async () =>
        streams.every((s) => s.connects >= 1) ? true : undefined,
      );

      // The rush: every client confirms PICKS_EACH picks (a different week and team each), retrying what
      // it cannot know the outcome of. The leader dies once half of the picks are answered.
      const total = CLIENTS * PICKS_EACH;
      let answered = 0;
      let killedAt = 0;
      let due: DuePool | undefined;
      const killing: Promise<void>[] = [];
      let takeover: Promise<{ name: string; afterMs: number }> | undefined;
      const outcomes: { entryId: number; week: number; team: string; outcome: PickOutcome }[] = [];
      const errors: string[] = [];
      await Promise.all(
        world.players.map(async (player, index) => {
          for (let k = 0; k < PICKS_EACH; k++) {
            const week = ((index + k * 7) % RUSH_WEEKS) + 1;
            const team = world.teamAbbs[(index + k) % world.teamAbbs.length];
            try {
              const outcome = await sendPick(cluster.url, player.cookie, {
                userSeasonId: player.entryId,
                week,
                action: 'confirm',
                team,
              });
              outcomes.push({ entryId: player.entryId, week, team, outcome });
            } catch (error) {
              errors.push(String(error));
            }
            answered++;
            if (answered === Math.floor(total / 2)) {
              killedAt = Date.now();
              // A week falls due as the leader dies: the survivor that takes over settles it.
              killing.push(
                victim.kill().then(async () => {
                  due = await addDuePool(databaseUrl, world);
                }),
              );
              // Watched from the kill on, while the rush goes on.
              takeover = until('a survivor leading', 60_000, async () => {
                const name = await currentLeader(databaseUrl, LEADER_LOCK_KEY);
                return name && name !== victim.name ? { name, afterMs: Date.now() - killedAt } : undefined;
              });
              // Awaited below; a failure meanwhile is not an unhandled rejection.
              takeover.catch(() => {});
            }
          }
        }),
      );
      await Promise.all(killing);
      expect(killedAt).toBeGreaterThan(0);
      expect(errors).toEqual([]);
      const statuses = new Map<number, number>();
      for (const { outcome } of outcomes)
        statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
      // Every pick was answered 200 in the end (after retries for those the kill cut off).
      expect(Object.fromEntries(statuses)).toEqual({ 200: total });
      const retried = outcomes.filter((o) => o.outcome.attempts > 1).length;
      const p99 = percentile(
        outcomes.map((o) => o.outcome.latencyMs),
        99,
      );
      console.info(
        `cluster faults: ${total} picks, ${retried} retried after the kill, p99 ${p99.toFixed(0)} ms`,
      );

      // 0 lost, 0 duplicated: the database holds exactly one pick per entry and week, the one confirmed.
      const held = await heldPicks(databaseUrl, world.poolId);
      const lost = outcomes.filter((o) => held.get(`${o.entryId}:${o.week}`)?.[0] !== o.team);
      const duplicated = [...held.values()].filter((list) => list.length > 1);
      expect(lost).toEqual([]);
      expect(duplicated).toEqual([]);
      expect([...held.values()].flat()).toHaveLength(total);

      // The jobs moved to a survivor within 30 s of the kill.
      const { name: nextLeader, afterMs } = await must(takeover);
      console.info(`cluster faults: ${nextLeader} leads ${(afterMs / 1000).toFixed(1)} s after the kill`);
      expect(afterMs).toBeLessThanOrEqual(30_000);
      expect(survivors.map((node) => node.name)).toContain(nextLeader);

      // Streams cut by the kill come back after the server's retry hint, through nginx to a survivor. A
      // change made before one is back goes unheard by it, by design (nothing is replayed; a browser
      // refetches the pool area when its stream reopens), and a takeover can come before that: so the
      // change waits for them.
      const survivorHosts = survivors.map((node) => new URL(node.url).host);
      await until(
        () => `every stream on a survivor (${describeStreams(streams, killedAt)})`,
        30_000,
        async () => (streams.every((s) => survivorHosts.includes(s.upstream ?? '')) ? true : undefined),
      );
      const backAfter = streams.filter((s) => s.connectedAt > killedAt).map((s) => s.connectedAt - killedAt);
      console.info(
        `cluster faults: ${backAfter.length} of ${STREAMS} streams reconnected after the kill, the last ${(Math.max(0, ...backAfter) / 1000).toFixed(1)} s after it`,
      );
      // A change made through nginx (on a survivor) reaches them all, whichever instance each now hangs
      // on (Redis carries it across).
      const changedAt = Date.now();
      const lastPlayer = world.players[CLIENTS - 1];
      const change = await sendPick(cluster.url, lastPlayer.cookie, {
        userSeasonId: lastPlayer.entryId,
        week: RUSH_WEEKS,
        action: 'confirm',
        team: world.teamAbbs[0],
      });
      expect(change.status).toBe(200);
      await until(
        () => `every stream heard the change (${describeStreams(streams, changedAt)})`,
        30_000,
        async () => (streams.every((stream) => stream.heardSince(changedAt)) ? true : undefined),
      );

      // The week that fell due at the kill settles on the new leader, exactly once.
      const duePool = must(due);
      const settled = await until('the due week settled', 60_000, async () => {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        try {
          const { rows } = await client.query(
            'select count(*)::int as n, count(settled_at)::int as settled from pool_weeks where pool_id = $1 and week = 1',
            [duePool.poolId],
          );
          return rows[0].settled === 1 ? rows[0] : undefined;
        } finally {
          await client.end();
        }
      });
      expect(settled).toEqual({ n: 1, settled: 1 });
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ id: number; lives: number; weeks_alive: number }>(
          'select id, lives, weeks_alive from entries where pool_id = $1 order by id',
          [duePool.poolId],
        );
        const byId = new Map(rows.map((row) => [row.id, row]));
        // A winner is alive one week with its 3 lives; a loser lost one life, once.
        for (const id of duePool.winners) expect(byId.get(id)).toMatchObject({ lives: 3, weeks_alive: 1 });
        for (const id of duePool.losers) expect(byId.get(id)?.lives).toBe(2);
      } finally {
        await client.end();
      }

      // SIGTERM of the new leader, under load: requests drain,
      // its streams end with a retry hint, and the last instance takes the jobs over.
      const leaving = must(cluster.instances.find((node) => node.name === nextLeader));
      const hintsBefore = streams.map((stream) => stream.retryHints.filter((ms) => ms === 1_000).length);
      const drainOutcomes: PickOutcome[] = [];
      let load = true;
      const loadDone = Promise.all(
        world.players.slice(0, 100).map(async (player, index) => {
          let k = 0;
          while (load) {
            // A week of its own (the rush used weeks index+1, +8 and +15): confirm, cancel, confirm...
            const week = ((index + 11) % RUSH_WEEKS) + 1;
            const action = k % 2 === 0 ? 'confirm' : 'cancel';
            drainOutcomes.push(
              await sendPick(cluster.url, player.cookie, {
                userSeasonId: player.entryId,
                week,
                action,
                team: world.teamAbbs[(index + 5) % world.teamAbbs.length],
              }),
            );
            k++;
          }
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const stoppedAt = Date.now();
      await leaving.stop();
      const handedOver = await until('the last instance leading', 30_000, async () => {
        const name = await currentLeader(databaseUrl, LEADER_LOCK_KEY);
        return name && name !== leaving.name ? name : undefined;
      });
      const handover = Date.now() - stoppedAt;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      load = false;
      await loadDone;
      console.info(
        `cluster faults: SIGTERM drained ${drainOutcomes.length} picks under way; ${handedOver} leads ${(handover / 1000).toFixed(1)} s after`,
      );
      // Every pick under way was answered. A few are reset unread when the instance finally closes its
      // connections (one nginx had just written a request to, not yet read on a busy event loop); nginx
      // may not resend a POST, so the client does: counted, and held to a few in a hundred.
      expect(drainOutcomes.filter((o) => o.status !== 200)).toEqual([]);
      const drainRetried = drainOutcomes.filter((o) => o.attempts > 1).length;
      console.info(
        `cluster faults: ${drainRetried} of ${drainOutcomes.length} picks during the SIGTERM needed a retry`,
      );
      expect(drainRetried).toBeLessThanOrEqual(Math.ceil(drainOutcomes.length * 0.05));
      expect(handover).toBeLessThanOrEqual(30_000);
      // The streams the stopped instance held were told to come back in a second, and came back.
      const hinted = streams.filter(
        (stream, i) => stream.retryHints.filter((ms) => ms === 1_000).length > hintsBefore[i],
      );
      expect(hinted.length).toBeGreaterThan(0);
      // As after the kill: the change waits until every stream is on one of the instances left.
      const remainingHosts = cluster.instances
        .filter((node) => node !== victim && node !== leaving)
        .map((node) => new URL(node.url).host);
      await until(
        () => `every stream on the last instance (${describeStreams(streams, stoppedAt)})`,
        30_000,
        async () => (streams.every((s) => remainingHosts.includes(s.upstream ?? '')) ? true : undefined),
      );
      const lastChange = Date.now();
      const again = await sendPick(cluster.url, lastPlayer.cookie, {
        userSeasonId: lastPlayer.entryId,
        week: RUSH_WEEKS,
        action: 'cancel',
        team: world.teamAbbs[0],
      });
      expect(again.status).toBe(200);
      await until(
        () => `every stream heard the change after the SIGTERM (${describeStreams(streams, lastChange)})`,
        30_000,
        async () => (streams.every((stream) => stream.heardSince(lastChange)) ? true : undefined),
      );
      for (const stream of streams) stream.close();
    } catch (error) {
      failed = true;
      throw error;
    }
  });
});
