import { buildApp } from './app';
import { loadConfig } from './config';
import type { AppContext } from './context';
import { LEADER_LOCK_KEY, type LeadershipChange, openDatabase } from './db/client';
import { settleDemoWeeks } from './demo/demo-entrants';
import { seedDemoWorld } from './demo/seed';
import { startFeedIngest, startQueuedFeedPolls } from './jobs/feed-ingest';
import { FOLLOWER_DELAY_MS, startLeaderLoop } from './jobs/leader-loop';
import { startQueuedReminderJob, startReminderJob } from './jobs/reminder-job';
import { resumeSharedReplayClock, startReplayClockSync } from './jobs/replay-clock-sync';
import { replayPollDelayMs, startReplayIngest } from './jobs/replay-ingest';
import { startSettlementJob } from './jobs/settlement-job';
import { startSettlementQueue } from './jobs/settlement-queue';
import { type Clock, systemClock } from './lib/clock';
import { openJobQueue } from './lib/job-queue';
import { createOutboxMailer, createSmtpMailer, formatForConsole } from './mail/mailer';
import { firstViewsToWarm } from './plugins/first-views';
import { createFeedProviders, replayedGames } from './sports/feeds';
import { ReplayClock } from './sports/replay/replay-clock';

const config = loadConfig();
// A lost connection (the database restarted): requests meanwhile answer 503 in words, and the pool
// connects again when one is needed. Told in the app's log once there is one.
let reportLostConnection = (error: Error) => console.warn(`database connection lost: ${error.message}`);
// Which instance leads the jobs is told in its log as it changes (and by the ala_leader gauge).
let reportLeadership = (change: LeadershipChange) =>
  console.info(`${change.leads ? 'leads' : 'no longer leads'} the jobs: ${change.why}`);
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  connectTimeoutMs: config.databaseConnectTimeoutMs,
  statementTimeoutMs: config.databaseStatementTimeoutMs,
  onConnectionError: (error) => reportLostConnection(error),
  onLeadershipChange: (change) => {
    if (change.key === LEADER_LOCK_KEY) reportLeadership(change);
  },
});
// The demo replays real seasons on a historical clock that every instance shares through the database
// and that resumes where it stopped (docs/decisions/001 and 034); everything else runs on real time.
const replaying = config.demo;
// An instance without jobs only reads the shared clock.
const replay = replaying
  ? await resumeSharedReplayClock(database, new ReplayClock(config.demoClockStart, config.demoClockSpeed), {
      write: config.jobs,
    })
  : undefined;
const replayClock: ReplayClock | undefined = replay?.clock;
const clock: Clock = replayClock ?? systemClock;
// Without SMTP the outbox keeps mail with its sign-in and reset links hidden; the whole mail, links
// included, goes to this process's own output only, for whoever runs it (decision 007).
const mailer = config.smtpUrl
  ? createSmtpMailer(database.db, clock, config.smtpUrl, config.mailFrom)
  : createOutboxMailer(database.db, clock, (message) => process.stdout.write(formatForConsole(message)));
// Security lifetimes (sessions, reset links, attempt limits) run on real time, even in the demo.
const ctx: AppContext = { config, database, db: database.db, clock, wallClock: systemClock, mailer };
const app = await buildApp(ctx, { logger: true, processMetrics: true });
reportLostConnection = (error) => app.log.warn({ error: error.message }, 'database connection lost');
reportLeadership = ({ leads, why }) =>
  app.log.info(
    { why },
    leads ? 'this instance now leads the jobs' : 'this instance no longer leads the jobs',
  );

if (database.wasEmpty && config.demo) {
  app.log.info('new database: seeding the demo world');
  await seedDemoWorld(ctx);
}

let replayJob: Promise<() => Promise<void>> | undefined;
let clockSync: (() => Promise<void>) | undefined;
let feedJob: (() => Promise<void>) | undefined;
let settlementJob: (() => Promise<void>) | undefined;
let reminderJob: (() => Promise<void>) | undefined;
let leadershipWatch: (() => Promise<void>) | undefined;
let closing = false;
/** While shutting down behind a proxy: each answer closes its connection (see shutdown). */
let draining = false;
const DRAIN_MS = 1_500;
app.server.prependListener('request', (_request, response) => {
  if (draining) response.setHeader('connection', 'close');
});
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  try {
    // Two things at once: the server drains (readiness says 503, live streams end with a hint to
    // reconnect soon, new connections are refused so the proxy sends them to another instance, requests
    // in flight finish), and the jobs stop (a pass in flight finishes) and then give up the leadership,
    // so a survivor takes the jobs over on its next ask rather than when this process is gone.
    const handOver = (async () => {
      const stopReplay = await replayJob?.catch(() => undefined);
      await Promise.all([
        stopReplay?.(),
        feedJob?.(),
        settlementJob?.(),
        reminderJob?.(),
        leadershipWatch?.(),
      ]);
      // After the jobs: the leader's last beat of the replay clock, where a cluster stopped whole resumes.
      await clockSync?.();
      await database.releaseLeadership();
    })();
    const drain = (async () => {
      if (config.databaseUrl) {
        // Behind a proxy (several instances on PostgreSQL): for a moment every answer says
        // `Connection: close`, so the proxy lets go of its kept-alive connections to this instance
        // after their next request, rather than send one down a connection the close below resets.
        draining = true;
        await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
      }
      await app.close();
    })();
    await Promise.all([drain, handOver]);
    await database.close();
  } finally {
    process.exit(0);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`ALA Survivor on http://localhost:${config.port} (${database.driver}, mail: ${mailer.kind})`);
