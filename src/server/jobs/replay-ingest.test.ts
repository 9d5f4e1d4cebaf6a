import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../context';
import { gameFacts, games, nflPlayerWeekStats } from '../db/schema';
import type { SportsProvider } from '../sports/model';
import { createReplayProvider, loadReplaySeasons } from '../sports/replay/replay-data';
import { createTestApp, type TestApp } from '../test/harness';
import { timeLimit } from '../test/time-limit';
import { ingestOnce, startIngestJob } from './ingest';
import { latestReplayInstant, replayPollDelayMs, startReplayIngest } from './replay-ingest';

let t: TestApp;
const T0 = new Date('2023-09-20T16:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ now: T0 });
}, timeLimit(30_000));
afterAll(async () => t.app.close());

const mlbOn = async (date: string) =>
  t.ctx.db
    .select({ gid: games.gid, final: games.final, missing: gameFacts.missing })
    .from(games)
    .leftJoin(gameFacts, eq(gameFacts.gameId, games.id))
    .where(and(eq(games.game, 'mlb'), sql`(${games.startTime} at time zone 'UTC')::date = ${date}::date`));

const follower = (ctx: AppContext): AppContext => ({
  ...ctx,
  database: { ...ctx.database, tryAcquireLeadership: async () => false },
});

describe('the replay ingest job', () => {
  it('writes nothing when another instance leads', async () => {
    const stop = await startReplayIngest(follower(t.ctx), { info: () => {}, warn: () => {} });
    await stop();
    expect(await t.ctx.db.select().from(games)).toHaveLength(0);
    expect(await latestReplayInstant(t.ctx.db)).toBeNull();
  });

  it('finalizes the games started before now with their facts, and catches up after a restart', async () => {
    const log = { info: () => {}, warn: () => {} };
    let stop = await startReplayIngest(t.ctx, log);
    await stop();
    const before = await mlbOn('2023-09-19');
    expect(before.length).toBeGreaterThan(10);
    expect(before.every((g) => g.final && g.missing?.length === 0)).toBe(true);
    expect((await mlbOn('2023-09-21')).every((g) => !g.final)).toBe(true);
    // NFL week 2 has locked at the clock's now: its recorded lines are there.
    expect((await t.ctx.db.select().from(nflPlayerWeekStats)).some((s) => s.week === 2)).toBe(true);
    expect(await latestReplayInstant(t.ctx.db)).toEqual(T0);

    // The server was down for two replayed days; the next start catches up on them.
    t.clock.set(new Date('2023-09-22T16:00:00Z'));
    stop = await startReplayIngest(t.ctx, log);
    await stop();
    const after = await mlbOn('2023-09-21');
    expect(after.length).toBe(9);
    expect(after.every((g) => g.final && g.missing?.length === 0)).toBe(true);
  });

  it('polls every 15 replayed minutes, within 1 s and 5 min of real time', () => {
    expect(replayPollDelayMs(1)).toBe(5 * 60_000);
    expect(replayPollDelayMs(60)).toBe(15_000);
    expect(replayPollDelayMs(100_000)).toBe(1_000);
  });
});

describe('startIngestJob', () => {
  it('polls only while this instance leads', async () => {
    let fetched = 0;
    const provider: SportsProvider = {
      name: 'counting',
      game: 'mlb',
      fetchDay: async () => {
        fetched++;
        return { games: [], facts: [] };
      },
      fetchGame: async () => ({ games: [], facts: [] }),
    };
    // The follower's first pass has asked for the lead (and been told no) once it is asked.
    let asked = 0;
    const stopFollower = startIngestJob(
      {
        ...t.ctx,
        database: {
          ...t.ctx.database,
          tryAcquireLeadership: async () => {
            asked++;
            return false;
          },
        },
      },
      provider,
    );
    await vi.waitFor(() => expect(asked).toBeGreaterThan(0), { timeout: timeLimit(5_000) });
    await stopFollower();
    expect(fetched).toBe(0);
    const stopLeader = startIngestJob(t.ctx, provider);
    await vi.waitFor(() => expect(fetched).toBeGreaterThan(0), { timeout: timeLimit(5_000) });
    await stopLeader();
    expect(fetched).toBeGreaterThan(0);
  });
});

describe('a replayed MLB game while live', () => {
  it('stores the score through the innings played, and final only with the final status', async () => {
    const mlb = loadReplaySeasons().mlb;
    const provider = createReplayProvider(mlb, () => t.ctx.clock.now());
    // LAA at OAK, 2023-04-01 17:10Z: 13-1 (line scores 00(11)001100 and 000010000).
    const stored = async () => {
      const [row] = await t.ctx.db
        .select({
          status: games.status,
          final: games.final,
          away: games.awayScore,
          home: games.homeScore,
          periods: games.periods,
          facts: gameFacts.gameId,
        })
        .from(games)
        .leftJoin(gameFacts, eq(gameFacts.gameId, games.id))
        .where(and(eq(games.game, 'mlb'), eq(games.gid, 'OAK202304010')));
      return row;
    };
    const pollAt = async (iso: string) => {
      t.clock.set(new Date(iso));
      return ingestOnce(t.ctx, provider, ['2023-04-01']);
    };
    await pollAt('2023-04-01T18:00:00Z'); // 50 minutes in: top of the 3rd done
    expect(await stored()).toEqual({
      status: 'in_progress',
      final: false,
      away: 11,
      home: 0,
      periods: 3,
      facts: null,
    });
    expect((await pollAt('2023-04-01T18:00:00Z')).gamesChanged).toBe(0); // idempotent
    await pollAt('2023-04-01T20:09:00Z'); // a minute before the end: the whole line, still live
    expect(await stored()).toMatchObject({ status: 'in_progress', final: false, away: 13, home: 1 });
    await pollAt('2023-04-01T20:10:00Z');
    const final = await stored();
    expect(final).toMatchObject({ status: 'final', final: true, away: 13, home: 1, periods: 9 });
    expect(final.facts).not.toBeNull();
  });
});
