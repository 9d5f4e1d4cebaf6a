import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { registerMailLog } from './accounts';
import { askForPlainApp, DESKTOP, getBrowser, PHONE } from './browser';
import { cacheAssets } from './cached-assets';

/*
 * A demo server of a test's own, for a test that needs the replayed clock somewhere else than the shared
 * server's (which every browser test file uses, and whose clock no test may move). It runs the same build
 * (E2E_WEB_DIR) on its own embedded database and port, and can be restarted on the same database with its
 * clock moved forward: the demo's replay catches up on the games in between and the settlement job judges
 * the weeks that were due (docs/decisions/001-demo-replay-clock.md).
 */

// Browser tests run from the repository's root (scripts/e2e.mjs).
const ROOT = process.cwd();
const WEB_DIR = path.resolve(process.env.E2E_WEB_DIR ?? 'dist/web');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface OwnServer {
  baseUrl: string;
  /** Stops the server and starts it again on the same database and port, its replayed clock at `clockStart`. */
  restart(clockStart: string): Promise<void>;
  /** Stops the server and removes its database. */
  stop(): Promise<void>;
}

/** Starts the demo on a fresh database with the replayed clock at `clockStart` (real speed), once healthy. */
export async function startOwnServer(clockStart: string): Promise<OwnServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ala-e2e-own-'));
  const mailLog = path.join(mkdtempSync(path.join(tmpdir(), 'ala-e2e-own-mail-')), 'server-output.log');
  registerMailLog(baseUrl, mailLog);
  let child: ChildProcess | undefined;

  const start = async (at: string) => {
    child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/server/main.ts')], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIR,
        DEMO: '1',
        // The cheapest password hash (modules/auth/password-hash.ts), as on the shared server.
        PASSWORD_HASH: 'cheap-for-tests',
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: baseUrl,
        // Every browser of the tests connects from loopback: one address plays many users' pool pages.
        LIVE_MAX_STREAMS_PER_IP: '1000',
        REGISTRATIONS_PER_IP: '1000',
        DEMO_CLOCK_START: at,
        DEMO_CLOCK_SPEED: '1',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    // The mail it cannot send (no SMTP), links included, is read from its output (see readSentMail).
    child.stdout?.on('data', (chunk: Buffer) => {
      appendFileSync(mailLog, chunk);
      process.stdout.write(chunk);
    });
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${baseUrl}/api/health`)).ok) return;
      } catch {}
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    throw new Error('the server did not become healthy in 90 s');
  };

  const halt = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  };

  // A test run that ends without afterAll (killed, crashed) does not leave the server running.
  process.once('exit', () => child?.kill('SIGTERM'));
  await start(clockStart);
  return {
    baseUrl,
    restart: async (at) => {
      await halt();
      await start(at);
    },
    stop: async () => {
      await halt();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(path.dirname(mailLog), { recursive: true, force: true });
    },
  };
}

/** A fresh browser context (own cookies, built assets from disk) on the given server, and its page. */
export async function newPageOn(
  baseUrl: string,
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const phone = viewport.width <= PHONE.width;
  const context = await (await getBrowser()).newContext({
    viewport,
    baseURL: baseUrl,
    isMobile: phone,
    hasTouch: phone,
    reducedMotion: 'reduce',
  });
  await cacheAssets(context);
  await askForPlainApp(context, baseUrl);
  return { context, page: await context.newPage() };
}
