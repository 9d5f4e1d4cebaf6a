import { type SQL, sql } from 'drizzle-orm';
import type { StandingsSort } from '../../../../core/contracts/pools';
import { picksPlayers, scheduleOfKey } from '../../../../core/games';
import { type DbOrTx, rowsOf } from '../../../db/client';
import { ENTRY_STATUS_SQL } from '../../../db/entry-status';
import { entryWeekKindSql } from '../store/entry-weeks.repo';
import { paidInSql } from '../store/ledger.repo';

/** A SQL int[] of whole numbers computed on the server (never user text), as one parameter. */
function intArray(values: readonly number[]): SQL {
  return sql`string_to_array(${values.join(',')}, ',')::int[]`;
}

/** The counted entries' totals behind the stat tiles (bonus pool as in force for `week`). */
export interface TileCounts {
  entrants: number;
  alive: number;
  inBonus: number;
  rebuys: number;
  insured: number;
  /** Cents the counted entries paid in, by the ledger (the prize pool's money). */
  paidIn: number;
  bonusesEarned: number;
}

/** Whether the entry is in the bonus pool in `week`: a change takes effect at its effective week. */
function inBonusAt(week: number): SQL {
  return sql`(e.lives > 0 and case when ${week} >= e.bonus_eff_week then e.bonus else e.bonus_prev end)`;
}

/** One aggregate over the pool's entries and one over its bonus ledger rows. */
export async function loadTileCounts(db: DbOrTx, poolId: number, week: number): Promise<TileCounts> {
  const result = await db.execute(sql`
    select
      count(*)::int as entrants,
      count(*) filter (where e.lives > 0)::int as alive,
      count(*) filter (where ${inBonusAt(week)})::int as in_bonus,
      coalesce(sum(e.rebuys_made), 0)::int as rebuys,
      count(*) filter (where e.insurance_purchased)::int as insured,
      ${paidInSql(poolId)} as paid_in,
      (select coalesce(sum(l.amount), 0) from ledger l
        where l.pool_id = ${poolId} and l.kind = 'bonus' and l.amount > 0)::bigint as bonuses_earned
    from entries e
    where e.pool_id = ${poolId} and e.status = ${ENTRY_STATUS_SQL.active}`);
  const [row] = rowsOf<{
    entrants: number;
    alive: number;
    in_bonus: number;
    rebuys: number;
    insured: number;
    paid_in: string | number;
    bonuses_earned: string | number;
  }>(result);
  return {
    entrants: row?.entrants ?? 0,
    alive: row?.alive ?? 0,
    inBonus: row?.in_bonus ?? 0,
    rebuys: row?.rebuys ?? 0,
    insured: row?.insured ?? 0,
    paidIn: Number(row?.paid_in ?? 0),
    bonusesEarned: Number(row?.bonuses_earned ?? 0),
  };
}

/** One raw pick of a page row. */
export interface PagePick {
  week: number;
  pick_id: string;
  team_abb: string;
  by_insurance: boolean;
}

/** One entry of a standings page, with its picks (already filtered for secrecy) and its week results. */
export interface PageRow {
  id: number;
  entry_num: number;
  username: string;
  user_id: number;
  lives: number;
  needs_rebuy: boolean;
  weeks_alive: number;
  rebuys_made: number;
  in_bonus: boolean;
  bonus: number;
  picks: PagePick[] | null;
  results: { week: number; result: string | null }[] | null;
}

export interface PageOptions {
  poolId: number;
  /** The live week: whose bonus-pool membership counts. */
  week: number;
  sort: StandingsSort;
  /** Only entries in the bonus pool. */
  bonusOnly: boolean;
  /** Read picks and results (not for the views that show none). */
  withPicks: boolean;
  /** Others' picks are read for these weeks only; the viewer's own entries' picks for every week. */
  publicWeeks: readonly number[];
  viewerId: number | null;
  limit: number;
  offset: number;
  /** The page's entries in order, as an earlier read of the same page chose them (kept by the cache). */
  ids?: readonly number[];
}

/**
 * One page of the pool's counted entries in one statement: the page is chosen by sort (the bonus sum
 * over the pool's ledger only when sorting by it), then each of its rows gathers its bonus $, picks
 * and results through the (entry) indexes. A hidden pick is never read: the condition is in the SQL.
 */
