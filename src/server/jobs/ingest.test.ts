import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { must } from '../../core/must';
import { feedFetches, games, resultAudits } from '../db/schema';
import { grantSiteAdmin } from '../modules/admin/site-admins.service';
import type { GameRecord, ProviderBatch, SportsProvider } from '../sports/model';
import { parseEspnScoreboard } from '../sports/providers/espn';
import { loadFixture } from '../sports/providers/fixtures';
import { registerUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { ingestOnce, nextPollDelayMs } from './ingest';

function fakeProvider(fetchDay: () => Promise<ProviderBatch>): SportsProvider {
  return { name: 'fake', game: 'mlb', fetchDay, fetchGame: async () => ({ games: [], facts: [] }) };
}

let t: TestApp;
const board = parseEspnScoreboard('mlb', loadFixture('scoreboard_20250604_mixed_status.json'));

// The board was recorded after its last game started (02:10 UTC the next day); its finals are
// impossible before their starts.
beforeAll(async () => {
  t = await createTestApp({ now: new Date('2025-06-05T03:00:00Z') });
});
afterAll(async () => t.app.close());

const stored = async (gid: string) => (await t.ctx.db.select().from(games).where(eq(games.gid, gid)))[0];

describe('ingest job', () => {
  it('upserts idempotently and never marks a live game final', async () => {
    const provider = fakeProvider(async () => ({ games: board, facts: [] }));
    const first = await ingestOnce(t.ctx, provider, ['2025-06-04']);
    expect(first).toMatchObject({ ok: true, gamesSeen: 15, gamesChanged: 15, wrote: true });
    const again = await ingestOnce(t.ctx, provider, ['2025-06-04']);
    expect(again.gamesChanged).toBe(0);
    const live = must(board.find((g) => g.status === 'in_progress'));
    expect(await stored(live.gid)).toMatchObject({ status: 'in_progress', final: false });
    const ppd = must(board.find((g) => g.status === 'postponed'));
    expect(await stored(ppd.gid)).toMatchObject({ postponed: true, final: false, homeScore: null });
  });

  it('keeps stored results when the feed fails, and logs the failure', async () => {
    const final = must(board.find((g) => g.status === 'final'));
    const before = await stored(final.gid);
    const failing = fakeProvider(async () => {
      throw new Error('GET https://example.test answered 503 (after 3 attempts)');
    });
    const result = await ingestOnce(t.ctx, failing, ['2025-06-04']);
    expect(result).toMatchObject({ ok: false, wrote: false });
    expect(await stored(final.gid)).toEqual(before);
    const logged = await t.ctx.db.select().from(feedFetches).where(eq(feedFetches.ok, false));
    expect(logged[0].error).toMatch(/503/);
  });

  it('never un-finals a result when a feed goes backwards', async () => {
    const final = must(board.find((g) => g.status === 'final'));
    const backwards: GameRecord = { ...final, status: 'in_progress', homeScore: 0, awayScore: 0 };
    await ingestOnce(
      t.ctx,
      fakeProvider(async () => ({ games: [backwards], facts: [] })),
      ['2025-06-04'],
    );
    expect(await stored(final.gid)).toMatchObject({ final: true, homeScore: final.homeScore });
  });

  it('asks for the detail of live games and of finals without facts, once', async () => {
    const asked: string[] = [];
    const provider: SportsProvider = {
      name: 'fake-detail',
      game: 'mlb',
      fetchDay: async () => ({ games: board, facts: [] }),
      fetchGame: async (gid) => {
        asked.push(gid);
        const game = must(board.find((g) => g.gid === gid));
        const side = { runs: 0, hits: 0, baserunners: 0 };
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
                home: { team_abb: game.home, ...side },
                away: { team_abb: game.away, ...side },
                innings: 9,
                plays: [],
                batters: [],
              },
            },
          ],
        };
      },
    };
    const first = await ingestOnce(t.ctx, provider, ['2025-06-04']);
    // 8 finals and 6 live games; the postponed one has no detail to give.
    expect(first.detailsFetched).toBe(14);
    asked.length = 0;
    const second = await ingestOnce(t.ctx, provider, ['2025-06-04']);
    expect(second.detailsFetched).toBe(6);
    expect(asked.every((gid) => board.find((g) => g.gid === gid)?.status === 'in_progress')).toBe(true);
  });

  it('polls often while games are live', () => {
    const now = new Date('2025-06-04T23:00:00Z');
    expect(nextPollDelayMs(board, now)).toBe(30_000);
    expect(nextPollDelayMs([], now)).toBe(15 * 60_000);
  });
});

describe('site-admin sports tools', () => {
  it('shows feed health and audits a corrected result', async () => {
    const admin = await registerUser(t.app, { username: 'admin' });
    await grantSiteAdmin(t.ctx.db, 'admin');
    const user = await registerUser(t.app, { username: 'someone', email: 'someone@example.com' });
    const health = await t.app.inject({ url: '/admin/feeds', headers: { cookie: admin.cookie } });
    expect(health.statusCode).toBe(200);
    expect(health.json()[0]).toMatchObject({ provider: 'fake', game: 'mlb', failures_24h: 1 });
    expect((await t.app.inject({ url: '/admin/feeds', headers: { cookie: user.cookie } })).statusCode).toBe(
      403,
    );

    const final = must(board.find((g) => g.status === 'final'));
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/admin/results', headers: { cookie: admin.cookie }, payload });
    const corrected = await post({ game: 'mlb', gid: final.gid, score_home: 12, score_away: 1 });
    expect(corrected.statusCode).toBe(200);
    expect(await stored(final.gid)).toMatchObject({
      homeScore: 12,
      awayScore: 1,
      final: true,
      provider: 'manual',
    });
    const [audit] = await t.ctx.db.select().from(resultAudits);
    expect(audit).toMatchObject({ action: 'correct_result', userId: admin.id });
    expect(audit.oldValue).toMatchObject({ score_home: final.homeScore });
    // A feed no longer overwrites a hand-entered result.
    await ingestOnce(
      t.ctx,
      fakeProvider(async () => ({ games: [final], facts: [] })),
      ['2025-06-04'],
    );
    expect((await stored(final.gid)).homeScore).toBe(12);

    const bad = await post({ game: 'mlb', gid: final.gid, score_home: -1, score_away: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/negative/);
    expect((await post({ game: 'mlb', gid: 'nope', score_home: 1, score_away: 0 })).statusCode).toBe(404);
  });
});
