// Runs every test: lint, types and import boundaries side by side, the bundle budget, unit and API
// tests on embedded PGlite, the database tests again on PostgreSQL when TEST_DATABASE_URL is set, and
// the browser tests (on the same build of the web app as the budget).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildWeb, root, ssrDirOf } from './processes.mjs';

const bin = (name) => path.join(root, 'node_modules/.bin', name);
const results = path.join(root, 'test-results');
mkdirSync(results, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };

function step(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `  ${title}: ${run.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
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

/**
 * Runs the steps at once, each with its output held back and printed whole when it ends (so that
 * their lines do not interleave); resolves to whether all passed.
 */
async function together(steps) {
  const results = await Promise.all(
    steps.map(
      ({ title, command, args }) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { cwd: root, env: process.env });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('close', (status) => {
            console.log(`\n▶ ${title}`);
            process.stdout.write(Buffer.concat(output));
            console.log(
              `  ${title}: ${status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
            );
            resolve(status === 0);
          });
        }),
    ),
  );
  return results.every(Boolean);
}

const pgUrl = process.env.TEST_DATABASE_URL;
const onlyFast = process.argv.includes('--fast');
// One build of the web app serves the bundle budget and the browser tests.
const webDir = mkdtempSync(path.join(tmpdir(), 'ala-test-web-'));
let ok = true;
try {
  ok = await together([
    { title: 'lint (biome)', command: bin('biome'), args: ['check', '.'] },
    { title: 'types (tsc)', command: bin('tsc'), args: ['--noEmit', '-p', 'tsconfig.json'] },
    { title: 'import boundaries', command: process.execPath, args: ['scripts/check-boundaries.mjs'] },
  ]);
  console.log('\n▶ building the web app');
  buildWeb(webDir, { manifest: true });
  ok =
    step('bundle size (initial JavaScript per page)', process.execPath, [
      'scripts/bundle-size.mjs',
      '--dir',
      webDir,
    ]) && ok;
  ok = vitest('unit and API tests (PGlite)', [], { TEST_DATABASE_URL: '' }) && ok;
  // tests/cluster: backup and restore, and the faults a cluster behind nginx survives (decision 031).
  if (pgUrl)
    ok =
      vitest('database tests (PostgreSQL)', ['src/server', 'tests/cluster'], { TEST_DATABASE_URL: pgUrl }) &&
      ok;
  if (!onlyFast) {
    const e2e = path.join(results, 'browser-tests.json');
    rmSync(e2e, { force: true });
    ok =
      step(
        'browser tests (Chromium)',
        process.execPath,
        ['scripts/e2e.mjs', '--reporter=default', '--reporter=json', `--outputFile.json=${e2e}`],
        { E2E_PREBUILT_WEB_DIR: webDir },
      ) && ok;
    if (!count(e2e)) totals.failed += 1;
  }
} finally {
  rmSync(webDir, { recursive: true, force: true });
  rmSync(ssrDirOf(webDir), { recursive: true, force: true });
}

console.log(`\n${ok ? 'All checks passed.' : 'Some checks FAILED.'}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok ? 0 : 1);
