import { sql } from 'drizzle-orm';
import type { WeekEntryOutcome } from '../../../../core/season';
import { type DbOrTx, rowsOf } from '../../../db/client';
import type { LedgerRowInput } from '../ledger';

// A week of a big pool is a million entries: these read and write them column by column, set-based,
// never as a million row objects.

/** A SQL int[] of whole numbers computed on the server (never user text), as one short parameter. */
function intArray(values: readonly number[]): ReturnType<typeof sql> {
  return sql`string_to_array(${values.join(',')}, ',')::int[]`;
}

/** The entries that play a locked week, in entry id order, one array per column. */
export interface WeekPlayers {
  ids: number[];
  lives: number[];
  rebuysMade: number[];
  needsRebuy: boolean[];
  weeksAlive: number[];
  inBonus: boolean[];
  autoRebuy: boolean[];
  /** Each entry's own picks of the week in the order they were made (several for nfl-td). */
  picks: string[][];
}

/** Separates pick ids in the read below: a control character no team or player id holds. */
const PICK_SEPARATOR = '\u001f';

/** Reads who plays a locked week with the state judging starts from and their picks of that week. */
export async function readWeekPlayers(tx: DbOrTx, poolId: number, week: number): Promise<WeekPlayers> {
  // Each column comes as one string, numbers joined by commas and flags as one character per row, from a
  // sorted subquery (PostgreSQL keeps that order): a million rows, or a million-element array literal,
  // cost seconds to parse, and splitting a string a fraction of one. An entry with several picks comes
  // once per pick; an entry with none, once with an empty pick.
  const [row] = rowsOf<{
    ids: string | null;
    lives: string | null;
    rebuys_made: string | null;
    weeks_alive: string | null;
    flags: string | null;
    pick_ids: string | null;
  }>(
    await tx.execute(sql`
      select string_agg(id::text, ',') as ids, string_agg(lives::text, ',') as lives,
        string_agg(rebuys_made::text, ',') as rebuys_made, string_agg(weeks_alive::text, ',') as weeks_alive,
        string_agg(flags, '') as flags, string_agg(coalesce(pick_id, ''), ${PICK_SEPARATOR}) as pick_ids
      from (
        select e.id, e.lives, e.rebuys_made, e.weeks_alive, p.pick_id,
          (case when e.needs_rebuy then 'r' else '-' end) || (case when w.in_bonus then 'b' else '-' end)
            || (case when w.auto_rebuy then 'a' else '-' end) as flags
        from entry_weeks w
        join entries e on e.id = w.entry_id
        left join picks p on p.entry_id = w.entry_id and p.week = w.week
        where w.pool_id = ${poolId} and w.week = ${week}
        order by e.id, p.id
      ) as played`),
  );
  const players: WeekPlayers = {
    ids: [],
    lives: [],
    rebuysMade: [],
    needsRebuy: [],
    weeksAlive: [],
    inBonus: [],
    autoRebuy: [],
    picks: [],
  };
  if (!row?.ids) return players;
  const ids = row.ids.split(',');
  const lives = (row.lives ?? '').split(',');
  const rebuysMade = (row.rebuys_made ?? '').split(',');
  const weeksAlive = (row.weeks_alive ?? '').split(',');
  const flags = row.flags ?? '';
  const pickIds = (row.pick_ids ?? '').split(PICK_SEPARATOR);
  for (let i = 0; i < ids.length; i++) {
    const id = Number(ids[i]);
    const pickId = pickIds[i] ?? '';
    const last = players.ids.length - 1;
    if (last >= 0 && players.ids[last] === id) {
      if (pickId !== '') players.picks[last].push(pickId);
      continue;
    }
    players.ids.push(id);
    players.lives.push(Number(lives[i]));
    players.rebuysMade.push(Number(rebuysMade[i]));
    players.weeksAlive.push(Number(weeksAlive[i]));
    players.needsRebuy.push(flags[i * 3] === 'r');
    players.inBonus.push(flags[i * 3 + 1] === 'b');
    players.autoRebuy.push(flags[i * 3 + 2] === 'a');
    players.picks.push(pickId === '' ? [] : [pickId]);
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
