import { and, asc, eq, gt, gte, inArray, isNotNull, isNull } from 'drizzle-orm';
import { must } from '../../../../core/must';
import type { EntryState, WeekEntryInput } from '../../../../core/season';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import { bonusEvents, entries, poolWeeks, users } from '../../../db/schema';
import type { PoolRecord } from '../../leagues/leagues.repo';
import {
  type EntryWeekKind,
  type EntryWeekRow,
  readEntryWeeks,
  rewriteEntryWeeks,
} from '../entry-weeks.repo';
import { postPoolEvent } from '../feed/feed.service';
import { appendLedger, type LedgerRowInput } from '../ledger';
import {
  countAliveByLives,
  isSameBonus,
  judgeWeek,
  readWeekPicks,
  rebuyCharges,
  recordBonusEvent,
  SETTLEMENT_EVENT_TYPES,
  voidBonusEvent,
} from './settlement.service';
import {
  detectPoolWeekBonuses,
  digestWeekResults,
  isWeekComplete,
  loadWeekGames,
  loadWeekPlayerStats,
  recordWeekTeams,
} from './week-facts.repo';

/** The first settled week of a pool whose results or facts changed after it was judged, or null. */
export async function findCorrectedWeek(db: DbOrTx, pool: PoolRecord): Promise<number | null> {
  const settled = await db
    .select({ week: poolWeeks.week, digest: poolWeeks.resultsDigest })
    .from(poolWeeks)
    .where(and(eq(poolWeeks.poolId, pool.id), isNotNull(poolWeeks.settledAt)))
    .orderBy(asc(poolWeeks.week));
  if (settled.length === 0) return null;
  const current = await digestWeekResults(db, pool);
  const changed = settled.find((row) => row.digest !== null && current.get(row.week) !== row.digest);
  return changed?.week ?? null;
}

function stateOf(lives: number, rebuys: number, needsRebuy: boolean, weeksAlive: number): EntryState {
  return {
    lives,
    rebuysMade: rebuys,
    status: lives <= 0 ? 'eliminated' : needsRebuy ? 'needs-rebuy' : 'alive',
    weeksAlive,
  };
}

/**
 * Re-judges a pool's settled weeks from `fromWeek` on after a result correction, in one transaction:
 * each week is played again through the rules engine from the state its entries locked with, later
 * weeks from the corrected outcome (a rebuy paid that is no longer needed is refunded, one that is now
 * needed but was not paid eliminates at that lock, as at any lock). Money is never edited: auto-rebuy
 * charges and bonus money that changed get compensating ledger rows, and a bonus that no longer stands
 * is voided with its rows reversed. Returns the weeks re-judged (none while a week's games are not all final).
 */
