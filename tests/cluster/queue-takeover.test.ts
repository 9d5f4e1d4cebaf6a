// kill -9 of the instance running a big pool's settlement job, mid-job (issue 46, decision 043): another
// instance takes the job up from the queue within 30 s and finishes it; the week is judged once (no entry
// loses two lives or counts two weeks alive) and nothing is lost. Two compiled instances on PostgreSQL,
// outside nginx. Runs in the PostgreSQL pass (TEST_DATABASE_URL).
import { createServer } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script, without type declarations
import { buildServer, serverBuildIsStale } from '../../scripts/processes.mjs';
import { must } from '../../src/core/must';
import { timeLimit } from '../../src/server/test/time-limit';
import { type Instance, startInstance } from './instance';
import { addDuePool, buildRushWorld, type DuePool, recreateDatabase } from './rush-world';

const baseUrl = process.env.TEST_DATABASE_URL;
/** Players of the world; each has ENTRIES_EACH entries in the big pool. */
const PLAYERS = 200;
const ENTRIES_EACH = 1000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function query<T>(databaseUrl: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

async function until<T>(what: string, ms: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The due pool grown to every player's ENTRIES_EACH entries, half of them on the loser. */
async function growPool(databaseUrl: string, due: DuePool): Promise<void> {
  await query(
    databaseUrl,
    `insert into entries (pool_id, user_id, entry_num, lives, created_at)
       select p.pool_id, p.user_id, k, 3, p.created_at
       from (select pool_id, user_id, created_at from entries where pool_id = $1) p
       cross join generate_series(2, $2::int) k`,
    [due.poolId, ENTRIES_EACH],
  );
  await query(
    databaseUrl,
    `insert into picks (entry_id, week, pick_id, team_abb, created_at)
       select e.id, 1, w.pick_id, w.team_abb, e.created_at
       from entries e
       join (select e1.user_id, pk.pick_id, pk.team_abb from entries e1 join picks pk on pk.entry_id = e1.id
             where e1.pool_id = $1 and e1.entry_num = 1) w on w.user_id = e.user_id
       where e.pool_id = $1 and e.entry_num > 1`,
    [due.poolId],
  );
}

describe.skipIf(!baseUrl)('the job queue survives the death of an instance mid-job', () => {
  let databaseUrl: string;
  let instances: Instance[] = [];

  beforeAll(async () => {
    if (serverBuildIsStale()) await buildServer();
    databaseUrl = await recreateDatabase(must(baseUrl), 'ala_test_queue_takeover');
  }, timeLimit(300_000));

  afterAll(async () => {
    for (const instance of instances) instance.child.kill('SIGKILL');
    await Promise.all(instances.map((instance) => instance.exited));
  }, timeLimit(60_000));

  it("another instance finishes a big pool's settlement once when the one running it is killed", {
    timeout: timeLimit(300_000),
  }, async () => {
    const world = await buildRushWorld(databaseUrl, PLAYERS);
    // Its week 1 locked an hour ago; its game is on until the week is locked (made whole before any
    // instance starts), so the judging is a job of its own, the one killed.
    const due = await addDuePool(databaseUrl, world, PLAYERS);
    await growPool(databaseUrl, due);
    await query(databaseUrl, `update games set final = false, status = 'in_progress' where gid like 'due-%'`);
    const env = { DEMO: '0', FEED_MLB: 'off', FEED_NBA: 'off', FEED_NFL: 'off', SETTLE_WORKERS: '1' };
    instances = await Promise.all([
      startInstance(databaseUrl, 'queue-a', await freePort(), env),
      startInstance(databaseUrl, 'queue-b', await freePort(), env),
    ]);
    const names = instances.map((instance) => instance.name);
    await until('the week locked', 60_000, async () => {
      const [row] = await query<{ n: number }>(
        databaseUrl,
        'select count(*)::int as n from pool_weeks where pool_id = $1',
        [due.poolId],
      );
      return row.n === 1 ? true : undefined;
    });
    // The lock's own after-work (the pool's kept counts) ends before the game does.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await query(databaseUrl, `update games set final = true, status = 'final' where gid like 'due-%'`);

    // The judging job taken, and the instance whose session holds its transaction open: the runner.
    const job = await until('the judging job running', 60_000, async () => {
      const [row] = await query<{ id: string; started_on: Date }>(
        databaseUrl,
        `select id, started_on from pgboss.job
          where name = 'settle-pool' and singleton_key = $1 and state = 'active'`,
        [String(due.poolId)],
      );
      return row;
    });
    const runner = await until('an instance judging the pool', 60_000, async () => {
      const [row] = await query<{ name: string }>(
        databaseUrl,
        `select application_name as name from pg_stat_activity
          where application_name = any($1) and state in ('active', 'idle in transaction')
            and xact_start >= $2 and query !~* 'pgboss' order by xact_start limit 1`,
        [names, job.started_on],
      );
      return row?.name;
    });
    const victim = must(instances.find((instance) => instance.name === runner));
    victim.child.kill('SIGKILL');
    const killedAt = Date.now();
    await victim.exited;

    // The survivor takes the expired job up and settles the week.
    const takenAfterMs = await until('the job taken up again', 60_000, async () => {
      const [row] = await query<{ retry_count: number; state: string }>(
        databaseUrl,
        'select retry_count, state from pgboss.job where id = $1',
        [job.id],
      );
      return row && row.retry_count > 0 && row.state !== 'retry' ? Date.now() - killedAt : undefined;
    });
    expect(takenAfterMs).toBeLessThan(30_000);
    await until('the week settled', 120_000, async () => {
      const [row] = await query<{ settled: boolean }>(
        databaseUrl,
        'select settled_at is not null as settled from pool_weeks where pool_id = $1 and week = 1',
        [due.poolId],
      );
      return row?.settled ? true : undefined;
    });

    // Judged once: every winner alive with 3 lives and one week alive, every loser down to 2 lives.
    const states = await query<{ winner: boolean; lives: number; weeks_alive: number; n: number }>(
      databaseUrl,
      `select pk.team_abb = $2 as winner, e.lives, e.weeks_alive, count(*)::int as n
         from entries e join picks pk on pk.entry_id = e.id and pk.week = 1
        where e.pool_id = $1 group by 1, 2, 3 order by 1, 2, 3`,
      [due.poolId, world.teamAbbs[0]],
    );
    const half = (PLAYERS * ENTRIES_EACH) / 2;
    expect(states).toHaveLength(2);
    expect(states[0]).toMatchObject({ winner: false, lives: 2, n: half });
    expect(states[1]).toEqual({ winner: true, lives: 3, weeks_alive: 1, n: half });
    const weeks = await query<{ n: number }>(
      databaseUrl,
      'select count(*)::int as n from pool_weeks where pool_id = $1',
      [due.poolId],
    );
    expect(weeks).toEqual([{ n: 1 }]);
    console.info(`queue takeover: job taken up ${(takenAfterMs / 1000).toFixed(1)} s after kill -9`);
  });
});
