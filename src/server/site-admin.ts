// `npm run site-admin -- grant <username> | revoke <username> | list`: site admins are granted to
// existing accounts here, on the database the server is configured with (DATABASE_URL or DATA_DIR).
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { runSiteAdminCommand } from './modules/admin/site-admins.service';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const { code, lines } = await runSiteAdminCommand(database.db, process.argv.slice(2));
  for (const line of lines) (code === 0 ? console.log : console.error)(line);
  process.exitCode = code;
} finally {
  await database.close();
}
