import { and, eq, sql } from 'drizzle-orm';
import {
  type AddPaymentInput,
  type AddPaymentResponse,
  FEED_EVENT_TYPES,
  MONEY_MESSAGES,
  type PrizeSplitResponse,
  type ProcessPrizeSplitInput,
  type ProcessPrizeSplitResponse,
} from '../../../../../core/contracts/pools';
import { formatDollars, hasRemainingPrizes, planPrizeSplit } from '../../../../../core/money';
import { must } from '../../../../../core/must';
import type { AppContext } from '../../../../context';
import { entries, ledger, users } from '../../../../db/schema';
import { badRequest, conflict, notFound } from '../../../../lib/errors';
import type { UserRow } from '../../../auth/sessions';
import { postPoolEvent } from '../../feed/feed.service';
import { appendLedger } from '../../ledger';
import { notifyPoolChanged } from '../../live/notify';
import { lockPoolForCommish, requireEntryPoolCommish, requirePoolCommish } from '../../pool-access';
import { entryLabel, listPoolEntries } from '../../pool-entries.repo';
import { type PoolAuditInput, recordPoolAudits } from '../audit/audit.service';
import { awardPrizes, loadPrizeMoney } from './prize-money.repo';

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
    .where(eq(entries.id, input.user_season_id))
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
  await ctx.db.transaction(async (tx) => {
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
          newValue: { [column]: Math.abs(before + amount), amount: input.amount, notes: input.notes },
        },
      ],
      now,
    );
  });
  notifyPoolChanged(ctx, pool.id, 'money');
  return {
    message: MONEY_MESSAGES.financesUpdatedBody(label),
    entry: label,
    type: input.type,
    amount,
    notes: input.notes,
    updated_at: now.toISOString(),
  };
}

/** GET /api/pools/{poolId}/prizeSplit: the Split Prizes table and the pool's prize money (league admins). */
export async function getPrizeSplit(
  ctx: AppContext,
  poolId: number,
  viewer: UserRow | null,
): Promise<PrizeSplitResponse> {
  const { pool } = await requirePoolCommish(ctx.db, { poolId }, viewer);
  const money = await loadPrizeMoney(ctx.db, pool);
  const named = await listPoolEntries(ctx.db, pool.id);
  return {
    prize_pool: money.prizePool,
    awarded: money.awarded,
    remaining: money.remaining,
    has_remaining: hasRemainingPrizes(money.remaining),
    entrants: named
      .filter(({ entry }) => entry.status === 1)
      .map(({ entry, username }) => ({
        entry_id: entry.id,
        label: entryLabel(username, entry.entryNum),
        lives: entry.lives,
        alive: entry.lives > 0,
        prizes: money.prizesByEntry.get(entry.id) ?? 0,
        default_share: entry.lives > 0 ? 1 : 0,
      }))
      // Entries still alive first: they are the ones a split is usually among.
      .sort((a, b) => Number(b.alive) - Number(a.alive)),
  };
}

/**
 * POST /admin/processPrizeSplit: a percentage of the remaining prizes divided among entries by share, in exact
 * cents (planPrizeSplit), as 'prize' ledger rows with a news-feed post and audit rows, in one transaction that
 * holds the pool's row so two splits never divide the same money.
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
    const money = await loadPrizeMoney(tx, pool);
    const active = new Map(
      (await listPoolEntries(tx, pool.id))
        .filter(({ entry }) => entry.status === 1)
        .map((named) => [named.entry.id, named]),
    );
    if (input.shares.some((share) => !active.has(share.entryId))) {
      throw badRequest(MONEY_MESSAGES.shareNotEntrant);
    }
    const plan = planPrizeSplit({
      remainingCents: money.remaining,
      percent: input.percent,
      entrants: input.shares.map((share) => ({ id: String(share.entryId), share: share.share })),
    });
    if (!plan.ok) throw badRequest(plan.message);
    if (input.remaining !== undefined && input.remaining !== money.remaining) {
      throw conflict(MONEY_MESSAGES.remainingChanged);
    }
    if (plan.amount === 0) throw badRequest(MONEY_MESSAGES.splitComesToZero);

    const percentText = `${plan.percentHundredths / 100}%`;
    const awards = plan.awards
      .filter((award) => award.amount > 0)
      .map((award) => {
        const named = must(active.get(Number(award.id)));
        return {
          entryId: named.entry.id,
          label: entryLabel(named.username, named.entry.entryNum),
          amount: award.amount,
          share: award.share,
          before: money.prizesByEntry.get(named.entry.id) ?? 0,
        };
      });
    const notes = `Prize split: ${percentText} of ${formatDollars(money.remaining)} remaining`;
    await awardPrizes(tx, pool.id, awards, notes, viewer.id, now);

    const named = awards.slice(0, FEED_NAMES_MAX).map((a) => `${a.label} ${formatDollars(a.amount)}`);
    const more = awards.length > FEED_NAMES_MAX ? `, and ${awards.length - FEED_NAMES_MAX} more` : '';
    const total = formatDollars(plan.amount);
    await postPoolEvent(
      tx,
      {
        poolId: pool.id,
        userId: viewer.id,
        // An announcement of the commissioner's (an alert), not a bonus: the feed's Bonus filter leaves it out.
        type: FEED_EVENT_TYPES.alert,
        summary: `Prize split: ${total} awarded`,
        desc: `The commissioner split ${total} (${percentText} of the remaining prizes) among ${awards.length} ${
          awards.length === 1 ? 'entrant' : 'entrants'
        }: ${named.join(', ')}${more}.`,
      },
      now,
    );
    const remainingAfter = money.remaining - plan.amount;
    const audits: PoolAuditInput[] = [
      {
        action: 'prize_split',
        summary: `Prize split: ${total} (${percentText} of ${formatDollars(money.remaining)} remaining) among ${awards.length} ${
          awards.length === 1 ? 'entry' : 'entries'
        }`,
        oldValue: { remaining: money.remaining },
        newValue: {
          remaining: remainingAfter,
          percent: plan.percentHundredths / 100,
          amount: plan.amount,
          total_shares: plan.totalShares,
        },
      },
      ...awards.map((award) => ({
        action: 'prize_split_award',
        summary: `Prize split award to ${award.label}: ${formatDollars(award.amount)} (share ${award.share} of ${plan.totalShares})`,
        entryId: award.entryId,
        oldValue: { prizes: award.before },
        newValue: { prizes: award.before + award.amount },
      })),
    ];
    await recordPoolAudits(tx, pool.id, viewer, audits, now);
    return {
      message: MONEY_MESSAGES.splitDoneBody(total, awards.length),
      amount: plan.amount,
      awards: awards.map((award) => ({ entry_id: award.entryId, label: award.label, amount: award.amount })),
      remaining: remainingAfter,
    };
  });
  notifyPoolChanged(ctx, input.poolId, 'money');
  return result;
}
