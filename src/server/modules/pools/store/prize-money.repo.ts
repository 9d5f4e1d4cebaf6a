import { and, eq, type SQL, sql } from 'drizzle-orm';
import { getRemainingPrizes } from '../../../../core/money';
import { must } from '../../../../core/must';
import { ENTRY_STATUS } from '../../../../core/pool/entry-status';
import { type PrizePoolCounts, poolPrizePool } from '../../../../core/season/prize-pool';
import type { DbOrTx } from '../../../db/client';
import { ENTRY_STATUS_SQL } from '../../../db/entry-status';
import type { EntryRecord, PoolRecord } from '../../../db/schema';
import { entries, ledger, users } from '../../../db/schema';
import { appendLedger, paidInSql } from './ledger.repo';
import { rankChangeOfPool } from './rank-versions.repo';

/** A pool's prize money in cents: the prize pool, what has been awarded, and what is left to award. */
export interface PrizeMoney {
  /** What the counted entries (status 1) paid in by the ledger, less the platform's share, as every page shows it. */
  prizePool: number;
  /** Every 'prize' ledger row of the pool: Finances' Prizes total (champions, splits). */
  awarded: number;
  remaining: number;
  /** The prizes so far (Finances' Prizes column) of the entries asked for. */
  prizesByEntry: Map<number, number>;
}

/** The pool's counted entries as its prize pool counts them: one pass over its entries in SQL. */
export async function loadPrizePoolCounts(
  db: DbOrTx,
  poolId: number,
): Promise<PrizePoolCounts & { alive: number }> {
  const [counts] = await db
    .select({
      entrants: sql<number>`count(*)`.mapWith(Number),
      insured: sql<number>`count(*) filter (where ${entries.insurancePurchased})`.mapWith(Number),
      alive: sql<number>`count(*) filter (where ${entries.lives} > 0)`.mapWith(Number),
      rebuys: sql<number>`coalesce(sum(${entries.rebuysMade}), 0)::bigint`.mapWith(Number),
      paidIn: sql<number>`${paidInSql(poolId)}`.mapWith(Number),
    })
    .from(entries)
    .where(and(eq(entries.poolId, poolId), eq(entries.status, ENTRY_STATUS.active)));
  return counts;
}

/** Cents of every prize awarded in the pool (a bigint sum, from the ledger's prize index). */
export async function loadPrizesAwarded(db: DbOrTx, poolId: number): Promise<number> {
  const [row] = await db
    .select({ awarded: sql<number>`coalesce(sum(${ledger.amount}), 0)::bigint`.mapWith(Number) })
    .from(ledger)
    .where(and(eq(ledger.poolId, poolId), eq(ledger.kind, 'prize')));
  return row?.awarded ?? 0;
}

/** The prizes so far of the given entries (a page, the entries of a split): a bounded list. */
export async function loadPrizesOf(
  db: DbOrTx,
  poolId: number,
  entryIds: readonly number[],
): Promise<Map<number, number>> {
  if (entryIds.length === 0) return new Map();
  const rows = await db
    .select({
      entryId: ledger.entryId,
      prizes: sql<number>`coalesce(sum(${ledger.amount}), 0)::bigint`.mapWith(Number),
    })
    .from(ledger)
    .where(
      and(
        eq(ledger.poolId, poolId),
        eq(ledger.kind, 'prize'),
        sql`${ledger.entryId} = any(${sql.param([...entryIds])}::int[])`,
      ),
    )
    .groupBy(ledger.entryId);
  return new Map(rows.map((row) => [must(row.entryId), row.prizes]));
}

/** The pool's prize money from counts already read (the split page keeps a big pool's counts). */
export function toPrizeMoney(
  pool: Pick<PoolRecord, 'alaPct'>,
  counts: PrizePoolCounts,
  awarded: number,
  prizesByEntry = new Map<number, number>(),
): PrizeMoney {
  const prizePool = poolPrizePool(pool, counts);
  return { prizePool, awarded, remaining: getRemainingPrizes(prizePool, awarded), prizesByEntry };
}

/**
 * Reads a pool's prize money from its entries and ledger (inside the caller's transaction when given one), with
 * the prizes of `entryIds`. Without `entryIds`, every entry's prizes are read: only for callers that list a
 * small pool whole.
 */
export async function loadPrizeMoney(
  db: DbOrTx,
  pool: Pick<PoolRecord, 'id' | 'alaPct'>,
  entryIds?: readonly number[],
): Promise<PrizeMoney> {
  // One after another: `db` may be a transaction's one connection.
  const counts = await loadPrizePoolCounts(db, pool.id);
  const awarded = await loadPrizesAwarded(db, pool.id);
  const prizesByEntry = entryIds
    ? await loadPrizesOf(db, pool.id, entryIds)
    : await loadEveryEntryPrizes(db, pool.id);
  return toPrizeMoney(pool, counts, awarded, prizesByEntry);
}

