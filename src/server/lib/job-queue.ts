import PgBoss from 'pg-boss';
import { type Database, rowsOf } from '../db/client';

// The site's jobs on a queue in the database (pg-boss, decision 043): any instance takes a job, one at a
// time per pool and kind, retried with backoff, and taken up by another instance when its own dies.

/** The schema of the queue's tables. */
export const QUEUE_SCHEMA = 'pgboss';

/** A pool's settlement: its corrected weeks re-judged, its due weeks locked and judged, its end crowned. */
export const SETTLE_POOL = 'settle-pool';
/** A look for pools with settlement due: one at a time on the whole site, at most one per `SCAN_SECONDS`. */
export const SETTLE_SCAN = 'settle-scan';
/** Where a pool's settlement goes once its retries are spent (site admins see it, the scan tries again later). */
export const SETTLE_DEAD = 'settle-pool-dead';

/** Corrections after a pool's crowning looked for (told to its commissioner), every few minutes. */
export const CROWNED_CORRECTIONS = 'crowned-corrections';

/** A look at each sports feed's day poll, polling those due, every few seconds on the whole site. */
export const FEED_POLLS = 'feed-polls';
/** The season schedules read again, every few hours on the whole site. */
export const SEASON_SCHEDULES = 'season-schedules';

/** The pick reminders' pass and the web pushes after it, once a minute on the whole site. */
export const REMINDERS = 'reminders';

/** How the queue's timings are set: the defaults in production, shorter in the tests. */
export interface QueueTimings {
  /** A running job not heard from for this long (its instance died or hangs) is given to another. */
  expireSeconds: number;
  /** How often a running job says it is alive. */
  heartbeatSeconds: number;
  /** How often the queue's maintenance looks for such jobs (one instance at a time). */
  maintenanceSeconds: number;
  /** The first retry's delay; each next one about twice as long (with jitter). */
  retryDelaySeconds: number;
  /** Retries before a job is dead-lettered. */
  retryLimit: number;
  /** How often an idle worker asks for jobs. */
  pollingSeconds: number;
  /** How often the site looks for pools with settlement due. */
  scanSeconds: number;
  /** How long a pool whose retries are spent rests before the scan gives it a new job. */
  deadRestMinutes: number;
}

// A job dead with its instance: 12 s without a beat, then maintenance within 5 s, the first retry after
// 2 to 4 s and a worker's next ask within 1 s: taken up within 22 s (maintenance reads the whole job
// table, a day of jobs: every 2 s, it was a tenth of the queue's cost on a busy Sunday). A failing pool
// is retried after about 2 s, 4, 8 ... 17 min, then dead-lettered (about an hour of retries).
export const QUEUE_TIMINGS: QueueTimings = {
  expireSeconds: 12,
  heartbeatSeconds: 2,
  maintenanceSeconds: 5,
  retryDelaySeconds: 2,
  retryLimit: 10,
  pollingSeconds: 1,
  scanSeconds: 2,
  deadRestMinutes: 60,
};

/** The queue as this instance holds it. */
export interface JobQueue {
  boss: PgBoss;
  timings: QueueTimings;
  /** Stops taking jobs; the ones running finish first (at most `waitMs`), then the connections close. */
  stop(waitMs?: number): Promise<void>;
}

/**
 * Opens the queue on the site's database: its tables made or migrated (by one instance at a time), its
 * queues declared. Every instance opens it; any instance may then take any job.
 */
export async function openJobQueue(
  database: Pick<Database, 'jobQueue'>,
  log: { warn(obj: object, msg: string): void },
  timings: QueueTimings = QUEUE_TIMINGS,
): Promise<JobQueue> {
  const connection =
    'connectionString' in database.jobQueue
      ? {
          connectionString: database.jobQueue.connectionString,
          max: 4,
          // The instance's name in PostgreSQL's views, as its other sessions have it (from the URL).
          application_name:
            new URL(database.jobQueue.connectionString).searchParams.get('application_name') ?? 'ala-jobs',
        }
      : { db: database.jobQueue as PgBoss.Db };
  const boss = new PgBoss({
    ...connection,
    schema: QUEUE_SCHEMA,
    maintenanceIntervalSeconds: timings.maintenanceSeconds,
    monitorStateIntervalSeconds: 60,
    // Completed jobs are kept a day (the admin page's "ran at"), failed ones a week.
    archiveCompletedAfterSeconds: 24 * 60 * 60,
    archiveFailedAfterSeconds: 7 * 24 * 60 * 60,
    deleteAfterDays: 7,
  });
  boss.on('error', (error: Error) => log.warn({ error: String(error) }, 'job queue error'));
  await boss.start();
  await boss.createQueue(SETTLE_DEAD, { name: SETTLE_DEAD, retryLimit: 0 });
  // `short`: at most one job of a pool waiting; the scan adds none for a pool whose job runs (decision 043).
  await boss.createQueue(SETTLE_POOL, {
    name: SETTLE_POOL,
    policy: 'short',
    retryLimit: timings.retryLimit,
    retryDelay: timings.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: timings.expireSeconds,
    deadLetter: SETTLE_DEAD,
  });
  await indexFetchOrder(boss, SETTLE_POOL);
  await boss.createQueue(SETTLE_SCAN, {
    name: SETTLE_SCAN,
    policy: 'short',
    retryLimit: 0,
    expireInSeconds: Math.max(timings.expireSeconds, 60),
  });
  return {
    boss,
    timings,
    stop: async (waitMs = 30_000) => {
      await boss.stop({ graceful: true, wait: true, timeout: waitMs });
    },
  };
}

