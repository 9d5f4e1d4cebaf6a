import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import type { PoolRecord } from '../../../db/schema';
import { poolWeeks } from '../../../db/schema';
import { recordWeekBonuses } from './bonus-events.repo';
import { judgeWeekVerdict, resultsInstant } from './judge-week.engine';
import { endRuleInForce, recordWeekEnd } from './season-end.service';
import { detectPoolWeekBonuses, readWeekResults } from './week-facts.repo';
import { readWeekPlayers } from './week-players.repo';
import { weekRulesOf } from './week-rules';
import { writeWeekVerdicts } from './week-verdicts.repo';

// Settling a locked week, as one command of steps in order: read the week (its results and bonuses:
// week-facts.repo, its players: week-players.repo, the end rule in force: season-end.service), judge it by
// the pool's rules of the week (week-rules.ts) with the pure rules engine (judge-week.engine.ts), write the
// verdicts with the money they move and the week's stamp (week-verdicts.repo), then the news: the bonuses
// paid (bonus-events.repo) and the end rule's verdict (season-end.service).

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
    const endRule = await endRuleInForce(tx, pool);

    // Judge, by the pool's rules of the week.
    const rules = weekRulesOf(pool, week);
    const { outcome, end } = judgeWeekVerdict(
      rules,
      week,
      { teams: results.teams, stats: results.stats, bonuses },
      played,
      endRule,
    );
    const judgedAt = resultsInstant(results.games, now);

    // Write the verdicts and their money, then the news.
    await writeWeekVerdicts(tx, pool, week, played, outcome.entries, {
      now,
      at: judgedAt,
      digest: results.digest,
    });
    await recordWeekBonuses(tx, pool, week, bonuses, outcome.bonusEvents, played.slots, now, judgedAt);
    if (end) await recordWeekEnd(tx, pool, week, end, played.slots, judgedAt);
    return true;
  });
}
