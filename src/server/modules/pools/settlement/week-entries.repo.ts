import { sql } from 'drizzle-orm';
import type { WeekEntryOutcome } from '../../../../core/season';
import type { DbOrTx } from '../../../db/client';
import type { LedgerRowInput } from '../ledger';

// A week of a big pool is a million entries: these read and write them column by column, set-based,
// never as a million row objects.

/** Node-postgres and PGlite both answer raw queries as { rows }. */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** A SQL int[] of whole numbers computed on the server (never user text), as one short parameter. */
function intArray(values: readonly number[]): ReturnType<typeof sql> {
  return sql`string_to_array(${values.join(',')}, ',')::int[]`;
}

/** The entries that play a locked week, in entry id order, one array per column. */
export interface WeekPlayers {
  ids: number[];
  /** The entrant and which of their entries it is (for the feed news). */
  userIds: number[];
  entryNums: number[];
  lives: number[];
  rebuysMade: number[];
  needsRebuy: boolean[];
  weeksAlive: number[];
  inBonus: boolean[];
  autoRebuy: boolean[];
  /** Each entry's own picks of the week in the order they were made (several for nfl-td). */
  picks: string[][];
}

/** Reads who plays a locked week with the state judging starts from and their picks of that week. */
export async function readWeekPlayers(tx: DbOrTx, poolId: number, week: number): Promise<WeekPlayers> {
  // Aggregated into arrays from a sorted subquery: PostgreSQL keeps that order, and one row of arrays is
  // far cheaper to build and parse than a million rows. An entry with several picks comes once per pick.
  const [row] = rowsOf<{
    ids: number[] | null;
    user_ids: number[] | null;
    entry_nums: number[] | null;
    lives: number[] | null;
    rebuys_made: number[] | null;
    needs_rebuy: boolean[] | null;
    weeks_alive: number[] | null;
    in_bonus: boolean[] | null;
    auto_rebuy: boolean[] | null;
    pick_ids: Array<string | null> | null;
  }>(
    await tx.execute(sql`
      select array_agg(id) as ids, array_agg(user_id) as user_ids, array_agg(entry_num) as entry_nums,
        array_agg(lives) as lives, array_agg(rebuys_made) as rebuys_made,
        array_agg(needs_rebuy) as needs_rebuy, array_agg(weeks_alive) as weeks_alive,
        array_agg(in_bonus) as in_bonus, array_agg(auto_rebuy) as auto_rebuy, array_agg(pick_id) as pick_ids
      from (
        select e.id, e.user_id, e.entry_num, e.lives, e.rebuys_made, e.needs_rebuy, e.weeks_alive, w.in_bonus, w.auto_rebuy, p.pick_id
        from entry_weeks w
        join entries e on e.id = w.entry_id
        left join picks p on p.entry_id = w.entry_id and p.week = w.week
        where w.pool_id = ${poolId} and w.week = ${week}
        order by e.id, p.id
      ) as played`),
  );
  const players: WeekPlayers = {
    ids: [],
    userIds: [],
    entryNums: [],
    lives: [],
    rebuysMade: [],
    needsRebuy: [],
    weeksAlive: [],
    inBonus: [],
    autoRebuy: [],
    picks: [],
  };
  const ids = row?.ids ?? [];
  for (let i = 0; i < ids.length; i++) {
    const pickId = row.pick_ids?.[i] ?? null;
    const last = players.ids.length - 1;
    if (last >= 0 && players.ids[last] === ids[i]) {
      if (pickId !== null) players.picks[last].push(pickId);
      continue;
    }
    players.ids.push(ids[i]);
    players.userIds.push(row.user_ids?.[i] ?? 0);
    players.entryNums.push(row.entry_nums?.[i] ?? 0);
    players.lives.push(row.lives?.[i] ?? 0);
    players.rebuysMade.push(row.rebuys_made?.[i] ?? 0);
    players.needsRebuy.push(row.needs_rebuy?.[i] ?? false);
    players.weeksAlive.push(row.weeks_alive?.[i] ?? 0);
    players.inBonus.push(row.in_bonus?.[i] ?? false);
    players.autoRebuy.push(row.auto_rebuy?.[i] ?? false);
    players.picks.push(pickId === null ? [] : [pickId]);
  }
  return players;
}

/**
 * Each playing entry's week picks that repeat a team or player it used in an earlier week, by entry
 * (usually none: the picks' unique index refuses a reuse). This is what the rules engine's
 * once-per-season check needs of `used`, without reading the season's picks: a commissioner's picks
 * are not held against the entry, and a week pick the commissioner placed is not checked.
 */
export async function findReusedPicks(
  tx: DbOrTx,
  poolId: number,
  week: number,
): Promise<Map<number, string[]>> {
  const rows = rowsOf<{ entry_id: number; pick_id: string }>(
    await tx.execute(sql`
      select p.entry_id, p.pick_id
      from entry_weeks w
      join picks p on p.entry_id = w.entry_id and p.week = w.week
      where w.pool_id = ${poolId} and w.week = ${week}
        and exists (select 1 from picks q
          where q.entry_id = p.entry_id and q.pick_id = p.pick_id and q.week < p.week and not q.by_commish)
        and not exists (select 1 from picks c
          where c.entry_id = p.entry_id and c.pick_id = p.pick_id and c.week = p.week and c.by_commish)
      order by p.id`),
  );
  const reused = new Map<number, string[]>();
  for (const row of rows) reused.set(row.entry_id, [...(reused.get(row.entry_id) ?? []), row.pick_id]);
  return reused;
}

/**
 * Writes every played entry's new state and its judged week. The outcomes go over as the distinct
 * outcomes and, per entry, which one it is: a week has a few hundred distinct outcomes at most.
 */
