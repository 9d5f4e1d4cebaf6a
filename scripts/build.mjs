// `npm run build`: the web app (dist/web, with the server render's bundle in dist/web-ssr) and the
// compiled server (dist/server/main.js), so production runs `node dist/server/main.js` without tsx.
// `--web DIR`: only the web app, into DIR, with Vite's manifest (the build `npm test` measures and runs).
import { buildServer, buildWeb } from './processes.mjs';

const webOnly = process.argv.indexOf('--web');
if (webOnly >= 0) {
  buildWeb(process.argv[webOnly + 1], { manifest: true });
} else {
  buildWeb();
  await buildServer();
  console.log('Built dist/web, dist/web-ssr and dist/server.');
}
