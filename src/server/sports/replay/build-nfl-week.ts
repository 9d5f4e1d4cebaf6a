// Derives data-seed/nfl/2023_wk02_player_lines.json from NFL Shield game-detail files (one per
// game, named {season}_{week}_{away}_{home}.json) so the repository need not carry 8.5 MB of raw
// payloads. Usage: tsx src/server/sports/replay/build-nfl-week.ts <shield dir> <out file>
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseNflShieldGame } from '../providers/nfl-shield';

const [dir, out] = process.argv.slice(2);
if (!dir || !out) {
  console.error('usage: build-nfl-week.ts <shield dir> <out file>');
  process.exit(1);
}
const games = readdirSync(dir)
  .filter((name) => /^\d{4}_\d{2}_[A-Z]+_[A-Z]+\.json$/.test(name))
  .sort()
  .map((name) => {
    const [, , away, home] = name.replace('.json', '').split('_');
    const { facts } = parseNflShieldGame(JSON.parse(readFileSync(path.join(dir, name), 'utf8')), {
      away,
      home,
    });
    return { source: name, ...facts };
  });
writeFileSync(out, `${JSON.stringify(games)}\n`);
console.log(
  `${games.length} games, ${games.reduce((n, g) => n + g.players.length, 0)} player lines -> ${out}`,
);
