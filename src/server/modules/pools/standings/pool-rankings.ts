import { type SQL, sql } from 'drizzle-orm';
import { BONUS_LEADERBOARD_TOP } from '../../../../core/contracts/pools';
import type { AppContext } from '../../../context';
import { type DbOrTx, rowsOf } from '../../../db/client';
import { ENTRY_STATUS_SQL } from '../../../db/entry-status';
import { inBackground } from '../../../lib/background';
import { paidInSql } from '../store/ledger.repo';
import { poolSize } from '../store/pool-entries.repo';
import { rankVersionSql } from '../store/rank-versions.repo';

/*
 * A pool's stored rankings (decision 013): what a read of a big pool would otherwise compute from every entry
 * or every bonus ledger row, computed once, set-based, after each settle, re-judge or money change, and kept
 * in `pool_rankings` (small rows), stamped with the pool's rank version. Triggers move the version in every
 * transaction that changes the ledger, the entries, or their lives, status or bonus pool (migration 0034); a
 * statement that rewrites a whole pool bumps it once itself (rankChangeOfPool, store/rank-versions.repo.ts). A read uses a stored value
 * only while its version is the pool's; otherwise it computes as before. A restart finds them in place.
 */

/** From this many entries a pool's rankings are refreshed after a change besides the settlement's. */
export const RANKED_POOL_MIN_ENTRIES = 10_000;
/** From this many entries a pool's rankings are stored after each settle and re-judge. */
export const SETTLED_RANKINGS_MIN_ENTRIES = 1_000;
/** A pool's background refreshes start at least this far apart: a sign-up rush refreshes twice a minute. */
const REFRESH_GAP_MS = 30_000;

/** Ids per stored row of an order (the standings, the bonus order): a page reads one or two rows. */
export const ORDER_CHUNK = 1000;
/** Every MARK_EVERY-th entry of a filtered list has its slot stored: a deep page skips fewer than that. */
export const MARK_EVERY = 1000;

/** The filtered sign-up-order lists whose page starts are stored (SQL over entries `e`). */
export const MARK_FILTERS = {
  /** Split Prizes' "alive only": counted and alive. */
  alive: sql`e.status = ${ENTRY_STATUS_SQL.active} and e.lives > 0`,
  /** Manage Entrants' status filters. */
  active: sql`e.status = ${ENTRY_STATUS_SQL.active}`,
  inactive: sql`e.status <> ${ENTRY_STATUS_SQL.active}`,
  eliminated: sql`e.lives <= 0`,
  /** The bonus pool tool's lists of an open week whose members follow the switch: movable, switch on or off. */
  bonusIn: sql`e.status = ${ENTRY_STATUS_SQL.active} and e.lives > 0 and e.bonus`,
  bonusOut: sql`e.status = ${ENTRY_STATUS_SQL.active} and e.lives > 0 and not e.bonus`,
  /** The entries that cannot move in or out of the bonus pool. */
  fixed: sql`not (e.status = ${ENTRY_STATUS_SQL.active} and e.lives > 0)`,
} as const satisfies Record<string, SQL>;
export type MarkFilter = keyof typeof MARK_FILTERS;

/** A stored value with its version checked: undefined when none is stored or it is stale. */
export async function readRanking<T>(
  db: DbOrTx,
  poolId: number,
  view: string,
): Promise<{ data: T; ids: number[] } | undefined> {
  const [row] = rowsOf<{ data: T; ids: number[] | null }>(
    await db.execute(sql`
      select r.data, r.ids from pool_rankings r
      where r.pool_id = ${poolId} and r.view = ${view} and r.version = ${rankVersionSql(poolId)}`),
  );
  return row ? { data: row.data, ids: (row.ids ?? []).map(Number) } : undefined;
}

/** The orders stored whole, as rows of ORDER_CHUNK ids (`<order>:<n>`) under a marker row (`<order>`). */
export type StoredOrder = 'standings' | 'bonus-order';

