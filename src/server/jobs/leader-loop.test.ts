import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AppMetrics, createMetrics } from '../lib/metrics';
import { timeLimit } from '../test/time-limit';
import { type JobLogger, LEADER_LOCK_KEY, type LeaderRole, startLeaderLoop } from './leader-loop';

/** A database whose leadership answer the test sets, remembering the keys asked for. */
function leadership(leads: boolean) {
  const state = { leads, keys: [] as number[] };
  return {
    state,
    database: {
      tryAcquireLeadership: async (key: number) => {
        state.keys.push(key);
        return state.leads;
      },
    },
  };
}

function recordingLog() {
  const warnings: Array<{ obj: object; msg: string }> = [];
  const log: JobLogger = { info: () => {}, warn: (obj, msg) => warnings.push({ obj, msg }) };
  return { log, warnings };
}

async function runs(metrics: AppMetrics): Promise<Record<string, number>> {
  const counted: Record<string, number> = {};
  for (const value of (await metrics.jobRuns.get()).values) {
    counted[`${value.labels.job}:${value.labels.outcome}`] = value.value;
  }
  return counted;
}

// The metrics' database is read only by a scrape, which these tests never make.
const newMetrics = () => createMetrics({ db: undefined as never });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the leader loop', () => {
  it('runs passes only while this instance leads, and says when the role changes', async () => {
    const { state, database } = leadership(false);
    const { log } = recordingLog();
    const metrics = newMetrics();
    const roles: Array<[string, LeaderRole]> = [];
    let passes = 0;
    const stop = startLeaderLoop({
      name: 'test pass',
      log,
      database,
      pass: async () => {
        passes += 1;
      },
      intervalMs: 1_000,
      followerDelayMs: 5_000,
      metrics: { job: 'settlement', registry: metrics },
      onRoleChange: (role, previous) => roles.push([role, previous]),
    });
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(passes).toBe(0);
    expect(state.keys).toEqual([LEADER_LOCK_KEY, LEADER_LOCK_KEY]);
    // The leader stopped: this instance takes over at its next ask, then runs at the interval.
    state.leads = true;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(passes).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(passes).toBe(2);
    state.leads = false;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(passes).toBe(2);
    await stop();
    expect(roles).toEqual([
      ['follower', 'unknown'],
      ['leader', 'follower'],
      ['follower', 'leader'],
    ]);
    expect(await runs(metrics)).toEqual({ 'settlement:follower': 3, 'settlement:ok': 2 });
  });

  it('logs a failing pass and still runs the next one', async () => {
    const { database } = leadership(true);
    const { log, warnings } = recordingLog();
    const metrics = newMetrics();
    let passes = 0;
    const stop = startLeaderLoop({
      name: 'flaky pass',
      log,
      database,
      pass: async () => {
        passes += 1;
        if (passes === 1) throw new Error('the database went away');
        return { ok: passes !== 2 };
      },
      intervalMs: 1_000,
      retryMs: 3_000,
      metrics: { job: 'ingest', registry: metrics, ok: (result) => result.ok },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(passes).toBe(1);
    expect(warnings).toEqual([{ obj: { error: 'Error: the database went away' }, msg: 'flaky pass failed' }]);
    // After a failure, the retry wait; after a pass that returned, the interval.
    await vi.advanceTimersByTimeAsync(2_999);
    expect(passes).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(passes).toBe(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(passes).toBe(3);
    await stop();
    // A pass that returned but says it failed counts as failed, like one that threw.
    expect(await runs(metrics)).toEqual({ 'ingest:failed': 2, 'ingest:ok': 1 });
  });

  it("asks again after a follower's wait when the ask itself fails (the database is away)", async () => {
    const { log, warnings } = recordingLog();
    let away = true;
    let passes = 0;
    const stop = startLeaderLoop({
      name: 'settling',
      log,
      database: {
        tryAcquireLeadership: async () => {
          if (away) throw new Error('Connection terminated unexpectedly');
          return true;
        },
      },
      pass: async () => {
        passes += 1;
      },
      intervalMs: 30_000,
      followerDelayMs: 5_000,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(warnings).toEqual([
      { obj: { error: 'Error: Connection terminated unexpectedly' }, msg: 'settling failed' },
    ]);
    // The database is back: the lead is taken at the next ask, a follower's wait later, not a pass's.
    away = false;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(passes).toBe(1);
    await stop();
  });

  it('hands a throw of onRun to onError, and goes on', async () => {
    const { database } = leadership(true);
    const { log } = recordingLog();
    const errors: unknown[] = [];
    let passes = 0;
    const stop = startLeaderLoop({
      name: 'reporting pass',
      log,
      database,
      pass: async () => ++passes,
      intervalMs: 100,
      onRun: (n) => {
        if (n === 1) throw new Error('report failed');
      },
      onError: (error) => errors.push(error),
    });
    await vi.advanceTimersByTimeAsync(100);
    await stop();
    expect(passes).toBe(2);
    expect(errors).toEqual([new Error('report failed')]);
  });

  it('stop waits for the pass in flight, and no pass starts after it', async () => {
    vi.useRealTimers();
    const { database } = leadership(true);
    const { log } = recordingLog();
    let finish: () => void = () => {};
    let started = 0;
    let finished = 0;
    const stop = startLeaderLoop({
      name: 'slow pass',
      log,
      database,
      immediately: true,
      pass: async () => {
        started += 1;
        await new Promise<void>((resolve) => {
          finish = resolve;
        });
        finished += 1;
      },
      intervalMs: 0,
    });
    await vi.waitFor(() => expect(started).toBe(1), { timeout: timeLimit(5_000) });
    let stopped = false;
    const stopping = stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(finished).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(started).toBe(1);
  });

  it("follows the interval each pass asks for (the demo's fast clock)", async () => {
    const { database } = leadership(true);
    const { log } = recordingLog();
    const times: number[] = [];
    const t0 = Date.now();
    // The waits a pass's result calls for: a slow poll, then a fast clock's, then slow again.
    const waits = [10_000, 500, 500, 10_000];
    const stop = startLeaderLoop({
      name: 'paced pass',
      log,
      database,
      pass: async () => {
        times.push(Date.now() - t0);
        return waits[times.length - 1] ?? 10_000;
      },
      intervalMs: (wait) => wait,
    });
    await vi.advanceTimersByTimeAsync(21_000);
    await stop();
    expect(times).toEqual([0, 10_000, 10_500, 11_000, 21_000]);
  });
});
