import net from 'node:net';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import { registerUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { DATABASE_RETRY_AFTER_S, ERROR_MESSAGES } from './error-handler';

let t: TestApp | undefined;
let away: pg.Pool | undefined;
afterEach(async () => {
  await t?.app.close();
  t = undefined;
  await away?.end();
  away = undefined;
});

/** A database handle whose server is not there: every query is refused, as while PostgreSQL restarts. */
async function unreachableDb(): Promise<Db> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  away = new pg.Pool({
    connectionString: `postgres://ala@127.0.0.1:${port}/ala`,
    connectionTimeoutMillis: 1_000,
  });
  return drizzle(away, { schema }) as unknown as Db;
}

describe('while the database is away', () => {
  it('the API answers 503 with a message, a page is still served, and all is well once it is back', async () => {
    t = await createTestApp();
    const { cookie } = await registerUser(t.app);
    const shared = t.ctx.db;
    t.ctx.db = await unreachableDb();

    const read = await t.app.inject({ url: '/api/currentUser', headers: { cookie } });
    expect(read.statusCode).toBe(503);
    expect(read.json()).toEqual({ message: ERROR_MESSAGES.databaseDown });
    expect(read.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_S));
    // A write whose session is checked in its own read says the same.
    const pick = await t.app.inject({
      method: 'POST',
      url: '/user/makeUserPick',
      headers: { cookie },
      payload: { userSeasonId: 1, week: 1, action: 'confirm', team: 'NYY' },
    });
    expect({ status: pick.statusCode, body: pick.json() }).toEqual({
      status: 503,
      body: { message: ERROR_MESSAGES.databaseDown },
    });
    // A page of the web app (here a plain redirect) does not fail on the session it cannot read.
    expect((await t.app.inject({ url: '/nba19/offline', headers: { cookie } })).statusCode).toBe(302);

    t.ctx.db = shared;
    const back = await t.app.inject({ url: '/api/currentUser', headers: { cookie } });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toHaveLength(1);
  });
});
