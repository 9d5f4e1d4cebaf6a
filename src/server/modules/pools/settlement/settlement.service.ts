import { and, asc, eq, isNull, lt, lte, sql } from 'drizzle-orm';
import { isBonusShutDown } from '../../../../core/bonus';
import { getDeadlineCutoff } from '../../../../core/calendar';
import type { PlayableGame } from '../../../../core/games';
import { must } from '../../../../core/must';
import { ENTRY_STATUS } from '../../../../core/pool/entry-status';
import {
  createWeekRandom,
  drawRandomTeam,
  type InsuranceOption,
  pickMostPopular,
  rankByPopularity,
  type SettleWeekOutput,
  settleWeek,
  type WeekBonusSettlement,
  type WeekEntryInput,
  type WeekEntryOutcome,
  type WeekFacts,
} from '../../../../core/season';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import type { PoolRecord } from '../../../db/schema';
import { bonusEvents, entries, ledger, pickAudits, picks, pools, poolWeeks, users } from '../../../db/schema';
import { inBackground } from '../../../lib/background';
import { keepOwingCount } from '../commish/missing-picks/owing-count';
import { type NewPoolEvent, postPoolEvent } from '../feed/feed.service';
import { appendLedger, type LedgerRowInput } from '../ledger';
import { notifyPoolChanged } from '../live/notify';
import { loadPoolWeeks, type PoolWeeks } from '../pool-weeks';
import { refreshAfterSettlement } from '../standings/pool-rankings';
import {
  clearPoolJobFailure,
  type PoolJobProgress,
  type PoolJobStep,
  readPoolJobFailures,
  recordPoolJobFailure,
} from './job-failures';
import { findCorrectedWeek, rejudgeFromWeek } from './rejudge.service';
import {
  readEntriesInPlay,
  readEntryIds,
  readUsernames,
  readWeekPlayers,
  storeLockedWeek,
  type WeekPlayer,
  writeEntryOutcomes,
} from './week-entries.repo';
import {
  detectPoolWeekBonuses,
  digestWeekResults,
  isWeekComplete,
  loadWeekGames,
  loadWeekPlayerStats,
  type PoolWeekBonus,
  recordWeekTeams,
} from './week-facts.repo';

/**
 * Feed event types the settlement posts (spec 1 section 3: 1 to 31; 7 is the bonus view, 17 an alert).
 * The news of what a judged week did to each entry is read from the judged week (feed/week-news.repo).
 */
export const SETTLEMENT_EVENT_TYPES = {
  insurancePick: 12,
  bonus: 7,
  bonusShutdown: 17,
  correction: 17,
} as const;

/** What one pass of the settlement did. */
export interface SettlementRun {
  locked: Array<{ poolId: number; week: number }>;
  settled: Array<{ poolId: number; week: number }>;
  /** Settled weeks judged again after a result correction. */
  rejudged: Array<{ poolId: number; week: number }>;
  /** Pools that failed in this pass (recorded, retried after a backoff; the other pools went on). */
  failed: Array<PoolJobFailureReport>;
}

/** One pool's failure in a pass: where, the error in words, failures in a row and the next try. */
export interface PoolJobFailureReport {
  poolId: number;
  step: PoolJobStep;
  week: number | null;
  error: string;
  failures: number;
  nextRetryAt: Date;
}

/** A pass that did nothing yet. */
export function emptyRun(): SettlementRun {
  return { locked: [], settled: [], rejudged: [], failed: [] };
}

/** Options of a settlement pass. */
export interface SettlementOptions {
  /**
   * Called before a week locks: for the next week to lock (picks ahead), and when its lock has passed and
   * it is about to be locked. The demo's entrants pick and rebuy here.
   */
  beforeLock?: (pool: PoolRecord, week: number, lockAt: Date) => Promise<void>;
}

/** The value of a setting that changes at an effective week (bonus opt-in, auto-rebuy) for week n. */
export function valueForWeek(
  current: boolean,
  previous: boolean,
  effectiveWeek: number,
  week: number,
): boolean {
  return week >= effectiveWeek ? current : previous;
}

