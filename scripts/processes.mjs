// What the start and browser-test runners share: building the web app and starting the server.
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
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
 * objects at once, and with the default (16) collecting them took 0.3 to 0.5 s more of a 1,000,000-entry
 * week (docs/decisions/009). bench:settle-pool runs with the same flag.
 */
export const SEMI_SPACE_FLAG = '--max-semi-space-size=64';

/** Starts the server (TypeScript through tsx) as a child process. */
export function startServer(options = {}) {
  return spawn(
    process.execPath,
    [SEMI_SPACE_FLAG, '--import', 'tsx', path.join(root, 'src/server/main.ts')],
    {
      cwd: root,
      ...options,
    },
  );
}
