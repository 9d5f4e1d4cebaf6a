import { sql } from 'drizzle-orm';
import type { WeekEnd, WeekEntryOutcome } from '../../../../core/season';
import type { AppContext } from '../../../context';
import { rowsOf } from '../../../db/client';
import type { PoolRecord } from '../../../db/schema';
import { entryWeekKinds } from '../../../db/schema';
import { type PoolWeekKey, poolWeekPairs } from '../store/entry-weeks.repo';
import { intArray } from '../store/week-encoding';
import { countAliveByLives, judgeWeekVerdict, resultsInstant } from './judge-week.engine';
import { LOCKED_ALONE_FROM_ENTRIES } from './lock-together.command';
import { endRuleOf, recordWeekEnd } from './season-end.service';
import { readWeekResults, type WeekResults } from './week-facts.repo';
import { readOpenWeeksPlayersOf } from './week-players.repo';
import { weekRulesOf } from './week-rules';
import { judgedWeekOf } from './week-verdicts.repo';

// Small pools' weeks judged together (issue 46: ten thousand office pools settle when the last game
// ends): the same judging as settlePoolWeek (settle-week.command.ts), by the same rules engine on the same
// reads, written for a few pools at once in one transaction of a few statements, where each pool's own
// transaction took two dozen. Rows are counted per pool rather than asked `exists` (lock-together.command.ts).

/** A pool whose first week not judged is ready to judge on `results`. */
export interface SettleDue {
  pool: PoolRecord;
  week: number;
  results: WeekResults;
}

/**
 * Of some pools, the ones whose week may be judged together now: their first week not judged has all its
 * games final, its bonus pool did not run (its bonuses are detected per pool), no end is decided, fewer
 * than LOCKED_ALONE_FROM_ENTRIES entries, and not nfl-td (its player lines). A season's week's results
 * are read once for them all.
 */
export async function findSettlesDue(
  ctx: AppContext,
  candidates: readonly PoolRecord[],
): Promise<SettleDue[]> {
  const open = candidates.filter(
    (pool) => !pool.final && pool.game !== 'world-cup' && pool.game !== 'nfl-td',
  );
  if (open.length === 0) return [];
  const rows = rowsOf<{
    id: number;
    week: number | null;
    bonus_running: boolean | null;
    decided: boolean;
    size: number | null;
  }>(
    await ctx.db.execute(sql`
      select p.id, w.week, w.bonus_running,
        (select count(*) from pool_ends d where d.pool_id = p.id) > 0 as decided,
        (select max(e.slot) + 1 from entries e where e.pool_id = p.id) as size
      from unnest(${intArray(open.map((pool) => pool.id))}) as p(id)
      left join lateral (
        select w.week, w.bonus_running from pool_weeks w
        where w.pool_id = p.id and w.settled_at is null order by w.week limit 1
      ) w on true`),
  );
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  const results = new Map<string, Promise<WeekResults | null>>();
  const due: SettleDue[] = [];
  for (const pool of open) {
    const row = byId.get(pool.id);
    if (!row || row.week === null || row.bonus_running || row.decided) continue;
    if (Number(row.size ?? 0) >= LOCKED_ALONE_FROM_ENTRIES) continue;
    const week = Number(row.week);
    const key = `${pool.game}|${pool.season}|${pool.seasonType}|${week}`;
    let read = results.get(key);
    if (!read) {
      read = readWeekResults(ctx.db, pool, week);
      results.set(key, read);
    }
    const found = await read;
    if (found) due.push({ pool, week, results: found });
  }
  return due;
}

/** What judging a pool's week together answered: whether the end rule decided the pool. */
export interface SettledTogether {
  pool: PoolRecord;
  week: number;
  decided: boolean;
}

/**
 * Judges some small pools' weeks (findSettlesDue) together, in one transaction: as settlePoolWeek does for
 * one pool, each week's players as it locked, judged by the pool's rules and end rule, then every played
 * entry's new state with its auto-rebuy charges, the judged kinds and the week's stamp, in one statement
 * each for all the pools. A week judged meanwhile, or whose earlier week is not, is left as it is.
 */
