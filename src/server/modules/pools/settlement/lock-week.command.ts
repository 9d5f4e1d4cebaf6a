import { and, asc, eq, lt, lte, sql } from 'drizzle-orm';
import { isBonusShutDown } from '../../../../core/bonus';
import { getDeadlineCutoff } from '../../../../core/calendar';
import { type PlayableGame, picksPlayers } from '../../../../core/games';
import { ENTRY_STATUS } from '../../../../core/pool/entry-status';
import {
  createWeekRandom,
  drawUnusedTeams,
  favouritesUnused,
  type InsuranceOption,
  mostPopularUnused,
  rankByPopularity,
} from '../../../../core/season';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import type { PoolRecord } from '../../../db/schema';
import { entries, pickAudits, picks, pools, poolWeeks, users } from '../../../db/schema';
import { type NewPoolEvent, postPoolEvent } from '../feed/feed.service';
import { readPoolOdds } from '../odds/odds.service';
import { picksAsked } from '../store/owed-picks.repo';
import type { PoolWeeks } from '../store/pool-weeks.repo';
import { SETTLEMENT_EVENT_TYPES } from './settlement-events';
import { readEntriesInPlay, storeLockedWeek } from './week-players.repo';

// Locking a week: who plays it and with what, fixed at the lock instant (the pass: settle-pool.job.ts).

/**
 * Locks a week, once: fixes who plays it with which bonus-pool membership and auto-rebuy setting, shuts
 * the bonus pool down when too few entrants are left, and assigns entries insured before the week's
 * deadline and without a pick their insurance pick (most popular or random, never a team they used).
 * What it reads is what held at the lock instant, however late it runs: sign-ups, switches and
 * insurance from after it count from a later week, and picks and rebuys are refused after it.
 * False when it was locked already.
 */
export async function lockPoolWeek(
  ctx: AppContext,
  pool: PoolRecord,
  calendar: PoolWeeks,
  week: number,
  lockAt: Date,
): Promise<boolean> {
  const now = ctx.clock.now();
  // Auto-pick's ranking, read before the transaction: the pool's own odds (kept per pool), which forecast
  // a week from what was known at its deadline however late the lock is written.
  const autoPicks =
    pool.game === 'nfl' && pool.autoPick ? await rankAutoPicks(ctx, pool, calendar, week, lockAt) : null;
  // Its news is dated at the lock it tells of, however late the lock row is written.
  const postedAt = new Date(Math.min(now.getTime(), lockAt.getTime()));
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(pools).where(eq(pools.id, pool.id)).for('update');
    // Every entry in play (a pool may hold a million), with the state it locks with and its settings.
    const inPlay = await readEntriesInPlay(tx, pool.id, week, lockAt);
    const aliveAtLock = inPlay.slots.length;
    const { shutDown, bonusRunning } = bonusAtLock(current, aliveAtLock);
    const inserted = await tx
      .insert(poolWeeks)
      .values({ poolId: pool.id, week, aliveAtLock, bonusRunning, lockedAt: now })
      .onConflictDoNothing()
      .returning({ week: poolWeeks.week });
    if (inserted.length === 0) return false;

    if (shutDown) await shutBonusDown(tx, pool.id, week, aliveAtLock, postedAt);
    await storeLockedWeek(tx, pool.id, week, inPlay, bonusRunning);
    await assignInsurancePicks(tx, pool, calendar, week, lockAt, now, postedAt);
    if (autoPicks) await assignAutoPicks(tx, pool, week, lockAt, autoPicks, now, postedAt);
    return true;
  });
}

/**
 * Whether a pool's bonus pool runs the week locking with `aliveAtLock` entrants, and whether it shuts down
 * for good at this lock (too few entrants left).
 */
export function bonusAtLock(
  pool: Pick<PoolRecord, 'game' | 'bonusActive' | 'bonusDisabled' | 'bonusShutdown'>,
  aliveAtLock: number,
): { shutDown: boolean; bonusRunning: boolean } {
  const bonusGame = pool.game === 'nba' || pool.game === 'mlb';
  const shutDown =
    bonusGame && pool.bonusActive && !pool.bonusDisabled && isBonusShutDown(aliveAtLock, pool.bonusShutdown);
  return { shutDown, bonusRunning: bonusGame && pool.bonusActive && !pool.bonusDisabled && !shutDown };
}

/** Shuts a pool's bonus pool down for the rest of the season at a week's lock, and says so in its feed. */
export async function shutBonusDown(
  tx: DbOrTx,
  poolId: number,
  week: number,
  aliveAtLock: number,
  postedAt: Date,
): Promise<void> {
  await tx.update(pools).set({ bonusDisabled: true }).where(eq(pools.id, poolId));
  await postPoolEvent(
    tx,
    {
      poolId,
      type: SETTLEMENT_EVENT_TYPES.bonusShutdown,
      summary: 'Bonus pool shut down',
      desc: `With ${aliveAtLock} entrants left at Week ${week}, the bonus pool has shut down for the rest of the season.`,
    },
    postedAt,
  );
}

