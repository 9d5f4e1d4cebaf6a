// Runs the browser tests: builds the web app, starts the server on a fresh embedded database
// with the demo world, runs e2e/**/*.e2e.ts in Chromium, and stops the server.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildWeb, root, ssrDirOf, startServer } from './processes.mjs';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

// A free port unless one is asked for, so two runs on one machine never meet.
const port = Number(process.env.E2E_PORT) || (await freePort());
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'ala-e2e-'));
// A bundle of its own: another run (or `npm start`) rebuilding dist/web meanwhile would swap the
// files under the server, which lists them when it starts.
// A build made by the caller for this run (E2E_PREBUILT_WEB_DIR, as `npm test` does) is used as it is.
const prebuilt = process.env.E2E_PREBUILT_WEB_DIR;
const webDir = prebuilt ? path.resolve(prebuilt) : mkdtempSync(path.join(tmpdir(), 'ala-e2e-web-'));
// The server prints the mail it cannot send (no SMTP) to its output, links included, and keeps only
// copies with those links hidden: the tests read confirmation and reset links from this file.
const mailLog = path.join(mkdtempSync(path.join(tmpdir(), 'ala-e2e-mail-')), 'server-output.log');

if (!prebuilt) buildWeb(webDir);

const server = startServer({
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIR: webDir,
    DEMO: '1',
    // The cheapest password hash (modules/auth/password-hash.ts): the tests register many accounts.
    PASSWORD_HASH: 'cheap-for-tests',
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: baseUrl,
    // Every browser of the tests connects from loopback: one address plays many users' pool pages.
    LIVE_MAX_STREAMS_PER_IP: '1000',
    // ...and registers many accounts.
    REGISTRATIONS_PER_IP: '1000',
    // A known key: the reminder test signs a user's unsubscribe link with it.
    UNSUBSCRIBE_SECRET: 'e2e-unsubscribe-secret-of-the-browser-tests',
    // The pages come rendered on the server however busy the machine is (a render past the budget sends
    // the plain app): every test then sees the page a player gets.
    SSR_BUDGET_MS: process.env.SSR_BUDGET_MS ?? '5000',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const serverOutput = createWriteStream(mailLog);
server.stdout.on('data', (chunk) => {
  serverOutput.write(chunk);
  process.stdout.write(chunk);
});

async function waitForHealth() {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not become healthy in 120 s');
}

let code = 1;
try {
  await waitForHealth();
  // Not spawnSync: this process must keep copying the server's output while the tests run.
  const run = spawn(
    process.execPath,
    [
      path.join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--config',
      'vitest.e2e.config.ts',
      ...process.argv.slice(2),
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, E2E_BASE_URL: baseUrl, E2E_WEB_DIR: webDir, E2E_MAIL_LOG: mailLog },
    },
  );
  code = await new Promise((resolve) => run.once('exit', (status) => resolve(status ?? 1)));
} catch (error) {
  console.error(error);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
  if (!prebuilt) {
    rmSync(webDir, { recursive: true, force: true });
    rmSync(ssrDirOf(webDir), { recursive: true, force: true });
  }
  rmSync(path.dirname(mailLog), { recursive: true, force: true });
}
process.exit(code);
