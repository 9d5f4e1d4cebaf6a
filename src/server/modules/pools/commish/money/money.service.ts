import { and, asc, count, eq, gt, gte, inArray, type SQL, sql } from 'drizzle-orm';
import { pageOffset } from '../../../../../core/contracts/paging';
import {
  type AddPaymentInput,
  type AddPaymentResponse,
  FEED_EVENT_TYPES,
  MAX_SPLIT_AWARDS_SHOWN,
  MONEY_MESSAGES,
  type PrizeSplitQuery,
  type PrizeSplitResponse,
  type ProcessPrizeSplitInput,
  type ProcessPrizeSplitResponse,
} from '../../../../../core/contracts/pools';
import { formatDollars, hasRemainingPrizes, planSplitTotals } from '../../../../../core/money';
import { ENTRY_STATUS } from '../../../../../core/pool/entry-status';
import type { PrizePoolCounts } from '../../../../../core/season/prize-pool';
import type { AppContext } from '../../../../context';
import type { DbOrTx } from '../../../../db/client';
import type { PoolRecord, UserRow } from '../../../../db/schema';
import { entries, ledger, poolAudits, users } from '../../../../db/schema';
import { badRequest, conflict, notFound } from '../../../../lib/errors';
import { containsPattern } from '../../../../lib/paging';
import { lockPoolForCommish, requireEntryPoolCommish, requirePoolCommish } from '../../access/pool-access';
import { postPoolEvent } from '../../feed/feed.service';
import { notifyPoolChanged } from '../../live/notify';
import { readMark } from '../../standings/pool-rankings';
import { CACHED_POOL_MIN_ENTRIES, standingsCacheOf } from '../../store/kept-reads';
import { appendLedger } from '../../store/ledger.repo';
import { recordPoolAudits } from '../../store/pool-audits.repo';
import {
  entryLabel,
  NAME_ORDER_MAX_ENTRIES,
  type NamedEntry,
  pagePoolEntries,
} from '../../store/pool-entries.repo';
import {
  loadPrizeMoney,
  loadPrizePoolCounts,
  loadPrizesAwarded,
  loadPrizesOf,
  loadSplitTotals,
  MAX_AUDITED_AWARDS,
  planSplitAwards,
  toPrizeMoney,
  writeSplitAwards,
} from '../../store/prize-money.repo';

/** How many awards the split's news-feed post names before "and n more". */
const FEED_NAMES_MAX = 25;

/**
 * POST /admin/addPayment: a payment from an entrant (a positive 'payment' row) or a prize paid to an entrant
 * (a negative 'prize_paid_to' row), for the entry's pool league admins, audited with the entry's old and new
 * total of that kind.
 */
