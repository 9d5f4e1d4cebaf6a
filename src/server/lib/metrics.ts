import { count } from 'drizzle-orm';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/client';
import { poolJobFailures } from '../db/schema';

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
  readonly jobDuration: Histogram<'job'>;
  readonly poolWeeks: Counter<'step'>;
  readonly poolFailures: Counter<'pool_id' | 'step'>;
  readonly feedPolls: Counter<'provider' | 'game' | 'outcome'>;
  readonly feedRejectedGames: Gauge<'provider' | 'game'>;
  readonly liveStreams: Gauge;
  readonly reminders: Counter<'step'>;
  /** Wall-clock milliseconds of each feed's last successful poll seen by this process. */
  readonly feedLastSuccess: Map<string, { provider: string; game: string; at: number }>;
}

export interface MetricsOptions {
  /** The database whose failing pools `ala_settlement_pools_failing` counts at each scrape. */
  db: Db;
  /** Also the process's own figures (CPU, memory, event loop lag, GC): once per process, in main. */
  processMetrics?: boolean;
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
    feedLastSuccess,
  };
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
    name: 'ala_settlement_pools_failing',
    help: 'Pools whose settlement fails now (waiting for their retry), from the database.',
    registers,
    async collect() {
      // One row per failing pool: a handful, whatever the size of the pools.
      const [row] = await options.db.select({ n: count() }).from(poolJobFailures);
      this.set(Number(row?.n ?? 0));
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
