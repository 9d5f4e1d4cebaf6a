import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  FEED_EVENT_TYPES,
  BONUS_POOL_MESSAGES as M,
  type RecalculateBonusResponse,
} from '../../../../../core/contracts/pools';
import { settleBonusEvent, type WeekBonusSettlement } from '../../../../../core/season';
import type { AppContext } from '../../../../context';
import type { DbOrTx } from '../../../../db/client';
import type { UserRow } from '../../../../db/schema';
import { bonusEvents, entries, ledger, poolWeeks, users } from '../../../../db/schema';
import { conflict, notFound } from '../../../../lib/errors';
import { requirePoolCommish } from '../../access/pool-access';
import { postPoolEvent } from '../../feed/feed.service';
import { notifyPoolChanged } from '../../live/notify';
import { readWeekPicks } from '../../picks/picks.repo';
import { isSameBonus, recordBonusEvent, voidBonusEvent } from '../../settlement/bonus-events.repo';
import {
  detectPoolWeekBonuses,
  isWeekComplete,
  loadWeekGames,
  recordWeekTeams,
} from '../../settlement/week-facts.repo';
import { readEntryWeeks, rewriteEntryWeeks } from '../../store/entry-weeks.repo';
import { type PoolAuditInput, recordPoolAudits } from '../../store/pool-audits.repo';
import { entryLabel } from '../../store/pool-entries.repo';
import { eventLabels, toCommishEvent } from './bonus-details.service';

/** Adds bonus money changes to the entries' judged week (its bonus_net). */
async function addBonusNet(tx: DbOrTx, poolId: number, week: number, delta: Map<number, number>) {
  const changed = [...delta].filter(([, cents]) => cents !== 0);
  if (changed.length === 0) return;
  // The week's row locked before its entry weeks are read, so that no re-judging rewrites them in between.
  await tx
    .select({ week: poolWeeks.week })
    .from(poolWeeks)
    .where(and(eq(poolWeeks.poolId, poolId), eq(poolWeeks.week, week)))
    .for('update');
  const rows = await readEntryWeeks(tx, poolId, { weeks: [week], entryIds: changed.map(([id]) => id) });
  await rewriteEntryWeeks(
    tx,
    poolId,
    week,
    rows.map(({ poolId: _pool, entryId, week: _week, ...kind }) => ({
      entryId,
      kind: { ...kind, bonusNet: kind.bonusNet + (delta.get(entryId) ?? 0) },
    })),
  );
}

/**
 * POST /api/bonus/recalculate (league admins): re-derives one bonus from the stored game facts, the week's
 * bonus pool (fixed at the lock) and the entries' picks of the week as they stand now (a commissioner may
 * have edited them). Unchanged: nothing is written. Changed winners or prize: the old bonus is voided with
 * its money reversed and the new one recorded with its money. No longer detected: voided. One transaction,
 * audited.
 */
