import net from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReadinessResponse } from '../../../core/contracts/common';
import { must } from '../../../core/must';
import type { Database } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/harness';
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

/**
 * A TCP relay to Redis that can be cut and restored on the same port: the app's Redis "goes away"
 * without stopping the Redis other tests use.
 */
async function redisRelay(): Promise<{
  url: string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}> {
  const target = new URL(REDIS_URL);
  const sockets = new Set<net.Socket>();
  let server: net.Server;
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server = net.createServer((client) => {
        const upstream = net.connect({ host: target.hostname, port: Number(target.port || 6379) });
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {});
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  const port = await listen(0);
  const cut = async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    cut,
    restore: async () => {
      await listen(port);
    },
    close: cut,
  };
}

describe.skipIf(!redisUp)('GET /api/ready with Redis', () => {
  it(
    'answers 503 while Redis is gone and 200 once it is back',
    async () => {
      const relay = await redisRelay();
      try {
        t = await createTestApp({
          env: { REDIS_URL: relay.url, REDIS_CHANNEL: `ready-test-${process.pid}` },
        });
        await must(t.ctx.bus).ready();
        const app = t.app;
        expect(await ready(app)).toMatchObject({
          status: 200,
          body: { status: 'ready', checks: { redis: { state: 'up', message: 'Redis answers.' } } },
        });
        await relay.cut();
        await expect
          .poll(async () => (await ready(app)).status, { timeout: timeLimit(10_000), interval: 100 })
          .toBe(503);
        expect((await ready(app)).body).toMatchObject({
          status: 'not_ready',
          message: 'Redis is not connected: live updates stay on this instance.',
          checks: { database: { state: 'up' }, redis: { state: 'down' } },
        });
        await relay.restore();
        // ioredis reconnects by itself.
        await expect
          .poll(async () => (await ready(app)).status, { timeout: timeLimit(15_000), interval: 200 })
          .toBe(200);
      } finally {
        await t?.app.close();
        t = undefined;
        await relay.close();
      }
    },
    timeLimit(60_000),
  );
});
