import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = path.resolve(import.meta.dirname, 'check-boundaries.mjs');
let root: string;

function tree(files: Record<string, string>): string {
  root = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
  for (const dir of ['src/core', 'src/web', 'src/server'])
    mkdirSync(path.join(root, dir), { recursive: true });
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), source);
  }
  return root;
}

const check = (dir: string) => spawnSync(process.execPath, [script, '--root', dir], { encoding: 'utf8' });

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('check-boundaries', () => {
  it('passes a tree that keeps the boundaries', () => {
    const result = check(
      tree({
        'src/core/rules.ts': "import { z } from 'zod';\nexport const a = z.string();",
        'src/web/features/a/api.ts': "import { a } from '../../../core/rules';",
        'src/web/shell/header.tsx':
          "import { a } from '../features/a/api';\nimport { b } from '../components/b';",
        'src/web/components/b.tsx': "import { c } from '../lib/c';",
      }),
    );
    expect(result.status).toBe(0);
  });

  it.each([
    ['src/core/bad.ts', "import { x } from '../server/app';", 'core imports'],
    ['src/core/io.ts', "import { readFileSync } from 'node:fs';", 'core imports package node:fs'],
    ['src/web/bad.tsx', "import { x } from '../server/app';", 'web imports server code'],
    ['src/web/features/a/x.ts', "import { y } from '../b/api';", 'feature a imports feature b'],
    [
      'src/web/components/x.tsx',
      "import { y } from '../features/b/api';",
      'shared web code (components) imports features',
    ],
    ['src/web/lib/x.ts', "import { y } from '../shell/header';", 'shared web code (lib) imports shell'],
    [
      'src/web/components/y.tsx',
      "import { routes } from '../routes';",
      'shared web code (components) imports routes',
    ],
  ])('fails when %s breaks a boundary', (file, source, message) => {
    const result = check(tree({ [file]: source, 'src/web/features/b/api.ts': 'export const y = 1;' }));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(message);
  });
});
