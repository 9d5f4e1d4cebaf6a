// One compiled instance outside nginx, its output kept (tests/cluster/demo-on-postgres, jobs-off).
import { type ChildProcess, spawn } from 'node:child_process';
// @ts-expect-error: a plain ES module script, without type declarations
import { waitReady } from '../../scripts/cluster-lib.mjs';
// @ts-expect-error: a plain ES module script, without type declarations
import { SEMI_SPACE_FLAG, SERVER_ENTRY } from '../../scripts/processes.mjs';
import { timeLimit } from '../../src/server/test/time-limit';

export interface Instance {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<void>;
}

function withApplicationName(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.set('application_name', name);
  return url.toString();
}

/**
 * Starts dist/server/main.js on `port` with `env` (no Redis, logs at info), its sessions named `name` in
 * pg_stat_activity, and waits until it is ready.
 */
export async function startInstance(
  databaseUrl: string,
  name: string,
  port: number,
  env: Record<string, string>,
): Promise<Instance> {
  let output = '';
  const child = spawn(process.execPath, [SEMI_SPACE_FLAG, '--enable-source-maps', SERVER_ENTRY], {
    env: {
      ...process.env,
      REDIS_URL: '',
      LOG_LEVEL: 'info',
      ...env,
      DATABASE_URL: withApplicationName(databaseUrl, name),
      HOST: '127.0.0.1',
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  // 'close': the process has exited and its output has all been read.
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitReady(`${url}/api/ready`, timeLimit(120_000));
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${name} did not start: ${error}\n${output}`);
  }
  return { name, port, url, child, output: () => output, exited };
}

/** SIGTERM, and the instance's exit. */
export async function stopInstance(instance: Instance): Promise<void> {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  instance.child.kill('SIGTERM');
  await instance.exited;
}
