// The demo on PostgreSQL (issue 40 item 7, decision 034): compiled instances started with DATABASE_URL and
// DEMO=1 run on the replay clock, share it through the database, and find weeks open to play. An instance
// that joins a running one follows its clock; a leader that stops hands the clock on without a pause; a
// cluster stopped whole resumes where it stopped. PostgreSQL pass only (TEST_DATABASE_URL).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script, without type declarations
import { freePort } from '../../scripts/cluster-lib.mjs';
// @ts-expect-error: a plain ES module script, without type declarations
import { buildServer, serverBuildIsStale } from '../../scripts/processes.mjs';
import { must } from '../../src/core/must';
import { LEADER_LOCK_KEY } from '../../src/server/jobs/leader-loop';
import { timeLimit } from '../../src/server/test/time-limit';
import { type Instance, startInstance, stopInstance } from './instance';
import { currentLeader, recreateDatabase } from './rush-world';

const baseUrl = process.env.TEST_DATABASE_URL;
const DATABASE = 'ala_test_demo_pg';
/** Replayed seconds per real second: a minute a second. */
const SPEED = 60;

async function start(databaseUrl: string, name: string, port: number): Promise<Instance> {
  return startInstance(databaseUrl, name, port, { DEMO: '1', DEMO_CLOCK_SPEED: String(SPEED) });
}

const stop = stopInstance;

/** The instance's application clock now (its health answer). */
async function replayedNow(instance: Instance): Promise<Date> {
  const health = (await (await fetch(`${instance.url}/api/health`)).json()) as { time: string };
  return new Date(health.time);
}

async function get<T>(instance: Instance, path: string): Promise<T> {
  const response = await fetch(`${instance.url}${path}`);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

async function replayPolls(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      "select count(*)::int as n from feed_fetches where provider like 'replay-%' and ok",
    );
    return rows[0].n;
  } finally {
    await client.end();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!baseUrl)('the demo on PostgreSQL', () => {
  let databaseUrl: string;
  const running: Instance[] = [];
  const ports: number[] = [];

  beforeAll(async () => {
    if (serverBuildIsStale()) await buildServer();
    databaseUrl = await recreateDatabase(must(baseUrl), DATABASE);
    ports.push(await freePort(), await freePort());
  }, timeLimit(120_000));
  afterAll(async () => {
    await Promise.all(running.map(stop));
  });

  it('runs on one replay clock shared by its instances, with weeks open to play', {
    timeout: timeLimit(300_000),
  }, async () => {
    const first = await start(databaseUrl, 'ala-demo-1', ports[0]);
    running.push(first);
    expect(first.output()).toContain('the replay clock starts');
    const now = await replayedNow(first);
    expect(now.toISOString().slice(0, 4)).toBe('2023');

    // Every game of the demo has a week whose lock is still ahead: something to play.
    for (const [game, season] of [
      ['mlb', 2023],
      ['nba', 2023],
      ['nfl-td', 2023],
    ] as const) {
      const params = await get<{ deadlines: string[]; activeGameWeek: number }>(
        first,
        `/api/seasonParams/${game}/${season}/reg`,
      );
      const open = params.deadlines.filter((deadline) => new Date(deadline) > now);
      expect(open.length, `${game}: weeks open at ${now.toISOString()}`).toBeGreaterThan(0);
      expect(params.activeGameWeek).toBeLessThan(params.deadlines.length);
    }
    // The leader replays the seasons: polls of the replayed feeds.
    await expect.poll(() => replayPolls(databaseUrl), { timeout: timeLimit(30_000) }).toBeGreaterThan(0);

    // A second instance joins the first's clock rather than starting its own.
    const second = await start(databaseUrl, 'ala-demo-2', ports[1]);
    running.push(second);
    expect(second.output()).toContain("the replay clock follows the other instances'");
    const [a, b] = await Promise.all([replayedNow(first), replayedNow(second)]);
    // Within a few real seconds of each other at a minute a second.
    expect(Math.abs(a.getTime() - b.getTime())).toBeLessThan(5 * 60_000);
    expect(await currentLeader(databaseUrl, LEADER_LOCK_KEY)).toBe('ala-demo-1');

    // The leader stops: the other leads and its clock runs on (no pause while an instance runs).
    const beforeStop = await replayedNow(second);
    const stoppedAt = Date.now();
    await stop(first);
    await expect
      .poll(() => currentLeader(databaseUrl, LEADER_LOCK_KEY), { timeout: timeLimit(30_000), interval: 500 })
      .toBe('ala-demo-2');
    await sleep(2_000);
    const runOn = (await replayedNow(second)).getTime() - beforeStop.getTime();
    expect(runOn).toBeGreaterThanOrEqual(((Date.now() - stoppedAt) * SPEED) / 2);

    // The whole cluster stops; 20 real seconds (20 replayed minutes) later one instance starts again: the
    // replayed time paused meanwhile, so it resumes where the last leader stopped.
    const lastSeen = await replayedNow(second);
    await stop(second);
    const downAt = Date.now();
    await sleep(20_000);
    const spawnedAt = Date.now();
    const again = await start(databaseUrl, 'ala-demo-1', ports[0]);
    running.push(again);
    expect(again.output()).toContain('the replay clock resumes where it stopped');
    const resumed = (await replayedNow(again)).getTime() - lastSeen.getTime();
    // At most the time since this start (and a margin), never the 20 s it was down.
    expect(resumed).toBeLessThan((Date.now() - spawnedAt + 3_000) * SPEED);
    // The cluster was down far longer than that bound (a timer may end a hair early by the wall clock).
    expect(spawnedAt - downAt).toBeGreaterThan(19_000);
  });
});
