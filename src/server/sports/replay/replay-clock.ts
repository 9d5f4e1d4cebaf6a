import type { Clock } from '../../lib/clock';

/**
 * Historical time that runs from a start instant at a speed (1 = real time) from when it was made. On a
 * cluster each instance's clock follows the line the instances share in the database (`follow`,
 * docs/decisions/034-demo-on-postgresql.md); it never goes back, so a correction that would set it back
 * (the database's answer took a moment to arrive) only holds it still until the line catches up.
 */
export class ReplayClock implements Clock {
  private at: number;
  private mark: number;
  private currentSpeed: number;
  private latest = Number.NEGATIVE_INFINITY;
  constructor(
    start: Date,
    /** Replayed milliseconds per real millisecond. */
    speed = 1,
    /** Real time in milliseconds: what the clock's progress is measured on. */
    readonly realNow: () => number = Date.now,
  ) {
    if (Number.isNaN(start.getTime())) throw new Error('The replay clock needs a valid start instant.');
    checkSpeed(speed);
    this.at = start.getTime();
    this.currentSpeed = speed;
    this.mark = realNow();
  }
  /** Replayed milliseconds per real millisecond. */
  get speed(): number {
    return this.currentSpeed;
  }
  now(): Date {
    const replayed = this.at + (this.realNow() - this.mark) * this.currentSpeed;
    if (replayed > this.latest) this.latest = replayed;
    return new Date(this.latest);
  }
  /** Runs on from `at` (the replayed instant at real time `mark`, by default now) at `speed`. */
  follow(at: Date, speed: number, mark = this.realNow()): void {
    checkSpeed(speed);
    this.at = at.getTime();
    this.mark = mark;
    this.currentSpeed = speed;
  }
}

function checkSpeed(speed: number): void {
  if (!Number.isFinite(speed) || speed < 0) throw new Error('The replay clock speed must be 0 or more.');
}
