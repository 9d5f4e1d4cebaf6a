import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { type Database, type Db, LEADER_LOCK_KEY, rowsOf } from '../db/client';
import type { Mailer } from '../mail/mailer';
import { QUEUE_SCHEMA } from './job-queue';
import { packagePath } from './package-dir';

/** The commit the compiled server was built from (scripts/processes.mjs defines it); unset from the sources. */
declare const __ALA_COMMIT__: string | undefined;

/** The jobs counted in `ala_job_runs_total` (a fixed list: labels stay bounded). */
export type JobName = 'settlement' | 'ingest' | 'season_schedules';

/**
 * How a job's pass ended: `ok`, `failed` (the pass threw: logged and retried), or `follower` (another
 * instance leads, so this one did nothing). A pass with failing pools is `ok`: they are counted apart.
 */
export type JobOutcome = 'ok' | 'failed' | 'follower';

/**
 * One application's Prometheus metrics, in a registry of its own (two apps in one process, as tests
 * build them, never share counters). Every label takes its values from a bounded set: route patterns
 * (never raw URLs), methods, status codes, job names, feeds, and the ids of pools whose settlement
 * failed (a handful; the healthy ones never appear).
 */
export interface AppMetrics {
  readonly registry: Registry;
  readonly httpRequests: Counter<'method' | 'route' | 'status_code'>;
  readonly httpDuration: Histogram<'method' | 'route'>;
  readonly jobRuns: Counter<'job' | 'outcome'>;
  /** Pages sent as the plain app because as many renders as allowed were under way (decision 037). */
  readonly ssrShed: Counter;
  readonly jobDuration: Histogram<'job'>;
  readonly poolWeeks: Counter<'step'>;
  readonly poolFailures: Counter<'pool_id' | 'step'>;
  readonly feedPolls: Counter<'provider' | 'game' | 'outcome'>;
  readonly feedRejectedGames: Gauge<'provider' | 'game'>;
  readonly liveStreams: Gauge;
  readonly reminders: Counter<'step'>;
  /** Mail of this instance: `queued` in the outbox (no SMTP), `sent` (SMTP took it), `failed`. */
  readonly mail: Counter<'outcome'>;
  readonly redisPublishFailures: Counter;
  /** Wall-clock milliseconds of each feed's last successful poll seen by this process. */
  readonly feedLastSuccess: Map<string, { provider: string; game: string; at: number }>;
}

export interface MetricsOptions {
  /** The database whose failing pools `ala_settlement_pools_failing` counts at each scrape. */
  db: Db;
  /** Also the process's own figures (CPU, memory, event loop lag, GC): once per process, in main. */
  processMetrics?: boolean;
  /** Whether this instance leads, and its request pool's connections (PostgreSQL only). */
  database?: Pick<Database, 'holdsLeadership' | 'poolStats'>;
  /** Whether Redis carries the live changes now: reported only when REDIS_URL is set. */
  redisConnected?: () => boolean;
}

/** The version of package.json, and the commit when the build knew it. */
export function buildInfo(): { version: string; commit: string } {
  let version = 'unknown';
  try {
    version = JSON.parse(readFileSync(packagePath(import.meta.url, 'package.json'), 'utf8')).version;
  } catch {}
  const commit = typeof __ALA_COMMIT__ === 'string' && __ALA_COMMIT__ ? __ALA_COMMIT__ : 'unknown';
  return { version, commit };
}

