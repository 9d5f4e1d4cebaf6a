import { and, asc, eq, isNull, lt, lte, sql } from 'drizzle-orm';
import { type PlayableGame, picksPlayers } from '../../../../core/games';
import {
  judgeWeekEnd,
  type SettleWeekOutput,
  settleWeek,
  type WeekEntryInput,
  type WeekEntryOutcome,
  type WeekFacts,
} from '../../../../core/season';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import type { PoolRecord } from '../../../db/schema';
import { entries, picks, poolWeeks } from '../../../db/schema';
import type { LedgerRowInput } from '../ledger';
import { storedNflRules } from '../nfl-survivor-rules';
import { picksAsked } from '../owed-picks';
import { readBonusPlayers, recordBonusEvent } from './bonus-events';
import { endRuleOf, readPoolEnd, recordWeekEnd } from './season-end';
import {
  detectPoolWeekBonuses,
  digestWeekResults,
  isWeekComplete,
  loadWeekGames,
  loadWeekPlayerStats,
  type PoolWeekBonus,
  recordWeekTeams,
} from './week-facts.repo';
import { readWeekPlayers, storeWeekOutcomes, type WeekPlayer } from './week-players.repo';

// Judging a locked week through the rules engine, for the pass and for re-judging (rejudge.ts).

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
          pick: weekPickOf(pool, week, player.picks),
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
    const judged = judgeWeek(pool, week, teams, stats, bonuses, inputs);
    // The end rule's verdict on the week (a revive's entries are stored alive with 1 life); a pool
    // already decided (waiting for its commissioner's crowning) plays on without it.
    const end = (await readPoolEnd(tx, pool.id))
      ? null
      : judgeWeekEnd(endRuleOf(pool), judged.entries, week >= pool.deadlines.length);
    const outcome = end ? { ...judged, entries: end.outcomes } : judged;
    const judgedAt = resultsInstant(weekGames, now);

    // One rebuy's charge as rebuyCharges makes it (none when rebuys are free), repeated per rebuy bought.
    const [charge] = rebuyCharges(pool, week, 0, 1, `Auto-rebuy after Week ${week}`);
    await storeWeekOutcomes(tx, pool.id, week, played, outcome.entries, charge ?? null, now);

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
    if (end) await recordWeekEnd(tx, pool, week, end, slots, judgedAt);
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

/**
 * An entry's week pick as the rules engine takes it: nfl-td's players and an NFL Survivor multi-pick
 * week's teams as a list, every other pick as its one team (or none).
 */
export function weekPickOf(pool: PoolRecord, week: number, held: readonly string[]): WeekEntryInput['pick'] {
  const asList = picksPlayers(pool.game) || (pool.game === 'nfl' && picksAsked(pool, week) > 1);
  return asList ? held : (held[0] ?? null);
}

/** No used picks: the picks' unique index refuses an entrant's reuse of a team or player already. */
export const NOTHING_USED: readonly string[] = [];

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
  const teamGame = pool.game !== 'nfl-td';
  for (const input of inputs) {
    if (typeof input.pick === 'string') weekTeams[input.pick] ??= [0, 0];
    else if (teamGame && input.pick) for (const team of input.pick) weekTeams[team] ??= [0, 0];
  }
  const nfl = storedNflRules(pool);
  return settleWeek({
    rules: {
      game: pool.game as PlayableGame,
      rebuys: pool.rebuys,
      shootMoon: pool.shootMoon,
      insuranceOption: 0,
      nflPassTds: pool.nflPassTds,
      tieRule: nfl.tie_rule,
      picksAsked: picksAsked(pool, week),
      // Auto-picks were assigned when the week locked, as insurance picks were.
      autoPick: false,
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
