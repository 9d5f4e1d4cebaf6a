// Runs the browser tests: builds the web app, starts a server on a fresh embedded database with the
// demo world (one per shard), runs e2e/**/*.e2e.ts in Chromium, and stops the servers.
import { spawn } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
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

// A bundle of its own: another run (or `npm start`) rebuilding dist/web meanwhile would swap the
// files under the server, which lists them when it starts. A build made by the caller for this run
// (E2E_PREBUILT_WEB_DIR, as `npm test` does) is used as it is.
const prebuilt = process.env.E2E_PREBUILT_WEB_DIR;
const webDir = prebuilt ? path.resolve(prebuilt) : mkdtempSync(path.join(tmpdir(), 'ala-e2e-web-'));
if (!prebuilt) buildWeb(webDir);

// Chromium unpacks itself into the temporary folder on first use and takes an existing file as unpacked:
// shards starting at once on a fresh machine launched a file another shard was still writing (ETXTBSY),
// and every test of that shard failed. Unpacked here once, before any shard starts.
if (!process.env.CHROMIUM_PATH) {
  try {
    const { default: sparticuz } = await import('@sparticuz/chromium');
    await sparticuz.executablePath();
  } catch {
    // The tests fall back to Debian's Chromium (e2e/support/browser.ts).
  }
}

const vitestArgs = process.argv.slice(2);
// The whole suite is split by file between servers of their own (E2E_SHARDS, three by default): one
// browser test mostly waits on its server or its browser in turn, so two shards left a third of two
// cores idle, and three keep them busy (README has the figures). A run of chosen files or tests (any
// argument but --options) stays on one server.
const chosen = vitestArgs.some((arg) => !arg.startsWith('--'));
const shards = chosen ? 1 : Math.max(1, Number(process.env.E2E_SHARDS) || 3);

/** Seconds each test file took in a recent whole run (E2E_RECORD_DURATIONS=1 writes them again). */
const DURATIONS = path.join(root, 'scripts/e2e-durations.json');
const recordDurations = process.env.E2E_RECORD_DURATIONS === '1' && !chosen;

/**
 * The test files of each shard, the longest first, each to the shard with the least time so far: the
 * shards end together (Vitest's own --shard splits by count, and left one shard a minute behind). A
 * file the table does not know counts as the median.
 */
function filesOfShards() {
  const known = existsSync(DURATIONS) ? JSON.parse(readFileSync(DURATIONS, 'utf8')) : {};
  const seconds = Object.values(known).sort((a, b) => a - b);
  const median = seconds[Math.floor(seconds.length / 2)] ?? 1;
  const files = readdirSync(path.join(root, 'e2e'), { recursive: true })
    .filter((file) => file.endsWith('.e2e.ts'))
    .map((file) => ({ file: path.join(root, 'e2e', file), seconds: known[file] ?? median }))
    .sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file));
  const split = Array.from({ length: shards }, () => ({ files: [], seconds: 0 }));
  for (const { file, seconds } of files) {
    const least = split.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    least.files.push(file);
    least.seconds += seconds;
  }
  return split.map(({ files }) => files);
}

/**
 * Starts one server on a fresh embedded database with the demo world, on a free port unless one is
 * asked for (so two runs on one machine never meet).
 */
async function startShardServer(index) {
  const port =
    (Number(process.env.E2E_PORT) || 0) > 0 ? Number(process.env.E2E_PORT) + index : await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ala-e2e-'));
  // The server prints the mail it cannot send (no SMTP) to its output, links included, and keeps only
  // copies with those links hidden: the tests read confirmation and reset links from this file.
  const mailLog = path.join(mkdtempSync(path.join(tmpdir(), 'ala-e2e-mail-')), 'server-output.log');
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
      // The pages come rendered on the server however busy the machine is (a render past the budget
      // sends the plain app): every test then sees the page a player gets.
      SSR_BUDGET_MS: process.env.SSR_BUDGET_MS ?? '5000',
      // No pages rendered ahead of visitors: a shard's server spends its time on its tests' own pages.
      SSR_WARM_POOLS: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const serverOutput = createWriteStream(mailLog);
  const label = shards > 1 ? `[server ${index + 1}] ` : '';
  server.stdout.on('data', (chunk) => {
    serverOutput.write(chunk);
    process.stdout.write(label ? prefixLines(chunk, label) : chunk);
  });
  return { index, server, baseUrl, dataDir, mailLog };
}

function prefixLines(chunk, label) {
  return chunk
    .toString()
    .split(/(?<=\n)/)
    .map((line) => label + line)
    .join('');
}

