import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BONUS_IDS } from '../../../core/bonus';
import { detectNbaGameBonuses, detectPerfectWeeks } from '../../../core/bonus/detect';
import type { NbaGameFacts, WeekTeamRecord } from '../../../core/facts';
import { must } from '../../../core/must';
import { gameFacts, games } from '../../db/schema';
import { ingestOnce } from '../../jobs/ingest';
import { createTestApp, type TestApp } from '../../test/harness';
import { timeLimit } from '../../test/time-limit';
import { parseNbaLeagueGameLog } from './nba-gamelog';
import { simulateNbaGameFacts } from './nba-simulated';
import { createReplayProvider, DATA_SEED_DIR, loadNbaReplay } from './replay-data';

const nba = loadNbaReplay();
const facts = nba.facts.map((f) => f.facts as NbaGameFacts);
const log = parseNbaLeagueGameLog(
  JSON.parse(readFileSync(path.join(DATA_SEED_DIR, 'nba/leaguegamelog_2018-19_regular_season.json'), 'utf8')),
);

describe('simulated NBA box lines of the replay', () => {
  it('gives the same game the same facts, whatever else was generated first', () => {
    const real = must(log.facts.find((f) => f.gid === '0021801228')).facts as NbaGameFacts;
    const once = simulateNbaGameFacts(real, log.totals.get(real.gid));
    const again = simulateNbaGameFacts(real, log.totals.get(real.gid));
    expect(again).toEqual(once);
    expect(facts.find((f) => f.gid === real.gid)).toEqual({ ...once, start: expect.any(String) });
    expect(once.players.length).toBeGreaterThanOrEqual(16);
  });

  it('adds up to the real scores and team totals, in the real number of periods', () => {
    const byGid = new Map(nba.games.map((g) => [g.gid, g]));
    for (const f of facts) {
      const game = must(byGid.get(f.gid));
      const totals = must(log.totals.get(f.gid));
      expect(f.periods).toBe(game.periods);
      for (const [side, score] of [
        ['home', game.homeScore],
        ['away', game.awayScore],
      ] as const) {
        const team = f[side].team_abb;
        const lines = f.players.filter((l) => l.team_abb === team);
        const sum = (k: 'points' | 'rebounds' | 'assists' | 'steals' | 'blocks') =>
          lines.reduce((n, l) => n + l[k], 0);
        expect(f[side].score).toBe(score);
        expect(sum('points')).toBe(score);
        expect([sum('rebounds'), sum('assists'), sum('steals'), sum('blocks')]).toEqual([
          must(totals[side]).rebounds,
          must(totals[side]).assists,
          must(totals[side]).steals,
          must(totals[side]).blocks,
        ]);
        expect(new Set(lines.map((l) => l.player_id)).size).toBe(lines.length);
      }
      const run = must(f.longest_runs.find((r) => r.team_abb === f.home.team_abb));
      expect(run.points).toBeLessThanOrEqual(f.home.score);
      const winner = f.home.score > f.away.score ? f.home.team_abb : f.away.team_abb;
      expect(f.deciding_shot).toMatchObject({ team_abb: winner, made: true, decided_game: true });
      expect(must(f.deciding_shot).period).toBeLessThanOrEqual(f.periods);
      if (f.periods > 4) expect(must(f.deciding_shot).period).toBe(f.periods);
    }
  });

  it('lets every NBA bonus fire over the season, the rare ones a handful of times', () => {
    const count = new Map<number, number>();
    for (const f of facts) {
      for (const e of detectNbaGameBonuses(f, 1)) count.set(e.bonus_id, (count.get(e.bonus_id) ?? 0) + 1);
    }
    const records = new Map<string, WeekTeamRecord>();
    for (const g of nba.games) {
      const won = (g.homeScore ?? 0) > (g.awayScore ?? 0);
      for (const [team, win] of [
        [g.home, won],
        [g.away, !won],
      ] as const) {
        const key = `${g.week}:${team}`;
        const r = records.get(key) ?? { week: must(g.week), team_abb: team, wins: 0, losses: 0 };
        if (win) r.wins++;
        else r.losses++;
        records.set(key, r);
      }
    }
    const perfectWeeks = nba.calendar.deadlines.flatMap((_, i) =>
      detectPerfectWeeks('nba', [...records.values()], i + 1),
    );
    const n = (id: number) => count.get(id) ?? 0;
    const within = (value: number, min: number, max: number) => {
      expect(value).toBeGreaterThanOrEqual(min);
      expect(value).toBeLessThanOrEqual(max);
    };
    // Generated: about as rare as in a real season.
    within(n(BONUS_IDS.fiftyPoints), 1, 40);
    within(n(BONUS_IDS.twentyTwenty), 1, 40);
    within(n(BONUS_IDS.tripleDouble), 20, 250);
    within(n(BONUS_IDS.twentyZeroRun), 1, 60);
    within(n(BONUS_IDS.buzzerBeater), 1, 30);
    // Real: from the scores and periods of the game log.
    expect(n(BONUS_IDS.teamPoints140)).toBeGreaterThan(0);
    expect(n(BONUS_IDS.thirtyPointWin)).toBeGreaterThan(0);
    expect(n(BONUS_IDS.doubleOvertimeWin)).toBeGreaterThan(0);
    expect(perfectWeeks.length).toBeGreaterThan(0);
  });

  it('marks the generated facts simulated, with nothing missing', () => {
    expect(facts.every((f) => f.simulated === true)).toBe(true);
    expect(nba.facts.every((r) => r.missing.length === 0 && r.source === 'nba-leaguegamelog+simulated')).toBe(
      true,
    );
  });
});

describe('storing the simulated facts as NBA games turn final', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: new Date('2023-10-20T12:00:00Z') });
  }, timeLimit(30_000));
  afterAll(async () => t.app.close());

  it('writes them through the ingest path with the simulated mark', async () => {
    const provider = createReplayProvider(nba, () => t.ctx.clock.now());
    const date = must(nba.games.find((g) => g.startTime < t.ctx.clock.now()))
      .startTime.toISOString()
      .slice(0, 10);
    await ingestOnce(t.ctx, provider, [date]);
    const stored = await t.ctx.db
      .select({ gid: games.gid, facts: gameFacts.facts, missing: gameFacts.missing })
      .from(games)
      .innerJoin(gameFacts, eq(gameFacts.gameId, games.id))
      .where(eq(games.game, 'nba'));
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) {
      const f = row.facts as NbaGameFacts;
      expect(f.simulated).toBe(true);
      expect(f.players.length).toBeGreaterThan(0);
      expect(row.missing).toEqual([]);
    }
  });
});