export async function loadStandingsPage(db: DbOrTx, options: PageOptions): Promise<PageRow[]> {
  const { poolId, sort } = options;
  const bonusJoin =
    sort === 'bonus'
      ? sql`left join (select l.entry_id, sum(l.amount) as total from ledger l
          where l.pool_id = ${poolId} and l.kind = 'bonus' group by l.entry_id) b on b.entry_id = e.id`
      : sql``;
  const order: Record<StandingsSort, SQL> = {
    // Ties keep sign-up order (entry id): the page is then picked from entries alone, before any join.
    lives: sql`e.lives desc, e.weeks_alive desc, e.id`,
    username: sql`lower(u.username), e.entry_num`,
    bonus: sql`coalesce(b.total, 0) desc, lower(u.username), e.entry_num`,
  };
  const outerOrder: Record<StandingsSort, SQL> = {
    lives: sql`p.lives desc, p.weeks_alive desc, p.id`,
    username: sql`lower(u.username), p.entry_num`,
    bonus: sql`bonus desc, lower(u.username), p.entry_num`,
  };
  const viewer = options.viewerId ?? 0;
  const picks = options.withPicks
    ? sql`(select json_agg(json_build_object('week', k.week, 'pick_id', k.pick_id, 'team_abb', k.team_abb,
          'by_insurance', k.by_insurance) order by k.week, k.id)
        from picks k
        where k.entry_id = p.id and (k.week = any(${intArray(options.publicWeeks)}) or p.user_id = ${viewer}))`
    : sql`null::json`;
  const results = options.withPicks
    ? sql`(select json_agg(json_build_object('week', w.week, 'result', w.result) order by w.week)
        from pool_weeks pw
        join entry_week_kinds w on w.pool_id = pw.pool_id and w.week = pw.week
          and w.kind = ${entryWeekKindSql('pw', sql`p.slot`)}
        where pw.pool_id = ${poolId})`
    : sql`null::json`;
  const columns = sql`e.id, e.slot, e.entry_num, e.user_id, e.lives, e.needs_rebuy, e.weeks_alive, e.rebuys_made,
    ${inBonusAt(options.week)} as in_bonus`;
  // Given the page's entries, they are read by id in their order; otherwise chosen from all of them.
  const page = options.ids
    ? sql`select ${columns}, k.ord
      from unnest(${intArray(options.ids)}) with ordinality as k(id, ord)
      join entries e on e.id = k.id
      where e.pool_id = ${poolId} and e.status = ${ENTRY_STATUS_SQL.active}`
    : sql`select ${columns}
      from entries e
      ${sort === 'lives' ? sql`` : sql`join users u on u.id = e.user_id`}
      ${bonusJoin}
      where e.pool_id = ${poolId} and e.status = ${ENTRY_STATUS_SQL.active}
        ${options.bonusOnly ? sql`and ${inBonusAt(options.week)}` : sql``}
      order by ${order[sort]}
      limit ${options.limit} offset ${options.offset}`;
  const result = await db.execute(sql`
    with page as (${page})
    select p.*, u.username,
      coalesce((select sum(l.amount) from ledger l
        where l.pool_id = ${poolId} and l.entry_id = p.id and l.kind = 'bonus'), 0)::bigint as bonus,
      ${picks} as picks,
      ${results} as results
    from page p
    join users u on u.id = p.user_id
    order by ${options.ids ? sql`p.ord` : outerOrder[sort]}`);
  return rowsOf<PageRow & { bonus: string | number }>(result).map((row) => ({
    ...row,
    bonus: Number(row.bonus),
  }));
}

/** Display names (and NFL positions) of the picked teams or players. */
export async function loadPickLabels(
  db: DbOrTx,
  game: string,
  ids: readonly string[],
): Promise<Map<string, { name: string; position: string | null }>> {
  if (ids.length === 0) return new Map();
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = picksPlayers(game)
    ? await db.execute(sql`select id, display_name as name, position from nfl_players where id in (${list})`)
    : await db.execute(
        sql`select abb as id, name, null as position from teams where game = ${scheduleOfKey(game)} and abb in (${list})`,
      );
  const rows = rowsOf<{ id: string; name: string; position: string | null }>(result);
  return new Map(rows.map((row) => [row.id, { name: row.name, position: row.position }]));
}

/** Counted entries alive after a settled week with the same lives. */
export interface HealthCount {
  week: number;
  lives: number | null;
  count: number;
}

/**
 * Per settled week, counted entries still in play after it, by lives (a week nobody survived has lives
 * null). Each week's counts were kept when it was judged (pool_weeks.health); the entries a commissioner
 * deactivated since (a few, found through their own index) are taken out of the weeks they were in.
 */
export async function loadHealthCounts(db: DbOrTx, poolId: number): Promise<HealthCount[]> {
  const weeks = rowsOf<{ week: number; health: Record<string, number> | null }>(
    await db.execute(sql`
      select week, health from pool_weeks
      where pool_id = ${poolId} and settled_at is not null
      order by week`),
  );
  const inactive = rowsOf<{ week: number; lives: number; count: number }>(
    await db.execute(sql`
      select w.week, w.lives, count(*)::int as count
      from entries e
      join pool_weeks pw on pw.pool_id = e.pool_id
      join entry_week_kinds w on w.pool_id = pw.pool_id and w.week = pw.week
        and w.kind = ${entryWeekKindSql('pw', sql`e.slot`)}
      where e.pool_id = ${poolId} and e.status <> ${ENTRY_STATUS_SQL.active} and w.lives > 0 and w.status <> 'eliminated'
      group by w.week, w.lives`),
  );
  const gone = new Map(inactive.map((row) => [`${row.week}:${row.lives}`, row.count]));
  return weeks.flatMap(({ week, health }): HealthCount[] => {
    const alive = Object.entries(health ?? {})
      .map(([lives, count]) => ({
        week,
        lives: Number(lives),
        count: count - (gone.get(`${week}:${lives}`) ?? 0),
      }))
      .filter((row) => row.count > 0)
      .sort((a, b) => a.lives - b.lives);
    return alive.length > 0 ? alive : [{ week, lives: null, count: 0 }];
  });
}
