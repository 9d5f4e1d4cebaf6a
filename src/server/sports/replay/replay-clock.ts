import type { Clock } from '../../lib/clock';

/** Where the demo's replayed time starts by default: late in MLB 2023, after NFL week 2. */
export const DEFAULT_DEMO_CLOCK_START = '2023-09-20T16:00:00Z';

/** Historical time that runs from a start instant at a speed (1 = real time) from when it was made. */
export class ReplayClock implements Clock {
  private readonly startedAt: number;
  constructor(
    private readonly start: Date,
    /** Replayed milliseconds per real millisecond. */
    readonly speed = 1,
    private readonly realNow: () => number = Date.now,
  ) {
    if (Number.isNaN(start.getTime())) throw new Error('The replay clock needs a valid start instant.');
    if (!Number.isFinite(speed) || speed < 0) throw new Error('The replay clock speed must be 0 or more.');
    this.startedAt = realNow();
  }
  now(): Date {
    return new Date(this.start.getTime() + (this.realNow() - this.startedAt) * this.speed);
  }
}

/** The demo's replay clock from DEMO_CLOCK_START (ISO instant) and DEMO_CLOCK_SPEED (default 1). */
export function createReplayClockFromEnv(env: NodeJS.ProcessEnv = process.env): ReplayClock {
  const start = new Date(env.DEMO_CLOCK_START || DEFAULT_DEMO_CLOCK_START);
  const speed = env.DEMO_CLOCK_SPEED ? Number(env.DEMO_CLOCK_SPEED) : 1;
  return new ReplayClock(start, speed);
}
