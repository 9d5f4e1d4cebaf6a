// Runs every test: lint, types and import boundaries beside the build of the web app, the bundle budget,
// then two lanes side by side: the browser tests (on that build), and the unit and API tests on embedded
// PGlite followed by the database tests again on PostgreSQL when TEST_DATABASE_URL is set.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { root, ssrDirOf } from './processes.mjs';

const bin = (name) => path.join(root, 'node_modules/.bin', name);
const results = path.join(root, 'test-results');
mkdirSync(results, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };

/**
 * util-linux's chrt, to run a background step under Linux's idle policy (SCHED_IDLE): its processes run
 * only when nothing else wants the core, and give it up at once when a process of the other lane wakes.
 * A niced step still holds a core for its time slice: the browser tests, a chain of short hops between
 * Vitest, Chromium and the server, then waited at nearly every hop, and took twice as long as alone.
 * Without chrt, or where it may not set the policy, the step runs at nice 10.
 */
const idlePolicy = ['/usr/bin/chrt', '/bin/chrt'].find(
  (file) =>
    process.platform === 'linux' &&
    existsSync(file) &&
    spawnSync(file, ['--idle', '0', process.execPath, '--version'], { stdio: 'ignore' }).status === 0,
);

/**
 * Runs one step; resolves to whether it passed. Its output is held back and printed whole when it ends,
 * so that the lines of steps running side by side do not interleave, unless it is `live` (the one step
 * whose lines are printed as they come). A `background` step runs at a lower priority: it takes the
 * cores the other lane leaves idle.
 */
function run({ title, command, args, env = {}, background = false, live = false }) {
  return new Promise((resolve) => {
    const started = Date.now();
    if (live) console.log(`\n▶ ${title}`);
    const idle = background && idlePolicy;
    const child = spawn(idle ? idlePolicy : command, idle ? ['--idle', '0', command, ...args] : args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'],
    });
    if (background && !idle) {
      try {
        setPriority(child.pid, 10);
      } catch {}
    }
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) => {
      if (!live) console.log(`\n▶ ${title}`);
      process.stdout.write(Buffer.concat(output));
      console.log(
        `  ${title}: ${status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      resolve(status === 0);
    });
  });
}

/** Runs the lanes side by side, each one's steps in turn; resolves to whether every step passed. */
async function lanes(...steps) {
  const passed = await Promise.all(
    steps.map(async (lane) => {
      let ok = true;
      for (const step of lane) ok = (await run(step)) && ok;
      return ok;
    }),
  );
  return passed.every(Boolean);
}

/** Adds a Vitest JSON report's counts to the totals; a step without one counts as one failure. */
function count(report) {
  if (!existsSync(report)) {
    totals.failed += 1;
    return;
  }
  const json = JSON.parse(readFileSync(report, 'utf8'));
  totals.passed += json.numPassedTests;
  totals.failed += json.numFailedTests;
  totals.skipped += json.numPendingTests + (json.numTodoTests ?? 0);
}

/** A Vitest run as a step, with its JSON report under test-results (counted at the end). */
function vitest(title, args, { env = {}, live = false, command = bin('vitest') } = {}) {
  const report = path.join(results, `${title.replace(/\W+/g, '-')}.json`);
  rmSync(report, { force: true });
  reports.push(report);
  return {
    title,
    command,
    args: [...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    env,
    live,
  };
}

const pgUrl = process.env.TEST_DATABASE_URL;
const onlyFast = process.argv.includes('--fast');
const reports = [];
// One build of the web app serves the bundle budget and the browser tests.
const webDir = mkdtempSync(path.join(tmpdir(), 'ala-test-web-'));
let ok = true;
try {
  const [checked, built] = await Promise.all([
    lanes(
      [{ title: 'lint (biome)', command: bin('biome'), args: ['check', '.'] }],
      [{ title: 'types (tsc)', command: bin('tsc'), args: ['--noEmit', '-p', 'tsconfig.json'] }],
      [{ title: 'import boundaries', command: process.execPath, args: ['scripts/check-boundaries.mjs'] }],
    ),
    run({ title: 'web app build', command: process.execPath, args: ['scripts/build.mjs', '--web', webDir] }),
  ]);
  ok = checked;
  if (!built) throw new Error('the web app did not build');
  ok =
    (await run({
      title: 'bundle size (initial JavaScript per page)',
      command: process.execPath,
      args: ['scripts/bundle-size.mjs', '--dir', webDir],
    })) && ok;
  // The browser tests mostly wait on their servers and browsers, and leave part of the two cores idle:
  // the database tests run beside them, at a lower priority, in that idle part.
  const databaseTests = [vitest('unit and API tests (PGlite)', ['run'], { env: { TEST_DATABASE_URL: '' } })];
  // tests/cluster: backup and restore, and the faults a cluster behind nginx survives (decision 031).
  if (pgUrl)
    databaseTests.push(
      vitest('database tests (PostgreSQL)', ['run', 'src/server', 'tests/cluster'], {
        env: { TEST_DATABASE_URL: pgUrl },
      }),
    );
  const browserTests = onlyFast
    ? []
    : [
        vitest('browser tests (Chromium)', ['scripts/e2e.mjs'], {
          command: process.execPath,
          env: { E2E_PREBUILT_WEB_DIR: webDir },
          live: true,
        }),
      ];
  for (const step of databaseTests) {
    Object.assign(step, { background: !onlyFast, live: onlyFast });
    // A lane that only gets the idle cores can get very little of a busy machine for a while: its tests'
    // time limits stretch to match (src/server/test/time-limit.ts), so that none fails for being slow.
    if (!onlyFast) step.env = { ...step.env, TEST_TIME_LIMIT_SCALE: '10' };
  }
  ok = (await lanes(browserTests, databaseTests)) && ok;
  for (const report of reports) count(report);
} catch (error) {
  console.error(String(error));
  ok = false;
} finally {
  rmSync(webDir, { recursive: true, force: true });
  rmSync(ssrDirOf(webDir), { recursive: true, force: true });
}

console.log(`\n${ok ? 'All checks passed.' : 'Some checks FAILED.'}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok ? 0 : 1);
