import { and, eq, isNull, sql } from 'drizzle-orm';
import { must } from '../../../../core/must';
import type { WeekBonusSettlement } from '../../../../core/season';
import { type DbOrTx, rowsOf } from '../../../db/client';
import type { PoolRecord } from '../../../db/schema';
import { bonusEvents, ledger } from '../../../db/schema';
import { postPoolEvent } from '../feed/feed.service';
import { appendLedger, type LedgerRowInput } from '../store/ledger.repo';
import { intArray } from '../store/week-encoding';
import { SETTLEMENT_EVENT_TYPES } from './settlement-events';
import type { PoolWeekBonus } from './week-facts.repo';

// A judged week's paid bonuses: their ledger rows and news, compared and voided when re-judged.

/**
 * The players as recordBonusEvent reads them, by their place in `slots`: the entry ids of the bonus
 * events' winners and payers, and the winners' usernames (no other place is read).
 */
export async function readBonusPlayers(
  tx: DbOrTx,
  poolId: number,
  settlements: readonly WeekBonusSettlement[],
  slots: readonly number[],
): Promise<Array<{ entry: { id: number }; username: string }>> {
  const named = [...new Set(settlements.flatMap((s) => [...s.winners, ...s.payers]))];
  const ids = await readEntryIds(
    tx,
    poolId,
    named.map((i) => slots[i]),
  );
  const idAt = new Map(named.map((i, n) => [i, ids[n]]));
  const names = await readUsernames(tx, [
    ...new Set(settlements.flatMap((s) => s.winners.map((i) => must(idAt.get(i))))),
  ]);
  const players = new Array<{ entry: { id: number }; username: string }>(slots.length);
  for (const [i, id] of idAt) players[i] = { entry: { id }, username: names.get(id) ?? '' };
  return players;
}

function summarizeGame(game: {
  home: string;
  away: string;
  homeScore: number | null;
  awayScore: number | null;
}) {
  return `${game.away} ${game.awayScore ?? 0} @ ${game.home} ${game.homeScore ?? 0}`;
}

/** Stores one paid bonus with its zero-sum ledger rows and its feed news. */
export async function recordBonusEvent(
  tx: DbOrTx,
  pool: PoolRecord,
  week: number,
  bonus: PoolWeekBonus,
  money: WeekBonusSettlement,
  players: ReadonlyArray<{ entry: { id: number }; username: string }>,
  now: Date,
  /** When the news is dated: the week's results instant when judged late (resultsInstant). */
  postedAt: Date = now,
): Promise<void> {
  const [event] = await tx
    .insert(bonusEvents)
    .values({
      poolId: pool.id,
      week,
      key: bonus.detected.key,
      bonusId: bonus.detected.bonus_id,
      bonusLongName: bonus.longName,
      bonusName: bonus.label,
      teamAbb: bonus.detected.team_abb,
      player: bonus.detected.player,
      desc: bonus.detected.desc,
      gid: bonus.detected.gid,
      gameSummary: bonus.game ? summarizeGame(bonus.game) : null,
      bonusDate: bonus.game?.startTime ?? now,
      prize: money.prize,
      total: money.total,
      winners: money.winners.map((i) => players[i].entry.id),
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: bonusEvents.id });
  if (!event || money.winners.length === 0 || money.payers.length === 0) return;
  const rows: LedgerRowInput[] = [
    ...money.winners.map((i) => ({
      poolId: pool.id,
      entryId: players[i].entry.id,
      kind: 'bonus' as const,
      amount: money.prize,
      week,
      notes: bonus.label,
    })),
    ...money.payers.map((i, n) => ({
      poolId: pool.id,
      entryId: players[i].entry.id,
      kind: 'bonus' as const,
      amount: -(money.share + (n < money.extraCentPayers ? 1 : 0)),
      week,
      notes: bonus.label,
    })),
  ];
  await appendLedger(
    tx,
    rows.map((r) => ({ ...r, bonusEventId: event.id })),
    now,
  );
  const winners = money.winners.map((i) => players[i].username).join(', ');
  await postPoolEvent(
    tx,
    {
      poolId: pool.id,
      type: SETTLEMENT_EVENT_TYPES.bonus,
      summary: `${bonus.label}: ${bonus.detected.team_abb}`,
      desc: `${bonus.detected.desc}. Week ${week} bonus won by ${winners}.`,
    },
    postedAt,
  );
}

