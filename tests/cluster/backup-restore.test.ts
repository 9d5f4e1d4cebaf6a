// The backup and restore of docs/DEPLOY.md, performed: pg_dump a database with pools, entries and picks,
// pg_restore it into a new database, and find the same rows there. PostgreSQL pass only.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { must } from '../../src/core/must';
import { openDatabase } from '../../src/server/db/client';
import { entries, leagues, picks, pools, users } from '../../src/server/db/schema';
import { timeLimit } from '../../src/server/test/time-limit';

const url = process.env.TEST_DATABASE_URL;
const hasTools = ['pg_dump', 'pg_restore'].every((tool) => spawnSync(tool, ['--version']).status === 0);
if (url && !hasTools) console.warn('backup-restore: pg_dump or pg_restore is missing; the test is skipped.');

/** The URL of another database on the same server. */
function databaseUrl(base: string, name: string): string {
  const next = new URL(base);
  next.pathname = `/${name}`;
  return next.toString();
}

async function recreate(base: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return databaseUrl(base, name);
}

/** Every row of the tables the test compares, in a stable order. */
async function snapshot(connectionString: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const rows = async (table: string) => (await client.query(`select * from ${table} order by id`)).rows;
    return {
      users: await rows('users'),
      leagues: await rows('leagues'),
      pools: await rows('pools'),
      entries: await rows('entries'),
      picks: await rows('picks'),
      migrations: (await client.query('select hash from drizzle.__drizzle_migrations order by id')).rows,
    };
  } finally {
    await client.end();
  }
}

describe.skipIf(!url || !hasTools)('backup with pg_dump, restore with pg_restore', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ala-backup-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('restores a new database with the same rows', { timeout: timeLimit(120_000) }, async () => {
    const base = must(url);
    const sourceUrl = await recreate(base, 'ala_test_backup_source');
    const database = await openDatabase({ databaseUrl: sourceUrl });
    try {
      const made = await database.db
        .insert(users)
        .values(
          Array.from({ length: 20 }, (_, i) => ({
            username: `backup${i}`,
            email: `backup${i}@example.test`,
            nameFirst: 'Back',
            nameLast: `Up ${i}`,
            passwordHash: 'x',
          })),
        )
        .returning({ id: users.id });
      const [league] = await database.db
        .insert(leagues)
        .values({
          name: 'Backup League',
          abb: 'BACKUP',
          desc: '',
          founderId: made[0].id,
          admins: ['backup0'],
          inviteCode: 'backup-invite',
        })
        .returning();
      const [pool] = await database.db
        .insert(pools)
        .values({
          leagueId: league.id,
          game: 'nba',
          gameName: 'NBA',
          season: 2099,
          deadlines: ['2099-01-01T00:00:00Z', '2099-01-08T00:00:00Z'],
          start: new Date('2099-01-01T00:00:00Z'),
          entryDeadline: new Date('2099-01-01T00:00:00Z'),
        })
        .returning();
      const entryRows = await database.db
        .insert(entries)
        .values(made.map((user) => ({ poolId: pool.id, userId: user.id, lives: 1 })))
        .returning({ id: entries.id });
      await database.db.insert(picks).values(
        entryRows.map((entry, i) => ({
          entryId: entry.id,
          week: 1,
          pickId: i % 2 ? 'BOS' : 'LAL',
          teamAbb: i % 2 ? 'BOS' : 'LAL',
          createdAt: new Date(),
        })),
      );
    } finally {
      await database.close();
    }

    const dump = path.join(dir, 'ala.dump');
    const dumped = spawnSync('pg_dump', ['--format=custom', `--file=${dump}`, sourceUrl], {
      encoding: 'utf8',
    });
    expect(dumped.status, dumped.stderr).toBe(0);
    const restoredUrl = await recreate(base, 'ala_test_backup_restored');
    const restored = spawnSync('pg_restore', ['--no-owner', `--dbname=${restoredUrl}`, dump], {
      encoding: 'utf8',
    });
    expect(restored.status, restored.stderr).toBe(0);

    const before = await snapshot(sourceUrl);
    const after = await snapshot(restoredUrl);
    expect(after.picks).toHaveLength(20);
    expect(after).toEqual(before);
    // The restored database is one the server opens as it is: nothing left to migrate, nothing to seed.
    const reopened = await openDatabase({ databaseUrl: restoredUrl });
    try {
      expect(reopened.wasEmpty).toBe(false);
      expect(await reopened.ping()).toBe(true);
    } finally {
      await reopened.close();
    }
  });
});
