import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import type { PoolRecord } from '../../../db/schema';
import { poolWeeks } from '../../../db/schema';
import { recordWeekBonuses } from './bonus-events.repo';
import {
  countAliveByLives,
  engineInputs,
  judgeWeekVerdict,
  rebuyCharges,
  resultsInstant,
} from './judge-week.engine';
import { readPoolEnd, recordWeekEnd } from './season-end.service';
import { detectPoolWeekBonuses, readWeekResults, stampWeekJudged } from './week-facts.repo';
import { readWeekPlayers, storeWeekOutcomes } from './week-players.repo';

// Settling a locked week, as one command of steps in order, each step's module visited once: read the
// week (its results: week-facts.repo, its players: week-players.repo), judge it with the pure rules
// engine (judge-week.engine.ts), write the verdicts with the money they move (week-players.repo), then the news
// (the bonuses: bonus-events.repo.ts, the end rule's verdict: season-end.service.ts) and the week's stamp.

/**
 * Judges a locked week, once, when its games are all final and the week before it is settled: lives,
 * rebuys (auto-rebuys charged), eliminations, weeks alive and the bonus pool's money, all in one
 * transaction through the rules engine. False when the week is not ready (or already settled).
 */
export async function settlePoolWeek(ctx: AppContext, pool: PoolRecord, week: number): Promise<boolean> {
  const now = ctx.clock.now();
  const results = await readWeekResults(ctx.db, pool, week);
  if (results === null) return false;
  // An nfl-td week is judged on its player lines: none yet means the stats feed is late, not no touchdowns.
  if (pool.game === 'nfl-td' && Object.keys(results.stats).length === 0) return false;

  return ctx.db.transaction(async (tx) => {
    // Read: the week still to judge, the week before it judged, and who plays it with what.
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
    const bonuses = row.bonusRunning
      ? await detectPoolWeekBonuses(tx, pool, week, results.games, results.teams)
      : [];
    const played = await readWeekPlayers(tx, pool.id, week);
    // A pool already decided (waiting for its commissioner's crowning) plays on without the end rule.
    const decided = (await readPoolEnd(tx, pool.id)) !== null;

    // Judge.
    const { outcome, end } = judgeWeekVerdict(
      pool,
      week,
      { teams: results.teams, stats: results.stats, bonuses },
      engineInputs(pool, week, played),
      !decided,
    );
    const judgedAt = resultsInstant(results.games, now);

    // Write: the verdicts with their auto-rebuy charges (one rebuy's charge, repeated per rebuy bought;
    // none when rebuys are free), the bonus money and news, the end rule's verdict, the week's stamp.
    const [charge] = rebuyCharges(pool, week, 0, 1, `Auto-rebuy after Week ${week}`);
    await storeWeekOutcomes(tx, pool.id, week, played, outcome.entries, charge ?? null, now);
    await recordWeekBonuses(tx, pool, week, bonuses, outcome.bonusEvents, played.slots, now, judgedAt);
    await stampWeekJudged(tx, pool, week, countAliveByLives(outcome.entries), judgedAt);
    if (end) await recordWeekEnd(tx, pool, week, end, played.slots, judgedAt);
    return true;
  });
}
