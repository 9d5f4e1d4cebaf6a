// A cluster on loopback: nginx in front of N compiled server instances on one PostgreSQL and one Redis.
// `npm run cluster` (scripts/cluster.mjs), the fault tests (tests/cluster/) and bench:cluster use it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SEMI_SPACE_FLAG, SERVER_ENTRY } from './processes.mjs';

/** The nginx binary: on PATH, or where Debian's package puts it (not on a normal user's PATH). */
export function findNginx() {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, 'nginx'))) return path.join(dir, 'nginx');
  }
  return existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : undefined;
}

/** A TCP port free on loopback right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * The nginx configuration of the cluster (docs/DEPLOY.md explains each setting). `prefix` holds its
 * pid, logs and temporary files; `ports` are the instances'.
 */
export function nginxConfig({ prefix, port, ports, user }) {
  const proxied = `
      proxy_pass http://ala;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
      # Which instance answered (loopback clusters only: the tests name the instance a stream is on).
      add_header X-Upstream $upstream_addr always;`;
  return `# Written by scripts/cluster-lib.mjs.
${user ? `user ${user};\n` : ''}worker_processes 1;
worker_rlimit_nofile 16384;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;

events {
  worker_connections 8192;
}

http {
  access_log off;
  client_body_temp_path ${prefix}/tmp/body;
  proxy_temp_path ${prefix}/tmp/proxy;
  fastcgi_temp_path ${prefix}/tmp/fastcgi;
  uwsgi_temp_path ${prefix}/tmp/uwsgi;
  scgi_temp_path ${prefix}/tmp/scgi;
  client_max_body_size 1m;

  upstream ala {
    least_conn;
${ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 64;
  }

  server {
    listen 127.0.0.1:${port};

    # A refused or reset connection (an instance stopping or gone) goes to the next instance, for
    # requests nginx may send twice; a POST that reached an instance is never sent twice by nginx (the
    # client retries it, and the API makes a repeat harmless).
    proxy_next_upstream error timeout http_502;
    proxy_next_upstream_tries 3;
    proxy_connect_timeout 2s;
    proxy_read_timeout 60s;

    location / {${proxied}
    }

    # Live updates (Server-Sent Events): nothing held in nginx's buffer, and a stream stays open for
    # hours (the server beats every few seconds; the timeout only ends a stream that fell silent).
    location ~ ^/api/pools/[0-9]+/live$ {${proxied}
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
      proxy_send_timeout 1h;
    }

    # Each instance's figures are scraped on its own port, never through the site.
    location = /metrics {
      return 404;
    }
  }
}
`;
}

/**
 * How many instances `npm run cluster` starts and on which ports: INSTANCE_PORTS (e.g. `3001,3002,3003`)
 * names them, else INSTANCES (default 3) instances take free ports. Throws in words on a bad value.
 */
export function clusterInstances(env) {
  const list = env.INSTANCE_PORTS?.trim();
  const count = env.INSTANCES?.trim();
  if (count && !/^[1-9][0-9]*$/.test(count)) {
    throw new Error(`INSTANCES must be a whole number of instances, 1 or more (got "${env.INSTANCES}").`);
  }
  if (!list) return { instances: Number(count || 3), ports: undefined };
  const ports = list.split(',').map((part) => part.trim());
  if (ports.some((port) => !/^[0-9]+$/.test(port) || Number(port) < 1 || Number(port) > 65_535)) {
    throw new Error(
      `INSTANCE_PORTS must be TCP ports separated by commas, e.g. 3001,3002,3003 (got "${list}").`,
    );
  }
  if (new Set(ports).size !== ports.length)
    throw new Error(`INSTANCE_PORTS names a port twice (got "${list}").`);
  if (count && Number(count) !== ports.length) {
    throw new Error(`INSTANCES=${count} but INSTANCE_PORTS names ${ports.length} ports: give one of them.`);
  }
  return { instances: ports.length, ports: ports.map(Number) };
}