export async function recalculateBonus(
  ctx: AppContext,
  viewer: UserRow,
  poolId: number,
  bonusId: number,
): Promise<RecalculateBonusResponse> {
  const now = ctx.clock.now();
  const answer = await ctx.db.transaction(async (tx) => {
    const { pool } = await requirePoolCommish(tx, { poolId }, viewer);
    const [event] = await tx
      .select()
      .from(bonusEvents)
      .where(and(eq(bonusEvents.id, bonusId), eq(bonusEvents.poolId, pool.id)))
      .for('update');
    if (!event) throw notFound(M.bonusNotFound);
    if (event.voidedAt !== null) throw conflict(M.voidedAlready);
    const week = event.week;
    const weekGames = await loadWeekGames(tx, pool, week);
    if (!isWeekComplete(weekGames)) throw conflict(M.weekNotFinal(week));
    const [locked] = await tx
      .select()
      .from(poolWeeks)
      .where(and(eq(poolWeeks.poolId, pool.id), eq(poolWeeks.week, week)));
    const bonuses = locked?.bonusRunning
      ? await detectPoolWeekBonuses(tx, pool, week, weekGames, recordWeekTeams(weekGames))
      : [];
    const fresh = bonuses.find((bonus) => bonus.detected.key === event.key);
    const before = { prize: event.prize, total: event.total, winners: event.winners };
    // The recalculation's audit row: the bonus as it stood and as it stands now (null: voided).
    const audit = (outcome: string, after: PoolAuditInput['newValue']) =>
      recordPoolAudits(
        tx,
        pool.id,
        viewer,
        [
          {
            action: 'recalculate',
            summary: `Week ${week} ${event.bonusName} (${event.teamAbb}) ${outcome}`,
            oldValue: before,
            newValue: after,
          },
        ],
        now,
      );

    if (!fresh) {
      const reversed = await voidBonusEvent(
        tx,
        event,
        `${event.bonusName} voided: recalculated`,
        viewer.id,
        now,
      );
      await addBonusNet(tx, pool.id, week, reversed);
      await audit('voided: it no longer stands', null);
      await postPoolEvent(
        tx,
        {
          poolId: pool.id,
          type: FEED_EVENT_TYPES.bonusPrize,
          summary: `${event.bonusName}: ${event.teamAbb} voided`,
          desc: `The Week ${week} ${event.bonusLongName} bonus (${event.teamAbb}) was recalculated and no longer stands; its money was reversed.`,
        },
        now,
      );
      return { poolId: pool.id, response: { outcome: 'voided' as const, message: M.voided, event: null } };
    }

    // The week's bonus pool as settlement saw it: the members who played the week, in entry order.
    const memberIds = (await readEntryWeeks(tx, pool.id, { weeks: [week] }))
      .filter((row) => row.inBonus && row.result !== 'no-rebuy')
      .map((row) => row.entryId);
    const members =
      memberIds.length === 0
        ? []
        : await tx
            .select({ entry: { id: entries.id }, username: users.username, entryNum: entries.entryNum })
            .from(entries)
            .innerJoin(users, eq(users.id, entries.userId))
            .where(inArray(entries.id, memberIds))
            .orderBy(asc(entries.id));
    const { weekPicks } = await readWeekPicks(tx, pool.id, week);
    const settled = settleBonusEvent(
      members.map((m) => weekPicks.get(m.entry.id)?.[0] ?? null),
      fresh.detected.team_abb,
      fresh.prize,
    );
    const money: WeekBonusSettlement = {
      team: settled.team,
      prize: settled.prize,
      total: settled.total,
      winners: settled.winners,
      payers: settled.payers,
      share: settled.charge.base,
      extraCentPayers: settled.charge.extra,
    };
    const winners = settled.winners.map((i) => members[i].entry.id);
    if (isSameBonus(event, money, winners)) {
      const labels = await eventLabels(tx, pool.id, [event]);
      return {
        poolId: pool.id,
        response: {
          outcome: 'unchanged' as const,
          message: M.unchanged,
          event: toCommishEvent(event, labels),
        },
      };
    }

    const reversed = await voidBonusEvent(tx, event, `${event.bonusName} recalculated`, viewer.id, now);
    const players = members.map((m) => ({ entry: m.entry, username: entryLabel(m.username, m.entryNum) }));
    await recordBonusEvent(tx, pool, week, fresh, money, players, now);
    const [replacement] = await tx
      .select()
      .from(bonusEvents)
      .where(
        and(eq(bonusEvents.poolId, pool.id), eq(bonusEvents.key, event.key), isNull(bonusEvents.voidedAt)),
      );
    const added = await tx
      .select({ entryId: ledger.entryId, amount: ledger.amount })
      .from(ledger)
      .where(eq(ledger.bonusEventId, replacement.id));
    const delta = new Map(reversed);
    for (const row of added) {
      if (row.entryId !== null) delta.set(row.entryId, (delta.get(row.entryId) ?? 0) + row.amount);
    }
    await addBonusNet(tx, pool.id, week, delta);
    await audit(`recalculated: ${event.winners.length} to ${winners.length} winners`, {
      prize: money.prize,
      total: money.total,
      winners,
    });
    const labels = await eventLabels(tx, pool.id, [replacement]);
    return {
      poolId: pool.id,
      response: {
        outcome: 'updated' as const,
        message: M.recalculated,
        event: toCommishEvent(replacement, labels),
      },
    };
  });
  notifyPoolChanged(ctx, answer.poolId, 'money');
  return answer.response;
}