/**
 * The ids at [offset, offset + limit) of a stored order: the standings (counted entries by lives, weeks alive,
 * sign-up) or Finances' bonus order (the bonus leaderboard's entries by bonus money, username, entry number).
 * Undefined when stale or not stored. Its rows are of one version: the marker and each row read must be the
 * pool's current one.
 */
export async function readOrderIds(
  db: DbOrTx,
  poolId: number,
  order: StoredOrder,
  offset: number,
  limit: number,
): Promise<number[] | undefined> {
  if (limit <= 0) return [];
  const first = Math.floor(offset / ORDER_CHUNK);
  const last = Math.floor((offset + limit - 1) / ORDER_CHUNK);
  const views = [];
  for (let chunk = first; chunk <= last; chunk++) views.push(`${order}:${chunk}`);
  const rows = rowsOf<{ view: string; ids: number[]; current: boolean }>(
    await db.execute(sql`
      select r.view, r.ids, r.version = ${rankVersionSql(poolId)} as current from pool_rankings r
      where r.pool_id = ${poolId} and r.view in (${order}, ${sql.join(
        views.map((view) => sql`${view}`),
        sql`, `,
      )})`),
  );
  // The marker says the order is stored (also when it is empty, with no row of ids).
  const marker = rows.find((row) => row.view === order);
  if (!marker?.current) return undefined;
  const ids: number[] = [];
  for (const view of views) {
    const row = rows.find((item) => item.view === view);
    if (!row) break;
    if (!row.current) return undefined;
    ids.push(...row.ids.map(Number));
  }
  const start = offset - first * ORDER_CHUNK;
  return ids.slice(start, start + limit);
}

/** The standings order's ids at [offset, offset + limit) (readOrderIds). */
export function readStandingsIds(db: DbOrTx, poolId: number, offset: number, limit: number) {
  return readOrderIds(db, poolId, 'standings', offset, limit);
}

/** The slot a filtered list's page at `offset` starts from, and how many to skip from it; undefined when stale. */
export async function readMark(
  db: DbOrTx,
  poolId: number,
  filter: MarkFilter,
  offset: number,
): Promise<{ slot: number; skip: number } | undefined> {
  const stored = await readRanking<Record<MarkFilter, number[]>>(db, poolId, 'marks');
  if (!stored) return undefined;
  const marks = stored.data[filter] ?? [];
  const at = Math.floor(offset / MARK_EVERY);
  // Past the last mark the list ends before the offset: the last mark still starts a correct (empty) page.
  const index = Math.min(at, marks.length - 1);
  if (index < 0) return { slot: 2 ** 31 - 1, skip: 0 };
  return { slot: marks[index], skip: offset - index * MARK_EVERY };
}

/** What the stored bonus leaderboard holds: the top entries and each amount held with how many hold it. */
export interface StoredLeaderboard {
  top: { id: number; bonus: number }[];
  amounts: { bonus: number; count: number }[];
  ranked: number;
}

/** Finances' pool sums by ledger kind and its entry count (its bonus order is stored as 'bonus-order'). */
export interface StoredFinances {
  sums: Record<'buyin' | 'rebuy' | 'insurance' | 'bonus' | 'prize' | 'payment' | 'prizePaidTo', number>;
  entryCount: number;
}

/** The standings' tiles for any week: the bonus pool's members by their switch (in force by week). */
export interface StoredTiles {
  /** Every entry of the pool, counted or not. */
  everyone: number;
  entrants: number;
  alive: number;
  rebuys: number;
  insured: number;
  /** Cents the counted entries paid in, by the ledger; absent from tiles stored before it was kept. */
  paidIn?: number;
  bonusesEarned: number;
  bonusGroups: { bonus: boolean; prev: boolean; effWeek: number; count: number }[];
}