/** Waits until GET url answers 200, or throws after timeoutMs. */
export async function waitReady(url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const answer = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (answer.ok) return;
      last = `HTTP ${answer.status}`;
    } catch (error) {
      last = String(error);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} was not ready within ${timeoutMs / 1000} s (${last}).`);
}

/** The URL with application_name set, so PostgreSQL's views name the instance each session belongs to. */
function withApplicationName(databaseUrl, name) {
  const url = new URL(databaseUrl);
  url.searchParams.set('application_name', name);
  return url.toString();
}

/**
 * Starts nginx and `instances` compiled servers (dist/server/main.js must exist) on `ports` (free ones
 * when not given) and waits until each is ready through its own port. Returns the cluster: its address, the instances (stop, kill, start again)
 * and stop(). Each instance's output goes to `<prefix>/ala-<n>.log` unless `stdio` says otherwise.
 */
export async function startCluster({
  instances = 3,
  ports,
  databaseUrl,
  redisUrl,
  port,
  env = {},
  stdio,
  readyTimeoutMs = 120_000,
} = {}) {
  const nginx = findNginx();
  if (!nginx) throw new Error('nginx is not installed (Debian: apt-get install nginx).');
  if (!existsSync(SERVER_ENTRY)) throw new Error('dist/server/main.js is missing: run npm run build first.');
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'ala-cluster-'));
  for (const dir of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(path.join(prefix, 'tmp', dir), { recursive: true });
  const nginxPort = port ?? (await freePort());
  const nodes = [];
  const count = ports?.length ?? instances;
  for (let n = 1; n <= count; n++)
    nodes.push({ name: `ala-${n}`, port: ports?.[n - 1] ?? (await freePort()) });

  const spawnInstance = (node) => {
    const child = spawn(process.execPath, [SEMI_SPACE_FLAG, '--enable-source-maps', SERVER_ENTRY], {
      env: {
        ...process.env,
        DEMO: '0',
        // No real feed unless asked for; the demo (DEMO=1) replays its seasons by default.
        ...(env.DEMO === '1' ? {} : { FEED_MLB: 'off', FEED_NBA: 'off', FEED_NFL: 'off' }),
        LOG_LEVEL: 'warn',
        ...env,
        DATABASE_URL: withApplicationName(databaseUrl, node.name),
        REDIS_URL: redisUrl,
        HOST: '127.0.0.1',
        PORT: String(node.port),
        TRUST_PROXY: 'loopback',
        REQUEST_ID_HEADER: 'x-request-id',
        PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${nginxPort}`,
      },
      stdio: stdio ?? ['ignore', 'pipe', 'pipe'],
    });
    if (!stdio) {
      const log = path.join(prefix, `${node.name}.log`);
      const write = (chunk) => writeFileSync(log, chunk, { flag: 'a' });
      child.stdout.on('data', write);
      child.stderr.on('data', write);
    }
    node.child = child;
    node.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    return child;
  };
  const instanceUrl = (node) => `http://127.0.0.1:${node.port}`;

  const conf = path.join(prefix, 'nginx.conf');
  writeFileSync(
    conf,
    nginxConfig({
      prefix,
      port: nginxPort,
      ports: nodes.map((node) => node.port),
      // The workers of a master started by root run as this user (nobody could not read the prefix).
      user: process.getuid?.() === 0 ? 'root' : undefined,
    }),
  );
  const test = spawnSync(
    nginx,
    ['-t', '-q', '-p', prefix, '-e', path.join(prefix, 'error.log'), '-c', conf],
    {
      encoding: 'utf8',
    },
  );
  if (test.status !== 0) throw new Error(`nginx refused its configuration:\n${test.stderr}`);

  // All together: one migrates a new database while the others wait on the migration lock.
  for (const node of nodes) spawnInstance(node);
  const stopAll = async () => {
    await Promise.all(nodes.map((node) => node.stop?.()));
  };
  try {
    await Promise.all(nodes.map((node) => waitReady(`${instanceUrl(node)}/api/ready`, readyTimeoutMs)));
  } catch (error) {
    for (const node of nodes) node.child?.kill('SIGKILL');
    throw new Error(`${error.message} Logs in ${prefix}.`);
  }
  const nginxChild = spawn(
    nginx,
    ['-p', prefix, '-e', path.join(prefix, 'error.log'), '-c', conf, '-g', 'daemon off;'],
    { stdio: stdio ?? 'ignore' },
  );
  const nginxExited = new Promise((resolve) => nginxChild.once('exit', resolve));
  const url = `http://127.0.0.1:${nginxPort}`;
  await waitReady(`${url}/api/health`, 10_000);

  for (const node of nodes) {
    node.url = instanceUrl(node);
    /** SIGTERM: the instance drains and exits; resolves when it has. */
    node.stop = async () => {
      if (node.child.exitCode !== null || node.child.signalCode !== null) return;
      node.child.kill('SIGTERM');
      await node.exited;
    };
    /** kill -9: no draining, no goodbye. */
    node.kill = async () => {
      if (node.child.exitCode !== null || node.child.signalCode !== null) return;
      node.child.kill('SIGKILL');
      await node.exited;
    };
    /** Starts the instance again on its port, and waits until it is ready. */
    node.start = async () => {
      spawnInstance(node);
      await waitReady(`${node.url}/api/ready`, readyTimeoutMs);
    };
  }
  return {
    url,
    prefix,
    instances: nodes,
    nginxPid: nginxChild.pid,
    async stop({ keepLogs = false } = {}) {
      await stopAll();
      nginxChild.kill('SIGQUIT');
      await nginxExited;
      if (!keepLogs) rmSync(prefix, { recursive: true, force: true });
    },
  };
}
