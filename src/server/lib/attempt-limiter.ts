import type { Clock } from './clock';

/**
 * Counts failures per key in a sliding window. Used for login and reset so that both an IP
 * and a username are limited, whatever the other key is.
 */
export class AttemptLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly clock: Clock,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** True when the key has used up its attempts in the window. */
  isBlocked(key: string): boolean {
    return this.recent(key).length >= this.max;
  }

  /** Records one attempt against the key. */
  record(key: string): void {
    const list = this.recent(key);
    list.push(this.clock.now().getTime());
    this.failures.set(key, list);
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string): number[] {
    const since = this.clock.now().getTime() - this.windowMs;
    const list = (this.failures.get(key) ?? []).filter((at) => at > since);
    if (list.length === 0) this.failures.delete(key);
    else this.failures.set(key, list);
    return list;
  }
}