/** The SQL of the bonus leaderboard's ranking: every ranked entry's money, amounts held and the top. */
export function leaderboardSql(poolId: number): SQL {
  return sql`
    with net as (
      select l.entry_id, sum(l.amount)::bigint as bonus from ledger l
      where l.pool_id = ${poolId} and l.kind = 'bonus' and l.entry_id is not null
      group by l.entry_id),
    ranked as materialized (
      select e.id, coalesce(n.bonus, 0) as bonus
      from entries e left join net n on n.entry_id = e.id
      where e.pool_id = ${poolId} and (e.bonus or coalesce(n.bonus, 0) <> 0)),
    amounts as (select bonus, count(*)::int as count from ranked group by bonus),
    -- Within a tie (one place) entries follow in sign-up order, so no user is read to cut the top.
    top as (select id, bonus from ranked order by bonus desc, id limit ${BONUS_LEADERBOARD_TOP})
    select json_build_object(
      'amounts', coalesce((select json_agg(json_build_object('bonus', bonus, 'count', count)
        order by bonus desc) from amounts), '[]'::json),
      'top', coalesce((select json_agg(json_build_object('id', id, 'bonus', bonus) order by bonus desc, id)
        from top), '[]'::json),
      'ranked', (select count(*) from ranked)) as data`;
}

/** Reads a leaderboard's JSON as numbers (bigint sums come back as numbers or strings). */
export function toLeaderboard(data: {
  top: { id: number; bonus: number | string }[] | null;
  amounts: { bonus: number | string; count: number | string }[] | null;
  ranked: number | string;
}): StoredLeaderboard {
  return {
    top: (data.top ?? []).map((item) => ({ id: Number(item.id), bonus: Number(item.bonus) })),
    amounts: (data.amounts ?? []).map((item) => ({ bonus: Number(item.bonus), count: Number(item.count) })),
    ranked: Number(data.ranked),
  };
}

/**
 * Finances' bonus order (most bonus money first, then username and entry number) as SQL: `n` the place, `total`
 * how many it holds; a page of it when `page` is given. Searched (`search`: a condition on users `u2`), the bonus money is
 * summed for the matching entries only, each through the ledger's (pool, entry) index.
 */
export function financesBonusOrderSql(
  poolId: number,
  search: SQL | null,
  page?: { limit: number; offset: number },
): SQL {
  const money = search
    ? sql`coalesce((select sum(l.amount) from ledger l
        where l.pool_id = ${poolId} and l.entry_id = e.id and l.kind = 'bonus'), 0)`
    : sql`coalesce(b.bonus, 0)`;
  const sums = search
    ? sql``
    : sql`left join (
      select l.entry_id, sum(l.amount) as bonus from ledger l
      where l.pool_id = ${poolId} and l.kind = 'bonus' group by l.entry_id
    ) b on b.entry_id = e.id`;
  return sql`
    select o.id, o.n, count(*) over () as total from (
      select e.id, row_number() over (order by m.bonus desc, lower(u.username), e.entry_num) as n
      from entries e
      join users u on u.id = e.user_id
      ${sums}
      cross join lateral (select ${money} as bonus) m
      where e.pool_id = ${poolId} ${search ? sql`and e.user_id in (select u2.id from users u2 where ${search})` : sql``}
        and (e.bonus or m.bonus <> 0)) o
    order by o.n
    ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`;
}

const onConflict = sql`on conflict (pool_id, view) do update
  set version = excluded.version, data = excluded.data, ids = excluded.ids, computed_at = excluded.computed_at`;

/** Upserts one stored value, stamped with the version its statement saw. */
function store(poolId: number, view: string, data: SQL, ids: SQL): SQL {
  return sql`
    insert into pool_rankings as r (pool_id, view, version, data, ids, computed_at)
    select ${poolId}, ${view}, ${rankVersionSql(poolId)}, ${data}, ${ids}, now()
    ${onConflict}`;
}

/**
 * Computes and stores every ranking of the pool, in a transaction that holds the pool's advisory lock (two
 * refreshes of one pool never interleave). Each statement reads the pool's version with its data (one
 * snapshot), so a change that commits meanwhile leaves that value stale, never wrong. Each stored order's rows
 * are replaced in one statement, after the old ones are deleted.
 */