/** Creates an application's metrics; nothing is global. */
export function createMetrics(options: MetricsOptions): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  if (options.processMetrics) collectDefaultMetrics({ register: registry });
  const feedLastSuccess = new Map<string, { provider: string; game: string; at: number }>();
  const metrics: AppMetrics = {
    registry,
    httpRequests: new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code (live streams apart).',
      labelNames: ['method', 'route', 'status_code'],
      registers,
    }),
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request (live streams apart), by method and route pattern.',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    ssrShed: new Counter({
      name: 'ala_ssr_shed_total',
      help: 'Pages sent as the plain app at once because as many server renders as allowed were under way.',
      registers,
    }),
    jobRuns: new Counter({
      name: 'ala_job_runs_total',
      help: 'Passes of the background jobs, by job and outcome (ok, failed, follower).',
      labelNames: ['job', 'outcome'],
      registers,
    }),
    jobDuration: new Histogram({
      name: 'ala_job_duration_seconds',
      help: "Time of a job's pass on the leading instance.",
      labelNames: ['job'],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
      registers,
    }),
    poolWeeks: new Counter({
      name: 'ala_settlement_pool_weeks_total',
      help: 'Pool weeks the settlement job locked, settled and re-judged (step: lock, settle, rejudge).',
      labelNames: ['step'],
      registers,
    }),
    poolFailures: new Counter({
      name: 'ala_settlement_pool_failures_total',
      help: 'Failed settlement attempts of one pool, by pool id and the step that failed.',
      labelNames: ['pool_id', 'step'],
      registers,
    }),
    feedPolls: new Counter({
      name: 'ala_feed_polls_total',
      help: 'Polls of a sports feed by this instance, by provider, game and outcome (ok, failed).',
      labelNames: ['provider', 'game', 'outcome'],
      registers,
    }),
    feedRejectedGames: new Gauge({
      name: 'ala_feed_rejected_games',
      help: "Games the feed's last successful poll left out because they cannot be true.",
      labelNames: ['provider', 'game'],
      registers,
    }),
    liveStreams: new Gauge({
      name: 'ala_live_streams_open',
      help: 'Live event streams (open pool pages) this instance holds.',
      registers,
    }),
    reminders: new Counter({
      name: 'ala_reminders_total',
      help: 'Pick reminders of this instance: entries queued, mails sent, and mails SMTP refused (failed).',
      labelNames: ['step'],
      registers,
    }),
    mail: new Counter({
      name: 'ala_mail_total',
      help: 'Mail of this instance: queued (kept in the outbox, no SMTP), sent (the SMTP server took it), failed.',
      labelNames: ['outcome'],
      registers,
    }),
    redisPublishFailures: new Counter({
      name: 'ala_redis_publish_failures_total',
      help: 'Live pool changes Redis refused to carry (they reached only this instance).',
      registers,
    }),
    feedLastSuccess,
  };
  const { version, commit } = buildInfo();
  new Gauge({
    name: 'ala_build_info',
    help: 'Always 1: the running version, the commit it was built from (unknown from the sources) and Node.',
    labelNames: ['version', 'commit', 'node'],
    registers,
  }).set({ version, commit, node: process.version }, 1);
  const database = options.database;
  new Gauge({
    name: 'ala_leader',
    help: 'Whether this instance leads the jobs (1) or not (0).',
    registers,
    collect() {
      this.set(database?.holdsLeadership(LEADER_LOCK_KEY) ? 1 : 0);
    },
  });
  if (database?.poolStats()) {
    new Gauge({
      name: 'ala_db_pool_connections',
      help: "Connections of this instance's PostgreSQL request pool, by state (in_use, idle); the leadership lock's is apart.",
      labelNames: ['state'],
      registers,
      collect() {
        const stats = database.poolStats();
        if (!stats) return;
        this.set({ state: 'in_use' }, stats.total - stats.idle);
        this.set({ state: 'idle' }, stats.idle);
      },
    });
    new Gauge({
      name: 'ala_db_pool_waiting',
      help: 'Requests of this instance waiting for a free PostgreSQL connection.',
      registers,
      collect() {
        this.set(database.poolStats()?.waiting ?? 0);
      },
    });
    new Gauge({
      name: 'ala_db_pool_max',
      help: "The most connections this instance's request pool opens.",
      registers,
      collect() {
        this.set(database.poolStats()?.max ?? 0);
      },
    });
  }
  const redisConnected = options.redisConnected;
  if (redisConnected) {
    new Gauge({
      name: 'ala_redis_connected',
      help: 'Whether both Redis connections of this instance are up (1) or not (0).',
      registers,
      collect() {
        this.set(redisConnected() ? 1 : 0);
      },
    });
  }
  new Gauge({
    name: 'ala_feed_last_success_age_seconds',
    help: "Seconds since the feed's last successful poll by this instance (the polling leader).",
    labelNames: ['provider', 'game'],
    registers,
    collect() {
      this.reset();
      const now = Date.now();
      for (const { provider, game, at } of feedLastSuccess.values()) {
        this.set({ provider, game }, (now - at) / 1000);
      }
    },
  });
  new Gauge({
    name: 'ala_job_queue_jobs',
    help: "The job queue's jobs by queue and state (waiting, retrying, running; failed: dead-lettered in the last day).",
    labelNames: ['queue', 'state'],
    registers,
    async collect() {
      this.reset();
      // The jobs not done yet and the day's failures: a count by state over the queue's state index.
      const result = await options.db
        .execute(sql`
        select name, state::text as state, count(*)::int as n from ${sql.raw(`${QUEUE_SCHEMA}.job`)}
        where state < 'completed' or (state = 'failed' and completed_on > now() - interval '1 day')
        group by 1, 2`)
        .catch(() => ({ rows: [] }));
      for (const row of rowsOf<{ name: string; state: string; n: number }>(result)) {
        this.set({ queue: row.name, state: row.state }, Number(row.n));
      }
    },
  });
  return metrics;
}

