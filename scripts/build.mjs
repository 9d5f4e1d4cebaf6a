// `npm run build`: the web app (dist/web, with the server render's bundle in dist/web-ssr) and the
// compiled server (dist/server/main.js), so production runs `node dist/server/main.js` without tsx.
import { buildServer, buildWeb } from './processes.mjs';

buildWeb();
await buildServer();
console.log('Built dist/web, dist/web-ssr and dist/server.');
