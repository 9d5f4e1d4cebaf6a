// Runs every test: lint, types, import boundaries, unit and API tests on embedded PGlite, the
// database tests again on PostgreSQL when TEST_DATABASE_URL is set, and the browser tests.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
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

const pgUrl = process.env.TEST_DATABASE_URL;
const onlyFast = process.argv.includes('--fast');
let ok = true;
ok = step('lint (biome)', bin('biome'), ['check', '.']) && ok;
ok = step('types (tsc)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']) && ok;
ok = step('import boundaries', process.execPath, ['scripts/check-boundaries.mjs']) && ok;
ok = step('bundle size (initial JavaScript per page)', process.execPath, ['scripts/bundle-size.mjs']) && ok;
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
    step('browser tests (Chromium)', process.execPath, [
      'scripts/e2e.mjs',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${e2e}`,
    ]) && ok;
  if (!count(e2e)) totals.failed += 1;
}

console.log(`\n${ok ? 'All checks passed.' : 'Some checks FAILED.'}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok ? 0 : 1);
