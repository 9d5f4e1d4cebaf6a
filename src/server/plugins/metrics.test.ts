import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { must } from '../../core/must';
import { LEADER_LOCK_KEY } from '../db/client';
import { ingestOnce } from '../jobs/ingest';
import { startSettlementJob } from '../jobs/settlement-job';
import { openJobQueue, QUEUE_SCHEMA, SETTLE_POOL } from '../lib/job-queue';
import { createMetrics } from '../lib/metrics';
import { createSmtpMailer } from '../mail/mailer';
import { startTestSmtpServer } from '../mail/smtp-test-server';
import type { GameRecord, SportsProvider } from '../sports/model';
import { buildPick } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { buildMlbPool, enter, finishWeek, type PoolWorld, startPoolWorld } from '../test/pool-test-world';
import { openSse } from '../test/sse-client';

const TOKEN = 'metrics-token-for-tests-0123';
const EARLY = new Date('2026-11-10T00:00:00Z');

let t: TestApp | undefined;
afterEach(async () => {
  await t?.app.close();
  t = undefined;
});

/** The /metrics text as Prometheus reads it. */
async function scrape(app: TestApp['app']): Promise<string> {
  const answer = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return answer.body;
}

/** The value of one series (its labels in the order prom-client writes them), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('who may read /metrics', () => {
  it('answers 404 when no token is configured', async () => {
    t = await createTestApp();
    const answer = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ message: 'Metrics are off: set METRICS_TOKEN to read them.' });
  });

  it('answers 401 without the bearer token, whoever asks, and the figures with it', async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    for (const headers of [
      {},
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Basic ${TOKEN}` },
      { authorization: 'Bearer ' },
    ]) {
      const answer = await t.app.inject({ url: '/metrics', headers, remoteAddress: '127.0.0.1' });
      expect(answer.statusCode).toBe(401);
      expect(answer.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(answer.json().message).toMatch(/bearer token/);
    }
    expect(await scrape(t.app)).toContain('# TYPE http_requests_total counter');
  });
});

describe('request metrics', () => {
  it('counts and times requests by route pattern, never by the URL asked', async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    for (const abb of ['SECRETA', 'SECRETB']) {
      await t.app.inject({ url: `/leagueRoutes/fetchLeague/abb/${abb}` });
    }
    await t.app.inject({ url: '/api/health' });
    await t.app.inject({ url: '/api/no-such-call/secretpath' });
    await t.app.inject({ url: '/some/page/of/the/app' });
    const text = await scrape(t.app);
    const league = 'method="GET",route="/leagueRoutes/fetchLeague/:a/:b"';
    expect(sample(text, `http_requests_total{${league},status_code="404"}`)).toBe(2);
    expect(sample(text, `http_request_duration_seconds_count{${league}}`)).toBe(2);
    expect(sample(text, `http_request_duration_seconds_bucket{le="+Inf",${league}}`)).toBe(2);
    expect(sample(text, 'http_requests_total{method="GET",route="/api/health",status_code="200"}')).toBe(1);
    expect(sample(text, 'http_requests_total{method="GET",route="(unmatched)",status_code="404"}')).toBe(1);
    expect(sample(text, 'http_requests_total{method="GET",route="(web)",status_code="404"}')).toBe(1);
    for (const raw of ['SECRET', 'secretpath', '/some/page']) expect(text).not.toContain(raw);
  });

  it('names each request: a new id in X-Request-Id, or the proxy’s when its header is configured and plain', async () => {
    t = await createTestApp();
    const own = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'from-outside' } });
    expect(own.headers['x-request-id']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    const again = await t.app.inject({ url: '/api/health' });
    expect(again.headers['x-request-id']).not.toBe(own.headers['x-request-id']);
    await t.app.close();

    const lines: string[] = [];
    t = await createTestApp({
      env: { REQUEST_ID_HEADER: 'X-Request-Id' },
      logStream: { write: (line) => void lines.push(line) },
    });
    const kept = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'edge-7f3a:1.2' } });
    expect(kept.headers['x-request-id']).toBe('edge-7f3a:1.2');
    // An error answer carries it too.
    const missing = await t.app.inject({ url: '/api/nothing', headers: { 'x-request-id': 'edge-404' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toBe('edge-404');
    // Every log line of the request carries it.
    const logged = lines.map((line) => JSON.parse(line) as { reqId?: string; msg: string });
    const ofMissing = logged.filter((line) => line.reqId === 'edge-404');
    expect(ofMissing.map((line) => line.msg)).toEqual(['request completed']);
    // An id that could forge or flood a log line is replaced.
    for (const bad of ['two words', 'a"b', 'x'.repeat(129)]) {
      const replaced = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': bad } });
      expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('job metrics', () => {
  let world: PoolWorld;

  it('counts a settlement pass, its pool weeks and the failing pool under its id', async () => {
    const started = await startPoolWorld({
      seasons: ['mlb'],
      members: ['ann', 'bob'],
      env: { METRICS_TOKEN: TOKEN },
    });
    t = started.t;
    world = started.world;
    const [ann, bob] = started.members;
    const ctx = t.ctx;
    const poolWithPicks = async (poolIdx: number) => {
      const pool = await buildMlbPool(ctx, world.leagueId, { start: EARLY, poolIdx });
      const a = await enter(ctx, pool.id, ann, { createdAt: EARLY });
      const b = await enter(ctx, pool.id, bob, { createdAt: EARLY });
      await buildPick(ctx, { entryId: a.id, week: 1, pickId: 'NYY' });
      await buildPick(ctx, { entryId: b.id, week: 1, pickId: 'BOS' });
      return pool;
    };
    const broken = await poolWithPicks(0);
    const healthy = await poolWithPicks(1);
    // Both lock week 1 in a first pass; then the broken pool's locked week loses its kinds.
    const runs: number[] = [];
    let stop = startSettlementJob(
      ctx,
      { info: () => {}, warn: () => {} },
      { intervalMs: 3_600_000, onRun: () => void runs.push(1) },
    );
    await expect.poll(() => runs.length).toBe(1);
    await stop();
    await ctx.db.execute(sql`delete from entry_week_kinds where pool_id = ${broken.id}`);
    await finishWeek(ctx, 1, { 'NYY-BOS': [5, 3], 'HOU-NYY': [4, 2], 'TOR-HOU': [3, 1] });
    const warnings: string[] = [];
    stop = startSettlementJob(
      ctx,
      { info: () => {}, warn: (_obj, msg) => warnings.push(msg) },
      { intervalMs: 3_600_000 },
    );
    await expect.poll(() => warnings.length).toBe(1);
    await stop();

    const text = await scrape(t.app);
    expect(sample(text, 'ala_job_runs_total{job="settlement",outcome="ok"}')).toBe(2);
    expect(sample(text, 'ala_job_runs_total{job="settlement",outcome="failed"}')).toBeUndefined();
    expect(sample(text, 'ala_job_duration_seconds_count{job="settlement"}')).toBe(2);
    expect(sample(text, 'ala_settlement_pool_weeks_total{step="lock"}')).toBe(2);
    expect(sample(text, 'ala_settlement_pool_weeks_total{step="settle"}')).toBe(1);
    expect(sample(text, `ala_settlement_pool_failures_total{pool_id="${broken.id}",step="settle"}`)).toBe(1);
    // Only the failing pool has a series of its own.
    expect(text).not.toContain(`pool_id="${healthy.id}"`);

    // The job queue's jobs by queue and state, from its tables (a pool's job waiting here).
    await ctx.db.execute(sql.raw(`drop schema if exists ${QUEUE_SCHEMA} cascade`));
    const queue = await openJobQueue(ctx.database, { warn: () => {} });
    try {
      await queue.boss.send(SETTLE_POOL, { poolId: broken.id }, { singletonKey: String(broken.id) });
      const queued = await scrape(t.app);
      expect(sample(queued, 'ala_job_queue_jobs{queue="settle-pool",state="created"}')).toBe(1);
    } finally {
      await queue.stop(1_000);
    }
  });

  it('says each feed’s last success age, its rejected games and its polls', async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN }, now: new Date('2025-06-05T03:00:00Z') });
    const game = (gid: string, home: string, away: string): GameRecord => ({
      gid,
      game: 'mlb',
      season: 2025,
      seasonType: 'reg',
      week: null,
      startTime: new Date('2025-06-04T23:05:00Z'),
      status: 'final',
      home,
      away,
      homeScore: 5,
      awayScore: 2,
      periods: 9,
    });
    let fail = false;
    const feed: SportsProvider = {
      name: 'espn-test',
      game: 'mlb',
      fetchDay: async () => {
        if (fail) throw new Error('down');
        // One good game, one that cannot be true (a team playing itself).
        return { games: [game('g1', 'NYY', 'BOS'), game('g2', 'CHC', 'CHC')], facts: [] };
      },
      fetchGame: async () => ({ games: [], facts: [] }),
    };
    const ok = await ingestOnce(t.ctx, feed, ['2025-06-04']);
    expect(ok.rejected).toHaveLength(1);
    fail = true;
    expect((await ingestOnce(t.ctx, feed, ['2025-06-04'])).ok).toBe(false);
    const text = await scrape(t.app);
    const labels = 'provider="espn-test",game="mlb"';
    expect(sample(text, `ala_feed_polls_total{${labels},outcome="ok"}`)).toBe(1);
    expect(sample(text, `ala_feed_polls_total{${labels},outcome="failed"}`)).toBe(1);
    expect(sample(text, `ala_feed_rejected_games{${labels}}`)).toBe(1);
    const age = must(sample(text, `ala_feed_last_success_age_seconds{${labels}}`));
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(60);
  });
});

describe('live stream metrics', () => {
  it('counts the open streams of this instance', async () => {
    const started = await startPoolWorld({ env: { METRICS_TOKEN: TOKEN } });
    t = started.t;
    const app = started.t.app;
    const pool = await buildMlbPool(started.t.ctx, started.world.leagueId);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const url = `http://127.0.0.1:${address.port}/api/pools/${pool.id}/live`;
    const clients = [await openSse(url), await openSse(url)];
    expect(clients.map((c) => c.status)).toEqual([200, 200]);
    expect(clients[0].headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(sample(await scrape(app), 'ala_live_streams_open')).toBe(2);
    clients[0].close();
    await expect.poll(async () => sample(await scrape(app), 'ala_live_streams_open')).toBe(1);
    clients[1].close();
    await expect.poll(async () => sample(await scrape(app), 'ala_live_streams_open')).toBe(0);
    // A stream's time open is not a request's latency: streams are counted apart.
    expect(await scrape(app)).not.toContain('route="/api/pools/:poolId/live"');
  });
});

describe('request logs', () => {
  it('writes one line per request, with its method, URL, status and time', async () => {
    const lines: string[] = [];
    t = await createTestApp({ logStream: { write: (line) => void lines.push(line) } });
    const answer = await t.app.inject({ url: '/api/health?x=1' });
    const id = String(answer.headers['x-request-id']);
    const logged = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.reqId === id);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      msg: 'request completed',
      method: 'GET',
      url: '/api/health?x=1',
      statusCode: 200,
      level: 30,
    });
    expect(typeof logged[0].responseTime).toBe('number');
  });
});

describe('what an operator watches', () => {
  it('says the build, whether this instance leads, and the request pool on PostgreSQL', async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    const version = JSON.parse(readFileSync('package.json', 'utf8')).version as string;
    let text = await scrape(t.app);
    const build = text.split('\n').find((line) => line.startsWith('ala_build_info{'));
    expect(build).toContain(`version="${version}"`);
    expect(build).toContain(`node="${process.version}"`);
    expect(build).toMatch(/commit="[^"]+"/);
    await t.ctx.database.tryAcquireLeadership(LEADER_LOCK_KEY);
    text = await scrape(t.app);
    expect(sample(text, 'ala_leader')).toBe(1);
    if (t.ctx.database.driver === 'postgres') {
      expect(sample(text, 'ala_db_pool_max')).toBe(10);
      expect(sample(text, 'ala_db_pool_waiting')).toBe(0);
      // The requests before this scrape opened connections; whether one is in use at the instant varies.
      const inUse = must(sample(text, 'ala_db_pool_connections{state="in_use"}'));
      const idle = must(sample(text, 'ala_db_pool_connections{state="idle"}'));
      expect(inUse + idle).toBeGreaterThanOrEqual(1);
    } else {
      expect(text).not.toContain('ala_db_pool_connections');
    }
    // Without REDIS_URL there is no Redis to report.
    expect(text).not.toContain('ala_redis_connected');
  });

  it('says 0 on an instance that does not lead, and Redis connected or not when it is set', async () => {
    t = await createTestApp();
    const follower = createMetrics({
      db: t.ctx.db,
      database: { holdsLeadership: () => false, poolStats: () => null },
      redisConnected: () => false,
    });
    const text = await follower.registry.metrics();
    expect(sample(text, 'ala_leader')).toBe(0);
    expect(sample(text, 'ala_redis_connected')).toBe(0);
    expect(sample(text, 'ala_redis_publish_failures_total')).toBe(0);
  });

  it('counts mail queued in the outbox, sent over SMTP and refused', async () => {
    const message = { to: 'someone@example.com', subject: 'Hello', text: 'Hi.' };
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    await t.ctx.mailer.send(message);
    await t.ctx.mailer.sendMany?.([message, message]);
    expect(sample(await scrape(t.app), 'ala_mail_total{outcome="queued"}')).toBe(3);
    await t.app.close();

    const smtp = await startTestSmtpServer();
    try {
      t = await createTestApp({
        env: { METRICS_TOKEN: TOKEN },
        mailer: (db, clock) => createSmtpMailer(db, clock, smtp.url, 'ala@example.com'),
      });
      await t.ctx.mailer.send(message);
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.close();
    }
    // The SMTP server is gone: the next mail fails.
    await expect(t.ctx.mailer.send(message)).rejects.toThrow();
    const text = await scrape(t.app);
    expect(sample(text, 'ala_mail_total{outcome="sent"}')).toBe(1);
    expect(sample(text, 'ala_mail_total{outcome="failed"}')).toBe(1);
  });
});