/**
 * Locks and settles every week that is due in every pool still playing: a week locks once its lock
 * instant has passed, and is judged once it is locked, the week before it is settled and all its games
 * are final. Weeks go in order; a week waiting for results holds the weeks after it.
 *
 * Each pool goes on its own: a pool that fails (re-judging, locking or judging one of its weeks) is
 * recorded with what failed and its error, skipped until its retry (30 s, then twice as long after each
 * failure in a row, up to 30 min), and every other pool's weeks lock and settle in the same pass.
 */
export async function settleDueWeeks(
  ctx: AppContext,
  options: SettlementOptions = {},
): Promise<SettlementRun> {
  const run = emptyRun();
  const now = ctx.clock.now();
  // Pools not started yet too: their first week may be picked ahead (the demo's entrants do).
  const open = await ctx.db.select().from(pools).where(eq(pools.final, false)).orderBy(asc(pools.id));
  const failing = await readPoolJobFailures(ctx.db);
  const wallNow = ctx.wallClock.now().getTime();
  for (const pool of open) {
    if (pool.game === 'world-cup') continue;
    const failure = failing.get(pool.id);
    if (failure && failure.nextRetryAt.getTime() > wallNow) continue;
    const before = run.locked.length + run.settled.length + run.rejudged.length;
    const at: PoolJobProgress = { step: 'rejudge', week: null };
    let corrected: number | null = null;
    try {
      corrected = await findCorrectedWeek(ctx.db, pool);
      if (corrected !== null) {
        at.week = corrected;
        for (const week of await rejudgeFromWeek(ctx, pool, corrected))
          run.rejudged.push({ poolId: pool.id, week });
      }
      await settlePoolDueWeeks(ctx, pool, now, run, options, at);
      if (failure) await clearPoolJobFailure(ctx.db, pool.id);
    } catch (error) {
      const recorded = await recordPoolJobFailure(ctx, pool.id, at, error);
      run.failed.push({
        poolId: pool.id,
        step: at.step,
        week: at.week,
        error: recorded.error,
        failures: recorded.failures,
        nextRetryAt: recorded.nextRetryAt,
      });
    }
    // Open pages refetch once the pool's weeks moved (after the transactions committed), and the pool's
    // rankings are computed once for them (decision 013; a big pool's in the background). Should that fail,
    // reads compute them as before.
    if (run.locked.length + run.settled.length + run.rejudged.length > before || corrected !== null) {
      await refreshAfterSettlement(ctx, pool.id).catch(() => undefined);
      // Missing Picks' count of a big pool's open week, kept for its reads (in the background, as above).
      inBackground(keepOwingCount(ctx, pool)).catch(() => undefined);
      notifyPoolChanged(ctx, pool.id, 'standings');
    }
  }
  // A pool that failed and has since ended (or is not settled here) has nothing left to retry.
  const settling = new Set(open.filter((pool) => pool.game !== 'world-cup').map((pool) => pool.id));
  for (const poolId of failing.keys()) if (!settling.has(poolId)) await clearPoolJobFailure(ctx.db, poolId);
  return run;
}