/** A bonus derived again stands as stored: the same prize, total and winners (in entry order). */
export function isSameBonus(
  stored: { prize: number; total: number; winners: readonly number[] },
  money: { prize: number; total: number },
  winners: readonly number[],
): boolean {
  return (
    money.prize === stored.prize &&
    money.total === stored.total &&
    JSON.stringify(winners) === JSON.stringify(stored.winners)
  );
}

/**
 * Voids a stored bonus and reverses its ledger rows (money is never edited), by a commissioner or (by null) by
 * settlement; returns each entry's reversed net.
 */
export async function voidBonusEvent(
  tx: DbOrTx,
  event: { id: number; week: number },
  notes: string,
  by: number | null,
  now: Date,
): Promise<Map<number, number>> {
  await tx.update(bonusEvents).set({ voidedAt: now }).where(eq(bonusEvents.id, event.id));
  const rows = await tx.select().from(ledger).where(eq(ledger.bonusEventId, event.id));
  await appendLedger(
    tx,
    rows.map((row) => ({
      poolId: row.poolId,
      entryId: row.entryId,
      kind: 'bonus' as const,
      amount: -row.amount,
      week: event.week,
      notes,
      bonusEventId: event.id,
      createdBy: by,
    })),
    now,
  );
  const net = new Map<number, number>();
  for (const row of rows)
    if (row.entryId !== null) net.set(row.entryId, (net.get(row.entryId) ?? 0) - row.amount);
  return net;
}

/**
 * Stores a judged week's paid bonuses (`settlements[b]` pays `bonuses[b]`), players read by their place
 * in the week's `slots`; news dated `postedAt`.
 */
export async function recordWeekBonuses(
  tx: DbOrTx,
  pool: PoolRecord,
  week: number,
  bonuses: readonly PoolWeekBonus[],
  settlements: readonly WeekBonusSettlement[],
  slots: readonly number[],
  now: Date,
  postedAt: Date,
): Promise<void> {
  if (settlements.length === 0) return;
  const players = await readBonusPlayers(tx, pool.id, settlements, slots);
  for (let b = 0; b < settlements.length; b++)
    await recordBonusEvent(tx, pool, week, bonuses[b], settlements[b], players, now, postedAt);
}

/**
 * Keeps the bonuses of a re-judged week that still stand as they are; voids the others (reversing
 * their ledger rows) and records the new ones. Always run: a bonus no longer detected is voided.
 */
export async function replaceWeekBonuses(
  tx: DbOrTx,
  pool: PoolRecord,
  week: number,
  bonuses: readonly PoolWeekBonus[],
  settlements: readonly WeekBonusSettlement[],
  slots: readonly number[],
  now: Date,
): Promise<void> {
  const players = await readBonusPlayers(tx, pool.id, settlements, slots);
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

/** The ids of the entries at some slots of a pool, aligned with `slots`. */
export async function readEntryIds(tx: DbOrTx, poolId: number, slots: readonly number[]): Promise<number[]> {
  if (slots.length === 0) return [];
  const rows = rowsOf<{ slot: number; id: number }>(
    await tx.execute(sql`
      select e.slot, e.id from entries e
      where e.pool_id = ${poolId} and e.slot = any(${intArray([...new Set(slots)])})`),
  );
  const idAt = new Map(rows.map((row) => [Number(row.slot), Number(row.id)]));
  return slots.map((slot) => must(idAt.get(slot)));
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
