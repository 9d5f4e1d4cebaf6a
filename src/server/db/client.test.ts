import { readdirSync } from 'node:fs';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { must } from '../../core/must';
import { isDatabaseTooSlow, isDatabaseUnavailable } from '../lib/errors';
import { ensureTestDatabase } from '../test/harness';
import { timeLimit } from '../test/time-limit';
import { type Database, type LeadershipChange, MIGRATIONS_DIR, openDatabase } from './client';

const url = process.env.TEST_DATABASE_URL;
const KEY = 5_417_999;

/** A database of its own on the test server, so the lock test never meets other test workers. */
const leaderDatabaseUrl = (baseUrl: string) => ensureTestDatabase(baseUrl, 'ala_test_leadership');

describe.skipIf(!url)('leadership on PostgreSQL', () => {
  const open: Database[] = [];
  afterAll(async () => {
    for (const d of open) await d.close().catch(() => {});
  });

  it('lets one process lead until it closes, then the next', async () => {
    const databaseUrl = await leaderDatabaseUrl(must(url));
    const first = await openDatabase({ databaseUrl });
    open.push(first);
    const second = await openDatabase({ databaseUrl });
    open.push(second);
    expect(await first.tryAcquireLeadership(KEY)).toBe(true);
    // Asking again keeps the lead without taking a second connection.
    expect(await first.tryAcquireLeadership(KEY)).toBe(true);
    expect(await second.tryAcquireLeadership(KEY)).toBe(false);
    expect(await second.tryAcquireLeadership(KEY)).toBe(false);
    // Other keys are independent.
    expect(await second.tryAcquireLeadership(KEY + 1)).toBe(true);
    await first.close();
    // The server ends the closed connection's backend, and its locks, a moment after the socket closes.
    await expect
      .poll(() => second.tryAcquireLeadership(KEY), { timeout: timeLimit(10_000), interval: 100 })
      .toBe(true);
    expect(await second.ping()).toBe(true);
  });
});

