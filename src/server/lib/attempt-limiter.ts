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
 * The wait a key's counted attempts call for (their times in the window, oldest first): none while they
 * are fewer than the free ones; else until the oldest counted leaves the window, or (maxDelayMs) 1 s
 * after the last, doubling with each attempt past the free ones.
 */
export function limiterWaitMs(ats: readonly number[], now: number, options: LimiterOptions): number {
  const { free, windowMs, maxDelayMs } = options;
  if (ats.length < free) return 0;
  if (maxDelayMs === undefined) return Math.max(0, ats[ats.length - free] + windowMs - now);
  const delay = Math.min(1000 * 2 ** (ats.length - free), maxDelayMs);
  return Math.max(0, ats[ats.length - 1] + delay - now);
}

/** One counted attempt: a failure at `at`, or an attempt still in flight since `at`. */
interface Entry {
  at: number;
  inFlight: boolean;
}

/** An attempt taken up front; it counts as a failure until it is settled. */
export interface Attempt {
  /** The attempt failed: it stays counted, as a failure from now. */
  fail(): void;
  /** The attempt did not fail: it no longer counts. */
  release(): void;
}

/**
 * Counts failures per key in a sliding window (login per account and per IP, reset requests).
 * A key is slowed down, not locked out: see docs/decisions/007-account-security.md.
 * An attempt in flight counts as a failure until it ends, so concurrent attempts cannot all pass
 * the check before any of them has failed.
 */
export class AttemptLimiter {
  private readonly entries = new Map<string, Entry[]>();

  constructor(
    private readonly clock: Clock,
    private readonly options: LimiterOptions,
  ) {}

  /** Milliseconds the key must still wait before its next attempt; 0 when it may try now. */
  waitMs(key: string): number {
    const list = this.recent(key);
    return limiterWaitMs(
      list.map((entry) => entry.at),
      this.clock.now().getTime(),
      this.options,
    );
  }

  /**
   * Takes an attempt for every key at once, or none: answers the longest wait when any key must wait,
   * else counts the attempt as in flight on each key and answers it. Synchronous, so no other request
   * runs between the check and the reservation.
   */
  static take(
    ...claims: [limiter: AttemptLimiter, key: string][]
  ): { waitMs: number; attempt?: undefined } | { waitMs: 0; attempt: Attempt } {
    const waitMs = Math.max(0, ...claims.map(([limiter, key]) => limiter.waitMs(key)));
    if (waitMs > 0) return { waitMs };
    const taken = claims.map(([limiter, key]) => limiter.begin(key));
    return {
      waitMs: 0,
      attempt: {
        fail: () => {
          for (const attempt of taken) attempt.fail();
        },
        release: () => {
          for (const attempt of taken) attempt.release();
        },
      },
    };
  }

  /** Counts an attempt in flight against the key, whatever its wait (callers check `waitMs` first). */
  begin(key: string): Attempt {
    const entry: Entry = { at: this.clock.now().getTime(), inFlight: true };
    this.list(key).push(entry);
    let settled = false;
    return {
      fail: () => {
        if (settled) return;
        settled = true;
        this.remove(key, entry);
        this.record(key);
      },
      release: () => {
        if (settled) return;
        settled = true;
        this.remove(key, entry);
      },
    };
  }

  /** Records one failure against the key. */
  record(key: string): void {
    this.recent(key);
    this.list(key).push({ at: this.clock.now().getTime(), inFlight: false });
  }

  /** Forgets every failure of the key; attempts still in flight keep counting until they end. */
  reset(key: string): void {
    this.keep(
      key,
      (this.entries.get(key) ?? []).filter((entry) => entry.inFlight),
    );
  }

  /** Forgets the older half of the key's failures; attempts still in flight keep counting. */
  relax(key: string): void {
    const list = this.recent(key);
    const failures = list.filter((entry) => !entry.inFlight);
    const forget = new Set(failures.slice(0, Math.ceil(failures.length / 2)));
    this.keep(
      key,
      list.filter((entry) => !forget.has(entry)),
    );
  }

  /** The key's entries in the window, oldest first; in-flight attempts never age out. */
  private recent(key: string): Entry[] {
    const since = this.clock.now().getTime() - this.options.windowMs;
    const list = (this.entries.get(key) ?? []).filter((entry) => entry.inFlight || entry.at > since);
    this.keep(key, list);
    return list;
  }

  private list(key: string): Entry[] {
    let list = this.entries.get(key);
    if (!list) {
      list = [];
      this.entries.set(key, list);
    }
    return list;
  }

  private remove(key: string, entry: Entry): void {
    this.keep(
      key,
      (this.entries.get(key) ?? []).filter((other) => other !== entry),
    );
  }

  private keep(key: string, list: Entry[]): void {
    if (list.length === 0) this.entries.delete(key);
    else this.entries.set(key, list);
  }
}