async function loadEveryEntryPrizes(db: DbOrTx, poolId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({
      entryId: ledger.entryId,
      prizes: sql<number>`coalesce(sum(${ledger.amount}), 0)::bigint`.mapWith(Number),
    })
    .from(ledger)
    .where(and(eq(ledger.poolId, poolId), eq(ledger.kind, 'prize')))
    .groupBy(ledger.entryId);
  return new Map(rows.filter((row) => row.entryId !== null).map((row) => [must(row.entryId), row.prizes]));
}

/**
 * Awards prizes (a champion's, a split's): one 'prize' ledger row per award, and entries.prizes, which mirrors
 * the entry's 'prize' rows for the profile and league pages, raised by the same amount. Awards of 0 are skipped.
 */
export async function awardPrizes(
  tx: DbOrTx,
  poolId: number,
  awards: ReadonlyArray<{ entryId: number; amount: number }>,
  notes: string,
  by: number,
  now: Date,
): Promise<void> {
  const paid = awards.filter((award) => award.amount > 0);
  if (paid.length === 0) return;
  await appendLedger(
    tx,
    paid.map((award) => ({
      poolId,
      entryId: award.entryId,
      kind: 'prize' as const,
      amount: award.amount,
      notes,
      createdBy: by,
    })),
    now,
  );
  await tx.execute(sql`
    update entries as e set prizes = e.prizes + u.amount
    from unnest(${sql.param(paid.map((a) => a.entryId))}::int[], ${sql.param(paid.map((a) => a.amount))}::bigint[])
      as u(id, amount)
    where e.id = u.id and e.pool_id = ${poolId}`);
}

/** The shares of a split: named one by one, and (`others`) every other active entry's default share. */
export interface SplitShares {
  poolId: number;
  entryIds: readonly number[];
  shares: readonly number[];
  /** Every active entry not named takes its default share: 1 while alive, 0 once eliminated. */
  others: boolean;
}

// Shares are scaled to whole numbers, as allocateByShares does, so the split is exact in numeric arithmetic.
const SHARE_SCALE = 1_000_000;

/**
 * Each active entry's share of a split, with the order leftover cents follow (the shares as sent, then by
 * entry): the named entries alone, or the pool's every active entry (one pass in SQL, nothing in Node).
 */
function sharesOf(input: SplitShares): SQL {
  const given = sql`select g.id, g.share, g.ord
    from unnest(${sql.param([...input.entryIds])}::int[], ${sql.param([...input.shares])}::float8[])
      with ordinality as g(id, share, ord)`;
  const from = input.others
    ? sql`from entries e left join (${given}) g on g.id = e.id
        where e.pool_id = ${input.poolId} and e.status = ${ENTRY_STATUS_SQL.active}`
    : sql`from (${given}) g join entries e on e.id = g.id
        where e.pool_id = ${input.poolId} and e.status = ${ENTRY_STATUS_SQL.active}`;
  return sql`select e.id, e.user_id, e.entry_num, e.prizes as before,
      coalesce(g.share, case when e.lives > 0 then 1 else 0 end)::float8 as share,
      round(coalesce(g.share, case when e.lives > 0 then 1 else 0 end)::numeric * ${SHARE_SCALE}) as scaled,
      coalesce(g.ord, 9223372036854775807) as ord
    ${from}`;
}

/** The entries with a share above 0 and their total share (the split's checks, before anything is written). */
export async function loadSplitTotals(
  db: DbOrTx,
  input: SplitShares,
): Promise<{ entrants: number; totalShares: number }> {
  const result = await db.execute<{ entrants: string | number; total_shares: string | number | null }>(sql`
    select count(*) filter (where s.scaled > 0) as entrants, sum(s.share) filter (where s.scaled > 0) as total_shares
    from (${sharesOf(input)}) s`);
  const row = must(result.rows[0]);
  return { entrants: Number(row.entrants), totalShares: Number(row.total_shares ?? 0) };
}

export interface SplitWrite extends SplitShares {
  /** Cents to divide. */
  amount: number;
}

/**
 * Divides `amount` in proportion to the shares in one statement: each entry takes the floor of its exact
 * part, the leftover cents go one each to the largest remainders (ties in the order of the shares), as
 * allocateByShares does. The awards above 0 are kept in a temporary table of the transaction for
 * writeSplitAwards; answers their count. A split among a million survivors stays in SQL.
 */
export async function planSplitAwards(tx: DbOrTx, input: SplitWrite): Promise<{ awardCount: number }> {
  const amount = sql`${input.amount}::numeric`;
  await tx.execute(sql`drop table if exists split_awards`);
  await tx.execute(sql`
    create temporary table split_awards on commit drop as
    with shares as (select * from (${sharesOf(input)}) s where s.scaled > 0),
    total as (select sum(scaled) as scaled from shares),
    parts as (
      select s.*, div(${amount} * s.scaled, t.scaled) as whole, mod(${amount} * s.scaled, t.scaled) as rest
      from shares s, total t
    ),
    leftover as (select ${amount} - sum(whole) as cents from parts),
    awards as (
      select p.*, (p.whole + case when row_number() over (order by p.rest desc, p.ord, p.id) <= l.cents
        then 1 else 0 end)::bigint as amount
      from parts p, leftover l
    )
    select a.id, a.ord, a.amount, a.before, a.share,
      case when a.entry_num > 1 then u.username || ' [' || a.entry_num || ']' else u.username end as label
    from awards a join users u on u.id = a.user_id
    where a.amount > 0`);
  // The table has no statistics yet: without them a big split's writes join it row by row.
  await tx.execute(sql`analyze split_awards`);
  const result = await tx.execute<{ count: string | number }>(
    sql`select count(*) as count from split_awards`,
  );
  return { awardCount: Number(must(result.rows[0]).count) };
}

