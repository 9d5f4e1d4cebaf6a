// The pick odds API on the demo world's full seasons, through HTTP on loopback: GET /api/odds (a pool
// week's odds: the first request after a change computes the pool's whole season, the others read
// what is kept) and GET /api/planner (an entry's plan over every week left), for the NBA pool
// (a whole season left) and the NFL TD one. Prints p50, p99 and max against the 50 ms.
// The first request of a pool is timed once (against a server already running, BENCH_URL, the pool
// may have been read before). Usage: npm run bench:odds (knobs: BENCH_RUNS, default 200 per case; BENCH_URL, a demo server
// already running, else one is started on a fresh embedded database).
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
// @ts-expect-error: a plain ES module script, without type declarations
import { startServer } from '../scripts/processes.mjs';
import { freePort, percentile } from './support';

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const TARGET_MS = 50;

let server: ReturnType<typeof startServer> | undefined;
let dataDir: string | undefined;
let base = process.env.BENCH_URL?.replace(/\/$/, '');
if (!base) {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), 'ala-odds-bench-'));
  server = startServer({
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: '1',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: base,
      RATE_LIMIT_MAX: '100000000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function waitUp(url: string): Promise<void> {
  const until = Date.now() + 180_000;
  while (Date.now() < until) {
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('The demo server did not answer within 180 s.');
}

async function json(url: string, cookie: string): Promise<unknown> {
  const response = await fetch(url, { headers: { cookie } });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function time(label: string, url: string, cookie: string, before?: () => Promise<void>) {
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    if (before) await before();
    const started = performance.now();
    await json(url, cookie);
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  const p99 = percentile(ms, 99);
  console.log(
    `| ${label} | ${percentile(ms, 50).toFixed(1)} | ${p99.toFixed(1)} | ${ms[ms.length - 1].toFixed(1)} | ${p99 < TARGET_MS ? 'yes' : 'no'} |`,
  );
}

/** One request that finds nothing kept (the server's first for the pool). */
async function first(label: string, url: string, cookie: string) {
  const started = performance.now();
  await json(url, cookie);
  console.log(`| ${label} | ${(performance.now() - started).toFixed(1)} | | | |`);
}

try {
  await waitUp(base);
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ username: 'sam', password: 'survivor2026' }),
  });
  const cookie = (login.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  const poolOf = async (address: string) =>
    (await json(`${base}/api/loadPool/${address}`, cookie)) as {
      pool: { id: number };
      viewer: { entries: { id: number }[] };
    };
  const nba = await poolOf('nba/ala/2023/0/reg');
  const nfl = await poolOf('nfl-td/ala/2023/0/reg');
  console.log(
    `Load average (1, 5, 15 min): ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(', ')}; ${RUNS} requests a case, one at a time`,
  );
  console.log('');
  console.log('| request | p50 ms | p99 ms | max ms | p99 under 50 ms |');
  console.log('|---|---:|---:|---:|---|');
  await first(
    'NBA week odds, first request (computes the season)',
    `${base}/api/odds/${nba.pool.id}?week=1`,
    cookie,
  );
  await time('NBA week odds (kept)', `${base}/api/odds/${nba.pool.id}?week=1`, cookie);
  await time('NBA Planner, every week left', `${base}/api/planner/${nba.viewer.entries[0].id}`, cookie);
  await first(
    'NFL TD week odds, first request (computes the season)',
    `${base}/api/odds/${nfl.pool.id}`,
    cookie,
  );
  await time('NFL TD week odds (kept)', `${base}/api/odds/${nfl.pool.id}`, cookie);
  await time('NFL TD Planner, every week left', `${base}/api/planner/${nfl.viewer.entries[0].id}`, cookie);
} finally {
  if (server) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server?.once('exit', resolve));
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
