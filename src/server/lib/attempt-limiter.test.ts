import { describe, expect, it } from 'vitest';
import { AttemptLimiter } from './attempt-limiter';
import { ManualClock } from './clock';

const clock = () => new ManualClock(new Date('2026-01-01T00:00:00Z'));
const slowDown = (at: ManualClock) =>
  new AttemptLimiter(at, { free: 2, windowMs: 60_000, maxDelayMs: 10_000 });

describe('AttemptLimiter', () => {
  it('counts a try in flight, so a concurrent one past the free tries waits', () => {
    const limiter = slowDown(clock());
    const first = AttemptLimiter.take([limiter, 'k']);
    const second = AttemptLimiter.take([limiter, 'k']);
    expect(first.attempt && second.attempt).toBeTruthy();
    expect(AttemptLimiter.take([limiter, 'k'])).toEqual({ waitMs: 1000 });
  });

  it('forgets a try that ends without failing, and keeps one that fails', () => {
    const at = clock();
    const limiter = slowDown(at);
    AttemptLimiter.take([limiter, 'k']).attempt?.release();
    AttemptLimiter.take([limiter, 'k']).attempt?.release();
    expect(limiter.waitMs('k')).toBe(0);
    AttemptLimiter.take([limiter, 'k']).attempt?.fail();
    at.advance(500);
    const late = AttemptLimiter.take([limiter, 'k']).attempt;
    at.advance(500);
    late?.fail();
    // The wait runs from when the second try failed, not from when it began.
    expect(limiter.waitMs('k')).toBe(1000);
  });

  it('settles a try once, however often it is told', () => {
    const limiter = slowDown(clock());
    const attempt = limiter.begin('k');
    attempt.fail();
    attempt.fail();
    attempt.release();
    expect(limiter.waitMs('k')).toBe(0);
    limiter.record('k');
    expect(limiter.waitMs('k')).toBe(1000);
  });

  it('takes every key or none', () => {
    const ip = slowDown(clock());
    const account = slowDown(clock());
    account.record('a');
    account.record('a');
    expect(AttemptLimiter.take([ip, '1.2.3.4'], [account, 'a']).waitMs).toBe(1000);
    // The refused try reserved nothing on the address.
    expect(AttemptLimiter.take([ip, '1.2.3.4']).attempt).toBeDefined();
    expect(AttemptLimiter.take([ip, '1.2.3.4']).attempt).toBeDefined();
  });

  it('keeps tries in flight counted through a reset or a relax', () => {
    const limiter = slowDown(clock());
    limiter.record('k');
    const inFlight = limiter.begin('k');
    limiter.reset('k');
    limiter.relax('k');
    limiter.begin('k');
    expect(limiter.waitMs('k')).toBe(1000);
    inFlight.release();
    expect(limiter.waitMs('k')).toBe(0);
  });
});
