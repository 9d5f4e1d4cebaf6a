import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every NN-name.json here runs through the real command; its expected report or error line sits beside it.
const DIR = join(import.meta.dirname, '.');
const ROOT = join(DIR, '..', '..');
const CLI = join(ROOT, 'src', 'core', 'simulate', 'cli.ts');

const scenarios = readdirSync(DIR)
  .filter((name) => /^\d\d-.+\.json$/.test(name) && !name.includes('.expected'))
  .sort();

function simulate(args: string[], input?: string) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], {
    cwd: ROOT,
    input,
    encoding: 'utf8',
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('golden scenarios through the simulate command', () => {
  it('has at least 30 scenarios', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(30);
  });

  it.each(scenarios)('%s', (name) => {
    const base = join(DIR, name.replace(/\.json$/, ''));
    const run = simulate([join(DIR, name)]);
    if (existsSync(`${base}.expected.json`)) {
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout)).toEqual(JSON.parse(readFileSync(`${base}.expected.json`, 'utf8')));
    } else {
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(readFileSync(`${base}.expected-error.txt`, 'utf8'));
    }
  });

  it('reads standard input for "-"', () => {
    const run = simulate(['-'], readFileSync(join(DIR, '01-nba-basic.json'), 'utf8'));
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(
      JSON.parse(readFileSync(join(DIR, '01-nba-basic.expected.json'), 'utf8')),
    );
  });

  it('fails with one line for a missing file', () => {
    const run = simulate([join(DIR, 'no-such-file.json')]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^entry -, week -: malformed: cannot read .*\n$/);
  });
});
