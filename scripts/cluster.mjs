// `npm run cluster`: nginx on loopback in front of three compiled instances on PostgreSQL and Redis
// (docs/DEPLOY.md). DATABASE_URL (default postgres://<you>@127.0.0.1:5432/ala_cluster, created when
// missing), REDIS_URL (default redis://127.0.0.1:6379), PORT (nginx's, default 8080), INSTANCES (default 3)
// or INSTANCE_PORTS (the instances' ports, e.g. 3001,3002,3003; free ports otherwise); the other settings
// (DEMO, FEED_*, SMTP_URL…) pass through to the instances. Ctrl-C stops them all.

import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { clusterInstances, startCluster } from './cluster-lib.mjs';
import { buildServer, buildWeb, root, serverBuildIsStale } from './processes.mjs';

// The user is named: without one the driver takes $USER, which a service or container may not set.
const databaseUrl =
  process.env.DATABASE_URL ||
  `postgres://${encodeURIComponent(os.userInfo().username)}@127.0.0.1:5432/ala_cluster`;
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
let instances;
let ports;
try {
  ({ instances, ports } = clusterInstances(process.env));
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
const port = Number(process.env.PORT || 8080);

/** Creates the URL's database when it does not exist (through the server's maintenance database). */
async function ensureDatabase(url) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/i.test(name)) throw new Error(`Unexpected database name: ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

if (!existsSync(path.join(root, 'dist/web/index.html'))) {
  console.log('Building the web app…');
  buildWeb();
}
if (serverBuildIsStale()) {
  console.log('Compiling the server…');
  await buildServer();
}
await ensureDatabase(databaseUrl);
const {
  DATABASE_URL: _db,
  REDIS_URL: _redis,
  PORT: _port,
  INSTANCES: _n,
  INSTANCE_PORTS: _ports,
  ...passed
} = process.env;
const cluster = await startCluster({ instances, ports, databaseUrl, redisUrl, port, env: passed });
console.log(`ALA Survivor on ${cluster.url}: nginx in front of ${instances} instances`);
for (const node of cluster.instances)
  console.log(`  ${node.name} on ${node.url} (log: ${cluster.prefix}/${node.name}.log)`);
console.log(`  nginx: ${cluster.prefix}/nginx.conf`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log('Stopping the cluster…');
    await cluster.stop({ keepLogs: true });
    process.exit(0);
  });
}
