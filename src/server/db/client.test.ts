import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { must } from '../../core/must';
import { ensureTestDatabase } from '../test/harness';
import { timeLimit } from '../test/time-limit';
import { type Database, MIGRATIONS_DIR, openDatabase } from './client';

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

describe.skipIf(!!url)('leadership on PGlite', () => {
  it('always leads: one process owns an embedded database', async () => {
    const database = await openDatabase({ dataDir: 'memory' });
    expect(await database.tryAcquireLeadership(KEY)).toBe(true);
    await database.close();
  });
});
