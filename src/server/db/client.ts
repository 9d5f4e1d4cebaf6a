import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { packagePath } from '../lib/package-dir';
import * as schema from './schema';

/**
 * Both drivers expose the same Drizzle query API; the PGlite type stands for both so that
 * repositories are written once.
 */
export type Db = PgliteDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database handle or an open transaction: repositories accept either. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** True when the database had no tables before migrations ran (a new database). */
  wasEmpty: boolean;
  close(): Promise<void>;
  ping(): Promise<boolean>;
  /**
   * Takes a session advisory lock for the rest of the process (released on close): true when this
   * process holds it. PostgreSQL keeps one connection of its own for it, beside the pool's (so an
   * instance holds at most the pool's 10 and this one); embedded PGlite is always the leader.
   */
  tryAcquireLeadership(key: number): Promise<boolean>;
  /** Gives up every leadership lock for good (shutting down): another instance may take them at once. */
  releaseLeadership(): Promise<void>;
  /**
   * How many other processes on this database may lead now (they have asked for the leadership and
   * still run): 0 for embedded PGlite, which one process owns.
   */
  otherJobRunners(): Promise<number>;
  /** Whether this process holds the leadership lock `key` now (as far as it knows: a lost connection says no). */
  holdsLeadership(key: number): boolean;
  /** PostgreSQL: the request pool's connections now (for the metrics); null for embedded PGlite. */
  poolStats(): { max: number; total: number; idle: number; waiting: number } | null;
  /**
   * Where the job queue keeps its tables (decision 043): PostgreSQL's URL, on which it opens connections
   * of its own; or embedded PGlite's one connection, through which it runs its statements.
   */
  jobQueue: JobQueueConnection;
}

/** The job queue's way to the database: a URL to connect to, or a function that runs its SQL. */
export type JobQueueConnection =
  | { connectionString: string }
  | { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

/** The generated migrations (drizzle/ at the package's root, from the sources or the compiled server). */
export const MIGRATIONS_DIR = packagePath(import.meta.url, 'drizzle');

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /** Directory of the embedded database; 'memory' for an in-memory one. */
  dataDir?: string;
  /**
   * PostgreSQL: how long a request waits for a connection (a new one made, or a free one of the pool)
   * before it fails; unset, as long as it takes.
   */
  connectTimeoutMs?: number;
  /**
   * PostgreSQL: how long one statement may run before the server cancels it; unset, no limit. Migrations
   * run without it (a migration of a big table may take longer, and waits for another instance's).
   */
  statementTimeoutMs?: number;
  /** PostgreSQL: a pooled connection was lost (the server restarted, or ended the session). */
  onConnectionError?: (error: Error) => void;
  /** This process took a leadership lock, or lost or gave it up (`why` says which, in words). */
  onLeadershipChange?: (change: LeadershipChange) => void;
}

export interface LeadershipChange {
  key: number;
  leads: boolean;
  why: string;
}

/** Connections of an instance's request pool (the leadership lock has one of its own beside them). */
export const POOL_MAX = 10;

/** Opens PostgreSQL (with a URL) or embedded PGlite, and applies the migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const settings = {
      connectionString: options.databaseUrl,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 0,
      // A peer that vanished without closing the connection (a lost machine) is found out.
      keepAlive: true,
    };
    // Instances started together migrate one after another: the first applies the migrations, the
    // others find them applied. Whether the database was new is read under the same lock, so only the
    // first seeds it. On connections of their own, without the statement timeout.
    const migrations = new pg.Pool({ ...settings, max: 2 });
    migrations.on('error', () => {});
    const wasEmpty = await underMigrationLock(migrations, async () => {
      const empty = await isEmpty((sql) => migrations.query(sql).then((r) => r.rows));
      await migrateNodePg(drizzleNodePg(migrations, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      return empty;
    }).finally(() => migrations.end());
    const pool = new pg.Pool({
      ...settings,
      max: POOL_MAX,
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    });
    // A lost connection (a database restart, pg_terminate_backend) emits an error event, which would
    // crash the process without a listener. One idle in the pool is reported here; the pool drops it and
    // opens another when one is needed.
    pool.on('error', options.onConnectionError ?? (() => {}));
    // One checked out (a transaction under way) fails its query with the error, which is the report.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    const leadership = createLeadership(settings, options.onLeadershipChange);
    return {
      db,
      driver: 'postgres',
      wasEmpty,
      close: async () => {
        await leadership.release();
        await pool.end();
      },
      ping: async () => (await pool.query('select 1 as ok')).rows.length === 1,
      tryAcquireLeadership: leadership.tryAcquire,
      releaseLeadership: leadership.release,
      otherJobRunners: async () => {
        // The presence lock of a bigint key shows as classid (high half) 0, objid the key, objsubid 1.
        const result = await pool.query<{ n: number }>(
          `select count(distinct pid)::int as n from pg_locks
            where locktype = 'advisory' and granted and classid = 0 and objid = $1 and objsubid = 1
              and database = (select oid from pg_database where datname = current_database())
              and pid <> coalesce($2::int, 0)`,
          [PRESENCE_LOCK_KEY, leadership.pid()],
        );
        return result.rows[0]?.n ?? 0;
      },
      holdsLeadership: leadership.holds,
      poolStats: () => ({
        max: POOL_MAX,
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      jobQueue: { connectionString: options.databaseUrl },
    };
  }
  const dataDir = options.dataDir ?? 'memory';
  if (dataDir !== 'memory') mkdirSync(dataDir, { recursive: true });
  // pg_trgm backs the trigram index on usernames (migration 0032): PGlite loads an extension only when created.
  const pgliteOptions = { extensions: { pg_trgm } };
  const client = dataDir === 'memory' ? new PGlite(pgliteOptions) : new PGlite(dataDir, pgliteOptions);
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  const wasEmpty = await isEmpty((sql) => client.query(sql).then((r) => r.rows));
  await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
  // One process owns an embedded database, so it leads as soon as it asks, until it shuts down.
  const held = new Set<number>();
  let released = false;
  return {
    db,
    driver: 'pglite',
    wasEmpty,
    close: () => client.close(),
    ping: async () => (await client.query('select 1 as ok')).rows.length === 1,
    tryAcquireLeadership: async (key) => {
      if (released) return false;
      if (!held.has(key)) {
        held.add(key);
        options.onLeadershipChange?.({ key, leads: true, why: 'the embedded database has one process' });
      }
      return true;
    },
    releaseLeadership: async () => {
      released = true;
      for (const key of held) options.onLeadershipChange?.({ key, leads: false, why: 'shutting down' });
      held.clear();
    },
    otherJobRunners: async () => 0,
    holdsLeadership: (key) => held.has(key),
    poolStats: () => null,
    jobQueue: {
      // A statement with parameters goes alone; the queue's locked commands are several statements
      // (BEGIN ... COMMIT) without parameters, which PGlite runs as one script.
      executeSql: async (text, values) => {
        if (values && values.length > 0) return client.query(text, values);
        const results = await client.exec(text);
        return results.at(-1) ?? { rows: [] };
      },
    },
  };
}

/**
 * Session advisory lock key every instance that may lead holds shared on its lock connection: a starting
 * instance counts the others still running by it (`otherJobRunners`).
 */