export async function addPayment(
  ctx: AppContext,
  viewer: UserRow,
  input: AddPaymentInput,
): Promise<AddPaymentResponse> {
  const [found] = await ctx.db
    .select({ entry: entries, username: users.username })
    .from(entries)
    .innerJoin(users, eq(users.id, entries.userId))
    .where(eq(entries.id, input.entryId))
    .limit(1);
  if (!found) throw notFound(MONEY_MESSAGES.entryNotFound);
  const { pool } = await requireEntryPoolCommish(ctx.db, found.entry, viewer, MONEY_MESSAGES.entryNotFound);
  if (input.pool_id !== undefined && input.pool_id !== pool.id)
    throw badRequest(MONEY_MESSAGES.entryNotFound);

  const label = entryLabel(found.username, found.entry.entryNum);
  const kind = input.type === 'payment' ? 'payment' : 'prize_paid_to';
  const column = input.type === 'payment' ? 'paid' : 'prizes_paid_to';
  // Signed from the entry's side: money the entrant paid in counts for it, a prize paid out against it.
  const amount = input.type === 'payment' ? input.amount : -input.amount;
  const now = ctx.clock.now();
  const requestKey = input.request_key ?? null;
  const answer = (values: { amount: number; notes: string | null; at: Date }): AddPaymentResponse => ({
    message: MONEY_MESSAGES.financesUpdatedBody(label),
    entry: label,
    type: input.type,
    amount: values.amount,
    notes: values.notes,
    updated_at: values.at.toISOString(),
  });
  const result = await ctx.db.transaction(async (tx) => {
    // The entry's row is locked before its total is read: concurrent payments of one entry then run one
    // after another, each reading the total the one before it committed, so their audit rows form a chain,
    // and a repeat of a request key sees the row its first request wrote.
    await tx.select({ id: entries.id }).from(entries).where(eq(entries.id, found.entry.id)).for('update');
    if (requestKey !== null) {
      const first = await findKeyedPayment(tx, pool.id, found.entry.id, requestKey, now);
      if (first) return { written: false, response: answer(first) };
    }
    const [{ before }] = await tx
      .select({ before: sql<number>`coalesce(sum(${ledger.amount}), 0)`.mapWith(Number) })
      .from(ledger)
      .where(and(eq(ledger.poolId, pool.id), eq(ledger.entryId, found.entry.id), eq(ledger.kind, kind)));
    await appendLedger(
      tx,
      [{ poolId: pool.id, entryId: found.entry.id, kind, amount, notes: input.notes, createdBy: viewer.id }],
      now,
    );
    const what = input.type === 'payment' ? `Payment from ${label}` : `Prize paid to ${label}`;
    await recordPoolAudits(
      tx,
      pool.id,
      viewer,
      [
        {
          action: input.type === 'payment' ? 'payment' : 'prize_paid',
          summary: `${what}: ${formatDollars(input.amount)}${input.notes ? ` (${input.notes})` : ''}`,
          entryId: found.entry.id,
          // The entry's Finances column, shown as Finances shows it (positive amounts).
          oldValue: { [column]: Math.abs(before) },
          newValue: {
            [column]: Math.abs(before + amount),
            amount: input.amount,
            notes: input.notes,
            ...(requestKey === null ? {} : { request_key: requestKey, signed: amount }),
          },
        },
      ],
      now,
    );
    return { written: true, response: answer({ amount, notes: input.notes, at: now }) };
  });
  if (result.written) notifyPoolChanged(ctx, pool.id, 'money');
  return result.response;
}

/** How long a request key is remembered: a retry or a double submit comes well within it. */
const REQUEST_KEY_MS = 60 * 60 * 1000;

/**
 * The payment an earlier request with this key recorded for the entry within REQUEST_KEY_MS, from its audit row
 * (read along the pool's audit index by time, so it stays small however old the pool is).
 */
async function findKeyedPayment(
  tx: DbOrTx,
  poolId: number,
  entryId: number,
  requestKey: string,
  now: Date,
): Promise<{ amount: number; notes: string | null; at: Date } | null> {
  const [row] = await tx
    .select({ newValue: poolAudits.newValue, createdAt: poolAudits.createdAt })
    .from(poolAudits)
    .where(
      and(
        eq(poolAudits.poolId, poolId),
        gte(poolAudits.createdAt, new Date(now.getTime() - REQUEST_KEY_MS)),
        eq(poolAudits.entryId, entryId),
        inArray(poolAudits.action, ['payment', 'prize_paid']),
        sql`${poolAudits.newValue}->>'request_key' = ${requestKey}`,
      ),
    )
    .limit(1);
  if (!row) return null;
  const value = row.newValue as { signed: number; notes: string | null };
  return { amount: Number(value.signed), notes: value.notes ?? null, at: row.createdAt };
}

