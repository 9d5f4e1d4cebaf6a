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

  it('refuses results the feed would refuse, in words, and hands a game back to the feed', async () => {
    const admin = await registerUser(t.app, { username: 'admin2' });
    await grantSiteAdmin(t.ctx.db, 'admin2');
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: { cookie: admin.cookie }, payload });
    // An NBA game that starts an hour after the test's now.
    await t.ctx.db.insert(games).values({
      game: 'nba',
      gid: 'nba-later',
      season: 2024,
      seasonType: 'reg',
      home: 'BOS',
      away: 'NYK',
      startTime: new Date('2025-06-05T04:00:00Z'),
      status: 'scheduled',
      provider: 'fake',
      updatedAt: new Date('2025-06-05T03:00:00Z'),
    });
    const tied = await post('/admin/results', {
      game: 'nba',
      gid: 'nba-later',
      score_home: 100,
      score_away: 100,
      periods: 1,
    });
    expect(tied.statusCode).toBe(400);
    expect(tied.json().message).toBe(
      'This result cannot be saved: 1 periods is impossible for a final (4 to 14); an NBA game cannot end tied; ' +
        '"Final" before its scheduled start at 04:00 UTC is impossible.',
    );
    const final = must(board.find((g) => g.status === 'final' && g.gid !== 'nope'));
    const huge = await post('/admin/results', {
      game: 'mlb',
      gid: final.gid,
      score_home: 9999,
      score_away: 0,
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe(
      'This result cannot be saved: home score 9999 is impossible (an MLB score is a whole number from 0 to 99).',
    );
    expect((await stored('nba-later')).provider).toBe('fake');

    // A wrong final entered by hand, then handed back: the next poll's record replaces it, even a live one.
    const wrong = await post('/admin/results', { game: 'mlb', gid: final.gid, score_home: 0, score_away: 7 });
    expect(wrong.statusCode, wrong.body).toBe(200);
    const live: GameRecord = { ...final, status: 'in_progress', homeScore: 2, awayScore: 1 };
    const poll = () =>
      ingestOnce(
        t.ctx,
        fakeProvider(async () => ({ games: [live], facts: [] })),
        ['2025-06-04'],
      );
    await poll();
    expect(await stored(final.gid)).toMatchObject({ provider: 'manual', homeScore: 0, awayScore: 7 });
    const back = await post('/admin/results/feed', { game: 'mlb', gid: final.gid });
    expect(back.statusCode, back.body).toBe(200);
    await poll();
    expect(await stored(final.gid)).toMatchObject({
      provider: 'fake',
      status: 'in_progress',
      final: false,
      homeScore: 2,
      awayScore: 1,
    });
    const again = await post('/admin/results/feed', { game: 'mlb', gid: final.gid });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This game already follows the feed.');
    const audits = await t.ctx.db
      .select()
      .from(resultAudits)
      .where(eq(resultAudits.action, 'return_to_feed'));
    expect(audits).toHaveLength(1);
  });
});
