// Runs every test: lint, types, import boundaries, unit and API tests on embedded PGlite, the
// database tests again on PostgreSQL when TEST_DATABASE_URL is set, and the browser tests.
//
// The browser tests run alongside the other steps: they spend most of their time waiting on the
// browser and the server (a third of two cores), so the unit and database tests, run on one worker
// meanwhile, take the rest of the machine instead of adding their minutes to the run. Their output is
// kept in test-results/browser-tests.log and printed when they finish.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const results = path.join(root, 'test-results');
mkdirSync(results, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const seconds = (started) => `${((Date.now() - started) / 1000).toFixed(1)} s`;

function step(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`  ${title}: ${run.status === 0 ? 'ok' : 'FAILED'} in ${seconds(started)}`);
  return run.status === 0;
}

/** Adds a vitest JSON report's counts to the totals; false when there is no report. */
function count(report) {
  if (!existsSync(report)) return false;
  const json = JSON.parse(readFileSync(report, 'utf8'));
  totals.passed += json.numPassedTests;
  totals.failed += json.numFailedTests;
  totals.skipped += json.numPendingTests + (json.numTodoTests ?? 0);
  return true;
}

function vitest(title, args, env = {}) {
  const report = path.join(results, `${title.replace(/\W+/g, '-')}.json`);
  rmSync(report, { force: true });
  const ok = step(
    title,
    bin('vitest'),
    ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    env,
  );
  if (!count(report) && !ok) totals.failed += 1;
  return ok;
}

/** Starts the browser tests in the background; the promise gives whether they passed. */
function startBrowserTests() {
  const title = 'browser tests (Chromium)';
  const report = path.join(results, 'browser-tests.json');
  const log = path.join(results, 'browser-tests.log');
  rmSync(report, { force: true });
  console.log(`\n▶ ${title}: started, alongside the steps below (output in ${path.relative(root, log)})`);
  const started = Date.now();
  const out = createWriteStream(log);
  const child = spawn(
    process.execPath,
    ['scripts/e2e.mjs', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } },
  );
  child.stdout.pipe(out, { end: false });
  child.stderr.pipe(out, { end: false });
  return new Promise((resolve) => {
    child.once('close', (code) => {
      out.end(() => {
        console.log(`\n▶ ${title}`);
        process.stdout.write(readFileSync(log, 'utf8'));
        console.log(`  ${title}: ${code === 0 ? 'ok' : 'FAILED'} in ${seconds(started)}`);
        if (!count(report)) totals.failed += 1;
        resolve(code === 0);
      });
    });
  });
}

const pgUrl = process.env.TEST_DATABASE_URL;
const onlyFast = process.argv.includes('--fast');
const browserTests = onlyFast ? Promise.resolve(true) : startBrowserTests();
// One worker each while the browser tests run, so that those keep a core.
const workers = onlyFast ? [] : ['--maxWorkers=1'];
let ok = true;
ok = step('lint (biome)', bin('biome'), ['check', '.']) && ok;
ok = step('types (tsc)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']) && ok;
ok = step('import boundaries', process.execPath, ['scripts/check-boundaries.mjs']) && ok;
ok = step('bundle size (initial JavaScript per page)', process.execPath, ['scripts/bundle-size.mjs']) && ok;
ok = vitest('unit and API tests (PGlite)', workers, { TEST_DATABASE_URL: '' }) && ok;
if (pgUrl)
  ok = vitest('database tests (PostgreSQL)', ['src/server', ...workers], { TEST_DATABASE_URL: pgUrl }) && ok;
ok = (await browserTests) && ok;

console.log(`\n${ok ? 'All checks passed.' : 'Some checks FAILED.'}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok ? 0 : 1);
