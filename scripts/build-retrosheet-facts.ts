/**
 * Builds data-seed/retrosheet/events2023-facts.jsonl from the Retrosheet 2023 event files: per game,
 * every home run and hit batter and the batters with hits of 3+ kinds (what the MLB bonuses need),
 * and checks hits, home runs and hit batters per side against the bundled game log.
 *
 * Usage: npx tsx scripts/build-retrosheet-facts.ts <directory of 2023*.EVA/EVN files>
 * (the event files are at retrosheet.org, "Play-by-play event files"; they are not bundled).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DATA_SEED_DIR } from '../src/server/sports/replay/replay-data';
import type { GameLogMlbFacts } from '../src/server/sports/replay/retrosheet';
import { parseRetrosheetGameLog } from '../src/server/sports/replay/retrosheet';
import {
  parseRetrosheetEvents,
  type RetrosheetEventGame,
  toBundledEventFacts,
} from '../src/server/sports/replay/retrosheet-events';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: tsx scripts/build-retrosheet-facts.ts <event files directory>');
  process.exit(2);
}
const started = Date.now();
const files = readdirSync(dir)
  .filter((f) => /\.EV[AN]$/i.test(f))
  .sort();
const games: RetrosheetEventGame[] = files.flatMap((f) =>
  parseRetrosheetEvents(readFileSync(path.join(dir, f), 'latin1')),
);
games.sort((a, b) => a.gid.localeCompare(b.gid));

const log = parseRetrosheetGameLog(readFileSync(path.join(DATA_SEED_DIR, 'retrosheet/gl2023.txt'), 'utf8'));
const logFacts = new Map(log.facts.map((f) => [f.gid, f.facts as GameLogMlbFacts]));
const problems: string[] = [];
for (const g of games) {
  const l = logFacts.get(g.gid);
  if (!l) {
    problems.push(`${g.gid}: not in the game log`);
    continue;
  }
  for (const side of ['away', 'home'] as const) {
    const team = side === 'home' ? g.home : g.away;
    const count = (event: string) =>
      g.plays.filter((p) => p.event === event && p.batter_team_abb === team).length;
    const want = { hits: l[side].hits, hr: l.team_counts[side].hr, hbp: l.team_counts[side].hbp };
    const got = { hits: g.hits[side], hr: count('home_run'), hbp: count('hit_by_pitch') };
    if (JSON.stringify(want) !== JSON.stringify(got)) {
      problems.push(`${g.gid} ${side}: game log ${JSON.stringify(want)}, events ${JSON.stringify(got)}`);
    }
  }
}
if (games.length !== log.games.length)
  problems.push(`${games.length} games, the game log has ${log.games.length}`);

const out = path.join(DATA_SEED_DIR, 'retrosheet/events2023-facts.jsonl');
const text = `${games.map((g) => JSON.stringify(toBundledEventFacts(g))).join('\n')}\n`;
writeFileSync(out, text);
const plays = games.flatMap((g) => g.plays);
const cycles = games.flatMap((g) =>
  g.batters
    .filter((b) => b.singles && b.doubles && b.triples && b.home_runs)
    .map((b) => `${g.gid} ${b.batter}`),
);
console.log(
  JSON.stringify(
    {
      files: files.length,
      games: games.length,
      homeRuns: plays.filter((p) => p.event === 'home_run').length,
      grandSlams: plays.filter((p) => p.event === 'home_run' && p.runners_on_base === 3).length,
      hitByPitch: plays.filter((p) => p.event === 'hit_by_pitch').length,
      cycles,
      bytes: Buffer.byteLength(text),
      mismatches: problems.length,
      ms: Date.now() - started,
    },
    null,
    2,
  ),
);
for (const p of problems.slice(0, 20)) console.log(p);
process.exit(problems.length > 0 ? 1 : 0);