/** Up to this many awards a split writes an audit row each; a bigger split's awards are its ledger rows. */
export const MAX_AUDITED_AWARDS = 1000;

/**
 * Writes planSplitAwards' awards: a 'prize' ledger row and the entry's prizes each, an audit row each when
 * there are at most MAX_AUDITED_AWARDS, and answers the first `shown` of them in the order of the shares.
 */
export async function writeSplitAwards(
  tx: DbOrTx,
  input: {
    poolId: number;
    notes: string;
    by: number;
    now: Date;
    /** total shares as the audit's lines show it. */
    totalSharesText: string;
    shown: number;
  },
): Promise<{ entryId: number; label: string; amount: number }[]> {
  const now = sql`${input.now.toISOString()}::timestamptz`;
  await tx.execute(sql`
    insert into ledger (pool_id, entry_id, kind, amount, notes, created_by, created_at)
    select ${input.poolId}, id, 'prize', amount, ${input.notes}, ${input.by}, ${now}
    from split_awards order by ord, id`);
  await tx.execute(sql`
    update entries e set prizes = e.prizes + a.amount from split_awards a
    where e.id = a.id and e.pool_id = ${input.poolId}`);
  await tx.execute(sql`
    insert into pool_audits (pool_id, entry_id, user_id, action, summary, old_value, new_value, created_at)
    -- Nothing when the split has more awards than the log lists one by one.
    select ${input.poolId}, id, ${input.by}, 'prize_split_award',
      'Prize split award to ' || label || ': $' || to_char(amount::numeric / 100, 'FM999,999,999,999,999,990.00')
        || ' (share ' || share::text || ' of ' || ${input.totalSharesText}::text || ')',
      jsonb_build_object('prizes', before), jsonb_build_object('prizes', before + amount), ${now}
    from split_awards
    where (select count(*) from split_awards) <= ${MAX_AUDITED_AWARDS}
    order by ord, id`);
  const result = await tx.execute<{ id: number; label: string; amount: string | number }>(sql`
    select id, label, amount from split_awards order by ord, id limit ${input.shown}`);
  return result.rows.map((row) => ({
    entryId: Number(row.id),
    label: row.label,
    amount: Number(row.amount),
  }));
}

/** The named champions of a pool (at most the request's thousand) with their usernames. */
export async function loadChampionEntries(
  db: DbOrTx,
  poolId: number,
  ids: readonly number[],
): Promise<Map<number, { entry: EntryRecord; username: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ entry: entries, username: users.username })
    .from(entries)
    .innerJoin(users, eq(users.id, entries.userId))
    .where(and(eq(entries.poolId, poolId), sql`${entries.id} = any(${sql.param([...ids])}::int[])`));
  return new Map(rows.map((row) => [row.entry.id, row]));
}

/**
 * Crowning's change of every entry, set-based: the champions are ranked 1; every other entry drops to 0 lives
 * (no rebuy pending), the ones still alive taking `defaultWeeksAlive` when given, and `weeksAlive` sets
 * single entries' weeks alive (eliminated ones too), as processChampions says.
 */
export async function retireAllButChampions(
  tx: DbOrTx,
  input: {
    poolId: number;
    champions: readonly number[];
    defaultWeeksAlive: number | null;
    weeksAlive: ReadonlyArray<{ entryId: number; weeksAlive: number }>;
  },
): Promise<void> {
  const champions = sql`${sql.param([...input.champions])}::int[]`;
  await rankChangeOfPool(tx, input.poolId);
  await tx.execute(sql`
    update entries e set
      lives = 0,
      needs_rebuy = false,
      -- The pick's compare-and-set version, moved here: its trigger would run once per entry otherwise.
      version = e.version + 1,
      weeks_alive = case when e.lives > 0 then coalesce(${input.defaultWeeksAlive}::int, e.weeks_alive)
        else e.weeks_alive end
    where e.pool_id = ${input.poolId} and not (e.id = any(${champions}))`);
  if (input.weeksAlive.length > 0) {
    await tx.execute(sql`
      update entries e set weeks_alive = o.weeks_alive
      from unnest(
        ${sql.param(input.weeksAlive.map((row) => row.entryId))}::int[],
        ${sql.param(input.weeksAlive.map((row) => row.weeksAlive))}::int[]
      ) as o(id, weeks_alive)
      where e.id = o.id and e.pool_id = ${input.poolId} and not (e.id = any(${champions}))`);
  }
  await tx.execute(sql`
    update entries e set final_rank = 1 where e.pool_id = ${input.poolId} and e.id = any(${champions})`);
}
