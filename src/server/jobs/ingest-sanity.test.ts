import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { must } from '../../core/must';
import { feedFetches, games } from '../db/schema';
import { grantSiteAdmin } from '../modules/admin/site-admins.service';
import type { GameRecord, ProviderBatch, SportsProvider } from '../sports/model';
import { parseEspnScoreboard } from '../sports/providers/espn';
import { loadFixture } from '../sports/providers/fixtures';
import { registerUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { ingestOnce, ingestSeasonOnce } from './ingest';

// The recorded ESPN MLB board of 2025-06-04 (8 finals, 6 live, 1 postponed), copied with bad values
// written inline: the fixture stays as it was recorded.
type Board = {
  events: Array<{
    id: string;
    date: string;
    status: { type: Record<string, unknown> };
    competitions: Array<{
      competitors: Array<{ homeAway: string; score: string; team: { abbreviation: string } }>;
    }>;
  }>;
};
const recorded = () => structuredClone(loadFixture('scoreboard_20250604_mixed_status.json')) as Board;
const side = (board: Board, gid: string, homeAway: 'home' | 'away') =>
  must(
    must(board.events.find((e) => e.id === gid)).competitions[0].competitors.find(
      (c) => c.homeAway === homeAway,
    ),
  );

function provider(name: string, fetchDay: () => Promise<ProviderBatch>): SportsProvider {
  return { name, game: 'mlb', fetchDay, fetchGame: async () => ({ games: [], facts: [] }) };
}
const espnBoard = (name: string, board: () => Board) =>
  provider(name, async () => ({ games: parseEspnScoreboard('mlb', board()), facts: [] }));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: new Date('2025-06-05T03:00:00Z') });
});
afterAll(async () => t.app.close());

const stored = async (gid: string) => (await t.ctx.db.select().from(games).where(eq(games.gid, gid)))[0];

