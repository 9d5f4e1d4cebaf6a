// Starts the app: builds the web bundle and the compiled server when either is missing or older than
// its sources, then runs the compiled server (embedded PostgreSQL under ./data unless DATABASE_URL is set).
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  buildServer,
  buildWeb,
  newestMtime,
  root,
  serverBuildIsStale,
  ssrDirOf,
  startServer,
} from './processes.mjs';

// The server serves WEB_DIR (default dist/web, as in src/server/config.ts); build the bundle where it looks.
const webDir = process.env.WEB_DIR ? path.resolve(process.env.WEB_DIR) : path.join(root, 'dist/web');
const bundle = path.join(webDir, 'index.html');
// The server render's bundle beside it (decision 022): a build from before it had none.
const ssrBundle = path.join(ssrDirOf(webDir), 'entry-server.js');

const sources = Math.max(newestMtime(path.join(root, 'src/web')), newestMtime(path.join(root, 'src/core')));
if (!existsSync(bundle) || !existsSync(ssrBundle) || statSync(bundle).mtimeMs < sources) {
  console.log('Building the web app…');
  buildWeb(process.env.WEB_DIR ? webDir : undefined);
}

if (serverBuildIsStale()) {
  console.log('Compiling the server…');
  await buildServer();
}

const server = startServer({ compiled: true, stdio: 'inherit' });
// The server shuts down gracefully on SIGTERM; pass the signals on to it.
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