// The first visitors after a start get pages rendered as fast as the next ones (decision 037).
firstViewsToWarm(ctx, config.ssrWarmPools)
  .then((views) => app.warmFirstViews(views))
  .catch((error) => app.log.warn({ error: String(error) }, 'warming the first views failed'));
if (replay && !closing) {
  const words = {
    started: 'the replay clock starts',
    resumed: 'the replay clock resumes where it stopped',
    joined: "the replay clock follows the other instances'",
    read: 'the replay clock follows the shared one',
  };
  app.log.info({ replayNow: replay.clock.now().toISOString(), speed: replay.clock.speed }, words[replay.how]);
  clockSync = startReplayClockSync(database, replay.clock, app.log, { write: config.jobs });
}
if (!config.jobs) {
  app.log.info(
    'JOBS=off: this instance runs no jobs and never leads (no feeds, settlement or mail of its own)',
  );
}
// Each instance with JOBS=on asks for the leadership; the one holding it runs the jobs below.
const jobs = config.jobs && !closing;
// Each game's feed is chosen by FEED_MLB, FEED_NBA and FEED_NFL (docs/decisions/008-real-feeds.md).
const feedProviders = createFeedProviders(config.feeds);
if (feedProviders.length > 0 && jobs) {
  // A site polls them on the job queue (startQueueJobs); the demo, on its leader beside its replay.
  if (replaying) feedJob = startFeedIngest(ctx, feedProviders, app.log);
  app.log.info({ feeds: feedProviders.map((p) => `${p.game}: ${p.name}`) }, 'polling the sports feeds');
}
// Weeks lock and settle on the application's clock. A site settles each pool as a job of the queue,
// taken by any instance with jobs (decision 043); the demo's replay settles in one pass on its leader,
// its entrants picking and rebuying before each lock in every pool.
const startSettlement = () => {
  if (!jobs || closing || settlementJob) return;
  settlementJob = replaying
    ? startSettlementJob(ctx, app.log, {
        settle: settleDemoWeeks,
        intervalMs: replayClock ? Math.min(30_000, replayPollDelayMs(replayClock.speed)) : 30_000,
      })
    : startQueueJobs();
};

/**
 * Opens the job queue with its settlement workers and the periodic jobs (reminders, feed polls, season
 * schedules), trying again while the database cannot be reached.
 */
function startQueueJobs(): () => Promise<void> {
  let stop: (() => Promise<void>) | undefined;
  let retry: NodeJS.Timeout | undefined;
  let opening: Promise<void> = Promise.resolve();
  const open = async (): Promise<void> => {
    if (closing) return;
    try {
      const queue = await openJobQueue(database, app.log);
      const stopWorkers = await startSettlementQueue(ctx, app.log, queue, { workers: config.settleWorkers });
      // Pick reminders before each lock (and the web pushes after them), once a minute on the site.
      const stopReminders = await startQueuedReminderJob(ctx, app.log, queue);
      const stopFeeds =
        feedProviders.length > 0 ? await startQueuedFeedPolls(ctx, feedProviders, app.log, queue) : null;
      stop = async () => {
        await Promise.all([stopWorkers(), stopReminders(), stopFeeds?.()]);
        await queue.stop();
      };
      app.log.info('settling the pools, sending reminders and polling the feeds on the job queue');
    } catch (error) {
      app.log.warn({ error: String(error) }, 'the job queue did not open; trying again');
      retry = setTimeout(() => {
        opening = open();
      }, 10_000);
    }
  };
  opening = open();
  return async () => {
    if (retry) clearTimeout(retry);
    await opening;
    await stop?.();
  };
}

if (jobs) {
  // The leadership is asked for every few seconds, not only at the leader jobs' passes (a minute apart):
  // once a leader is gone, or its lock with its session, another instance leads within that wait.
  leadershipWatch = startLeaderLoop({
    name: 'leadership',
    log: app.log,
    database,
    pass: async () => undefined,
    intervalMs: FOLLOWER_DELAY_MS,
  });
  // The demo's pick reminders, on its replayed clock (they land in the outbox at replayed times); a site
  // sends them on the job queue (startQueueJobs).
  if (replaying) {
    reminderJob = startReminderJob(ctx, app.log, {
      intervalMs: replayClock ? Math.min(60_000, replayPollDelayMs(replayClock.speed)) : 60_000,
    });
  }
}
const replayed = replayedGames(config.feeds);
if (replaying && replayed.length > 0 && jobs) {
  // After listening, so the site answers while the replayed seasons load (about a second).
  replayJob = startReplayIngest(ctx, app.log, replayed);
  replayJob.then(
    () => app.log.info({ replayNow: clock.now().toISOString() }, 'replaying MLB, NBA and NFL seasons'),
    (error) => app.log.error({ error: String(error) }, 'the season replay did not start'),
  );
  // The demo settles once the replay has caught up on the games played while it was stopped: its first
  // pass then judges the weeks those games ended, rather than a whole interval later.
  replayJob.then(startSettlement, startSettlement);
} else {
  startSettlement();
}