export async function settleWeeksTogether(
  ctx: AppContext,
  due: readonly SettleDue[],
): Promise<SettledTogether[]> {
  if (due.length === 0) return [];
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const keys: PoolWeekKey[] = due.map(({ pool, week }) => ({ poolId: pool.id, week }));
    // A week judged only after the one before it; an end decided meanwhile judges without the end rule.
    const held = rowsOf<{ pool_id: number; earlier: boolean; decided: boolean }>(
      await tx.execute(sql`
        select d.pool_id,
          (select count(*) from pool_weeks e where e.pool_id = d.pool_id and e.week < d.week and e.settled_at is null) > 0
            as earlier,
          (select count(*) from pool_ends x where x.pool_id = d.pool_id) > 0 as decided
        from ${poolWeekPairs(keys)}`),
    );
    const ready = due.filter((lock) =>
      held.some((row) => Number(row.pool_id) === lock.pool.id && !row.earlier),
    );
    const decidedBefore = new Set(held.filter((row) => row.decided).map((row) => Number(row.pool_id)));
    const players = await readOpenWeeksPlayersOf(
      tx,
      ready.map(({ pool, week }) => ({ poolId: pool.id, week })),
    );

    // Judge each pool's week by its rules; gather what to write for them all.
    const judgedWeeks: Array<SettledTogether & { stamp: WeekStamp; end: WeekEnd | null; slots: number[] }> =
      [];
    const states: EntryState[] = [];
    const kindRows: Array<typeof entryWeekKinds.$inferInsert> = [];
    for (const { pool, week, results } of ready) {
      const played = players.get(pool.id);
      if (!played) continue;
      const endRule = decidedBefore.has(pool.id) ? null : endRuleOf(pool);
      const { outcome, end } = judgeWeekVerdict(
        weekRulesOf(pool, week),
        week,
        { teams: results.teams, stats: results.stats, bonuses: [] },
        played,
        endRule,
      );
      // No bonus pool ran (findSettlesDue), so no bonus money moved: nothing to pay but lives and rebuys.
      if (outcome.bonusEvents.length > 0)
        throw new Error(`bonus events in pool ${pool.id} without its bonus pool`);
      const { judged, judgedSlots } = judgedWeekOf(played, outcome.entries);
      outcome.entries.forEach((entry, i) => {
        if (entry.played) states.push({ poolId: pool.id, slot: played.slots[i], entry });
      });
      // Kinds no slot names are left out, as storeWeekKinds does.
      const used = judgedSlots.usedKinds(judged.list.length);
      judged.list.forEach((kind, i) => {
        if (used[i + 1] === 1) kindRows.push({ ...kind, poolId: pool.id, week, kind: i + 1 });
      });
      const stamp: WeekStamp = {
        at: resultsInstant(results.games, now),
        digest: results.digest,
        health: countAliveByLives(outcome.entries),
        kinds: judgedSlots.bytes.toString('hex'),
      };
      judgedWeeks.push({ pool, week, decided: false, stamp, end, slots: played.slots });
    }
    if (judgedWeeks.length === 0) return [];

    // Write: the entries' new states with their auto-rebuy charges (the pool's price, none when free,
    // in slot order), the judged kinds, and each week's stamp with its point of the Pool Health Report.
    const ints = <T>(rows: readonly T[], pick: (row: T) => number) =>
      sql`${sql.param(rows.map(pick))}::int[]`;
    const texts = <T>(rows: readonly T[], pick: (row: T) => string | null) =>
      sql`${sql.param(rows.map(pick))}::text[]`;
    const weekPairs = sql`unnest(${ints(judgedWeeks, (w) => w.pool.id)}, ${ints(judgedWeeks, (w) => w.week)})`;
    if (states.length > 0)
      await tx.execute(sql`
        with n as (
          select * from unnest(${ints(states, (s) => s.poolId)}, ${ints(states, (s) => s.slot)},
            ${ints(states, (s) => (s.entry.state.status === 'needs-rebuy' ? 1 : 0))},
            ${ints(states, (s) => s.entry.state.lives)}, ${ints(states, (s) => s.entry.state.rebuysMade)},
            ${ints(states, (s) => s.entry.state.weeksAlive)}, ${ints(states, (s) => s.entry.rebuysBought)})
            as n(pool_id, slot, needs_rebuy, lives, rebuys_made, weeks_alive, rebuys)
        ), judged as (
          update entries as e set needs_rebuy = n.needs_rebuy = 1, lives = n.lives, rebuys_made = n.rebuys_made,
            weeks_alive = n.weeks_alive, version = e.version + 1
          from n where e.pool_id = n.pool_id and e.slot = n.slot
          returning e.id, e.pool_id, e.slot, n.rebuys
        )
        insert into ledger (pool_id, entry_id, kind, amount, week, notes, created_at)
        select j.pool_id, j.id, 'rebuy', -p.rebuy_price, s.week, 'Auto-rebuy after Week ' || s.week,
          ${now.toISOString()}::timestamptz
        from judged j join pools p on p.id = j.pool_id
        join ${weekPairs} as s(pool_id, week) on s.pool_id = j.pool_id
        cross join generate_series(1, j.rebuys)
        where j.rebuys > 0 and p.rebuy_price <> 0
        order by j.pool_id, j.slot`);
    await tx.execute(sql`
      delete from entry_week_kinds k using ${weekPairs} as d(pool_id, week)
      where k.pool_id = d.pool_id and k.week = d.week`);
    for (let start = 0; start < kindRows.length; start += 2000)
      await tx.insert(entryWeekKinds).values(kindRows.slice(start, start + 2000));
    await tx.execute(sql`
      update pool_weeks w set settled_at = d.at::timestamptz, results_digest = d.digest, health = d.health::jsonb,
        entry_kinds = decode(d.kinds, 'hex')
      from unnest(${ints(judgedWeeks, (w) => w.pool.id)}, ${ints(judgedWeeks, (w) => w.week)},
        ${texts(judgedWeeks, (w) => w.stamp.at.toISOString())}, ${texts(judgedWeeks, (w) => w.stamp.digest)},
        ${texts(judgedWeeks, (w) => JSON.stringify(w.stamp.health))}, ${texts(judgedWeeks, (w) => w.stamp.kinds)})
        as d(pool_id, week, at, digest, health, kinds)
      where w.pool_id = d.pool_id and w.week = d.week`);
    // Then the news: the end rule's verdicts.
    for (const judgedWeek of judgedWeeks) {
      const { pool, week, end, slots, stamp } = judgedWeek;
      if (end) judgedWeek.decided = await recordWeekEnd(tx, pool, week, end, slots, stamp.at);
    }
    return judgedWeeks.map(({ pool, week, decided }) => ({ pool, week, decided }));
  });
}

/** A played entry's new state, at its pool and slot. */
interface EntryState {
  poolId: number;
  slot: number;
  entry: WeekEntryOutcome;
}

/** What a judged week's pool_weeks row is stamped with. */
interface WeekStamp {
  at: Date;
  digest: string | null;
  health: Record<string, number>;
  /** The judged kinds' byte string, in hex. */
  kinds: string;
}