export const PRESENCE_LOCK_KEY = 5_417_004;

/**
 * Session advisory locks held on ONE connection of their own, outside the request pool, opened at the
 * first ask and kept for the process lifetime (the locks live as long as it): requests keep the pool's
 * every connection, and a follower asks again on the same connection, without a new one each time.
 * The connection also holds the presence lock, shared with every other instance that may lead.
 */
function createLeadership(
  settings: pg.ClientConfig,
  onChange: (change: LeadershipChange) => void = () => {},
): {
  tryAcquire(key: number): Promise<boolean>;
  release(): Promise<void>;
  holds(key: number): boolean;
  /** The lock connection's server process, or null while there is none. */
  pid(): number | null;
} {
  let client: pg.Client | null = null;
  const held = new Set<number>();
  const forget = (why: string) => {
    for (const key of held) onChange({ key, leads: false, why });
    held.clear();
  };
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn, fn);
    queue = next.catch(() => {});
    return next;
  };
  const drop = (lost: pg.Client) => {
    if (client === lost) {
      client = null;
      forget('its lock connection was lost');
    }
    lost.end().catch(() => {});
  };
  const connect = async (): Promise<pg.Client> => {
    const fresh = new pg.Client(settings);
    // One listener for the connection's life: a connection lost takes its locks with it, so they are
    // forgotten and asked for again on a new one.
    fresh.on('error', () => drop(fresh));
    try {
      await fresh.connect();
      await fresh.query('select pg_advisory_lock_shared($1)', [PRESENCE_LOCK_KEY]);
    } catch (error) {
      drop(fresh);
      throw error;
    }
    return fresh;
  };
  return {
    tryAcquire: (key) =>
      serial(async () => {
        if (closed) return false;
        if (held.has(key) && client) return true;
        client ??= await connect();
        const current = client;
        try {
          const r = await current.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
            key,
          ]);
          if (r.rows[0]?.locked) {
            held.add(key);
            onChange({ key, leads: true, why: 'it took the lock' });
          }
        } catch (error) {
          // A broken connection holds no lock: drop it and let the next attempt start over.
          drop(current);
          throw error;
        }
        return held.has(key);
      }),
    release: () =>
      serial(async () => {
        closed = true;
        if (!client) return;
        // Ending the connection ends its session, which releases every advisory lock it held.
        const current = client;
        client = null;
        forget('shutting down');
        await current.end().catch(() => {});
      }),
    holds: (key) => held.has(key),
    pid: () => (client as (pg.Client & { processID?: number }) | null)?.processID ?? null,
  };
}

/** Session advisory lock key of the polling leader: only the instance holding it runs the leader's jobs. */
export const LEADER_LOCK_KEY = 5_417_002;

/** Session advisory lock key held while migrations run (the ingest holds 5_417_001, the leader 5_417_002). */
export const MIGRATION_LOCK_KEY = 5_417_003;

/**
 * Runs `fn` while this process holds the migration lock, on a connection of its own that waits for the
 * lock (pg_advisory_lock blocks until another instance's migrations are done) and lets it go after.
 */
async function underMigrationLock<T>(pool: pg.Pool, fn: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      return await fn();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {
        broken = true;
      });
    }
  } catch (error) {
    broken = true;
    throw error;
  } finally {
    // A connection whose unlock failed may still hold the lock: destroying it ends its session.
    client.release(broken);
  }
}

async function isEmpty(query: (sql: string) => Promise<unknown[]>): Promise<boolean> {
  const rows = (await query(
    "select count(*)::int as n from information_schema.tables where table_schema = 'public' and table_name = 'users'",
  )) as { n: number }[];
  return rows[0].n === 0;
}

/** The rows of a raw query: node-postgres answers { rows }, and so does PGlite. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
