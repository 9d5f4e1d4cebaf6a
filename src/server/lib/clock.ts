/**
 * A source of time. The application's clock (`ctx.clock`) dates everything people see and rules
 * compare: locks, deadlines, jobs, sign-ups, mail. Only security lifetimes (sessions, reset links,
 * attempt limits) ask the wall clock (`ctx.wallClock`), so a fast demo clock cannot shorten them
 * (docs/decisions/001-demo-replay-clock.md).
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved: for tests. */
export class ManualClock implements Clock {
  constructor(private current: Date) {}
  now(): Date {
    return new Date(this.current);
  }
  set(date: Date): void {
    this.current = new Date(date);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}