export async function rejudgeFromWeek(
  ctx: AppContext,
  pool: PoolRecord,
  fromWeek: number,
): Promise<number[]> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const settled = await tx
      .select()
      .from(poolWeeks)
      .where(
        and(eq(poolWeeks.poolId, pool.id), gte(poolWeeks.week, fromWeek), isNotNull(poolWeeks.settledAt)),
      )
      .orderBy(asc(poolWeeks.week))
      .for('update');
    if (settled.length === 0) return [];
    const weeksDone: number[] = [];
    /** The corrected state after the previous re-judged week, by entry. */
    let carried = new Map<number, EntryState>();
    /** The previous week's rows as first settled (did the entry then need a rebuy?). */
    let previousRows = new Map<number, EntryWeekRow>();
    const money: LedgerRowInput[] = [];
    /** The pool's entries with their usernames, by id. */
    const pooled = new Map(
      (
        await tx
          .select({ entry: entries, username: users.username })
          .from(entries)
          .innerJoin(users, eq(users.id, entries.userId))
          .where(eq(entries.poolId, pool.id))
      ).map((row) => [row.entry.id, row]),
    );

    for (const settledWeek of settled) {
      const week = settledWeek.week;
      const weekGames = await loadWeekGames(tx, pool, week);
      if (!isWeekComplete(weekGames)) break;
      const teams = recordWeekTeams(weekGames);
      const stats = pool.game === 'nfl-td' ? await loadWeekPlayerStats(tx, pool, week) : {};
      const bonuses = settledWeek.bonusRunning
        ? await detectPoolWeekBonuses(tx, pool, week, weekGames, teams)
        : [];
      const players = (await readEntryWeeks(tx, pool.id, { weeks: [week] })).map((entryWeek) => ({
        entryWeek,
        entry: must(pooled.get(entryWeek.entryId)).entry,
        username: must(pooled.get(entryWeek.entryId)).username,
      }));
      const { weekPicks, used } = await readWeekPicks(tx, pool.id, week);
      const isNfl = pool.game === 'nfl-td';
      const manualRebuy = new Map<number, boolean>();
      const inputs: WeekEntryInput[] = players.map(({ entry, entryWeek }) => {
        const locked = stateOf(
          entryWeek.livesBefore,
          entryWeek.rebuysBefore,
          entryWeek.needsRebuyBefore,
          entryWeek.weeksAliveBefore,
        );
        const before = previousRows.get(entry.id);
        // It paid a rebuy before this lock when it needed one after last week and locked without the need.
        const paid =
          before?.status === 'needs-rebuy' && !entryWeek.needsRebuyBefore && entryWeek.livesBefore > 0;
        const corrected = carried.get(entry.id);
        let state = locked;
        let rebuyBeforeLock = false;
        if (corrected) {
          if (corrected.status === 'needs-rebuy') {
            state = corrected;
            rebuyBeforeLock = paid;
          } else {
            state = corrected;
            if (paid)
              money.push(
                ...rebuyCharges(
                  pool,
                  week,
                  entry.id,
                  -1,
                  `Rebuy before Week ${week} refunded: a corrected result`,
                ),
              );
          }
        }
        manualRebuy.set(entry.id, rebuyBeforeLock);
        const own = weekPicks.get(entry.id) ?? [];
        return {
          id: String(entry.id),
          state,
          autoRebuy: entryWeek.autoRebuy,
          insured: false,
          pick: isNfl ? own : (own[0] ?? null),
          used: used.get(entry.id) ?? [],
          rebuyBeforeLock,
          inBonusPool: entryWeek.inBonus,
        };
      });
      const outcome = judgeWeek(pool, week, teams, stats, bonuses, inputs);

      const judged: Array<{ entryId: number; kind: EntryWeekKind }> = [];
      for (let i = 0; i < players.length; i++) {
        const { entry, entryWeek } = players[i];
        const result = outcome.entries[i];
        const autoBought = result.rebuysBought - (manualRebuy.get(entry.id) ? 1 : 0);
        money.push(
          ...rebuyCharges(
            pool,
            week,
            entry.id,
            autoBought - entryWeek.rebuysBought,
            `Auto-rebuy after Week ${week}: a corrected result`,
          ),
        );
        const lockedState = inputs[i].state;
        judged.push({
          entryId: entry.id,
          kind: {
            inBonus: entryWeek.inBonus,
            autoRebuy: entryWeek.autoRebuy,
            result: result.played ? (result.result ?? 'no-pick') : null,
            lives: result.state.lives,
            status: result.state.status,
            rebuysBought: autoBought,
            bonusNet: result.bonusNet,
            livesBefore: lockedState.lives,
            rebuysBefore: lockedState.rebuysMade,
            needsRebuyBefore: lockedState.status === 'needs-rebuy',
            weeksAliveBefore: lockedState.weeksAlive,
          },
        });
      }
      await rewriteEntryWeeks(tx, pool.id, week, judged);
      await replaceBonusEvents(tx, pool, week, bonuses, outcome.bonusEvents, players, now);

      previousRows = new Map(players.map(({ entry, entryWeek }) => [entry.id, entryWeek]));
      carried = new Map(players.map(({ entry }, i) => [entry.id, outcome.entries[i].state]));
      const [digest] = (await digestWeekResults(tx, pool, [week])).values();
      await tx
        .update(poolWeeks)
        .set({ settledAt: now, resultsDigest: digest ?? null, health: countAliveByLives(outcome.entries) })
        .where(and(eq(poolWeeks.poolId, pool.id), eq(poolWeeks.week, week)));
      weeksDone.push(week);
    }
    if (weeksDone.length === 0) return [];

    // The entries as the last re-judged week left them, with a rebuy paid since then kept (or refunded).
    const lastWeek = weeksDone[weeksDone.length - 1];
    const current = await tx
      .select()
      .from(entries)
      .where(inArray(entries.id, [...carried.keys()]))
      .for('update');
    const nextStates = new Map<number, EntryState>();
    for (const entry of current) {
      const state = carried.get(entry.id);
      const before = previousRows.get(entry.id);
      if (!state) continue;
      const paidSince = before?.status === 'needs-rebuy' && !entry.needsRebuy && entry.lives > 0;
      let next = state;
      if (paidSince && state.status === 'needs-rebuy') {
        next = { ...state, status: 'alive', rebuysMade: state.rebuysMade + 1 };
      } else if (paidSince) {
        money.push(...rebuyCharges(pool, lastWeek + 1, entry.id, -1, `Rebuy refunded: a corrected result`));
      }
      await tx
        .update(entries)
        .set({
          lives: next.lives,
          rebuysMade: next.rebuysMade,
          needsRebuy: next.status === 'needs-rebuy',
          weeksAlive: next.weeksAlive,
        })
        .where(eq(entries.id, entry.id));
      // A week locked after the last settled one starts from the corrected state.
      nextStates.set(entry.id, next);
    }
    // A week locked after the last settled one starts from the corrected state.
    const laterWeeks = await tx
      .select({ week: poolWeeks.week })
      .from(poolWeeks)
      .where(and(eq(poolWeeks.poolId, pool.id), gt(poolWeeks.week, lastWeek)));
    const later = await readEntryWeeks(tx, pool.id, {
      weeks: laterWeeks.map((row) => row.week),
      entryIds: [...nextStates.keys()],
    });
    for (const week of new Set(later.map((row) => row.week))) {
      await rewriteEntryWeeks(
        tx,
        pool.id,
        week,
        later
          .filter((row) => row.week === week)
          .map(({ poolId: _pool, entryId, week: _week, ...kind }) => {
            const next = must(nextStates.get(entryId));
            return {
              entryId,
              kind: {
                ...kind,
                livesBefore: next.lives,
                rebuysBefore: next.rebuysMade,
                needsRebuyBefore: next.status === 'needs-rebuy',
                weeksAliveBefore: next.weeksAlive,
              },
            };
          }),
      );
    }
    await appendLedger(tx, money, now);
    await postPoolEvent(
      tx,
      {
        poolId: pool.id,
        type: SETTLEMENT_EVENT_TYPES.correction,
        summary: 'Results corrected',
        desc:
          weeksDone.length === 1
            ? `A corrected result re-judged Week ${weeksDone[0]}.`
            : `A corrected result re-judged Weeks ${weeksDone[0]} to ${lastWeek}.`,
      },
      now,
    );
    return weeksDone;
  });
}

