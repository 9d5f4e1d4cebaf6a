import type { Clock } from './clock';

export interface LimiterOptions {
  /** Failures in the window that cost nothing. */
  free: number;
  /** How long a failure is remembered. */
  windowMs: number;
  /**
   * Past the free failures, each further attempt waits 1 s after the last failure, doubling with
   * every failure up to this. Without it the key is blocked until its oldest failure leaves the window.
   */
  maxDelayMs?: number;
}

/**
 * Counts failures per key in a sliding window (login per account and per IP, reset requests).
 * A key is slowed down, not locked out: see docs/decisions/007-account-security.md.
 */
export class AttemptLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly clock: Clock,
    private readonly options: LimiterOptions,
  ) {}

  /** Milliseconds the key must still wait before its next attempt; 0 when it may try now. */
  waitMs(key: string): number {
    const list = this.recent(key);
    const { free, windowMs, maxDelayMs } = this.options;
    if (list.length < free) return 0;
    const now = this.clock.now().getTime();
    if (maxDelayMs === undefined) return list[list.length - free] + windowMs - now;
    const delay = Math.min(1000 * 2 ** (list.length - free), maxDelayMs);
    return Math.max(0, list[list.length - 1] + delay - now);
  }

  /** Records one failure against the key. */
  record(key: string): void {
    const list = this.recent(key);
    list.push(this.clock.now().getTime());
    this.failures.set(key, list);
  }

  /** Forgets every failure of the key. */
  reset(key: string): void {
    this.failures.delete(key);
  }

  /** Forgets the older half of the key's failures. */
  relax(key: string): void {
    const list = this.recent(key);
    if (list.length > 0) this.failures.set(key, list.slice(Math.ceil(list.length / 2)));
  }

  private recent(key: string): number[] {
    const since = this.clock.now().getTime() - this.options.windowMs;
    const list = (this.failures.get(key) ?? []).filter((at) => at > since);
    if (list.length === 0) this.failures.delete(key);
    else this.failures.set(key, list);
    return list;
  }
}
