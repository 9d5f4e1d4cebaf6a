// Ingests the full MLB 2023 season (2,430 games with facts) into PostgreSQL (DATABASE_URL, default
// postgres://root@127.0.0.1:5432/test) or PGlite (BENCH_DB=pglite), twice: the second pass shows
// the idempotent re-ingest. Usage: npm run bench:ingest
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { loadMlbReplay } from '../src/server/sports/replay/replay-data';
import { upsertGameFacts, upsertGames } from '../src/server/sports/sports.repo';

const usePglite = process.env.BENCH_DB === 'pglite';
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';

const t0 = performance.now();
const season = loadMlbReplay();
const parseMs = performance.now() - t0;
const database = await openDatabase(usePglite ? { dataDir: 'memory' } : { databaseUrl });
const { db } = database;
await db.execute(sql`delete from games where game = 'mlb' and season = 2023`);

for (const pass of ['first ingest', 're-ingest (no changes)']) {
  const start = performance.now();
  await db.transaction(async (tx) => {
    const { ids } = await upsertGames(tx, season.games, 'bench', new Date());
    await upsertGameFacts(tx, season.facts, ids, new Date());
  });
  const seconds = (performance.now() - start) / 1000;
  console.log(
    `${database.driver} ${pass}: ${season.games.length} games + facts in ${seconds.toFixed(2)} s = ${Math.round(
      season.games.length / seconds,
    )} games/s`,
  );
}
const counted = await db.execute(
  sql`select count(*)::int as n from game_facts f join games g on g.id = f.game_id where g.season = 2023 and g.game = 'mlb'`,
);
console.log(`parse ${parseMs.toFixed(0)} ms; facts stored:`, ('rows' in counted ? counted.rows : counted)[0]);
await database.close();
