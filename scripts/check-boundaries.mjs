// Fails when an import crosses a boundary: core imports nothing of server or web (and no
// runtime I/O modules); web never imports server; web features do not import each other; the web's
// shared code (components/, lib/) imports no feature, page or the app shell (shell/ and routes/ compose
// features, never the other way round).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const rootArg = process.argv.indexOf('--root');
const root = rootArg > 0 ? path.resolve(process.argv[rootArg + 1]) : path.resolve(import.meta.dirname, '..');
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const CORE_ALLOWED_PACKAGES = ['zod', 'dayjs'];
const CORE_IO_EXCEPTIONS = ['src/core/simulate/cli.ts'];

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (/\.(ts|tsx)$/.test(entry.name)) yield full;
  }
}

const problems = [];
for (const area of ['src/core', 'src/web']) {
  for (const file of files(path.join(root, area))) {
    const rel = path.relative(root, file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(IMPORT)) {
      const spec = match[1] ?? match[2];
      const target = spec.startsWith('.')
        ? path.relative(root, path.resolve(path.dirname(file), spec))
        : null;
      const isTest = /\.test\.tsx?$/.test(rel);
      if (area === 'src/core') {
        // Tests may use test tools and shared test helpers, but never server or web code either.
        if (target && !target.startsWith('src/core') && (!isTest || /^src\/(server|web)/.test(target))) {
          problems.push(`${rel}: core imports ${spec}`);
        }
        if (!target && !isTest && !CORE_IO_EXCEPTIONS.includes(rel)) {
          const pkg = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
          if (!CORE_ALLOWED_PACKAGES.includes(pkg)) problems.push(`${rel}: core imports package ${spec}`);
        }
      } else {
        if (target?.startsWith('src/server')) problems.push(`${rel}: web imports server code ${spec}`);
        const own = rel.match(/^src\/web\/features\/([^/]+)\//)?.[1];
        const other = target?.match(/^src\/web\/features\/([^/]+)/)?.[1];
        if (own && other && own !== other) problems.push(`${rel}: feature ${own} imports feature ${other}`);
        const shared = rel.match(/^src\/web\/(components|lib)\//)?.[1];
        const composed = target?.match(/^src\/web\/(features|shell|routes)(\/|\.tsx?$|$)/)?.[1];
        if (shared && composed)
          problems.push(`${rel}: shared web code (${shared}) imports ${composed} code ${spec}`);
      }
    }
  }
}

if (problems.length > 0) {
  console.error(`Import boundaries broken:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('Import boundaries hold.');
