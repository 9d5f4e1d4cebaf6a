import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games, seasonParams } from '../db/schema';
import { createTestApp, type TestApp } from '../test/harness';
import { timeLimit } from '../test/time-limit';
import type { GameRecord } from './model';
import { rebuildSeasonCalendar } from './season-calendar.service';
import { upsertGames } from './sports.repo';

let t: TestApp;
const NOW = new Date('2024-04-01T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
}, timeLimit(30_000));
afterAll(async () => t.app.close());

function game(gid: string, start: string, extra: Partial<GameRecord> = {}): GameRecord {
  return {
    game: 'mlb',
    gid,
    season: 2024,
    seasonType: 'reg',
    week: null,
    home: 'HOU',
    away: 'NYY',
    startTime: new Date(start),
    status: 'scheduled',
    homeScore: null,
    awayScore: null,
    periods: null,
    ...extra,
  };
}

describe('rebuildSeasonCalendar', () => {
  it('builds the calendar, sets the pool weeks and upserts the season params in one go', async () => {
    // A feed's schedule: Thursday opener, the next Monday and Sunday, the Monday after, and a postponed game.
    await upsertGames(
      t.ctx.db,
      [
        game('a', '2024-03-28T17:05:00Z'),
        game('b', '2024-04-01T23:10:00Z'),
        game('c', '2024-04-07T20:10:00Z'),
        game('d', '2024-04-08T23:10:00Z'),
        game('p', '2024-03-27T23:10:00Z', { status: 'postponed' }),
      ],
      'espn',
      NOW,
    );
    const result = await rebuildSeasonCalendar(t.ctx.db, { game: 'mlb', season: 2024 }, NOW);
    expect(result.calendar.deadlines).toEqual([
      '2024-03-28T17:05:00.000Z',
      '2024-04-01T23:10:00.000Z',
      '2024-04-08T23:10:00.000Z',
    ]);
    expect(result.gamesWeeked).toBe(4);
    const weeks = await t.ctx.db.select({ gid: games.gid, week: games.week }).from(games);
    expect(Object.fromEntries(weeks.map((g) => [g.gid, g.week]))).toEqual({
      a: 1,
      b: 2,
      c: 2,
      d: 3,
      p: null,
    });
    const [params] = await t.ctx.db.select().from(seasonParams).where(eq(seasonParams.game, 'mlb'));
    expect(params).toMatchObject({ season: 2024, seasonType: 'reg', active: true, final: false });
    expect(params.deadlines).toEqual(result.calendar.deadlines);
    expect(params.dashedDateArrays[1][0]).toBe('2024-03-25');

    // A later schedule change moves a game; a second rebuild follows it and keeps the season's flags.
    await t.ctx.db.update(seasonParams).set({ active: false }).where(eq(seasonParams.game, 'mlb'));
    await upsertGames(t.ctx.db, [game('d', '2024-04-07T23:10:00Z')], 'espn', NOW);
    const again = await rebuildSeasonCalendar(t.ctx.db, { game: 'mlb', season: 2024 }, NOW);
    expect(again.calendar.deadlines).toHaveLength(2);
    const [d] = await t.ctx.db.select().from(games).where(eq(games.gid, 'd'));
    expect(d.week).toBe(2);
    const [kept] = await t.ctx.db.select().from(seasonParams).where(eq(seasonParams.game, 'mlb'));
    expect(kept).toMatchObject({ active: false });
    expect(kept.deadlines).toHaveLength(2);
  });

  it('keeps NFL league weeks', async () => {
    const nfl = (gid: string, start: string, week: number) =>
      game(gid, start, { game: 'nfl-td', season: 2024, week, home: 'KC', away: 'BAL' });
    await upsertGames(
      t.ctx.db,
      [
        nfl('n1', '2024-09-06T00:20:00Z', 1),
        nfl('n2', '2024-09-08T17:00:00Z', 1),
        nfl('n3', '2024-09-13T00:15:00Z', 2),
      ],
      'espn',
      NOW,
    );
    const result = await rebuildSeasonCalendar(t.ctx.db, { game: 'nfl-td', season: 2024 }, NOW);
    expect(result).toMatchObject({ gamesWeeked: 0 });
    expect(result.calendar.deadlines).toEqual(['2024-09-06T00:20:00.000Z', '2024-09-13T00:15:00.000Z']);
  });

  it('writes nothing for a season without games', async () => {
    await expect(rebuildSeasonCalendar(t.ctx.db, { game: 'nba', season: 2030 }, NOW)).rejects.toThrow(
      /No nba 2030/,
    );
    const rows = await t.ctx.db
      .select()
      .from(seasonParams)
      .where(and(eq(seasonParams.game, 'nba'), eq(seasonParams.season, 2030)));
    expect(rows).toHaveLength(0);
  });
});
