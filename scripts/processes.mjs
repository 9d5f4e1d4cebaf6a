// What the start and browser-test runners share: building the web app and starting the server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

/** Where the server render's bundle of a web build goes: beside it (the server looks there too). */
export function ssrDirOf(webDir) {
  return `${webDir}-ssr`;
}

/**
 * Builds the web bundle into dist/web (or outDir), and the server render's bundle beside it
 * (dist/web-ssr); exits the process when a build fails. With `manifest`, Vite's manifest too (what
 * scripts/bundle-size.mjs measures).
 */
export function buildWeb(outDir, { manifest = false } = {}) {
  const webDir = outDir ? path.resolve(outDir) : path.join(root, 'dist/web');
  const vite = (args) => {
    const build = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', ...args],
      { cwd: root, stdio: 'inherit' },
    );
    if (build.status !== 0) process.exit(build.status ?? 1);
  };
  vite(['--outDir', webDir, '--emptyOutDir', ...(manifest ? ['--manifest'] : [])]);
  vite(['--ssr', 'entry-server.tsx', '--outDir', ssrDirOf(webDir), '--emptyOutDir']);
  // ES modules wherever the build went, whatever package.json (if any) is above it.
  writeFileSync(path.join(ssrDirOf(webDir), 'package.json'), '{ "type": "module" }\n');
}

/**
 * V8's young generation, in MB per half: settling a big pool's week makes a few million short-lived
 * objects at once, and the default (16) collects them too often (figures: bench/NOTES.md, decision 009).
 * bench:settle-pool runs with the same flag.
 */
export const SEMI_SPACE_FLAG = '--max-semi-space-size=64';

/** The compiled server: one ES module of src/server and src/core, the npm packages imported as they are. */
export const SERVER_ENTRY = path.join(root, 'dist/server/main.js');

/**
 * Compiles the server (src/server/main.ts and everything it imports of src/) into dist/server/main.js
 * with esbuild, so production runs plain JavaScript; the packages stay in node_modules. Migrations
 * (drizzle/) and the replayed seasons (data-seed/) are read from the package at run time.
 */
export async function buildServer() {
  const { build } = await import('esbuild');
  await build({
    // The commit in ala_build_info: ALA_COMMIT when the build says it, else the checkout's (none outside git).
    define: { __ALA_COMMIT__: JSON.stringify(buildCommit()) },
    entryPoints: [path.join(root, 'src/server/main.ts')],
    outfile: SERVER_ENTRY,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

/** The commit being built: ALA_COMMIT, else git's HEAD (with `-dirty` when files changed), else ''. */
function buildCommit() {
  if (process.env.ALA_COMMIT) return process.env.ALA_COMMIT;
  const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  const head = git('rev-parse', '--short=12', 'HEAD');
  if (head.status !== 0) return '';
  const dirty = git('status', '--porcelain', '--untracked-files=no').stdout.trim() !== '';
  return `${head.stdout.trim()}${dirty ? '-dirty' : ''}`;
}

/** True when dist/server/main.js is missing or older than a server, core or package.json source. */
export function serverBuildIsStale() {
  if (!existsSync(SERVER_ENTRY)) return true;
  const sources = Math.max(
    newestMtime(path.join(root, 'src/server')),
    newestMtime(path.join(root, 'src/core')),
    statSync(path.join(root, 'package.json')).mtimeMs,
  );
  return statSync(SERVER_ENTRY).mtimeMs < sources;
}

/** The newest modification time of the files under dir. */
export function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * Starts the server as a child process: the compiled one (`compiled: true`, see buildServer), or the
 * TypeScript sources through tsx (development and the browser tests).
 */
export function startServer({ compiled = false, ...options } = {}) {
  const entry = compiled
    ? ['--enable-source-maps', SERVER_ENTRY]
    : ['--import', 'tsx', path.join(root, 'src/server/main.ts')];
  return spawn(process.execPath, [SEMI_SPACE_FLAG, ...entry], {
    cwd: root,
    ...options,
  });
}
