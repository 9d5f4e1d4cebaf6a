// JOBS=off (issue 40 item 5): an instance that serves but never leads, for a restored copy of the database
// that must not send the reminders again. It takes no lock, says so in its log and in ala_leader; an
// instance with the jobs on beside it leads at once. PostgreSQL pass only (TEST_DATABASE_URL).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script, without type declarations
import { freePort } from '../../scripts/cluster-lib.mjs';
// @ts-expect-error: a plain ES module script, without type declarations
import { buildServer, serverBuildIsStale } from '../../scripts/processes.mjs';
import { must } from '../../src/core/must';
import { timeLimit } from '../../src/server/test/time-limit';
import { type Instance, startInstance, stopInstance } from './instance';
import { recreateDatabase } from './rush-world';

const baseUrl = process.env.TEST_DATABASE_URL;
const DATABASE = 'ala_test_jobs_off';
const TOKEN = 'metrics-token-of-the-jobs-off-test';
const env = { DEMO: '0', FEED_MLB: 'off', FEED_NBA: 'off', FEED_NFL: 'off', METRICS_TOKEN: TOKEN };

/** The advisory locks the sessions named `name` hold. */
async function advisoryLocks(databaseUrl: string, name: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where l.locktype = 'advisory' and a.application_name = $1`,
      [name],
    );
    return rows[0].n;
  } finally {
    await client.end();
  }
}

async function leaderGauge(instance: Instance): Promise<number> {
  const text = await (
    await fetch(`${instance.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
  ).text();
  const line = must(text.split('\n').find((l) => l.startsWith('ala_leader ')));
  return Number(line.split(' ')[1]);
}

describe.skipIf(!baseUrl)('JOBS=off', () => {
  let databaseUrl: string;
  const running: Instance[] = [];

  beforeAll(async () => {
    if (serverBuildIsStale()) await buildServer();
    databaseUrl = await recreateDatabase(must(baseUrl), DATABASE);
  }, timeLimit(120_000));
  afterAll(async () => {
    await Promise.all(running.map(stopInstance));
  });

  it('starts an instance that serves and never leads, beside one that leads', {
    timeout: timeLimit(180_000),
  }, async () => {
    const quiet = await startInstance(databaseUrl, 'ala-jobs-off', await freePort(), { ...env, JOBS: 'off' });
    running.push(quiet);
    expect(quiet.output()).toContain('JOBS=off: this instance runs no jobs and never leads');
    // Well past the first asks of every job (made as the instance starts): no lock was ever taken.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await advisoryLocks(databaseUrl, 'ala-jobs-off')).toBe(0);
    expect(await leaderGauge(quiet)).toBe(0);
    expect(quiet.output()).not.toContain('leads the jobs');
    expect((await fetch(`${quiet.url}/api/health`)).status).toBe(200);

    const leader = await startInstance(databaseUrl, 'ala-jobs-on', await freePort(), env);
    running.push(leader);
    await expect.poll(() => leaderGauge(leader), { timeout: timeLimit(15_000) }).toBe(1);
    expect(leader.output()).toContain('this instance now leads the jobs');
    expect(await leaderGauge(quiet)).toBe(0);
    expect(await advisoryLocks(databaseUrl, 'ala-jobs-off')).toBe(0);
    await stopInstance(leader);
    expect(leader.output()).toContain('this instance no longer leads the jobs');
  });
});
