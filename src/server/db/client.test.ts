import { afterAll, describe, expect, it } from 'vitest';
import { must } from '../../core/must';
import { ensureTestDatabase } from '../test/harness';
import { type Database, openDatabase } from './client';

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
    await expect.poll(() => second.tryAcquireLeadership(KEY), { timeout: 10_000, interval: 100 }).toBe(true);
    expect(await second.ping()).toBe(true);
  });
});

describe.skipIf(!!url)('leadership on PGlite', () => {
  it('always leads: one process owns an embedded database', async () => {
    const database = await openDatabase({ dataDir: 'memory' });
    expect(await database.tryAcquireLeadership(KEY)).toBe(true);
    await database.close();
  });
});