/** One pool's due weeks (see settleDueWeeks). */
export async function settlePoolDueWeeks(
  ctx: AppContext,
  pool: PoolRecord,
  now: Date,
  run: SettlementRun = emptyRun(),
  options: SettlementOptions = {},
  at: PoolJobProgress = { step: 'lock', week: null },
): Promise<SettlementRun> {
  at.step = 'lock';
  at.week = null;
  const calendar = await loadPoolWeeks(ctx.db, pool);
  const done = await ctx.db
    .select({ week: poolWeeks.week, settledAt: poolWeeks.settledAt })
    .from(poolWeeks)
    .where(eq(poolWeeks.poolId, pool.id));
  const status = new Map(done.map((row) => [row.week, row.settledAt !== null]));
  for (let week = Math.max(1, pool.startWeek); week <= calendar.weekCount; week++) {
    const lockAt = weekLockAt(calendar, pool, week);
    if (lockAt.getTime() > now.getTime()) break;
    if (!status.has(week)) {
      at.step = 'lock';
      at.week = week;
      await options.beforeLock?.(pool, week, lockAt);
      if (await lockPoolWeek(ctx, pool, calendar, week, lockAt)) run.locked.push({ poolId: pool.id, week });
      status.set(week, false);
    }
    if (status.get(week) === true) continue;
    at.step = 'settle';
    at.week = week;
    if (await settlePoolWeek(ctx, pool, week)) {
      run.settled.push({ poolId: pool.id, week });
      status.set(week, true);
    } else {
      break;
    }
  }
  if (options.beforeLock) {
    // Then the next week to lock may be picked ahead (and rebuys paid), whatever the weeks before it wait for.
    for (let week = Math.max(1, pool.startWeek); week <= calendar.weekCount; week++) {
      const lockAt = weekLockAt(calendar, pool, week);
      if (lockAt.getTime() <= now.getTime()) continue;
      at.step = 'lock';
      at.week = week;
      await options.beforeLock(pool, week, lockAt);
      break;
    }
  }
  return run;
}

function weekLockAt(calendar: PoolWeeks, pool: PoolRecord, week: number): Date {
  return calendar.weekLockAt(week) ?? getDeadlineCutoff(pool.deadlines[week - 1], pool.game as PlayableGame);
}

/**
 * Locks a week, once: fixes who plays it with which bonus-pool membership and auto-rebuy setting, shuts
 * the bonus pool down when too few entrants are left, and assigns entries insured before the week's
 * deadline and without a pick their insurance pick (most popular or random, never a team they used).
 * What it reads is what held at the lock instant, however late it runs: sign-ups, switches and
 * insurance from after it count from a later week, and picks and rebuys are refused after it.
 * False when it was locked already.
 */
export async function lockPoolWeek(
  ctx: AppContext,
  pool: PoolRecord,
  calendar: PoolWeeks,
  week: number,
  lockAt: Date,
): Promise<boolean> {
  const now = ctx.clock.now();
  // Its news is dated at the lock it tells of, however late the lock row is written.
  const postedAt = new Date(Math.min(now.getTime(), lockAt.getTime()));
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(pools).where(eq(pools.id, pool.id)).for('update');
    // Every entry in play (a pool may hold a million), with the state it locks with and its settings.
    const inPlay = await readEntriesInPlay(tx, pool.id, week, lockAt);
    const aliveAtLock = inPlay.slots.length;
    const bonusGame = pool.game === 'nba' || pool.game === 'mlb';
    const shutDown =
      bonusGame &&
      current.bonusActive &&
      !current.bonusDisabled &&
      isBonusShutDown(aliveAtLock, current.bonusShutdown);
    const bonusRunning = bonusGame && current.bonusActive && !current.bonusDisabled && !shutDown;
    const inserted = await tx
      .insert(poolWeeks)
      .values({ poolId: pool.id, week, aliveAtLock, bonusRunning, lockedAt: now })
      .onConflictDoNothing()
      .returning({ week: poolWeeks.week });
    if (inserted.length === 0) return false;

    if (shutDown) {
      await tx.update(pools).set({ bonusDisabled: true }).where(eq(pools.id, pool.id));
      await postPoolEvent(
        tx,
        {
          poolId: pool.id,
          type: SETTLEMENT_EVENT_TYPES.bonusShutdown,
          summary: 'Bonus pool shut down',
          desc: `With ${aliveAtLock} entrants left at Week ${week}, the bonus pool has shut down for the rest of the season.`,
        },
        postedAt,
      );
    }
    await storeLockedWeek(tx, pool.id, week, inPlay, bonusRunning);
    await assignInsurancePicks(tx, pool, calendar, week, lockAt, now, postedAt);
    return true;
  });
}

