import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A player's pick is a compare-and-set on the entry row's version (picks.repo.ts): a change of an entry's
// picks made anywhere else than that repository, without moving the version, would let a pick decided
// on the old picks write over it. So only these modules write the picks table, each for its reason.
const SERVER = path.resolve(import.meta.dirname, '../../..');
const WRITERS: Record<string, string> = {
  'modules/pools/picks/picks.repo.ts':
    "a player's pick and a commissioner's Edit Picks, each moving the version",
  'modules/pools/settlement/lock-week.command.ts':
    "the lock's insurance and auto-picks: the week's picks are closed",
  'demo/demo-pools.ts': "the demo's pools, built before anyone plays",
  'demo/demo-entrants.ts': "the demo's own entrants, who are no one's browser",
  'test/factories.ts': "the tests' fixtures",
};
const WRITES_PICKS =
  /\.(insert|update|delete)\(\s*picks\s*\)|\binsert\s+into\s+picks\b|\bupdate\s+picks\b|\bdelete\s+from\s+picks\b/i;

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(full);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield full;
  }
}

describe('writers of picks', () => {
  it("are only the picks repository (moving the entry's version), the lock, the demo and the fixtures", () => {
    const writers = [...sources(SERVER)]
      .filter((file) => WRITES_PICKS.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(SERVER, file).split(path.sep).join('/'))
      .sort();
    expect(writers).toEqual(Object.keys(WRITERS).sort());
  });
});
