import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type BuildAppOptions, buildApp } from '../app';
import { loadConfig } from '../config';
import type { AppContext } from '../context';
import { type Database, type Db, openDatabase } from '../db/client';
import { backgroundSettled } from '../lib/background';
import { type Clock, ManualClock } from '../lib/clock';
import { createOutboxMailer, type Mailer } from '../mail/mailer';
import { captureMail } from './mail-capture';

let shared: Promise<Database> | undefined;

/**
 * One migrated database per test worker: PGlite in memory, or the server named by
 * TEST_DATABASE_URL. Creating it costs seconds, so files share it and reset it instead.
 */
export function getTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  shared ??= url
    ? workerDatabaseUrl(url).then((databaseUrl) => openDatabase({ databaseUrl }))
    : openDatabase({ dataDir: 'memory' });
  return shared;
}

/**
 * Each test worker gets its own database on the server, so workers never empty each other's tables;
 * its name starts with the URL's database, so two runs pointed at different databases never meet.
 */
function workerDatabaseUrl(baseUrl: string): Promise<string> {
  const base = new URL(baseUrl).pathname.replace(/^\//, '').replace(/\W/g, '_') || 'ala_test';
  return ensureTestDatabase(baseUrl, `${base}_w${process.env.VITEST_POOL_ID ?? '1'}`);
}

/** Creates (once) a database of that name on the test server and answers its URL. */
export async function ensureTestDatabase(baseUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Empties every table of the public schema. */
export async function resetDatabase(database: Database): Promise<void> {
  // A count or ranking a previous test left running would deadlock with the truncate on PostgreSQL.
  await backgroundSettled();
  const result = await database.db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  );
  const rows = ('rows' in result ? result.rows : result) as { tablename: string }[];
  if (rows.length === 0) return;
  const names = rows.map((row) => `"${row.tablename}"`).join(', ');
  await database.db.execute(sql.raw(`truncate ${names} restart identity cascade`));
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** The application's clock. */
  clock: ManualClock;
  /** The wall clock of security lifetimes; it starts with the application's clock and moves apart. */
  wallClock: ManualClock;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** A mailer, or how to make one on the test's database and application clock. */
  mailer?: Mailer | ((db: Db, clock: Clock) => Mailer);
  now?: Date;
  /** Called for every route the application registers. */
  onRoute?: BuildAppOptions['onRoute'];
  /** Where the app's log lines go (none are written without it). */
  logStream?: BuildAppOptions['logStream'];
}

/**
 * A fresh application over an emptied database, with manual clocks and the outbox mailer; every message
 * is also kept in memory, links included (`sentMail`), since stored copies hide them.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await getTestDatabase();
  await resetDatabase(database);
  // Every injected request comes from one address: tests of the registration limit set their own.
  const config = loadConfig({
    PUBLIC_URL: 'http://localhost:3000',
    REGISTRATIONS_PER_IP: '1000',
    // The suites register thousands of accounts: the strong hash would buy nothing there.
    PASSWORD_HASH: 'cheap-for-tests',
    ...options.env,
  });
  const start = options.now ?? new Date('2026-11-22T18:00:00Z');
  const clock = new ManualClock(start);
  const wallClock = new ManualClock(start);
  const mailer = captureMail(
    typeof options.mailer === 'function'
      ? options.mailer(database.db, clock)
      : (options.mailer ?? createOutboxMailer(database.db, clock)),
  );
  const ctx: AppContext = { config, database, db: database.db, clock, wallClock, mailer };
  const app = await buildApp(ctx, {
    serveWeb: false,
    onRoute: options.onRoute,
    logStream: options.logStream,
  });
  await app.ready();
  return { app, ctx, clock, wallClock };
}
