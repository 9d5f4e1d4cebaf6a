import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The package's directory that holds `entry` (e.g. `drizzle` or `data-seed`), found by walking up from
 * the calling module: the same answer from the TypeScript sources (src/server/...) and from the compiled
 * server (dist/server/main.js, one file), which sit at different depths.
 */
export function packagePath(moduleUrl: string, entry: string): string {
  let dir = path.dirname(fileURLToPath(moduleUrl));
  for (;;) {
    const candidate = path.join(dir, entry);
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`${entry} was not found above ${fileURLToPath(moduleUrl)}.`);
    dir = parent;
  }
}