async function assignInsurancePicks(
  tx: DbOrTx,
  pool: PoolRecord,
  calendar: PoolWeeks,
  week: number,
  lockAt: Date,
  now: Date,
  postedAt: Date,
): Promise<void> {
  const option = pool.insuranceOption as InsuranceOption;
  if (pool.game === 'nfl-td' || option === 0) return;
  // Entries playing this week: in play when it locked and not waiting for a rebuy.
  const playing = and(
    eq(entries.poolId, pool.id),
    eq(entries.status, ENTRY_STATUS.active),
    sql`${entries.lives} > 0`,
    eq(entries.needsRebuy, false),
    lte(entries.createdAt, lockAt),
  );
  // Insurance counts from the week after the deadline it was bought past: its ledger row's instant says
  // when, so a lock written hours after the deadline still sees only what held at the deadline.
  const deadline = getDeadlineCutoff(pool.deadlines[week - 1], pool.game as PlayableGame);
  const insured = await tx
    .select({ id: entries.id, userId: entries.userId, username: users.username })
    .from(entries)
    .innerJoin(users, eq(users.id, entries.userId))
    .where(
      and(
        playing,
        eq(entries.insurancePurchased, true),
        sql`not exists (select 1 from picks p where p.entry_id = ${entries.id} and p.week = ${week})`,
        sql`not exists (select 1 from ledger l where l.pool_id = ${pool.id} and l.entry_id = ${entries.id}
          and l.kind = 'insurance' and l.created_at >= ${deadline.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(asc(entries.id));
  if (insured.length === 0) return;
  // Only the entrants' own picks count towards the most popular one.
  const counts = await tx
    .select({ pickId: picks.pickId, count: sql<number>`count(*)::int` })
    .from(picks)
    .innerJoin(entries, eq(entries.id, picks.entryId))
    .where(and(playing, eq(picks.week, week), eq(picks.byInsurance, false)))
    .groupBy(picks.pickId);
  const popularity = rankByPopularity(new Map(counts.map((row) => [row.pickId, row.count])));
  const usedRows = await tx
    .select({ entryId: picks.entryId, pickId: picks.pickId })
    .from(picks)
    .innerJoin(entries, eq(entries.id, picks.entryId))
    .where(and(playing, eq(entries.insurancePurchased, true), lt(picks.week, week)));
  const used = new Map<number, string[]>();
  for (const row of usedRows) used.set(row.entryId, [...(used.get(row.entryId) ?? []), row.pickId]);
  const weekTeams = [...new Set(calendar.games(week).flatMap((game) => [game.home, game.away]))];
  const random = createWeekRandom(pool.id, week);
  const assigned: Array<{ entryId: number; userId: number; username: string; team: string }> = [];
  for (const entry of insured) {
    const entryUsed = used.get(entry.id) ?? [];
    const team =
      option === 1 ? pickMostPopular(popularity, entryUsed) : drawRandomTeam(weekTeams, entryUsed, random);
    if (team !== null)
      assigned.push({ entryId: entry.id, userId: entry.userId, username: entry.username, team });
  }
  for (let start = 0; start < assigned.length; start += 1000) {
    const part = assigned.slice(start, start + 1000);
    await tx.insert(picks).values(
      part.map((a) => ({
        entryId: a.entryId,
        week,
        pickId: a.team,
        teamAbb: a.team,
        byInsurance: true,
        createdBy: null,
        createdAt: now,
      })),
    );
    await tx.insert(pickAudits).values(
      part.map((a) => ({
        entryId: a.entryId,
        week,
        action: 'insurance',
        newPickId: a.team,
        userId: null,
        createdAt: now,
      })),
    );
    await postPoolEvents(
      tx,
      part.map((a) => ({
        poolId: pool.id,
        entryId: a.entryId,
        userId: a.userId,
        type: SETTLEMENT_EVENT_TYPES.insurancePick,
        summary: 'Insurance pick',
        desc: `${a.username} had no pick for Week ${week}: insurance picked ${a.team}.`,
      })),
      postedAt,
    );
  }
}

/** Posts many feed events, 50,000 a statement through arrays (settling a big pool posts one per loss). */
async function postPoolEvents(tx: DbOrTx, events: readonly NewPoolEvent[], now: Date): Promise<void> {
  for (let start = 0; start < events.length; start += 50_000) {
    const part = events.slice(start, start + 50_000);
    const col = <T>(pick: (event: NewPoolEvent) => T) => sql.param(part.map(pick));
    await tx.execute(sql`
      insert into pool_events (pool_id, entry_id, user_id, type, "desc", summary, link, created_at)
      select t.pool_id, t.entry_id, t.user_id, t.type, t.description, t.summary, t.link, ${now.toISOString()}::timestamptz
      from unnest(
        ${col((e) => e.poolId)}::int[], ${col((e) => e.entryId ?? null)}::int[], ${col((e) => e.userId ?? null)}::int[],
        ${col((e) => e.type)}::int[], ${col((e) => e.desc)}::text[], ${col((e) => e.summary)}::text[],
        ${col((e) => e.link ?? null)}::text[]
      ) as t(pool_id, entry_id, user_id, type, description, summary, link)`);
  }
}

/**
 * Judges a locked week, once, when its games are all final and the week before it is settled: lives,
 * rebuys (auto-rebuys charged), eliminations, weeks alive and the bonus pool's money, all in one
 * transaction through the rules engine. False when the week is not ready (or already settled).
 */
export async function settlePoolWeek(ctx: AppContext, pool: PoolRecord, week: number): Promise<boolean> {
  const now = ctx.clock.now();
  const weekGames = await loadWeekGames(ctx.db, pool, week);
  if (!isWeekComplete(weekGames)) return false;
  const teams = recordWeekTeams(weekGames);
  const stats = pool.game === 'nfl-td' ? await loadWeekPlayerStats(ctx.db, pool, week) : {};
  // An nfl-td week is judged on its player lines: none yet means the stats feed is late, not no touchdowns.
  if (pool.game === 'nfl-td' && Object.keys(stats).length === 0) return false;

  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(poolWeeks)
      .where(and(eq(poolWeeks.poolId, pool.id), eq(poolWeeks.week, week), isNull(poolWeeks.settledAt)))
      .for('update');
    if (!row) return false;
    const [earlier] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(poolWeeks)
      .where(and(eq(poolWeeks.poolId, pool.id), lt(poolWeeks.week, week), isNull(poolWeeks.settledAt)));
    if (earlier.count > 0) return false;
    // A big pool's week is judged through hash joins and sorts of a million rows: memory for them, and no
    // JIT compiling (a tenth of a second and more per big statement, and nothing won back).
    await tx.execute(sql`select set_config('work_mem', '128MB', true), set_config('jit', 'off', true)`);

    const bonuses = row.bonusRunning ? await detectPoolWeekBonuses(tx, pool, week, weekGames, teams) : [];
    const played = await readWeekPlayers(tx, pool.id, week);
    const { slots, players } = played;
    const isNfl = pool.game === 'nfl-td';
    // Entries alike share their player, and so their rules-engine input (and outcome): the engine reads
    // an input's fields and answers by position, and what it answers is matched to the entries by
    // position too (`slots`). An input's id names its first entry's slot, only in an engine error.
    const shared = new Map<WeekPlayer, WeekEntryInput>();
    const inputs: WeekEntryInput[] = players.map((player, i) => {
      let input = shared.get(player);
      if (input === undefined) {
        const { lives } = player;
        input = {
          id: `slot ${slots[i]}`,
          state: {
            lives,
            rebuysMade: player.rebuysMade,
            status: lives <= 0 ? 'eliminated' : player.needsRebuy ? 'needs-rebuy' : 'alive',
            weeksAlive: player.weeksAlive,
          },
          autoRebuy: player.autoRebuy,
          // Insurance picks were assigned when the week locked; they are the entry's picks now.
          insured: false,
          pick: isNfl ? player.picks : (player.picks[0] ?? null),
          // The once-per-season check is all `used` serves here, and the picks' unique index already
          // refuses an entrant's pick of a team or player they used before (a commissioner's may repeat).
          used: NOTHING_USED,
          // A manual rebuy is applied to the entry when it is paid (POST /user/rebuy), before the lock.
          rebuyBeforeLock: false,
          inBonusPool: player.inBonus,
        };
        shared.set(player, input);
      }
      return input;
    });
    const outcome = judgeWeek(pool, week, teams, stats, bonuses, inputs);
    const judgedAt = resultsInstant(weekGames, now);

    // One rebuy's charge as rebuyCharges makes it (none when rebuys are free), repeated per rebuy bought.
    const [charge] = rebuyCharges(pool, week, 0, 1, `Auto-rebuy after Week ${week}`);
    await writeEntryOutcomes(tx, pool.id, week, played, outcome.entries, charge ?? null, now);

    if (outcome.bonusEvents.length > 0) {
      const bonusPlayers = await readBonusPlayers(tx, pool.id, outcome.bonusEvents, slots);
      for (let b = 0; b < outcome.bonusEvents.length; b++) {
        await recordBonusEvent(
          tx,
          pool,
          week,
          bonuses[b],
          outcome.bonusEvents[b],
          bonusPlayers,
          now,
          judgedAt,
        );
      }
    }
    const [digest] = (await digestWeekResults(tx, pool, [week])).values();
    await tx
      .update(poolWeeks)
      .set({ settledAt: judgedAt, resultsDigest: digest ?? null, health: countAliveByLives(outcome.entries) })
      .where(and(eq(poolWeeks.poolId, pool.id), eq(poolWeeks.week, week)));
    return true;
  });
}

/** How long after its start a game's result is taken to be in (the longest of the games' usual lengths). */
const RESULT_AFTER_START_MS = 4 * 60 * 60_000;

/**
 * When a week's results were in: soon after its last game started, never later than now. A week judged
 * late (a restart catching up on weeks, the demo's first start, a late feed) is then dated when it
 * happened in the season, and its news never reads "just now" for a week long past. Only what people
 * read is dated so (settled_at and the news); money and locks keep the instant they were written.
 */
export function resultsInstant(weekGames: readonly { startTime: Date }[], now: Date): Date {
  let last = Number.NEGATIVE_INFINITY;
  for (const game of weekGames) last = Math.max(last, game.startTime.getTime());
  if (!Number.isFinite(last)) return now;
  return new Date(Math.min(now.getTime(), last + RESULT_AFTER_START_MS));
}

/**
 * The entries that played a judged week and are alive after it, by their lives ({ "3": 120 }): the
 * week's point of the Pool Health Report, kept with the week (pool_weeks.health).
 */
export function countAliveByLives(outcomes: readonly WeekEntryOutcome[]): Record<string, number> {
  // Counted by number first: a million entries looked up by text key cost a tenth of a second.
  const byLives = new Map<number, number>();
  for (const { played, state } of outcomes) {
    if (!played || state.lives <= 0 || state.status === 'eliminated') continue;
    byLives.set(state.lives, (byLives.get(state.lives) ?? 0) + 1);
  }
  return Object.fromEntries([...byLives].sort(([a], [b]) => a - b));
}

function summarizeGame(game: {
  home: string;
  away: string;
  homeScore: number | null;
  awayScore: number | null;
}) {
  return `${game.away} ${game.awayScore ?? 0} @ ${game.home} ${game.homeScore ?? 0}`;
}

/** Each entry's picks of a week, and the picks of its earlier weeks (used, so not pickable again). */
export async function readWeekPicks(
  tx: DbOrTx,
  poolId: number,
  week: number,
): Promise<{ weekPicks: Map<number, string[]>; used: Map<number, string[]> }> {
  const weekPicks = new Map<number, string[]>();
  const used = new Map<number, string[]>();
  // By pool, not by a list of entry ids: a big pool's ids would pass the parameter limit.
  const rows = await tx
    .select({ entryId: picks.entryId, week: picks.week, pickId: picks.pickId, byCommish: picks.byCommish })
    .from(picks)
    .innerJoin(entries, eq(entries.id, picks.entryId))
    .where(and(eq(entries.poolId, poolId), lte(picks.week, week)))
    .orderBy(asc(picks.id));
  const commishWeekPicks: Array<{ entryId: number; pickId: string }> = [];
  for (const pick of rows) {
    if (pick.week === week) {
      weekPicks.set(pick.entryId, [...(weekPicks.get(pick.entryId) ?? []), pick.pickId]);
      if (pick.byCommish) commishWeekPicks.push(pick);
    } else if (!pick.byCommish) {
      used.set(pick.entryId, [...(used.get(pick.entryId) ?? []), pick.pickId]);
    }
  }
  // A commissioner's Edit Picks bypasses the once-per-season rule: its picks are not held against the entry.
  for (const { entryId, pickId } of commishWeekPicks) {
    used.set(
      entryId,
      (used.get(entryId) ?? []).filter((id) => id !== pickId),
    );
  }
  return { weekPicks, used };
}

/** No used picks: the picks' unique index refuses an entrant's reuse of a team or player already. */
export const NOTHING_USED: readonly string[] = [];

/**
 * The players as recordBonusEvent reads them, by their place in `slots`: the entry ids of the bonus
 * events' winners and payers, and the winners' usernames (no other place is read).
 */
export async function readBonusPlayers(
  tx: DbOrTx,
  poolId: number,
  settlements: readonly WeekBonusSettlement[],
  slots: readonly number[],
): Promise<Array<{ entry: { id: number }; username: string }>> {
  const named = [...new Set(settlements.flatMap((s) => [...s.winners, ...s.payers]))];
  const ids = await readEntryIds(
    tx,
    poolId,
    named.map((i) => slots[i]),
  );
  const idAt = new Map(named.map((i, n) => [i, ids[n]]));
  const names = await readUsernames(tx, [
    ...new Set(settlements.flatMap((s) => s.winners.map((i) => must(idAt.get(i))))),
  ]);
  const players = new Array<{ entry: { id: number }; username: string }>(slots.length);
  for (const [i, id] of idAt) players[i] = { entry: { id }, username: names.get(id) ?? '' };
  return players;
}

/** The rules engine on one week of a pool (insurance picks were assigned at the lock, so none here). */
export function judgeWeek(
  pool: PoolRecord,
  week: number,
  teams: WeekFacts['teams'],
  stats: WeekFacts['stats'],
  bonuses: readonly PoolWeekBonus[],
  inputs: WeekEntryInput[],
): SettleWeekOutput {
  // A commissioner may pick a team without a game that week (Edit Picks bypasses the rules): it plays 0-0.
  const weekTeams = { ...teams };
  for (const input of inputs) if (typeof input.pick === 'string') weekTeams[input.pick] ??= [0, 0];
  return settleWeek({
    rules: {
      game: pool.game as PlayableGame,
      rebuys: pool.rebuys,
      shootMoon: pool.shootMoon,
      insuranceOption: 0,
      nflPassTds: pool.nflPassTds,
    },
    facts: {
      week,
      teams: weekTeams,
      stats,
      bonusEvents: bonuses.map((bonus) => ({ team: bonus.detected.team_abb, prize: bonus.prize })),
    },
    entries: inputs,
  });
}

/** Ledger rows charging `count` rebuys (none when rebuys are free); a negative count refunds. */
export function rebuyCharges(
  pool: PoolRecord,
  week: number,
  entryId: number,
  count: number,
  notes: string,
): LedgerRowInput[] {
  if (count === 0 || pool.rebuyPrice === 0) return [];
  return Array.from({ length: Math.abs(count) }, () => ({
    poolId: pool.id,
    entryId,
    kind: 'rebuy' as const,
    amount: count > 0 ? -pool.rebuyPrice : pool.rebuyPrice,
    week,
    notes,
  }));
}

/** Stores one paid bonus with its zero-sum ledger rows and its feed news. */
export async function recordBonusEvent(
  tx: DbOrTx,
  pool: PoolRecord,
  week: number,
  bonus: PoolWeekBonus,
  money: WeekBonusSettlement,
  players: ReadonlyArray<{ entry: { id: number }; username: string }>,
  now: Date,
  /** When the news is dated: the week's results instant when judged late (resultsInstant). */
  postedAt: Date = now,
): Promise<void> {
  const [event] = await tx
    .insert(bonusEvents)
    .values({
      poolId: pool.id,
      week,
      key: bonus.detected.key,
      bonusId: bonus.detected.bonus_id,
      bonusLongName: bonus.longName,
      bonusName: bonus.label,
      teamAbb: bonus.detected.team_abb,
      player: bonus.detected.player,
      desc: bonus.detected.desc,
      gid: bonus.detected.gid,
      gameSummary: bonus.game ? summarizeGame(bonus.game) : null,
      bonusDate: bonus.game?.startTime ?? now,
      prize: money.prize,
      total: money.total,
      winners: money.winners.map((i) => players[i].entry.id),
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: bonusEvents.id });
  if (!event || money.winners.length === 0 || money.payers.length === 0) return;
  const rows: LedgerRowInput[] = [
    ...money.winners.map((i) => ({
      poolId: pool.id,
      entryId: players[i].entry.id,
      kind: 'bonus' as const,
      amount: money.prize,
      week,
      notes: bonus.label,
    })),
    ...money.payers.map((i, n) => ({
      poolId: pool.id,
      entryId: players[i].entry.id,
      kind: 'bonus' as const,
      amount: -(money.share + (n < money.extraCentPayers ? 1 : 0)),
      week,
      notes: bonus.label,
    })),
  ];
  await appendLedger(
    tx,
    rows.map((r) => ({ ...r, bonusEventId: event.id })),
    now,
  );
  const winners = money.winners.map((i) => players[i].username).join(', ');
  await postPoolEvent(
    tx,
    {
      poolId: pool.id,
      type: SETTLEMENT_EVENT_TYPES.bonus,
      summary: `${bonus.label}: ${bonus.detected.team_abb}`,
      desc: `${bonus.detected.desc}. Week ${week} bonus won by ${winners}.`,
    },
    postedAt,
  );
}

/** A bonus derived again stands as stored: the same prize, total and winners (in entry order). */
export function isSameBonus(
  stored: { prize: number; total: number; winners: readonly number[] },
  money: { prize: number; total: number },
  winners: readonly number[],
): boolean {
  return (
    money.prize === stored.prize &&
    money.total === stored.total &&
    JSON.stringify(winners) === JSON.stringify(stored.winners)
  );
}

/**
 * Voids a stored bonus and reverses its ledger rows (money is never edited), by a commissioner or (by null) by
 * settlement; returns each entry's reversed net.
 */
export async function voidBonusEvent(
  tx: DbOrTx,
  event: { id: number; week: number },
  notes: string,
  by: number | null,
  now: Date,
): Promise<Map<number, number>> {
  await tx.update(bonusEvents).set({ voidedAt: now }).where(eq(bonusEvents.id, event.id));
  const rows = await tx.select().from(ledger).where(eq(ledger.bonusEventId, event.id));
  await appendLedger(
    tx,
    rows.map((row) => ({
      poolId: row.poolId,
      entryId: row.entryId,
      kind: 'bonus' as const,
      amount: -row.amount,
      week: event.week,
      notes,
      bonusEventId: event.id,
      createdBy: by,
    })),
    now,
  );
  const net = new Map<number, number>();
  for (const row of rows)
    if (row.entryId !== null) net.set(row.entryId, (net.get(row.entryId) ?? 0) - row.amount);
  return net;
}
