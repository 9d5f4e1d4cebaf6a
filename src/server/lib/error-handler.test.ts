import net from 'node:net';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DATABASE_RETRY_AFTER_S, ERROR_MESSAGES, handleError } from './error-handler';
import { conflict } from './errors';

/** A bare application whose one route throws what it is given. */
async function answerTo(error: unknown) {
  const app = Fastify({ logger: false });
  app.setErrorHandler(handleError);
  app.get('/boom', async () => {
    throw error;
  });
  const response = await app.inject({ method: 'GET', url: '/boom' });
  await app.close();
  return { status: response.statusCode, message: response.json().message };
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return address.port;
}

/** What Drizzle over node-postgres throws for a query to `url`, whose database is not there. */
async function errorOfQueryTo(url: string, connectTimeoutMs = 0): Promise<unknown> {
  const pool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs });
  try {
    await drizzle(pool).execute(sql`select 1`);
  } catch (error) {
    return error;
  } finally {
    await pool.end();
  }
  throw new Error('the query was answered');
}

/** What Drizzle throws for a driver error: its own error with the PostgreSQL one as the cause. */
function drizzleError(code: string, constraint?: string) {
  const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
    code,
    constraint,
  });
  return Object.assign(new Error('Failed query: insert into ...'), { cause });
}

describe('handleError', () => {
  it('answers a unique violation that escaped its service with 409 and a message', async () => {
    expect(await answerTo(drizzleError('23505', 'some_idx'))).toEqual({
      status: 409,
      message: ERROR_MESSAGES.conflict,
    });
  });

  it('keeps the message of an application error and hides other database errors behind a 500', async () => {
    expect(await answerTo(conflict('Taken.'))).toEqual({ status: 409, message: 'Taken.' });
    expect(await answerTo(drizzleError('22003'))).toEqual({ status: 500, message: ERROR_MESSAGES.server });
  });

  it('answers 503 in words, with a time to retry, while the database cannot be reached', async () => {
    const down = { status: 503, message: ERROR_MESSAGES.databaseDown };
    // Refused: the server is stopped, or restarting.
    const refused = await errorOfQueryTo(`postgres://ala@127.0.0.1:${await closedPort()}/ala`);
    expect(await answerTo(refused)).toEqual(down);
    // Something listens and never answers: the connect timeout ends the wait.
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      expect(await answerTo(await errorOfQueryTo(`postgres://ala@127.0.0.1:${port}/ala`, 100))).toEqual(down);
    } finally {
      silent.close();
    }
    // A session the server ended (pg_terminate_backend, a shutdown), a connection lost mid-query, a
    // server still starting up, every connection taken.
    for (const cause of [
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      new Error('Connection terminated unexpectedly'),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      Object.assign(new Error('sorry, too many clients already'), { code: '53300' }),
    ]) {
      expect(await answerTo(Object.assign(new Error('Failed query: select 1'), { cause }))).toEqual(down);
    }
    const app = Fastify({ logger: false });
    app.setErrorHandler(handleError);
    app.get('/boom', async () => {
      throw refused;
    });
    const answer = await app.inject({ method: 'GET', url: '/boom' });
    await app.close();
    expect(answer.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_S));
  });

  it('answers 503 when a statement ran past its timeout, or no pooled connection came free in time', async () => {
    const cause = Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
    expect(await answerTo(Object.assign(new Error('Failed query: update ...'), { cause }))).toEqual({
      status: 503,
      message: ERROR_MESSAGES.tooSlow,
    });
    const waited = new Error('timeout exceeded when trying to connect');
    expect(await answerTo(Object.assign(new Error('Failed query: select ...'), { cause: waited }))).toEqual({
      status: 503,
      message: ERROR_MESSAGES.tooSlow,
    });
  });
});