export async function writeEntryOutcomes(
  tx: DbOrTx,
  poolId: number,
  week: number,
  outcomes: readonly WeekEntryOutcome[],
): Promise<void> {
  const distinct = new Map<string, number>();
  const kinds: WeekEntryOutcome[] = [];
  const ids: number[] = [];
  const kindOf: number[] = [];
  for (const outcome of outcomes) {
    if (!outcome.played) continue;
    const { state } = outcome;
    const key = `${state.lives},${state.rebuysMade},${state.status},${state.weeksAlive},${outcome.result},${outcome.rebuysBought},${outcome.bonusNet}`;
    let kind = distinct.get(key);
    if (kind === undefined) {
      kind = kinds.length + 1;
      distinct.set(key, kind);
      kinds.push(outcome);
    }
    ids.push(Number(outcome.id));
    kindOf.push(kind);
  }
  if (ids.length === 0) return;
  // Each column of the outcome, looked up by the entry's kind (o.kind) in the array of distinct outcomes.
  const of = <T>(pick: (outcome: WeekEntryOutcome) => T, type: string) =>
    sql`(${sql.param(kinds.map(pick))}::${sql.raw(type)}[])[o.kind]`;
  const judged = sql`unnest(${intArray(ids)}, ${intArray(kindOf)}) as o(id, kind)`;
  await tx.execute(sql`
    update entries as e set lives = ${of((o) => o.state.lives, 'int')},
      rebuys_made = ${of((o) => o.state.rebuysMade, 'int')},
      needs_rebuy = ${of((o) => o.state.status === 'needs-rebuy', 'boolean')},
      weeks_alive = ${of((o) => o.state.weeksAlive, 'int')}
    from ${judged}
    where e.id = o.id`);
  await tx.execute(sql`
    update entry_weeks as w set result = ${of((o) => o.result ?? 'no-pick', 'text')},
      lives = ${of((o) => o.state.lives, 'int')}, status = ${of((o) => o.state.status, 'text')},
      rebuys_bought = ${of((o) => o.rebuysBought, 'int')}, bonus_net = ${of((o) => o.bonusNet, 'int')}
    from ${judged}
    where w.entry_id = o.id and w.pool_id = ${poolId} and w.week = ${week}`);
}

/**
 * Appends one ledger row per rebuy each entry bought in its judged week (its entry_weeks row), each
 * row `charge` (the pool's rebuy charge), in entry order.
 */
export async function appendWeekRebuyCharges(
  tx: DbOrTx,
  poolId: number,
  week: number,
  charge: LedgerRowInput,
  now: Date,
): Promise<void> {
  await tx.execute(sql`
    insert into ledger (pool_id, entry_id, kind, amount, week, notes, created_at)
    select w.pool_id, w.entry_id, ${charge.kind}, ${charge.amount}, w.week, ${charge.notes ?? null},
      ${now.toISOString()}::timestamptz
    from entry_weeks w cross join generate_series(1, w.rebuys_bought)
    where w.pool_id = ${poolId} and w.week = ${week} and w.rebuys_bought > 0
    order by w.entry_id`);
}

/** A feed event about an entry: its text follows the entry's label. */
export interface EntryNews {
  type: number;
  summary: string;
  text: string;
}

/**
 * Posts to the feed, in the given order, the news about each entry that has one (`news` is aligned with
 * the entries), told about the entry's label: the username, with [n] from the second entry on.
 */
export async function postEntryNews(
  tx: DbOrTx,
  poolId: number,
  entries: Pick<WeekPlayers, 'ids' | 'userIds' | 'entryNums'>,
  news: ReadonlyArray<EntryNews | null>,
  now: Date,
): Promise<void> {
  // Each news once, and per entry with news its entry, entrant, entry number and which news it is.
  const numbers = new Map<EntryNews, number>();
  const told = {
    ids: [] as number[],
    userIds: [] as number[],
    entryNums: [] as number[],
    which: [] as number[],
  };
  news.forEach((item, i) => {
    if (item === null) return;
    let n = numbers.get(item);
    if (n === undefined) {
      n = numbers.size + 1;
      numbers.set(item, n);
    }
    told.ids.push(entries.ids[i]);
    told.userIds.push(entries.userIds[i]);
    told.entryNums.push(entries.entryNums[i]);
    told.which.push(n);
  });
  if (told.ids.length === 0) return;
  const distinct = [...numbers.keys()];
  const of = <T>(pick: (item: EntryNews) => T, type: string) =>
    sql`(${sql.param(distinct.map(pick))}::${sql.raw(type)}[])[item.n]`;
  await tx.execute(sql`
    insert into pool_events (pool_id, entry_id, user_id, type, "desc", summary, created_at)
    select ${poolId}, item.entry_id, item.user_id, ${of((n) => n.type, 'int')},
      case when item.entry_num > 1 then u.username || ' [' || item.entry_num || ']' else u.username end
        || ${of((n) => n.text, 'text')},
      ${of((n) => n.summary, 'text')}, ${now.toISOString()}::timestamptz
    from unnest(${intArray(told.ids)}, ${intArray(told.userIds)}, ${intArray(told.entryNums)}, ${intArray(told.which)})
      with ordinality as item(entry_id, user_id, entry_num, n, position)
    join users u on u.id = item.user_id
    order by item.position`);
}

/** The usernames of some entries, by entry id. */
export async function readUsernames(tx: DbOrTx, entryIds: readonly number[]): Promise<Map<number, string>> {
  if (entryIds.length === 0) return new Map();
  const rows = rowsOf<{ id: number; username: string }>(
    await tx.execute(sql`
      select e.id, u.username from entries e join users u on u.id = e.user_id
      where e.id = any(${intArray(entryIds)})`),
  );
  return new Map(rows.map((row) => [Number(row.id), row.username]));
}
