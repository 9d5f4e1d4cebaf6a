import { randomUUID } from 'node:crypto';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { must } from '../../../../core/must';
import { buildApp } from '../../../app';
import { loadConfig } from '../../../config';
import type { AppContext } from '../../../context';
import { type Database, openDatabase } from '../../../db/client';
import { ManualClock } from '../../../lib/clock';
import { createOutboxMailer } from '../../../mail/mailer';
import { ensureTestDatabase, resetDatabase } from '../../../test/harness';
import { captureMail } from '../../../test/mail-capture';
import { buildMlbPool, createPoolWorld, NOW } from '../../../test/pool-test-world';
import { openSse, type SseClient } from '../../../test/sse-client';
import { notifyPoolChanged } from './notify';

const url = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** True when something answers on Redis's address (the test is skipped without a Redis to cross). */
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

const redisUp = url ? await reachable(REDIS_URL) : false;

/**
 * Two instances, each with its own connection pool, on one PostgreSQL database and one Redis: what one
 * instance notifies reaches the SSE clients of the other. The channel is unique to this run, so runs
 * (and other sites on the same Redis) never hear each other.
 */
describe.skipIf(!url || !redisUp)('live updates across instances through Redis', () => {
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];
  const clients: SseClient[] = [];
  afterAll(async () => {
    for (const client of clients) client.close();
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
  });

  async function instance(
    databaseUrl: string,
    channel: string,
  ): Promise<{ app: FastifyInstance; base: string }> {
    const database = await openDatabase({ databaseUrl });
    databases.push(database);
    const config = loadConfig({ PUBLIC_URL: 'http://localhost:3000', REDIS_URL, REDIS_CHANNEL: channel });
    const clock = new ManualClock(NOW);
    const ctx: AppContext = {
      config,
      database,
      db: database.db,
      clock,
      wallClock: new ManualClock(NOW),
      mailer: captureMail(createOutboxMailer(database.db, clock)),
    };
    const app = await buildApp(ctx, { serveWeb: false });
    apps.push(app);
    await must(ctx.bus).ready();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    return { app, base: `http://127.0.0.1:${address.port}` };
  }

  it('a change notified on instance A reaches a client of instance B', async () => {
    const databaseUrl = await ensureTestDatabase(must(url), 'ala_test_live_instances');
    const channel = `ala-survivor-test:${randomUUID()}`;
    const a = await instance(databaseUrl, channel);
    await resetDatabase(must(databases[0]));
    const b = await instance(databaseUrl, channel);
    expect(a.app.ctx.bus?.kind).toBe('redis');
    expect(b.app.ctx.bus?.kind).toBe('redis');

    // The pool is written through A; B reads it from the same PostgreSQL to check access.
    const world = await createPoolWorld(a.app);
    const pool = await buildMlbPool(a.app.ctx, world.leagueId);
    const onB = await openSse(`${b.base}/api/pools/${pool.id}/live`, {
      headers: { cookie: world.owner.cookie },
    });
    clients.push(onB);
    expect(onB.status).toBe(200);
    await expect.poll(() => onB.comments).toContain('connected');

    notifyPoolChanged(a.app.ctx, pool.id, 'results');
    const event = await onB.next((e) => e.event === 'change');
    expect(JSON.parse(event.data)).toEqual({ topic: 'results' });
    // And once only, though both instances hear the channel: a change published after it comes next.
    notifyPoolChanged(a.app.ctx, pool.id, 'feed');
    await onB.next((e) => e.data === '{"topic":"feed"}');
    expect(onB.events.map((e) => e.data)).toEqual(['{"topic":"results"}', '{"topic":"feed"}']);
  });
});