/** The instant a pool's week locks for everyone (PoolWeeks.weekLockAt), else its deadline's cutoff. */
export function weekLockAt(calendar: PoolWeeks, pool: PoolRecord, week: number): Date {
  return calendar.weekLockAt(week) ?? getDeadlineCutoff(pool.deadlines[week - 1], pool.game as PlayableGame);
}

/**
 * Assigns the insurance picks of a locking week (inside its lock's transaction): each entry insured
 * before the deadline and without a pick gets the most popular or a random team it never used.
 */
export async function assignInsurancePicks(
  tx: DbOrTx,
  pool: PoolRecord,
  calendar: PoolWeeks,
  week: number,
  lockAt: Date,
  now: Date,
  postedAt: Date,
): Promise<void> {
  const option = pool.insuranceOption as InsuranceOption;
  if (picksPlayers(pool.game) || option === 0) return;
  // An NFL Survivor multi-pick week insures all of its picks.
  const asked = picksAsked(pool, week);
  // Entries playing this week: in play when it locked and not waiting for a rebuy.
  const playing = and(
    eq(entries.poolId, pool.id),
    eq(entries.status, ENTRY_STATUS.active),
    sql`${entries.lives} > 0`,
    eq(entries.needsRebuy, false),
    lte(entries.createdAt, lockAt),
  );
  // Insurance counts from the week after the deadline it was bought past: its ledger row's instant says
  // when, so a lock written hours after the deadline still sees only what held at the deadline.
  const deadline = getDeadlineCutoff(pool.deadlines[week - 1], pool.game as PlayableGame);
  const insured = await tx
    .select({ id: entries.id, userId: entries.userId, username: users.username })
    .from(entries)
    .innerJoin(users, eq(users.id, entries.userId))
    .where(
      and(
        playing,
        eq(entries.insurancePurchased, true),
        sql`not exists (select 1 from picks p where p.entry_id = ${entries.id} and p.week = ${week})`,
        sql`not exists (select 1 from ledger l where l.pool_id = ${pool.id} and l.entry_id = ${entries.id}
          and l.kind = 'insurance' and l.created_at >= ${deadline.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(asc(entries.id));
  if (insured.length === 0) return;
  // Only the entrants' own picks count towards the most popular one.
  const counts = await tx
    .select({ pickId: picks.pickId, count: sql<number>`count(*)::int` })
    .from(picks)
    .innerJoin(entries, eq(entries.id, picks.entryId))
    .where(and(playing, eq(picks.week, week), eq(picks.byInsurance, false)))
    .groupBy(picks.pickId);
  const popularity = rankByPopularity(new Map(counts.map((row) => [row.pickId, row.count])));
  const usedRows = await tx
    .select({ entryId: picks.entryId, pickId: picks.pickId })
    .from(picks)
    .innerJoin(entries, eq(entries.id, picks.entryId))
    .where(and(playing, eq(entries.insurancePurchased, true), lt(picks.week, week)));
  const used = new Map<number, string[]>();
  for (const row of usedRows) used.set(row.entryId, [...(used.get(row.entryId) ?? []), row.pickId]);
  const weekTeams = [...new Set(calendar.games(week).flatMap((game) => [game.home, game.away]))];
  const random = createWeekRandom(pool.id, week);
  const assigned: Array<{ entryId: number; userId: number; username: string; team: string }> = [];
  for (const entry of insured) {
    const entryUsed = used.get(entry.id) ?? [];
    const teams =
      option === 1
        ? mostPopularUnused(popularity, entryUsed, asked)
        : drawUnusedTeams(weekTeams, entryUsed, asked, random);
    for (const team of teams)
      assigned.push({ entryId: entry.id, userId: entry.userId, username: entry.username, team });
  }
  for (let start = 0; start < assigned.length; start += 1000) {
    const part = assigned.slice(start, start + 1000);
    await tx.insert(picks).values(
      part.map((a) => ({
        entryId: a.entryId,
        week,
        pickId: a.team,
        teamAbb: a.team,
        byInsurance: true,
        createdBy: null,
        createdAt: now,
      })),
    );
    await tx.insert(pickAudits).values(
      part.map((a) => ({
        entryId: a.entryId,
        week,
        action: 'insurance',
        newPickId: a.team,
        userId: null,
        createdAt: now,
      })),
    );
    await postPoolEvents(
      tx,
      part.map((a) => ({
        poolId: pool.id,
        entryId: a.entryId,
        userId: a.userId,
        type: SETTLEMENT_EVENT_TYPES.insurancePick,
        summary: 'Insurance pick',
        desc: `${a.username} had no pick for Week ${week}: insurance picked ${a.team}.`,
      })),
      postedAt,
    );
  }
}

/**
 * Auto-pick's candidates for a week, best first: the teams of its games not started at the lock, by the
 * pool's win odds (ties alphabetical).
 */
async function rankAutoPicks(
  ctx: AppContext,
  pool: PoolRecord,
  calendar: PoolWeeks,
  week: number,
  lockAt: Date,
): Promise<string[]> {
  const odds = (await readPoolOdds(ctx, pool)).weeks[week - 1] ?? new Map();
  const open = calendar.games(week).filter((game) => game.startTime.getTime() > lockAt.getTime());
  const chances: Record<string, number> = {};
  const records: Record<string, [number, number]> = {};
  for (const game of open) {
    for (const team of [game.home, game.away]) {
      const found = odds.get(team);
      if (found === undefined) continue;
      chances[team] = found.advance;
      records[team] = [0, 0];
    }
  }
  return favouritesUnused(chances, records, [], Object.keys(chances).length);
}

/**
 * NFL Survivor's auto-pick: every entry that plays the week and holds no pick of it (insurance
 * came first) gets the week's k best-ranked teams it has not used, in set-based statements (a big
 * pool may hold a million entries), each assignment audited and posted to the entrant's activity.
 */
async function assignAutoPicks(
  tx: DbOrTx,
  pool: PoolRecord,
  week: number,
  lockAt: Date,
  ranked: readonly string[],
  now: Date,
  postedAt: Date,
): Promise<void> {
  if (ranked.length === 0) return;
  const asked = picksAsked(pool, week);
  await tx.execute(sql`
    with owing as (
      select e.id, e.user_id from entries e
      where e.pool_id = ${pool.id} and e.status = ${ENTRY_STATUS.active} and e.lives > 0 and not e.needs_rebuy
        and e.created_at <= ${lockAt.toISOString()}::timestamptz
        and not exists (select 1 from picks p where p.entry_id = e.id and p.week = ${week})
    ), chosen as (
      select o.id as entry_id, o.user_id, c.team, c.rank from owing o
      cross join lateral (
        select r.team, r.rank from unnest(${sql.param([...ranked])}::text[]) with ordinality as r(team, rank)
        where not exists (
          select 1 from picks u where u.entry_id = o.id and u.pick_id = r.team and not u.by_commish)
        order by r.rank limit ${asked}
      ) c
    ), inserted as (
      insert into picks (entry_id, week, pick_id, team_abb, by_insurance, created_by, created_at)
      select entry_id, ${week}, team, team, true, null, ${now.toISOString()}::timestamptz
      from chosen order by entry_id, rank
      returning entry_id, pick_id
    ), audited as (
      insert into pick_audits (entry_id, week, action, new_pick_id, user_id, created_at)
      select entry_id, ${week}, 'auto_pick', pick_id, null, ${now.toISOString()}::timestamptz from inserted
    )
    insert into pool_events (pool_id, entry_id, user_id, type, "desc", summary, link, created_at)
    select ${pool.id}, c.entry_id, c.user_id, ${SETTLEMENT_EVENT_TYPES.insurancePick},
      u.username || ' had no pick for Week ${sql.raw(String(week))}: auto-pick picked '
        || string_agg(c.team, ' and ' order by c.rank) || '.',
      'Auto-pick', null, ${postedAt.toISOString()}::timestamptz
    from chosen c join users u on u.id = c.user_id
    group by c.entry_id, c.user_id, u.username`);
}

/** Posts many feed events, 50,000 a statement through arrays (settling a big pool posts one per loss). */
async function postPoolEvents(tx: DbOrTx, events: readonly NewPoolEvent[], now: Date): Promise<void> {
  for (let start = 0; start < events.length; start += 50_000) {
    const part = events.slice(start, start + 50_000);
    const col = <T>(pick: (event: NewPoolEvent) => T) => sql.param(part.map(pick));
    await tx.execute(sql`
      insert into pool_events (pool_id, entry_id, user_id, type, "desc", summary, link, created_at)
      select t.pool_id, t.entry_id, t.user_id, t.type, t.description, t.summary, t.link, ${now.toISOString()}::timestamptz
      from unnest(
        ${col((e) => e.poolId)}::int[], ${col((e) => e.entryId ?? null)}::int[], ${col((e) => e.userId ?? null)}::int[],
        ${col((e) => e.type)}::int[], ${col((e) => e.desc)}::text[], ${col((e) => e.summary)}::text[],
        ${col((e) => e.link ?? null)}::text[]
      ) as t(pool_id, entry_id, user_id, type, description, summary, link)`);
  }
}
