import net from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReadinessResponse } from '../../../core/contracts/common';
import { must } from '../../../core/must';
import type { Database } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/harness';
import { tcpRelay } from '../../test/tcp-relay';
import { timeLimit } from '../../test/time-limit';
import { checkReadiness } from './readiness';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.app.close();
  t = undefined;
});

/**
 * A database handle of the test's driver that answers, then is closed: a connection pool to the test
 * server, or an embedded database of its own (the shared one stays open for the other tests).
 */
async function closableDatabase(): Promise<{ ping: Database['ping']; close(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    return {
      ping: async () => (await pool.query('select 1 as ok')).rows.length === 1,
      close: () => pool.end(),
    };
  }
  const client = new PGlite();
  await client.waitReady;
  return {
    ping: async () => (await client.query('select 1 as ok')).rows.length === 1,
    close: () => client.close(),
  };
}

async function ready(app: TestApp['app']): Promise<{ status: number; body: ReadinessResponse }> {
  const answer = await app.inject({ url: '/api/ready' });
  return { status: answer.statusCode, body: answer.json<ReadinessResponse>() };
}

describe('GET /api/ready', () => {
  it('answers 503 in words while the database is closed, and 200 once one answers again', async () => {
    t = await createTestApp();
    const shared = t.ctx.database;
    expect(await ready(t.app)).toEqual({
      status: 200,
      body: {
        status: 'ready',
        message: 'Ready.',
        checks: {
          database: { state: 'up', message: 'The database answers.' },
          redis: { state: 'unused', message: 'REDIS_URL is not set: one instance.' },
        },
      },
    });
    const own = await closableDatabase();
    t.ctx.database = { ...shared, ping: own.ping };
    expect((await ready(t.app)).status).toBe(200);
    await own.close();
    const down = await ready(t.app);
    expect(down).toMatchObject({
      status: 503,
      body: {
        status: 'not_ready',
        message: 'The database cannot be reached.',
        checks: { database: { state: 'down' } },
      },
    });
    // The liveness check answers too, and says the same of the database.
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(503);
    t.ctx.database = shared;
    expect((await ready(t.app)).status).toBe(200);
  });

  it('counts a database that does not answer in time as down, and an instance shutting down as not ready', async () => {
    t = await createTestApp();
    const shared = t.ctx.database;
    t.ctx.database = { ...shared, ping: () => new Promise<boolean>(() => {}) };
    const slow = await checkReadiness(t.ctx, { closing: false }, 50);
    expect(slow).toMatchObject({
      status: 'not_ready',
      message: 'The database did not answer within 0.05 s.',
      checks: { database: { state: 'down' } },
    });
    t.ctx.database = shared;
    expect(await checkReadiness(t.ctx, { closing: true })).toMatchObject({
      status: 'not_ready',
      message: 'This instance is shutting down.',
      checks: { database: { state: 'up' } },
    });
  });
});

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** True when something answers on Redis's address (the Redis test is skipped without one). */
function reachable(address: string): Promise<boolean> {
  const { hostname, port } = new URL(address);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(1_000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

const redisUp = await reachable(REDIS_URL);

describe.skipIf(!redisUp)('GET /api/ready with Redis', () => {
  it(
    'stays 200 while Redis is gone, saying so, and the bus resyncs once it is back',
    async () => {
      const target = new URL(REDIS_URL);
      const relay = await tcpRelay({ host: target.hostname, port: Number(target.port || 6379) });
      try {
        t = await createTestApp({
          env: { REDIS_URL: `redis://127.0.0.1:${relay.port}`, REDIS_CHANNEL: `ready-test-${process.pid}` },
        });
        const bus = must(t.ctx.bus);
        await bus.ready();
        let resyncs = 0;
        bus.onResync(() => resyncs++);
        const app = t.app;
        expect(await ready(app)).toMatchObject({
          status: 200,
          body: { status: 'ready', checks: { redis: { state: 'up', message: 'Redis answers.' } } },
        });
        await relay.cut();
        // The site serves without Redis: a load balancer must not pull every instance.
        await expect
          .poll(async () => (await ready(app)).body.checks.redis.state, {
            timeout: timeLimit(10_000),
            interval: 100,
          })
          .toBe('down');
        expect(await ready(app)).toEqual({
          status: 200,
          body: {
            status: 'ready',
            message: 'Ready. Redis is not connected: live updates stay on this instance.',
            checks: {
              database: { state: 'up', message: 'The database answers.' },
              redis: {
                state: 'down',
                message: 'Redis is not connected: live updates stay on this instance.',
              },
            },
          },
        });
        expect(resyncs).toBe(0);
        await relay.restore();
        // ioredis reconnects by itself; the streams are then told to refresh (they missed changes).
        await expect
          .poll(async () => (await ready(app)).body.checks.redis.state, {
            timeout: timeLimit(15_000),
            interval: 200,
          })
          .toBe('up');
        await expect.poll(() => resyncs, { timeout: timeLimit(10_000), interval: 100 }).toBe(1);
      } finally {
        await t?.app.close();
        t = undefined;
        await relay.close();
      }
    },
    timeLimit(60_000),
  );
});