async function waitForHealth(baseUrl) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the server at ${baseUrl} did not become healthy in time`);
}

// Recording the files' times needs a JSON report: one of its own when the caller asked for none.
if (recordDurations && !vitestArgs.some((arg) => arg.startsWith('--outputFile.json='))) {
  const report = path.join(mkdtempSync(path.join(tmpdir(), 'ala-e2e-report-')), 'report.json');
  vitestArgs.push('--reporter=default', '--reporter=json', `--outputFile.json=${report}`);
}
/** A shard's JSON report goes beside the asked one; the reports are merged into it at the end. */
const jsonFlag = vitestArgs.findIndex((arg) => arg.startsWith('--outputFile.json='));
const jsonReport = jsonFlag >= 0 ? vitestArgs[jsonFlag].slice('--outputFile.json='.length) : undefined;
const reportOf = (index) => `${jsonReport}.shard-${index + 1}`;

function runShard({ index, baseUrl, mailLog }) {
  const args = [...vitestArgs];
  if (jsonReport && shards > 1) args[jsonFlag] = `--outputFile.json=${reportOf(index)}`;
  if (shards > 1) args.push(...shardFiles[index]);
  // Not spawnSync: this process must keep copying the servers' output while the tests run.
  const run = spawn(
    process.execPath,
    [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'vitest.e2e.config.ts', ...args],
    {
      cwd: root,
      stdio: ['ignore', shards > 1 ? 'pipe' : 'inherit', shards > 1 ? 'pipe' : 'inherit'],
      env: { ...process.env, E2E_BASE_URL: baseUrl, E2E_WEB_DIR: webDir, E2E_MAIL_LOG: mailLog },
    },
  );
  if (shards > 1) {
    const label = `[tests ${index + 1}/${shards}] `;
    run.stdout.on('data', (chunk) => process.stdout.write(prefixLines(chunk, label)));
    run.stderr.on('data', (chunk) => process.stderr.write(prefixLines(chunk, label)));
  }
  return new Promise((resolve) => run.once('exit', (status) => resolve(status ?? 1)));
}

/** Sums the shards' JSON reports into the one the caller asked for. */
function mergeReports() {
  const merged = {
    numPassedTests: 0,
    numFailedTests: 0,
    numPendingTests: 0,
    numTodoTests: 0,
    testResults: [],
  };
  for (let index = 0; index < shards; index += 1) {
    if (!existsSync(reportOf(index))) continue;
    const report = JSON.parse(readFileSync(reportOf(index), 'utf8'));
    for (const key of ['numPassedTests', 'numFailedTests', 'numPendingTests', 'numTodoTests'])
      merged[key] += report[key] ?? 0;
    merged.testResults.push(...(report.testResults ?? []));
    rmSync(reportOf(index), { force: true });
  }
  writeFileSync(jsonReport, JSON.stringify(merged));
}

/** Writes each file's time in this run (from the JSON report) as the table the shards are split by. */
function writeDurations() {
  const { testResults } = JSON.parse(readFileSync(jsonReport, 'utf8'));
  const table = Object.fromEntries(
    testResults
      .map((result) => [
        path.relative(path.join(root, 'e2e'), result.name),
        Math.max(1, Math.round((result.endTime - result.startTime) / 1000)),
      ])
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  writeFileSync(DURATIONS, `${JSON.stringify(table, null, 2)}\n`);
  console.log(`the time of each test file is written to ${path.relative(root, DURATIONS)}`);
}

/**
 * CPU seconds of this process's children that have ended and been waited for (the servers, Vitest), with
 * those of their own children they waited for (cutime and cstime of /proc/self/stat, in the kernel's
 * fixed 100 ticks a second). Undefined off Linux.
 */
function childrenCpuSeconds() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

// The wall-clock time of a run doubles when other work shares the machine, the CPU time does not: both
// are printed, with the load, so that runs made on a busy and a quiet machine can be told apart.
const started = { at: Date.now(), cpu: childrenCpuSeconds(), load: loadavg()[0] };

const shardFiles = shards > 1 ? filesOfShards() : [];
const running = [];
let code = 1;
try {
  for (let index = 0; index < shards; index += 1) running.push(await startShardServer(index));
  await Promise.all(running.map(({ baseUrl }) => waitForHealth(baseUrl)));
  const codes = await Promise.all(running.map(runShard));
  code = codes.every((status) => status === 0) ? 0 : 1;
  if (jsonReport && shards > 1) mergeReports();
  if (recordDurations && code === 0) writeDurations();
} catch (error) {
  console.error(error);
} finally {
  for (const { server } of running) server.kill('SIGTERM');
  await Promise.all(running.map(({ server }) => new Promise((resolve) => server.once('exit', resolve))));
  for (const { dataDir, mailLog } of running) {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(path.dirname(mailLog), { recursive: true, force: true });
  }
  if (!prebuilt) {
    rmSync(webDir, { recursive: true, force: true });
    rmSync(ssrDirOf(webDir), { recursive: true, force: true });
  }
  const cpu = childrenCpuSeconds();
  const spent =
    cpu === undefined || started.cpu === undefined ? '' : `, ${Math.round(cpu - started.cpu)} s of CPU`;
  console.log(
    `browser tests: ${Math.round((Date.now() - started.at) / 1000)} s${spent} (servers and Vitest); ` +
      `load average ${started.load.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end, ${cpus().length} cores`,
  );
}
process.exit(code);