describe.skipIf(!url)('the leadership connection on PostgreSQL', () => {
  it('a follower asks again and again without adding a listener each time', async () => {
    const databaseUrl = await leaderDatabaseUrl(must(url));
    const leader = await openDatabase({ databaseUrl });
    const follower = await openDatabase({ databaseUrl });
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    try {
      expect(await leader.tryAcquireLeadership(KEY + 2)).toBe(true);
      // A follower's asks for well over the time it once took to pass Node's listener limit.
      for (let i = 0; i < 40; i++) expect(await follower.tryAcquireLeadership(KEY + 2)).toBe(false);
      // Node reports a listener leak as a warning on the next turn.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(warnings.filter((w) => w.includes('MaxListenersExceeded'))).toEqual([]);
      expect(await follower.ping()).toBe(true);
    } finally {
      process.off('warning', onWarning);
      await leader.close();
      await follower.close();
    }
  });

  it("holds the lock on a connection beside the pool's 10, which requests keep whole", async () => {
    const base = await leaderDatabaseUrl(must(url));
    const name = `ala-lockconn-${process.pid}`;
    const database = await openDatabase({ databaseUrl: named(base, name) });
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      expect(await database.tryAcquireLeadership(KEY + 3)).toBe(true);
      // Ten requests at once each hold a connection: all ten run together beside the lock's.
      const sleeping = Promise.all(
        Array.from({ length: 10 }, () => database.db.execute(sql`select pg_sleep(1.5)`)),
      );
      let most = 0;
      const deadline = Date.now() + timeLimit(10_000);
      while (most < 10 && Date.now() < deadline) {
        const { rows } = await admin.query(
          `select count(*)::int as n from pg_stat_activity
            where application_name = $1 and query like '%pg_sleep%' and state = 'active'`,
          [name],
        );
        most = Math.max(most, rows[0].n);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await sleeping;
      expect(most).toBe(10);
      const { rows } = await admin.query(
        'select count(*)::int as n from pg_stat_activity where application_name = $1',
        [name],
      );
      expect(rows[0].n).toBeLessThanOrEqual(11);
    } finally {
      await admin.end();
      await database.close();
    }
  });

  it('tells when it takes the lead, loses it with its connection, and gives it up', async () => {
    const base = await leaderDatabaseUrl(must(url));
    const name = `ala-leadchange-${process.pid}`;
    const changes: LeadershipChange[] = [];
    const other = await openDatabase({ databaseUrl: base });
    const database = await openDatabase({
      databaseUrl: named(base, name),
      onLeadershipChange: (change) => changes.push(change),
    });
    try {
      expect(await other.tryAcquireLeadership(KEY + 4)).toBe(true);
      expect(await database.tryAcquireLeadership(KEY + 4)).toBe(false);
      expect(changes).toEqual([]);
      expect(database.holdsLeadership(KEY + 4)).toBe(false);
      await other.close();
      await expect
        .poll(() => database.tryAcquireLeadership(KEY + 4), { timeout: timeLimit(10_000), interval: 100 })
        .toBe(true);
      expect(changes).toEqual([{ key: KEY + 4, leads: true, why: 'it took the lock' }]);
      expect(database.holdsLeadership(KEY + 4)).toBe(true);
      // An administrator ends its sessions: the lock went with its connection.
      await terminateSessions(base, name);
      await expect.poll(() => changes.length, { timeout: timeLimit(10_000) }).toBe(2);
      expect(changes[1]).toEqual({ key: KEY + 4, leads: false, why: 'its lock connection was lost' });
      expect(database.holdsLeadership(KEY + 4)).toBe(false);
      expect(await database.tryAcquireLeadership(KEY + 4)).toBe(true);
      await database.releaseLeadership();
      expect(changes.slice(2)).toEqual([
        { key: KEY + 4, leads: true, why: 'it took the lock' },
        { key: KEY + 4, leads: false, why: 'shutting down' },
      ]);
    } finally {
      await database.close();
    }
  });

  it('counts the other instances that may lead, never itself', async () => {
    const base = await ensureTestDatabase(must(url), 'ala_test_presence');
    const first = await openDatabase({ databaseUrl: base });
    const second = await openDatabase({ databaseUrl: base });
    try {
      expect(await first.otherJobRunners()).toBe(0);
      await second.tryAcquireLeadership(KEY);
      expect(await first.otherJobRunners()).toBe(1);
      await first.tryAcquireLeadership(KEY);
      expect(await first.otherJobRunners()).toBe(1);
      expect(await second.otherJobRunners()).toBe(1);
      await second.releaseLeadership();
      await expect.poll(() => first.otherJobRunners(), { timeout: timeLimit(10_000) }).toBe(0);
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe.skipIf(!url)('migrations on PostgreSQL', () => {
  it('run once when several instances open a new database together', async () => {
    const base = must(url);
    // A new, empty database of its own each run.
    const name = 'ala_test_migrate_together';
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      await admin.query(`drop database if exists ${name} with (force)`);
    } finally {
      await admin.end();
    }
    const databaseUrl = await ensureTestDatabase(base, name);
    const opened = await Promise.all([1, 2, 3, 4].map(() => openDatabase({ databaseUrl })));
    try {
      // Exactly one of them found the database new (and would seed it).
      expect(opened.filter((d) => d.wasEmpty)).toHaveLength(1);
      const applied = await opened[0].db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      const rows = ('rows' in applied ? applied.rows : applied) as { n: number }[];
      expect(rows[0].n).toBe(readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).length);
    } finally {
      for (const d of opened) await d.close();
    }
  });
});

/** The URL with application_name set: the test ends its own sessions by it. */
function named(databaseUrl: string, name: string): string {
  const next = new URL(databaseUrl);
  next.searchParams.set('application_name', name);
  return next.toString();
}

/** Ends the sessions of `name` as an administrator would (pg_terminate_backend); answers how many. */
async function terminateSessions(base: string, name: string, only?: 'idle'): Promise<number> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    const { rows } = await admin.query(
      `select pg_terminate_backend(pid) as ended from pg_stat_activity
        where application_name = $1 and ($2::text is null or state = $2)`,
      [name, only ?? null],
    );
    return rows.filter((row) => row.ended).length;
  } finally {
    await admin.end();
  }
}

describe.skipIf(!url)('lost connections on PostgreSQL', () => {
  it('a session the server ends (idle, in a transaction, holding the lead) fails at most its own query', async () => {
    const base = await ensureTestDatabase(must(url), 'ala_test_dbres_lost');
    const name = `ala-lost-${process.pid}`;
    const lost: Error[] = [];
    const database = await openDatabase({
      databaseUrl: named(base, name),
      onConnectionError: (error) => lost.push(error),
    });
    try {
      // Five connections: three idle in the pool, one holding the lead, one in a transaction.
      await Promise.all([1, 2, 3, 4, 5].map(() => database.ping()));
      expect(await database.tryAcquireLeadership(KEY)).toBe(true);
      const transaction = database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_sleep(10)`);
      });
      const failure = transaction.then(
        () => undefined,
        (error: unknown) => error,
      );
      await expect
        .poll(() => terminateSessions(base, name, 'idle').then(() => lost.length), {
          timeout: timeLimit(10_000),
          interval: 200,
        })
        .toBeGreaterThanOrEqual(3);
      expect(await terminateSessions(base, name)).toBeGreaterThanOrEqual(1);
      // The transaction fails with an error that says the database went away (answered 503).
      expect(isDatabaseUnavailable(await failure)).toBe(true);
      // The process lives on, and the pool connects again; the lead is taken again on a new connection.
      expect(await database.ping()).toBe(true);
      expect(await database.tryAcquireLeadership(KEY)).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('cancels a statement that runs past the statement timeout', async () => {
    const base = await ensureTestDatabase(must(url), 'ala_test_dbres_lost');
    const database = await openDatabase({ databaseUrl: base, statementTimeoutMs: 200 });
    try {
      const error = await database.db.execute(sql`select pg_sleep(2)`).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(isDatabaseTooSlow(error)).toBe(true);
      expect(await database.ping()).toBe(true);
    } finally {
      await database.close();
    }
  });
});

describe('a database that does not answer', () => {
  it('fails to open within the connect timeout, as unavailable', async () => {
    // Something listens and never speaks (a lost machine behind a live address).
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const started = performance.now();
      const error = await openDatabase({
        databaseUrl: `postgres://ala@127.0.0.1:${port}/ala`,
        connectTimeoutMs: 200,
      }).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(performance.now() - started).toBeLessThan(5_000);
    } finally {
      silent.close();
    }
  });
});

describe.skipIf(!!url)('leadership on PGlite', () => {
  it('always leads: one process owns an embedded database', async () => {
    const database = await openDatabase({ dataDir: 'memory' });
    expect(await database.tryAcquireLeadership(KEY)).toBe(true);
    await database.close();
  });
});