/** Counts a job's pass with its outcome and, when this instance did the work, its time. */
export function recordJobRun(
  metrics: AppMetrics | undefined,
  job: JobName,
  outcome: JobOutcome,
  startedAt: number,
): void {
  if (!metrics) return;
  metrics.jobRuns.inc({ job, outcome });
  if (outcome !== 'follower') metrics.jobDuration.observe({ job }, (performance.now() - startedAt) / 1000);
}

/** Counts one poll of a feed; a successful one also sets its rejected games and last success. */
export function recordFeedPoll(
  metrics: AppMetrics | undefined,
  poll: { provider: string; game: string; ok: boolean; rejected: number },
): void {
  if (!metrics) return;
  const labels = { provider: poll.provider, game: poll.game };
  metrics.feedPolls.inc({ ...labels, outcome: poll.ok ? 'ok' : 'failed' });
  if (!poll.ok) return;
  metrics.feedRejectedGames.set(labels, poll.rejected);
  metrics.feedLastSuccess.set(`${poll.provider}\u0000${poll.game}`, { ...labels, at: Date.now() });
}

const COUNTED = Symbol('counted mailer');

/**
 * The mailer, counting each message in `ala_mail_total`: queued (the outbox keeps it, no SMTP), sent (the
 * SMTP server took it) or failed (refused, or not stored). Wrapping a counted mailer again changes nothing.
 */
export function countedMailer(mailer: Mailer, metrics: AppMetrics): Mailer {
  if ((mailer as { [COUNTED]?: true })[COUNTED]) return mailer;
  const done = mailer.kind === 'smtp' ? 'sent' : 'queued';
  // Its other properties stay readable (a test's capturing mailer keeps what it was given).
  const counted: Mailer & { [COUNTED]: true } = {
    ...mailer,
    [COUNTED]: true,
    async send(message) {
      try {
        await mailer.send(message);
      } catch (error) {
        metrics.mail.inc({ outcome: 'failed' });
        throw error;
      }
      metrics.mail.inc({ outcome: done });
    },
  };
  const sendMany = mailer.sendMany?.bind(mailer);
  if (sendMany) {
    counted.sendMany = async (messages) => {
      try {
        await sendMany(messages);
      } catch (error) {
        metrics.mail.inc({ outcome: 'failed' }, messages.length);
        throw error;
      }
      metrics.mail.inc({ outcome: done }, messages.length);
    };
  }
  return counted;
}