/**
 * Keeps the bonuses of a re-judged week that still stand as they are; voids the others (reversing
 * their ledger rows) and records the new ones.
 */
async function replaceBonusEvents(
  tx: DbOrTx,
  pool: PoolRecord,
  week: number,
  bonuses: Parameters<typeof recordBonusEvent>[3][],
  settlements: Parameters<typeof recordBonusEvent>[4][],
  players: ReadonlyArray<{ entry: { id: number }; username: string }>,
  now: Date,
): Promise<void> {
  const standing = await tx
    .select()
    .from(bonusEvents)
    .where(and(eq(bonusEvents.poolId, pool.id), eq(bonusEvents.week, week), isNull(bonusEvents.voidedAt)));
  const fresh = new Map(
    bonuses.map((bonus, i) => [
      bonus.detected.key,
      { bonus, money: settlements[i], winners: settlements[i].winners.map((w) => players[w].entry.id) },
    ]),
  );
  for (const event of standing) {
    const again = fresh.get(event.key);
    if (again && isSameBonus(event, again.money, again.winners)) {
      fresh.delete(event.key);
      continue;
    }
    await voidBonusEvent(tx, event, `${event.bonusName} voided: a corrected result`, null, now);
  }
  for (const { bonus, money } of fresh.values()) {
    await recordBonusEvent(tx, pool, week, bonus, money, players, now);
  }
}
