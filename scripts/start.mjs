// Starts the app: builds the web bundle when it is missing or older than its sources, then
// runs the server (embedded PostgreSQL under ./data unless DATABASE_URL is set).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildWeb, root, ssrDirOf, startServer } from './processes.mjs';

// The server serves WEB_DIR (default dist/web, as in src/server/config.ts); build the bundle where it looks.
const webDir = process.env.WEB_DIR ? path.resolve(process.env.WEB_DIR) : path.join(root, 'dist/web');
const bundle = path.join(webDir, 'index.html');
// The server render's bundle beside it (decision 022): a build from before it had none.
const ssrBundle = path.join(ssrDirOf(webDir), 'entry-server.js');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = Math.max(newestMtime(path.join(root, 'src/web')), newestMtime(path.join(root, 'src/core')));
if (!existsSync(bundle) || !existsSync(ssrBundle) || statSync(bundle).mtimeMs < sources) {
  console.log('Building the web app…');
  buildWeb(process.env.WEB_DIR ? webDir : undefined);
}

const server = startServer({ stdio: 'inherit' });
// The server shuts down gracefully on SIGTERM; pass the signals on to it.
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
