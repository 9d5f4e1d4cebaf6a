// What the benchmarks share: their PostgreSQL database, a real server as a child process on loopback,
// the demo site with its web app, and percentiles.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');

/** Runs `work` on the server's maintenance database, given the name of the URL's database. */
async function onMaintenanceDatabase(url: string, work: (client: pg.Client, name: string) => Promise<void>) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/i.test(name)) throw new Error(`Unexpected database name: ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await work(client, name);
  } finally {
    await client.end();
  }
}

/** Creates the database named by the URL when it does not exist yet. */
export function ensureDatabase(url: string): Promise<void> {
  return onMaintenanceDatabase(url, async (client, name) => {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name}"`);
  });
}

/**
 * Creates the database named by the URL afresh: it is the bench's own, and dropping it is far quicker
 * than deleting a big pool's rows through every table that refers to them.
 */
export function recreateDatabase(url: string): Promise<void> {
  return onMaintenanceDatabase(url, async (client, name) => {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  });
}

/** A TCP port free on loopback right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The app's server on loopback, on the given database, without demo data or feed polling (it would
 * retry unreachable providers during the measurement), and with the per-IP limits (API requests, live
 * streams) raised: one address
 * plays every client. `env` adds to or overrides that. BENCH_SERVER_ARGS: extra node flags for the
 * server only (e.g. --cpu-prof to see where its time goes).
 */
export function startServer(
  port: number,
  databaseUrl: string,
  env: Record<string, string> = {},
): ChildProcess {
  const extra = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
  return spawn(process.execPath, [...extra, '--import', 'tsx', path.join(root, 'src/server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DEMO: '0',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000000',
      LIVE_MAX_STREAMS_PER_IP: '100000',
      FEED_MLB: 'off',
      FEED_NBA: 'off',
      FEED_NFL: 'off',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** Waits for the server to answer its health route, for a minute at most. */
export async function waitUntilUp(base: string, server: ChildProcess): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`The server exited (${server.exitCode}).`);
    const up = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The server did not answer within 60 s.');
}

/** The p-th percentile of ascending numbers (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** A server to measure pages on: the one BENCH_URL names, or a demo server started for the run. */
export interface DemoSite {
  base: string;
  /** Stops the server started for the run and removes its files (nothing for BENCH_URL). */
  stop(): Promise<void>;
}

/**
 * The demo world as `npm start` serves it: the web app (with the server render's bundle) built into a
 * temporary folder and a server on a fresh embedded database, answering its health route; or the server
 * BENCH_URL names. `env` adds to the started server's environment.
 */
export async function openDemoSite(name: string, env: Record<string, string> = {}): Promise<DemoSite> {
  const running = process.env.BENCH_URL?.replace(/\/$/, '');
  if (running) {
    await waitForHealth(running);
    return { base: running, stop: async () => {} };
  }
  const {
    buildWeb,
    ssrDirOf,
    startServer: startApp,
  } = await import(
    // @ts-expect-error: a plain ES module script, without type declarations
    '../scripts/processes.mjs'
  );
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `ala-${name}-`));
  const webDir = mkdtempSync(path.join(tmpdir(), `ala-${name}-web-`));
  console.log('Building the web app…');
  buildWeb(webDir);
  const server: ChildProcess = startApp({
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIR: webDir,
      DEMO: '1',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: base,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(webDir, { recursive: true, force: true });
    rmSync(ssrDirOf(webDir), { recursive: true, force: true });
  };
  try {
    await waitForHealth(base);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop };
}

/** Waits for a server to answer its health route; a new demo database takes a while to seed. */
async function waitForHealth(base: string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const up = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${base} did not answer its health route in 180 s`);
}