/** The table of a queue's jobs (pg-boss keeps each queue in a partition of its own). */
async function partitionOf(boss: PgBoss, name: string): Promise<string> {
  const { rows } = await boss
    .getDb()
    .executeSql(`select partition_name from ${QUEUE_SCHEMA}.queue where name = $1`, [name]);
  const partition = (rows[0] as { partition_name?: string } | undefined)?.partition_name;
  if (!partition) throw new Error(`the job queue ${name} has no table`);
  return partition;
}

/**
 * pg-boss takes the first waiting jobs by priority, then age, but indexes them by start time only: each fetch
 * sorted every waiting job (ten thousand pools' at a lock instant), the queue's biggest cost. An index in the
 * fetch's own order lets a fetch read the jobs it takes and no more. Every instance makes it when it opens
 * the queue (a new table, or one pg-boss made again).
 */
async function indexFetchOrder(boss: PgBoss, name: string): Promise<void> {
  const partition = await partitionOf(boss, name);
  const index = `${QUEUE_SCHEMA}."${partition}_fetch"`;
  // Looked for first: making it, even "if not exists", locks the table against new jobs for a moment.
  const { rows } = await boss.getDb().executeSql('select to_regclass($1) is not null as made', [index]);
  if ((rows[0] as { made: boolean }).made) return;
  const make = () =>
    boss.getDb().executeSql(
      `create index if not exists "${partition}_fetch" on ${QUEUE_SCHEMA}."${partition}"
          (priority desc, created_on, id) where state < 'active'`,
      [],
    );
  try {
    await make();
  } catch {
    // Instances making it at once: all but one fail (the name taken, or a deadlock). Made now, it is
    // found; any other failure comes again.
    await make();
  }
}

/**
 * Refreshes PostgreSQL's statistics of a queue's table once `waiting` jobs were added at once, unless they
 * already count that many waiting (from the last such refresh: enough, as it is their share that counts).
 * The planner reads the fetch's index only when it knows that many jobs wait; without statistics it guesses
 * a few and sorts them all at every fetch, until autovacuum's analyze comes round (a minute or more later,
 * or never where it is off). Says whether it refreshed them.
 */
export async function refreshQueueStatistics(
  queue: JobQueue,
  name: string,
  waiting: number,
): Promise<boolean> {
  const partition = await partitionOf(queue.boss, name);
  const [known] = rowsOf<{ waiting: number | null }>(
    await queueSql(
      queue,
      `select c.reltuples * (
           select s.most_common_freqs[array_position(s.most_common_vals::text::text[], 'created')]
           from pg_stats s where s.schemaname = $1 and s.tablename = $2 and s.attname = 'state') as waiting
         from pg_class c where c.oid = to_regclass($3)`,
      [QUEUE_SCHEMA, partition, `${QUEUE_SCHEMA}."${partition}"`],
    ),
  );
  if (Number(known?.waiting ?? 0) >= waiting) return false;
  // The columns the fetch, the completion and the scan filter, join and order by: the jobs' data and
  // outputs, left out, would be most of the work (and without the key's, a batch taken or done would be
  // found by reading the whole table).
  await queueSql(
    queue,
    `analyze ${QUEUE_SCHEMA}."${partition}" (name, id, state, start_after, priority, singleton_key)`,
    [],
  );
  return true;
}

/**
 * Keeps running jobs alive: their expiry pushed `expireSeconds` past now every `heartbeatSeconds`, so a
 * long job (a big pool's week) runs as long as it needs and one whose instance died is found within
 * `expireSeconds`. pg-boss 10 has no heartbeat of its own; this and the workers' report and put-back
 * (job-workers.ts) are the writes to its table. `jobIds` says which, at each beat (a batch's not done yet).
 */
export function keepJobsAlive(queue: JobQueue, name: string, jobIds: () => readonly string[]): () => void {
  const beat = () => {
    const ids = jobIds();
    if (ids.length === 0) return;
    // By the queue's name too: the table is partitioned by it, and its key is (name, id).
    queueSql(
      queue,
      `update ${QUEUE_SCHEMA}.job set expire_in = (now() - started_on) + $3 * interval '1 second'
        where name = $1 and id = any($2::uuid[]) and state = 'active'`,
      [name, ids, queue.timings.expireSeconds],
    ).catch(() => undefined);
  };
  const timer = setInterval(beat, queue.timings.heartbeatSeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}

/** Runs a statement on the queue's own connections (its tables, read by the admin page and the scan). */
export function queueSql(queue: JobQueue, text: string, values: unknown[]): Promise<{ rows: unknown[] }> {
  return queue.boss.getDb().executeSql(text, values);
}
