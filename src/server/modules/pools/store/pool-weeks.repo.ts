import { and, eq } from 'drizzle-orm';
import {
  getDeadlineCutoff,
  getWeekLockAt,
  type NflLockTime,
  NflLockTimeSchema,
} from '../../../../core/calendar';
import { type PlayableGame, scheduleOfKey } from '../../../../core/games';
import type { DbOrTx } from '../../../db/client';
import type { PoolRecord } from '../../../db/schema';
import { games } from '../../../db/schema';

/** One scheduled game of a pool's season, as the pick rules need it. */
export interface WeekGame {
  week: number;
  home: string;
  away: string;
  startTime: Date;
}

/**
 * A pool's season calendar: which teams play which week, their kickoffs, and when each week locks.
 * Games are those of the pool's game, season and season type (postponed ones never count), grouped
 * by their week as the schedule calls (weekSchedules) show them.
 */
/** What of a pool its calendar reads. */
export type CalendarPool = Pick<PoolRecord, 'game' | 'deadlines' | 'nflLockTime' | 'final' | 'startWeek'>;

export class PoolWeeks {
  private readonly byWeek: Map<number, WeekGame[]>;

  /** From the season's games, or from them already grouped by week (shared by the pools of one season). */
  constructor(
    readonly pool: CalendarPool,
    rows: readonly WeekGame[] | ReadonlyMap<number, WeekGame[]>,
  ) {
    if (rows instanceof Map) {
      this.byWeek = rows;
      return;
    }
    this.byWeek = groupByWeek(rows as readonly WeekGame[]);
  }

  get weekCount(): number {
    return this.pool.deadlines.length;
  }

  /** The season's games by week (shared: never changed). */
  byWeekOfSeason(): Map<number, WeekGame[]> {
    return this.byWeek;
  }

  /** The week's games. */
  games(week: number): WeekGame[] {
    return this.byWeek.get(week) ?? [];
  }

  /** The team's first kickoff in the week, or null when it has no game that week. */
  teamKickoff(week: number, teamAbb: string): Date | null {
    const times = this.games(week)
      .filter((game) => game.home === teamAbb || game.away === teamAbb)
      .map((game) => game.startTime.getTime());
    return times.length > 0 ? new Date(Math.min(...times)) : null;
  }

  /** The instant week n locks for everyone: its deadline (nba, mlb), or the pool's NFL lock mode over its kickoffs. */
  weekLockAt(week: number): Date | null {
    return getWeekLockAt({
      game: this.pool.game as PlayableGame,
      deadlines: this.pool.deadlines,
      week,
      nflLockTime: this.nflLockTime(),
      weekKickoffs: this.games(week).map((game) => game.startTime),
    });
  }

  /**
   * Whether other entries' picks of week n may be shown (docs/RULES.md, "Secrecy"): once the week's
   * lock has passed. An nfl-td week without games falls back to its deadline's day; a week the pool
   * does not have is shown only once the pool is final.
   */
  isWeekPublic(week: number, now: Date): boolean {
    if (this.pool.final) return true;
    if (!Number.isInteger(week) || week < 1 || week > this.weekCount) return false;
    const lock =
      this.weekLockAt(week) ??
      getDeadlineCutoff(this.pool.deadlines[week - 1], this.pool.game as PlayableGame);
    return lock.getTime() <= now.getTime();
  }

  /** Each week's lock for everyone (an ISO instant): `weekLockAt`, or its deadline's cutoff for a week without games. */
  weekLocks(): string[] {
    return this.pool.deadlines.map((deadline, index) =>
      (
        this.weekLockAt(index + 1) ?? getDeadlineCutoff(deadline, this.pool.game as PlayableGame)
      ).toISOString(),
    );
  }

  /** The weeks whose picks are public now. */
  publicWeeks(now: Date): number[] {
    const weeks: number[] = [];
    for (let week = 1; week <= this.weekCount; week++) if (this.isWeekPublic(week, now)) weeks.push(week);
    return weeks;
  }

  private nflLockTime(): NflLockTime {
    const parsed = NflLockTimeSchema.safeParse(this.pool.nflLockTime);
    return parsed.success ? parsed.data : 'first_game';
  }
}

/** A season's games by their week. */
export function groupByWeek(rows: readonly WeekGame[]): Map<number, WeekGame[]> {
  const byWeek = new Map<number, WeekGame[]>();
  for (const row of rows) {
    const list = byWeek.get(row.week) ?? [];
    list.push(row);
    byWeek.set(row.week, list);
  }
  return byWeek;
}

/** Loads the pool's season games (one week, or all of them). */
export async function loadPoolWeeks(db: DbOrTx, pool: PoolRecord, week?: number): Promise<PoolWeeks> {
  const conditions = [
    eq(games.game, scheduleOfKey(pool.game)),
    eq(games.season, pool.season),
    eq(games.seasonType, pool.seasonType),
    eq(games.postponed, false),
  ];
  if (week !== undefined) conditions.push(eq(games.week, week));
  const rows = await db
    .select({ week: games.week, home: games.home, away: games.away, startTime: games.startTime })
    .from(games)
    .where(and(...conditions));
  return new PoolWeeks(
    pool,
    rows.filter((row): row is WeekGame => row.week !== null),
  );
}

/** Seasons' games by week, kept for a moment per database: the settlement's jobs of one lock all read them. */
const keptSeasons = new WeakMap<
  object,
  Map<string, { until: number; byWeek: Promise<Map<number, WeekGame[]>> }>
>();

/**
 * The pool's calendar from its season's games as read at most `maxAgeMs` ago by this instance: ten thousand
 * pools' settlement jobs at one lock read the same season once a moment, not once each. For the settlement's
 * lock instants and week teams only; a schedule change is seen that moment later (a week's results are
 * always read afresh by the judging).
 */
export async function loadPoolWeeksKept(db: DbOrTx, pool: PoolRecord, maxAgeMs = 2_000): Promise<PoolWeeks> {
  let kept = keptSeasons.get(db);
  if (!kept) {
    kept = new Map();
    keptSeasons.set(db, kept);
  }
  const key = `${scheduleOfKey(pool.game)}|${pool.season}|${pool.seasonType}`;
  const now = Date.now();
  let season = kept.get(key);
  if (!season || season.until < now) {
    const byWeek = loadPoolWeeks(db, pool).then((calendar) => calendar.byWeekOfSeason());
    season = { until: now + maxAgeMs, byWeek };
    kept.set(key, season);
    byWeek.catch(() => kept.delete(key));
  }
  return new PoolWeeks(pool, await season.byWeek);
}