describe('a feed sending impossible games', () => {
  it('stores the good games of a poll and rejects each bad one alone, in words', async () => {
    const board = recorded();
    side(board, '401695820', 'home').score = '-5'; // NYY 0 - 4 CLE, final
    side(board, '401695817', 'away').score = '99999999999'; // BOS 11 - 9 LAA, final
    side(board, '401695819', 'home').team.abbreviation = 'CHC'; // WSH vs CHC, final
    const result = await ingestOnce(
      t.ctx,
      espnBoard('espn-bad', () => board),
      ['2025-06-04'],
    );
    expect(result).toMatchObject({ ok: true, wrote: true, gamesSeen: 15, gamesChanged: 12, error: null });
    expect(result.rejected).toEqual([
      expect.stringMatching(/^BOS vs LAA on 2025-06-04 rejected: away score 99999999999 is impossible/),
      expect.stringMatching(
        /^CHC vs CHC on 2025-06-04 rejected: CHC cannot play itself \(feed game 401695819\)$/,
      ),
      expect.stringMatching(/^NYY vs CLE on 2025-06-04 rejected: home score -5 is impossible/),
    ]);
    for (const gid of ['401695820', '401695817', '401695819']) expect(await stored(gid)).toBeUndefined();
    expect(await stored('401695821')).toMatchObject({ final: true, homeScore: 2, awayScore: 3 });
    expect(await stored('401695818')).toMatchObject({ status: 'in_progress', final: false });
    const [logged] = await t.ctx.db.select().from(feedFetches).where(eq(feedFetches.provider, 'espn-bad'));
    expect(logged).toMatchObject({ ok: true, gamesSeen: 15, gamesChanged: 12 });
    expect(logged.error?.split('\n')).toEqual(result.rejected);
  });

  it('rejects a final sent before its scheduled start, and takes it once the game has been played', async () => {
    const board = recorded();
    const early = new Date('2025-06-04T22:45:00Z'); // 20 minutes before NYY vs CLE starts
    t.clock.set(early);
    const feed = espnBoard('espn-early', () => board);
    const before = await ingestOnce(t.ctx, feed, ['2025-06-04']);
    expect(before.rejected).toContainEqual(
      expect.stringMatching(
        /^NYY vs CLE on 2025-06-04 rejected: "Final" before its scheduled start at 23:05 UTC/,
      ),
    );
    expect(await stored('401695820')).toBeUndefined();
    expect(await stored('401695821')).toMatchObject({ final: true });
    t.clock.set(new Date('2025-06-05T03:00:00Z'));
    const after = await ingestOnce(t.ctx, feed, ['2025-06-04']);
    expect(after.rejected).toEqual([]);
    expect(await stored('401695820')).toMatchObject({ final: true, homeScore: 0, awayScore: 4 });
  });

  it('takes a sane correction of a final score and refuses an impossible one, keeping the stored result', async () => {
    const board = recorded();
    const feed = espnBoard('espn-correct', () => board);
    side(board, '401695820', 'home').score = '1';
    expect((await ingestOnce(t.ctx, feed, ['2025-06-04'])).rejected).toEqual([]);
    expect(await stored('401695820')).toMatchObject({ final: true, homeScore: 1, awayScore: 4 });
    side(board, '401695820', 'home').score = '-1';
    const bad = await ingestOnce(t.ctx, feed, ['2025-06-04']);
    expect(bad.ok).toBe(true);
    expect(bad.rejected).toHaveLength(1);
    expect(await stored('401695820')).toMatchObject({ final: true, homeScore: 1, awayScore: 4 });
  });

  it('leaves out the facts of a rejected game', async () => {
    const board = recorded();
    side(board, '401695822', 'home').score = '-3';
    const asked: string[] = [];
    const feed: SportsProvider = {
      ...espnBoard('espn-facts', () => board),
      fetchGame: async (gid) => {
        asked.push(gid);
        return { games: [], facts: [] };
      },
    };
    await ingestOnce(t.ctx, feed, ['2025-06-04']);
    expect(asked).not.toContain('401695822');
  });

  it('rejects a game whose detail sends an impossible score, and stores the rest', async () => {
    const board = recorded();
    const feed: SportsProvider = {
      ...espnBoard('espn-detail', () => board),
      fetchGame: async (gid) => {
        const game = must(parseEspnScoreboard('mlb', board).find((g) => g.gid === gid));
        const runs = gid === '401695825' ? 99999999999 : (game.homeScore ?? 0);
        const line = (team: string, n: number) => ({ team_abb: team, runs: n, hits: 0, baserunners: 0 });
        return {
          games: [],
          facts: [
            {
              game: 'mlb',
              gid,
              source: 'fake',
              missing: [],
              facts: {
                gid,
                start: game.startTime.toISOString(),
                status: game.status,
                home: line(game.home, runs),
                away: line(game.away, game.awayScore ?? 0),
                innings: 9,
                plays: [],
                batters: [],
              },
            },
          ],
        };
      },
    };
    t.clock.set(new Date('2025-06-05T03:00:00Z'));
    await t.ctx.db.delete(games);
    const result = await ingestOnce(t.ctx, feed, ['2025-06-04']);
    expect(result).toMatchObject({ ok: true, wrote: true, gamesChanged: 14 });
    expect(result.rejected).toEqual([
      expect.stringMatching(
        /^TB vs TEX on 2025-06-04 rejected: its detail's home score 99999999999 is impossible/,
      ),
    ]);
    expect(await stored('401695825')).toBeUndefined();
    expect(await stored('401695821')).toMatchObject({ final: true });
  });

  it('rejects bad games of a season schedule alone and writes the rest', async () => {
    const good = parseEspnScoreboard('mlb', recorded());
    const schedule: GameRecord[] = good.map((g) => ({ ...g, season: 2025, seasonType: 'reg' }));
    schedule[0] = { ...schedule[0], away: schedule[0].home };
    const feed: SportsProvider = { ...espnBoard('espn-season', recorded), fetchSeason: async () => schedule };
    const result = await ingestSeasonOnce(t.ctx, feed, 2025);
    expect(result).toMatchObject({ ok: true, gamesSeen: 14, calendarWritten: true });
    expect(result.rejected).toEqual([expect.stringMatching(/cannot play itself/)]);
  });

  it('shows the rejected games of the last poll on the feeds page data', async () => {
    const admin = await registerUser(t.app, { username: 'rejectadmin' });
    await grantSiteAdmin(t.ctx.db, 'rejectadmin');
    const health = async () =>
      (await t.app.inject({ url: '/admin/feeds', headers: { cookie: admin.cookie } })).json() as Array<{
        provider: string;
        rejected_games: string[];
        consecutive_failures: number;
        last_error: string | null;
      }>;
    const bad = must((await health()).find((r) => r.provider === 'espn-bad'));
    expect(bad).toMatchObject({ consecutive_failures: 0, last_error: null });
    expect(bad.rejected_games).toContainEqual(
      expect.stringMatching(/^NYY vs CLE on 2025-06-04 rejected: home score -5/),
    );
    expect(must((await health()).find((r) => r.provider === 'espn-early')).rejected_games).toEqual([]);
  });

  it('never fails a poll for any score, period or team the feed sends (fuzz)', async () => {
    const good = parseEspnScoreboard('mlb', recorded());
    const feed = (games: GameRecord[]) => provider('espn-fuzz', async () => ({ games, facts: [] }));
    const value = fc.oneof(
      fc.integer({ min: -5, max: 120 }),
      fc.constantFrom(99999999999, -99999999999, 2 ** 31, 0.5, Number.NaN),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: good.length - 1 }),
        value,
        value,
        fc.oneof(fc.constant(null), value),
        fc.constantFrom('NYY', 'BOS', 'LAL', 'XXX', ''),
        async (index, homeScore, awayScore, periods, away) => {
          const games = good.map((g, i) => (i === index ? { ...g, homeScore, awayScore, periods, away } : g));
          const result = await ingestOnce(t.ctx, feed(games), ['2025-06-04']);
          expect(result).toMatchObject({ ok: true, wrote: true, error: null });
          expect(result.games.length + result.rejected.length).toBe(good.length);
          const row = await stored(good[index].gid);
          if (result.rejected.length === 0) expect(row).toMatchObject({ homeScore, awayScore });
        },
      ),
      { numRuns: 25 },
    );
  });
});
