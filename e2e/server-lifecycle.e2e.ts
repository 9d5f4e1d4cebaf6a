import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dataDir = mkdtempSync(path.join(tmpdir(), 'ala-lifecycle-'));
/** A port nothing listens on now (a random one once met a busy port on a loaded machine). */
const port = await new Promise<number>((resolve, reject) => {
  const probe = createServer();
  probe.once('error', reject);
  probe.listen(0, '127.0.0.1', () => {
    const address = probe.address();
    probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
  });
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function startServer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  return { child, output: () => output };
}

/** The server's health once it answers: within 90 s on a loaded machine, and never once it has exited. */
async function waitForHealth(server: { child: ChildProcess; output: () => string }): Promise<Response> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline && server.child.exitCode === null) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return response;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`server did not start (exit code ${server.child.exitCode}):\n${server.output()}`);
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

describe('the server process', () => {
  it('creates and migrates a new embedded database, keeps it across restarts, and stops cleanly on SIGTERM', {
    timeout: 240_000,
  }, async () => {
    const first = startServer({ DEMO: '0' });
    const health = await (await waitForHealth(first)).json();
    expect(health.database).toEqual({ driver: 'pglite', state: 'up' });
    const register = await fetch(`http://127.0.0.1:${port}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        nameFirst: 'Per',
        nameLast: 'Sist',
        username: 'persist',
        email: 'persist@example.com',
        password: 'persist-pass',
        passwordConfirm: 'persist-pass',
      }),
    });
    // Registration signs the new account in; the password works before the address is confirmed.
    expect(register.status).toBe(201);
    // Without SMTP the confirmation mail, link included, goes to the server's own output only.
    await expect
      .poll(() => first.output())
      .toMatch(/to persist@example\.com[\s\S]*\/verify-email\/[\w-]{20,}/);
    // DEMO=0: no demo users.
    const demo = await fetch(`http://127.0.0.1:${port}/user/userProfile/jordan`);
    expect(demo.status).toBe(404);
    expect(await stop(first.child)).toBe(0);
    expect(first.output()).toContain('shutting down');

    const second = startServer({});
    await waitForHealth(second);
    const login = await fetch(`http://127.0.0.1:${port}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'persist', password: 'persist-pass' }),
    });
    expect(login.status).toBe(200);
    // An existing database is never seeded, even with the demo on.
    expect((await fetch(`http://127.0.0.1:${port}/user/userProfile/jordan`)).status).toBe(404);
    expect(await stop(second.child)).toBe(0);
  });
});
