import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { type LimiterOptions, limiterWaitMs } from '../../lib/attempt-limiter';
import type { Clock } from '../../lib/clock';

/**
 * The login slow-down's counts (decision 007) in the database, so that every instance of a cluster
 * sees the same ones (decision 033): an attacker spreading tries over the instances gets no more.
 * Same rules as AttemptLimiter: an attempt is taken before the password is checked and counts as a
 * failure until it ends; a dead instance's attempt in flight ages out with the window.
 */
export class SharedLoginLimiter {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** What the rows of this limiter are filed under ('account', 'ip'). */
    readonly scope: string,
    readonly options: LimiterOptions,
  ) {}

  /**
   * Takes an attempt for every key at once, or none (one transaction): answers the longest wait when
   * any key must wait, else counts the attempt as in flight on each key. Each key's count is locked
   * for the check and the reservation, so concurrent tries on any instances are taken one by one.
   */
  static async take(
    db: Db,
    claims: [limiter: SharedLoginLimiter, key: string][],
  ): Promise<{ waitMs: number; attempt?: undefined } | { waitMs: 0; attempt: SharedAttempt }> {
    return db.transaction(async (tx) => {
      let waitMs = 0;
      const nowMs = claims[0][0].clock.now().getTime();
      for (const [limiter, key] of claims) {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtextextended(${`${limiter.scope}:${key}`}, 0))`,
        );
        const since = new Date(nowMs - limiter.options.windowMs).toISOString();
        const ats = rowsOf<{ at_ms: number }>(
          await tx.execute(sql`
            select (extract(epoch from at) * 1000)::float8 as at_ms from login_attempts
            where scope = ${limiter.scope} and key = ${key} and at > ${since}::timestamptz
            order by at, id`),
        ).map((row) => row.at_ms);
        waitMs = Math.max(waitMs, limiterWaitMs(ats, nowMs, limiter.options));
      }
      if (waitMs > 0) return { waitMs };
      const now = new Date(nowMs).toISOString();
      const ids = rowsOf<{ id: number }>(
        await tx.execute(sql`
          insert into login_attempts (scope, key, at, in_flight)
          select t.scope, t.key, ${now}::timestamptz, true
          from unnest(${sql.param(claims.map(([limiter]) => limiter.scope))}::text[],
            ${sql.param(claims.map(([, key]) => key))}::text[]) as t(scope, key)
          returning id`),
      ).map((row) => Number(row.id));
      return { waitMs: 0 as const, attempt: new SharedAttempt(db, claims[0][0].clock, ids) };
    });
  }

  /** Forgets every failure of the key; attempts still in flight keep counting until they end. */
  async reset(key: string): Promise<void> {
    await this.db.execute(sql`
      delete from login_attempts where scope = ${this.scope} and key = ${key} and not in_flight`);
  }

  /** Forgets the older half of the key's failures in the window, and those out of it. */
  async relax(key: string): Promise<void> {
    const since = new Date(this.clock.now().getTime() - this.options.windowMs).toISOString();
    await this.db.execute(sql`
      delete from login_attempts where id in (
        select id from login_attempts where scope = ${this.scope} and key = ${key} and not in_flight
        order by at, id
        limit greatest(0, (select ceil(count(*) / 2.0)::int from login_attempts
          where scope = ${this.scope} and key = ${key} and not in_flight and at > ${since}::timestamptz)
          + (select count(*)::int from login_attempts
          where scope = ${this.scope} and key = ${key} and not in_flight and at <= ${since}::timestamptz)))`);
  }

  /** Deletes the rows no window counts any more (every key's), by the time index. */
  static async sweep(db: Db, before: Date): Promise<void> {
    await db.execute(sql`delete from login_attempts where at < ${before.toISOString()}::timestamptz`);
  }
}

/** An attempt taken up front; it counts as a failure until it is settled. */
export class SharedAttempt {
  private settled = false;
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ids: number[],
  ) {}

  /** The attempt failed: it stays counted, as a failure from now. */
  async fail(): Promise<void> {
    if (this.settled) return;
    this.settled = true;
    await this.db.execute(sql`
      update login_attempts set in_flight = false, at = ${this.clock.now().toISOString()}::timestamptz
      where id = any(${sql.param(this.ids)}::bigint[])`);
  }

  /** The attempt did not fail: it no longer counts. */
  async release(): Promise<void> {
    if (this.settled) return;
    this.settled = true;
    await this.db.execute(sql`delete from login_attempts where id = any(${sql.param(this.ids)}::bigint[])`);
  }
}