/** GET /api/pools/{poolId}/prizeSplit: a page of the Split Prizes table and the pool's prize money (league admins). */
export async function getPrizeSplit(
  ctx: AppContext,
  poolId: number,
  query: PrizeSplitQuery,
  viewer: UserRow | null,
): Promise<PrizeSplitResponse> {
  const { pool } = await requirePoolCommish(ctx.db, { poolId }, viewer);
  const where = and(
    eq(entries.poolId, pool.id),
    eq(entries.status, ENTRY_STATUS.active),
    query.alive ? gt(entries.lives, 0) : undefined,
    // On the entries alone (the owners matched in a subquery), so a deep page's first slot is found
    // along the entries' slot index without joining every skipped entry to its owner.
    query.q
      ? sql`${entries.userId} in (select ${users.id} from ${users} where ${users.username} ilike ${containsPattern(query.q)})`
      : undefined,
  );
  const summary = await readSplitSummary(ctx, pool);
  // Without a search the pool's counts (kept for a big pool) say how many entries the table holds.
  const total = query.q
    ? Number((await ctx.db.select({ total: count() }).from(entries).where(where))[0].total)
    : query.alive
      ? summary.counts.alive
      : summary.counts.entrants;
  const page = await readSplitPage(ctx.db, pool.id, query, where, total);
  const prizes = await loadPrizesOf(
    ctx.db,
    pool.id,
    page.map((row) => row.entry.id),
  );
  const money = toPrizeMoney(pool, summary.counts, summary.awarded);
  return {
    prize_pool: money.prizePool,
    awarded: money.awarded,
    remaining: money.remaining,
    has_remaining: hasRemainingPrizes(money.remaining),
    active_entries: summary.counts.entrants,
    alive_entries: summary.counts.alive,
    entrants: page.map(({ entry, username }) => ({
      entry_id: entry.id,
      label: entryLabel(username, entry.entryNum),
      lives: entry.lives,
      alive: entry.lives > 0,
      prizes: prizes.get(entry.id) ?? 0,
      default_share: entry.lives > 0 ? 1 : 0,
    })),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

/**
 * A page of the Split Prizes table: by username while at most NAME_ORDER_MAX_ENTRIES entries match, in
 * sign-up order past that as the entrants lists page (decision 013), so a deep page of a big pool is a range
 * of the (pool_id, status, slot) index and not an OFFSET along every username.
 */
async function readSplitPage(
  db: DbOrTx,
  poolId: number,
  query: PrizeSplitQuery,
  where: SQL | undefined,
  total: number,
): Promise<NamedEntry[]> {
  if (total <= NAME_ORDER_MAX_ENTRIES) {
    return (
      db
        .select({ entry: entries, username: users.username })
        .from(entries)
        .innerJoin(users, eq(users.id, entries.userId))
        .where(where)
        // By lower(username): the users' unique index on it walks the page in order.
        .orderBy(asc(sql`lower(${users.username})`), asc(entries.entryNum))
        .limit(query.pageSize)
        .offset(pageOffset(query))
    );
  }
  if (!query.alive) {
    return pagePoolEntries(
      db,
      poolId,
      {
        page: query.page,
        pageSize: query.pageSize,
        q: query.q,
        countedOnly: true,
        from: query.q ? undefined : await readMark(db, poolId, 'active', pageOffset(query)),
      },
      total,
    );
  }
  // The alive filter is not one pagePoolEntries offers: the same two steps with it (the page's first slot
  // found along the slot index without the owners, then the page read from there).
  const offset = pageOffset(query);
  if (offset >= total) return [];
  // Unsearched, the page starts from the alive list's stored mark (pool-rankings) while it is current.
  const mark = query.q ? undefined : await readMark(db, poolId, 'alive', offset);
  const first = db
    .select({ slot: entries.slot })
    .from(entries)
    .where(mark ? and(where, sql`${entries.slot} >= ${mark.slot}`) : where)
    .orderBy(asc(entries.slot))
    .limit(1)
    .offset(mark ? mark.skip : offset);
  return db
    .select({ entry: entries, username: users.username })
    .from(entries)
    .innerJoin(users, eq(users.id, entries.userId))
    .where(and(where, sql`${entries.slot} >= (${first})`))
    .orderBy(asc(entries.slot))
    .limit(query.pageSize);
}

interface SplitSummary {
  counts: PrizePoolCounts & { alive: number };
  awarded: number;
}

/** The prize pool's counts and the prizes awarded: a big pool's are kept until its money or results change. */
function readSplitSummary(ctx: AppContext, pool: PoolRecord): Promise<SplitSummary> {
  const load = async (): Promise<SplitSummary> => {
    const [counts, awarded] = await Promise.all([
      loadPrizePoolCounts(ctx.db, pool.id),
      loadPrizesAwarded(ctx.db, pool.id),
    ]);
    return { counts, awarded };
  };
  const cache = standingsCacheOf(ctx);
  if (!cache) return load();
  return cache.read(
    pool.id,
    'prize-split:summary',
    load,
    (value) => value.counts.entrants >= CACHED_POOL_MIN_ENTRIES,
  );
}

/**
 * POST /admin/processPrizeSplit: a percentage of the remaining prizes divided among entries by share, in exact
 * cents, as 'prize' ledger rows with a news-feed post and audit rows, in one transaction that holds the pool's
 * row so two splits never divide the same money. The shares are added up and divided in SQL (writeSplit), so
 * a split among every survivor of a big pool (`others: 'default'`) reads nothing per entry into Node.
 */
export async function processPrizeSplit(
  ctx: AppContext,
  viewer: UserRow,
  input: ProcessPrizeSplitInput,
): Promise<ProcessPrizeSplitResponse> {
  await requirePoolCommish(ctx.db, { poolId: input.poolId }, viewer);
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    const { pool } = await lockPoolForCommish(tx, input.poolId, viewer);
    const shares = {
      poolId: pool.id,
      entryIds: input.shares.map((share) => share.entryId),
      shares: input.shares.map((share) => share.share),
      others: input.others === 'default',
    };
    if (shares.entryIds.length > 0) {
      const [{ found }] = await tx
        .select({ found: count() })
        .from(entries)
        .where(
          and(
            eq(entries.poolId, pool.id),
            eq(entries.status, ENTRY_STATUS.active),
            sql`${entries.id} = any(${sql.param(shares.entryIds)}::int[])`,
          ),
        );
      if (found !== shares.entryIds.length) throw badRequest(MONEY_MESSAGES.shareNotEntrant);
    }
    const money = await loadPrizeMoney(tx, pool, []);
    const totals = await loadSplitTotals(tx, shares);
    const plan = planSplitTotals({
      remainingCents: money.remaining,
      percent: input.percent,
      // A split naming no entry is refused as the page has none, even when its shares are all 0.
      entrants: shares.entryIds.length === 0 && !shares.others ? 0 : Math.max(totals.entrants, 1),
      totalShares: totals.totalShares,
    });
    if (!plan.ok) throw badRequest(plan.message);
    if (input.remaining !== undefined && input.remaining !== money.remaining) {
      throw conflict(MONEY_MESSAGES.remainingChanged);
    }
    if (plan.amount === 0) throw badRequest(MONEY_MESSAGES.splitComesToZero);

    const { awardCount } = await planSplitAwards(tx, { ...shares, amount: plan.amount });
    const percentText = `${plan.percentHundredths / 100}%`;
    const total = formatDollars(plan.amount);
    const remainingAfter = money.remaining - plan.amount;
    // The split's own audit row comes first; its awards' rows follow, one per entry awarded (up to
    // MAX_AUDITED_AWARDS: past it the awards are told by their ledger rows alone).
    await recordPoolAudits(
      tx,
      pool.id,
      viewer,
      [
        {
          action: 'prize_split',
          summary: `Prize split: ${total} (${percentText} of ${formatDollars(money.remaining)} remaining) among ${awardCount} ${
            awardCount === 1 ? 'entry' : 'entries'
          }`,
          oldValue: { remaining: money.remaining },
          newValue: {
            remaining: remainingAfter,
            percent: plan.percentHundredths / 100,
            amount: plan.amount,
            total_shares: totals.totalShares,
            ...(awardCount > MAX_AUDITED_AWARDS ? { awards: awardCount } : {}),
          },
        },
      ],
      now,
    );
    const awards = await writeSplitAwards(tx, {
      poolId: pool.id,
      notes: `Prize split: ${percentText} of ${formatDollars(money.remaining)} remaining`,
      by: viewer.id,
      now,
      totalSharesText: String(totals.totalShares),
      shown: MAX_SPLIT_AWARDS_SHOWN,
    });

    const named = awards.slice(0, FEED_NAMES_MAX).map((a) => `${a.label} ${formatDollars(a.amount)}`);
    const more = awardCount > FEED_NAMES_MAX ? `, and ${awardCount - FEED_NAMES_MAX} more` : '';
    await postPoolEvent(
      tx,
      {
        poolId: pool.id,
        userId: viewer.id,
        // An announcement of the commissioner's (an alert), not a bonus: the feed's Bonus filter leaves it out.
        type: FEED_EVENT_TYPES.alert,
        summary: `Prize split: ${total} awarded`,
        desc: `The commissioner split ${total} (${percentText} of the remaining prizes) among ${awardCount} ${
          awardCount === 1 ? 'entrant' : 'entrants'
        }: ${named.join(', ')}${more}.`,
      },
      now,
    );
    return {
      message: MONEY_MESSAGES.splitDoneBody(total, awardCount),
      amount: plan.amount,
      awards: awards.map((award) => ({ entry_id: award.entryId, label: award.label, amount: award.amount })),
      award_count: awardCount,
      remaining: remainingAfter,
    };
  });
  notifyPoolChanged(ctx, input.poolId, 'money');
  return result;
}