export async function refreshPoolRankings(
  db: DbOrTx,
  poolId: number,
  options: { onlyIfStale?: boolean } = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('pool_rankings'), ${poolId})`);
    if (options.onlyIfStale && (await rankingsCurrent(tx, poolId))) return;
    await tx.execute(store(poolId, 'bonus-leaderboard', sql`(${leaderboardSql(poolId)})`, sql`null`));
    const sum = (kind: string) => sql`coalesce(sum(l.amount) filter (where l.kind = ${kind}), 0)::bigint`;
    await tx.execute(
      store(
        poolId,
        'finances',
        sql`json_build_object(
          'sums', (select json_build_object('buyin', ${sum('buyin')}, 'rebuy', ${sum('rebuy')},
            'insurance', ${sum('insurance')}, 'bonus', ${sum('bonus')}, 'prize', ${sum('prize')},
            'payment', ${sum('payment')}, 'prizePaidTo', ${sum('prize_paid_to')})
            from ledger l where l.pool_id = ${poolId} and l.entry_id is not null),
          'entryCount', (select count(*) from entries e where e.pool_id = ${poolId}))`,
        sql`null`,
      ),
    );
    await storeOrder(tx, poolId, 'bonus-order', financesBonusOrderSql(poolId, null));
    await tx.execute(
      store(
        poolId,
        'tiles',
        sql`(select json_build_object(
          'everyone', (select count(*) from entries e3 where e3.pool_id = ${poolId}),
          'entrants', count(*), 'alive', count(*) filter (where e.lives > 0),
          'rebuys', coalesce(sum(e.rebuys_made), 0), 'insured', count(*) filter (where e.insurance_purchased),
          'paidIn', ${paidInSql(poolId)},
          'bonusesEarned', (select coalesce(sum(l.amount), 0) from ledger l
            where l.pool_id = ${poolId} and l.kind = 'bonus' and l.amount > 0)::bigint,
          'bonusGroups', coalesce((select json_agg(json_build_object('bonus', g.bonus, 'prev', g.bonus_prev,
            'effWeek', g.bonus_eff_week, 'count', g.count)) from (
              select e2.bonus, e2.bonus_prev, e2.bonus_eff_week, count(*) as count from entries e2
              where e2.pool_id = ${poolId} and e2.status = ${ENTRY_STATUS_SQL.active} and e2.lives > 0 and (e2.bonus or e2.bonus_prev)
              group by 1, 2, 3) g), '[]'::json))
          from entries e where e.pool_id = ${poolId} and e.status = ${ENTRY_STATUS_SQL.active})`,
        sql`null`,
      ),
    );
    // Every list's marks in one pass along the slot index: each list's running count, and the slots where
    // it reaches 1, 1 + MARK_EVERY, 1 + 2 * MARK_EVERY ...
    const filters = Object.entries(MARK_FILTERS);
    const running = filters.map(
      ([, filter], i) =>
        sql`${filter} as f${sql.raw(String(i))}, count(*) filter (where ${filter}) over w as c${sql.raw(String(i))}`,
    );
    const marks = filters.map(
      ([key], i) => sql`${key}::text, coalesce(array_agg(m.slot order by m.slot)
        filter (where m.f${sql.raw(String(i))} and (m.c${sql.raw(String(i))} - 1) % ${MARK_EVERY} = 0), '{}')`,
    );
    await tx.execute(
      store(
        poolId,
        'marks',
        sql`(select json_build_object(${sql.join(marks, sql`, `)}) from (
          select e.slot, ${sql.join(running, sql`, `)} from entries e where e.pool_id = ${poolId}
          window w as (order by e.slot rows between unbounded preceding and current row)) m)`,
        sql`null`,
      ),
    );
    await storeOrder(
      tx,
      poolId,
      'standings',
      sql`select e.id, row_number() over (order by e.lives desc, e.weeks_alive desc, e.id) as n
        from entries e where e.pool_id = ${poolId} and e.status = ${ENTRY_STATUS_SQL.active}`,
    );
  });
}

/**
 * Stores an order whole (`rows`: its ids with their places `n` from 1) as rows of ORDER_CHUNK ids, in one
 * statement after the old rows are deleted, then its marker.
 */
async function storeOrder(tx: DbOrTx, poolId: number, order: StoredOrder, rows: SQL): Promise<void> {
  await tx.execute(sql`delete from pool_rankings where pool_id = ${poolId} and view like ${`${order}:%`}`);
  await tx.execute(sql`
    insert into pool_rankings (pool_id, view, version, ids, computed_at)
    select ${poolId}, ${order} || ':' || c.chunk, v.version, c.ids, now()
    from (select ${rankVersionSql(poolId)} as version) v,
      (select (o.n - 1) / ${ORDER_CHUNK} as chunk, array_agg(o.id order by o.n) as ids
        from (${rows}) o group by 1) c`);
  await tx.execute(store(poolId, order, sql`null`, sql`null`));
}

/** Whether every stored ranking of the pool is of its current version (and there are some). */
export async function rankingsCurrent(db: DbOrTx, poolId: number): Promise<boolean> {
  const [row] = rowsOf<{ current: boolean | null }>(
    await db.execute(sql`
      select bool_and(r.version = ${rankVersionSql(poolId)}) as current from pool_rankings r
      where r.pool_id = ${poolId} and r.view not like '%:%'`),
  );
  return row?.current === true;
}

/**
 * The settlement's refresh after it changed the pool: a pool of some thousand entries at once (a few ms), a
 * big pool's in the background (refreshRankingsLater), so that its seconds never hold the other pools' weeks;
 * an office pool's none.
 */
export async function refreshAfterSettlement(ctx: AppContext, poolId: number): Promise<void> {
  const size = await poolSize(ctx.db, poolId);
  if (size >= RANKED_POOL_MIN_ENTRIES) refreshRankingsLater(ctx, poolId);
  else if (size >= SETTLED_RANKINGS_MIN_ENTRIES) await refreshPoolRankings(ctx.db, poolId);
  // A smaller pool's reads compute its rankings about as fast as they read stored ones, and storing them
  // was most of the work of settling each of ten thousand office pools (bench:many-pools): none are kept.
}

/** Refreshes under way or asked for, by pool (this instance's). */
const pending = new Map<number, { again: boolean; done: Promise<void> }>();

/**
 * Refreshes a big pool's stored rankings in the background after a change that did not come from the
 * settlement (which refreshes them itself): one refresh at a time per pool (on this instance), one more after
 * it when changes came meanwhile, refreshes at least REFRESH_GAP_MS apart, and none when another instance's
 * made them current already. A small pool's reads compute fast and are left to do so. A failure leaves the
 * rankings stale, which is never wrong: reads compute as before, and the next change tries again.
 */
export function refreshRankingsLater(ctx: AppContext, poolId: number): void {
  const running = pending.get(poolId);
  if (running) {
    running.again = true;
    return;
  }
  const slot = { again: true, done: Promise.resolve() };
  pending.set(poolId, slot);
  const run = async (): Promise<void> => {
    try {
      if ((await poolSize(ctx.db, poolId)) < RANKED_POOL_MIN_ENTRIES) return;
      let last = 0;
      while (slot.again) {
        // A notice of a change that the last refresh already saw (the settlement's own) needs no other.
        if (last > 0 && (await rankingsCurrent(ctx.db, poolId))) break;
        const wait = last + REFRESH_GAP_MS - performance.now();
        if (last > 0 && wait > 0) await new Promise((resolve) => setTimeout(resolve, wait).unref());
        slot.again = false;
        last = performance.now();
        await refreshPoolRankings(ctx.db, poolId, { onlyIfStale: true });
      }
    } catch {
      // Stale rankings are never wrong: reads compute instead until a later refresh succeeds.
    } finally {
      pending.delete(poolId);
    }
  };
  slot.done = inBackground(run());
}

/** Resolves when the pool's background refresh (if any) ended: tests and benches wait for it. */
export function rankingsSettled(poolId: number): Promise<void> {
  return pending.get(poolId)?.done ?? Promise.resolve();
}
