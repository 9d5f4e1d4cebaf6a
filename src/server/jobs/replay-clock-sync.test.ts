import { sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { must } from '../../core/must';
import type { Database } from '../db/client';
import { feedFetches } from '../db/schema';
import { ReplayClock } from '../sports/replay/replay-clock';
import { createTestApp, type TestApp } from '../test/harness';
import { timeLimit } from '../test/time-limit';
import { readReplayLine, resumeSharedReplayClock, startReplayClockSync } from './replay-clock-sync';

let t: TestApp;
const T0 = new Date('2023-09-20T16:00:00Z');
const HOUR = 3_600_000;

beforeEach(async () => {
  await t?.app.close();
  t = await createTestApp({ now: T0 });
}, timeLimit(30_000));
afterAll(async () => t.app.close());

/** The database as seen by an instance while `others` other instances run. */
const withOthers = (database: Database, others: number): Database => ({
  ...database,
  otherJobRunners: async () => others,
});

/** A line last beaten an hour ago (database time) at `at`, running at `speed`. */
async function lineBeatenAnHourAgo(at: Date, speed: number) {
  await t.ctx.db.execute(sql`
    insert into replay_clock (id, replayed_at, real_at, speed)
    values (1, ${at.toISOString()}::timestamptz, clock_timestamp() - interval '1 hour', ${speed})`);
}

const near = (actual: Date, expected: Date, toleranceMs: number) =>
  expect(Math.abs(actual.getTime() - expected.getTime())).toBeLessThan(toleranceMs);

describe('the shared replay clock', () => {
  it('starts a new line at the configured start, shared through the database', async () => {
    const { clock, how } = await resumeSharedReplayClock(t.ctx.database, new ReplayClock(T0, 60));
    expect(how).toBe('started');
    near(clock.now(), T0, 60_000);
    const line = must(await readReplayLine(t.ctx.db));
    expect(line.speed).toBe(60);
    near(line.at, clock.now(), 60_000);
  });

  it('starts at the last replayed poll of a demo database from before the shared clock', async () => {
    const polled = new Date('2023-10-02T12:00:00Z');
    await t.ctx.db.insert(feedFetches).values({
      provider: 'replay-mlb',
      game: 'mlb',
      url: 'replay://mlb',
      ok: true,
      durationMs: 1,
      fetchedAt: polled,
    });
    const { clock } = await resumeSharedReplayClock(t.ctx.database, new ReplayClock(T0, 1));
    near(clock.now(), polled, 5_000);
  });

  it('paused while no instance ran: resumes at the last beat, not where it would be', async () => {
    await lineBeatenAnHourAgo(T0, 60);
    const { clock, how } = await resumeSharedReplayClock(
      withOthers(t.ctx.database, 0),
      new ReplayClock(T0, 60),
    );
    expect(how).toBe('resumed');
    near(clock.now(), T0, 60_000);
    near(must(await readReplayLine(t.ctx.db)).at, T0, 60_000);
  });

  it('joins the line of the instances that run, without moving it', async () => {
    await lineBeatenAnHourAgo(T0, 60);
    // An hour of real time at 60 replayed seconds a second: 60 replayed hours on.
    const expected = new Date(T0.getTime() + 60 * HOUR);
    const { clock, how } = await resumeSharedReplayClock(
      withOthers(t.ctx.database, 2),
      new ReplayClock(T0, 60),
    );
    expect(how).toBe('joined');
    near(clock.now(), expected, 60_000);
    near(must(await readReplayLine(t.ctx.db)).at, expected, 60_000);
  });

  it('moves the line for every instance to a later DEMO_CLOCK_START, or at another speed', async () => {
    await lineBeatenAnHourAgo(T0, 60);
    const later = new Date('2023-12-01T00:00:00Z');
    const moved = await resumeSharedReplayClock(withOthers(t.ctx.database, 1), new ReplayClock(later, 60));
    near(moved.clock.now(), later, 60_000);
    near(must(await readReplayLine(t.ctx.db)).at, later, 60_000);
    // Another speed runs on from where the line is, for all.
    await resumeSharedReplayClock(withOthers(t.ctx.database, 1), new ReplayClock(T0, 600));
    const line = must(await readReplayLine(t.ctx.db));
    expect(line.speed).toBe(600);
    near(line.at, later, 600_000);
  });

  it('never resumes before the results already stored', async () => {
    await lineBeatenAnHourAgo(T0, 60);
    const changed = new Date(T0.getTime() + 5 * HOUR);
    await t.ctx.db.insert(feedFetches).values({
      provider: 'replay-nba',
      game: 'nba',
      url: 'replay://nba',
      ok: true,
      durationMs: 1,
      fetchedAt: changed,
    });
    const { clock } = await resumeSharedReplayClock(withOthers(t.ctx.database, 0), new ReplayClock(T0, 60));
    near(clock.now(), changed, 60_000);
  });

  it('an instance that runs no jobs only reads', async () => {
    const { clock, how } = await resumeSharedReplayClock(t.ctx.database, new ReplayClock(T0, 60), {
      write: false,
    });
    expect(how).toBe('read');
    near(clock.now(), T0, 60_000);
    expect(await readReplayLine(t.ctx.db)).toBeNull();
  });

  it('the leader beats the line and the others follow it; the leader beats once more on stop', async () => {
    await lineBeatenAnHourAgo(T0, 60);
    const beatAt = async () => {
      const result = await t.ctx.db.execute(
        sql`select extract(epoch from clock_timestamp() - real_at)::float8 as age from replay_clock`,
      );
      return Number((('rows' in result ? result.rows : result) as { age: number }[])[0].age);
    };
    const log = { info: () => {}, warn: () => {} };
    // A follower reads: the line moves not, and its clock comes onto the line (60 replayed hours on).
    const follower = new ReplayClock(T0, 1);
    const stopFollower = startReplayClockSync(
      { ...t.ctx.database, tryAcquireLeadership: async () => false },
      follower,
      log,
      { intervalMs: 20 },
    );
    await vi.waitFor(() => expect(follower.speed).toBe(60), { timeout: timeLimit(5_000) });
    await stopFollower();
    near(follower.now(), new Date(T0.getTime() + 60 * HOUR), 60_000);
    expect(await beatAt()).toBeGreaterThan(3_500);
    // The leader beats: the line's last beat is now, on the same line.
    const leader = new ReplayClock(T0, 60);
    const stopLeader = startReplayClockSync(t.ctx.database, leader, log, { intervalMs: 20 });
    await vi.waitFor(async () => expect(await beatAt()).toBeLessThan(5), { timeout: timeLimit(5_000) });
    await stopLeader();
    expect(await beatAt()).toBeLessThan(5);
    near(must(await readReplayLine(t.ctx.db)).at, new Date(T0.getTime() + 60 * HOUR), 60_000);
    near(leader.now(), new Date(T0.getTime() + 60 * HOUR), 60_000);
  });
});
