import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { canToggleBonus } from '../../../../../core/bonus';
import { getLiveWeek } from '../../../../../core/calendar';
import { type PageQuery, pageOffset } from '../../../../../core/contracts/paging';
import {
  type BonusDetailsLine,
  type BonusDetailsResponse,
  type BonusParamsQuery,
  type BonusParamsResponse,
  type BonusParamsWeek,
  type BonusPoolCounts,
  type BonusPoolList,
  COMMISH_BONUS_WINNERS_SHOWN,
  type CommishBonusEvent,
  type CommishBonusEventsResponse,
  FEED_EVENT_TYPES,
  BONUS_POOL_MESSAGES as M,
  type RecalculateBonusResponse,
  type UpdateBonusPoolBody,
  type UpdateBonusPoolResponse,
} from '../../../../../core/contracts/pools';
import type { Game } from '../../../../../core/games';
import { changeFlag, type DeferredFlag, flagForWeek } from '../../../../../core/pool/entry-actions';
import { ENTRY_STATUS } from '../../../../../core/pool/entry-status';
import { settleBonusEvent, type WeekBonusSettlement } from '../../../../../core/season';
import type { AppContext } from '../../../../context';
import { type DbOrTx, rowsOf } from '../../../../db/client';
import { ENTRY_STATUS_SQL } from '../../../../db/entry-status';
import type { BonusEventRecord, EntryRecord, PoolRecord, UserRow } from '../../../../db/schema';
import { bonusEvents, entries, ledger, poolWeeks, users } from '../../../../db/schema';
import { badRequest, conflict, notFound } from '../../../../lib/errors';
import { loadEntryLabels, loadPublicEvents, toBonusEvent } from '../../bonuses/bonuses.service';
import { countWeekEntries, poolWeekKindSql, readEntryWeeks, rewriteEntryWeeks } from '../../entry-weeks.repo';
import { postPoolEvent } from '../../feed/feed.service';
import { notifyPoolChanged } from '../../live/notify';
import { requirePoolCommish } from '../../pool-access';
import { type PoolAuditInput, recordPoolAudits } from '../../pool-audits.repo';
import { entryLabel, NAME_ORDER_MAX_ENTRIES } from '../../pool-entries.repo';
import { loadPoolWeeks } from '../../pool-weeks';
import { isSameBonus, recordBonusEvent, voidBonusEvent } from '../../settlement/bonus-events';
import { readWeekPicks } from '../../settlement/judge-week';
import {
  detectPoolWeekBonuses,
  isWeekComplete,
  loadWeekGames,
  recordWeekTeams,
} from '../../settlement/week-facts.repo';
import {
  type MarkFilter,
  rankChangeOfPool,
  readMark,
  readRanking,
  type StoredTiles,
} from '../../standings/pool-rankings';
import { entriesByUsername } from '../entry-search';

const hasBonusPool = (pool: PoolRecord) => pool.game === 'nba' || pool.game === 'mlb';
const isRunning = (pool: PoolRecord) => pool.bonusActive && !pool.bonusDisabled;
const isMovable = (entry: EntryRecord) => entry.status === ENTRY_STATUS.active && entry.lives > 0;
const bonusFlag = (entry: EntryRecord): DeferredFlag => ({
  current: entry.bonus,
  prev: entry.bonusPrev,
  effWeek: entry.bonusEffWeek,
});

/** The weeks a commissioner sees: the live week, and the week changes made now apply to (null when none). */
function bonusWeeks(pool: PoolRecord, now: Date) {
  const liveWeek = getLiveWeek(pool.deadlines, now, pool.game as Game);
  const start = Math.max(1, pool.startWeek);
  const next = Math.max(liveWeek + 1, start);
  const editable = !pool.final && next <= pool.deadlines.length ? next : null;
  const last = editable ?? Math.min(Math.max(liveWeek, start), pool.deadlines.length);
  return { liveWeek, start, editable, last };
}

/** The weeks from the start week to the last one the tool shows, each locked or not and running or not. */
async function loadBonusWeeks(
  db: DbOrTx,
  pool: PoolRecord,
  start: number,
  last: number,
): Promise<BonusParamsWeek[]> {
  const locked = await db
    .select({ week: poolWeeks.week, bonusRunning: poolWeeks.bonusRunning })
    .from(poolWeeks)
    .where(eq(poolWeeks.poolId, pool.id));
  const running = new Map(locked.map((row) => [row.week, row.bonusRunning]));
  const params: BonusParamsWeek[] = [];
  for (let week = start; week <= last; week++) {
    const fixed = running.get(week);
    params.push(
      fixed !== undefined
        ? { week, locked: true, inactive: !fixed }
        : { week, locked: false, inactive: !isRunning(pool) },
    );
  }
  return params;
}

/** SQL over entries `e`: active and alive, so it can move in or out of the bonus pool. */
const movableSql = sql`(e.status = ${ENTRY_STATUS_SQL.active} and e.lives > 0)`;

/**
 * SQL over entries `e`: in the week's bonus pool. A locked week's was fixed at the lock (the entry's week kind
 * in the week's byte string, one of its bonus kinds); a week not locked yet follows the entry's bonus switch.
 */
async function inBonusSql(db: DbOrTx, pool: PoolRecord, week: BonusParamsWeek): Promise<SQL> {
  if (!week.locked) {
    return sql`(${movableSql} and (case when ${week.week} >= e.bonus_eff_week then e.bonus else e.bonus_prev end))`;
  }
  const kinds = rowsOf<{ kind: number }>(
    await db.execute(sql`
      select kind from entry_week_kinds where pool_id = ${pool.id} and week = ${week.week} and in_bonus`),
  ).map((row) => Number(row.kind));
  if (kinds.length === 0) return sql`false`;
  return sql`(${poolWeekKindSql(pool.id, week.week, sql`e.slot`)} = any(${sql.param(kinds)}::int[]))`;
}

/** The lists of a week: who is in it, who could move in (the editable week only) and who cannot move. */
async function listConditions(
  db: DbOrTx,
  pool: PoolRecord,
  week: BonusParamsWeek,
  editable: boolean,
): Promise<Record<BonusPoolList, SQL>> {
  const inBonus = await inBonusSql(db, pool, week);
  return {
    in: inBonus,
    out: editable ? sql`(${movableSql} and not ${inBonus})` : sql`false`,
    fixed: sql`not ${movableSql}`,
  };
}

/**
 * Each list's count for the week. A week not locked yet counts all three in one pass over the pool's entries
 * in SQL. A locked week's members are counted from its stored byte string, read once (one kind per slot:
 * calling the per-entry SQL reader a million times is what a count must not do), the entries that cannot
 * move in SQL; nobody can move into a locked week.
 */
async function countLists(
  db: DbOrTx,
  pool: PoolRecord,
  week: BonusParamsWeek,
  lists: Record<BonusPoolList, SQL>,
): Promise<BonusPoolCounts> {
  if (week.locked) {
    const [fixed] = rowsOf<{ n: number | string }>(
      await db.execute(
        sql`select count(*) as n from entries e where e.pool_id = ${pool.id} and ${lists.fixed}`,
      ),
    );
    return { in: await countLockedMembers(db, pool, week.week), out: 0, fixed: Number(fixed?.n ?? 0) };
  }
  const [row] = rowsOf<{ in: number | string; out: number | string; fixed: number | string }>(
    await db.execute(sql`
      select count(*) filter (where ${lists.in}) as "in", count(*) filter (where ${lists.out}) as "out",
        count(*) filter (where ${lists.fixed}) as "fixed"
      from entries e where e.pool_id = ${pool.id}`),
  );
  return { in: Number(row?.in ?? 0), out: Number(row?.out ?? 0), fixed: Number(row?.fixed ?? 0) };
}

/** How many entries a locked week's bonus pool held: its entries whose week's kind is in the bonus pool. */
function countLockedMembers(db: DbOrTx, pool: PoolRecord, week: number): Promise<number> {
  return countWeekEntries(db, pool.id, week, (kind) => kind.inBonus);
}

const NO_COUNTS: BonusPoolCounts = { in: 0, out: 0, fixed: 0 };

/**
 * Each list's count from the stored tiles: the movable entries are the counted alive ones, the week's members
 * among them those whose switch is in force (by its effective week), the others can move in (the editable
 * week only), the rest cannot move. A locked week's members are counted from its byte string, as
 * countLists does.
 */
async function storedListCounts(
  db: DbOrTx,
  pool: PoolRecord,
  week: BonusParamsWeek,
  editable: boolean,
  tiles: StoredTiles,
): Promise<BonusPoolCounts> {
  const movable = Number(tiles.alive);
  const fixed = Number(tiles.everyone) - movable;
  if (week.locked) return { in: await countLockedMembers(db, pool, week.week), out: 0, fixed };
  let members = 0;
  for (const group of tiles.bonusGroups)
    if (week.week >= Number(group.effWeek) ? group.bonus : group.prev) members += Number(group.count);
  return { in: members, out: editable ? movable - members : 0, fixed };
}

/**
 * The stored mark list of an open week's list, when the week's members are exactly the movable entries whose
 * switch is on (no switch changes after the week); null otherwise.
 */
function switchList(tiles: StoredTiles, week: number, list: BonusPoolList): MarkFilter | null {
  if (list === 'fixed') return 'fixed';
  const later = tiles.bonusGroups.some((group) => group.bonus !== group.prev && Number(group.effWeek) > week);
  if (later) return null;
  return list === 'in' ? 'bonusIn' : 'bonusOut';
}

/**
 * GET /pools/getBonusParams/{poolId} (league admins): the pool's bonus weeks, and for the week shown each
 * list's count and one page of the list asked for, by username (in sign-up order past 10,000 entries);
 * nothing here grows with the pool.
 */
export async function getBonusParams(
  ctx: AppContext,
  poolId: number,
  viewer: UserRow | null,
  query: BonusParamsQuery,
): Promise<BonusParamsResponse> {
  const { pool } = await requirePoolCommish(ctx.db, { poolId }, viewer);
  const weeks = bonusWeeks(pool, ctx.clock.now());
  const empty = {
    params: [],
    editable_week: null,
    live_week: weeks.liveWeek,
    week: null,
    counts: NO_COUNTS,
    list: query.list,
    entries: [],
    page: query.page,
    pageSize: query.pageSize,
    total: 0,
  };
  if (!hasBonusPool(pool)) return { available: false, ...empty };
  const params = await loadBonusWeeks(ctx.db, pool, weeks.start, weeks.last);
  const fallback = weeks.editable ?? params.at(-1)?.week;
  const shown = params.find((item) => item.week === (query.week ?? fallback));
  if (query.week !== undefined && !shown) throw badRequest(M.badWeek);
  if (!shown) return { available: true, ...empty, params, editable_week: weeks.editable };
  const editable = shown.week === weeks.editable && !shown.inactive;
  const lists = await listConditions(ctx.db, pool, shown, editable);
  const search = query.q ? sql`and e.id in (${entriesByUsername(pool.id, query.q)})` : sql``;
  const from = sql`from entries e join users u on u.id = e.user_id
    where e.pool_id = ${pool.id} and ${lists[query.list]} ${search}`;
  // The counts: from the stored tiles (pool-rankings) while current, else one pass over the pool.
  const stored = await readRanking<StoredTiles>(ctx.db, pool.id, 'tiles');
  const counts = stored
    ? await storedListCounts(ctx.db, pool, shown, editable, stored.data)
    : await countLists(ctx.db, pool, shown, lists);
  const total = query.q
    ? Number(
        rowsOf<{ n: number | string }>(await ctx.db.execute(sql`select count(*) as n ${from}`))[0]?.n ?? 0,
      )
    : counts[query.list];
  const columns = sql`e.id, u.username, e.entry_num, e.status, e.lives`;
  // By username up to NAME_ORDER_MAX_ENTRIES entries, in sign-up order past it, as every entry list pages
  // (decision 013): the page's first slot is found along the slot index, from the list's stored mark when
  // the list is one of those (the week's members follow the entries' switch) and nothing is searched.
  const offset = pageOffset(query);
  let page: SQL;
  if (total <= NAME_ORDER_MAX_ENTRIES) {
    page = sql`select ${columns} ${from}
      order by lower(u.username), e.entry_num, e.id
      limit ${query.pageSize} offset ${offset}`;
  } else {
    const markOf =
      stored && !query.q && !shown.locked ? switchList(stored.data, shown.week, query.list) : null;
    const mark = markOf ? await readMark(ctx.db, pool.id, markOf, offset) : undefined;
    const matching = sql`from entries e where e.pool_id = ${pool.id} and ${lists[query.list]} ${search}`;
    const first = mark
      ? sql`select e.slot ${matching} and e.slot >= ${mark.slot} order by e.slot limit 1 offset ${mark.skip}`
      : sql`select e.slot ${matching} order by e.slot limit 1 offset ${offset}`;
    page = sql`select ${columns} ${from} and e.slot >= (${first})
      order by e.slot limit ${query.pageSize}`;
  }
  const rows = rowsOf<{ id: number; username: string; entry_num: number; status: number; lives: number }>(
    offset >= total ? [] : await ctx.db.execute(page),
  );
  return {
    available: true,
    params,
    editable_week: weeks.editable,
    live_week: weeks.liveWeek,
    week: shown.week,
    counts,
    list: query.list,
    entries: rows.map((row) => {
      const status = Number(row.status);
      const lives = Number(row.lives);
      return {
        id: Number(row.id),
        label: entryLabel(row.username, Number(row.entry_num)),
        status,
        eliminated: lives <= 0,
        movable: status === ENTRY_STATUS.active && lives > 0,
      };
    }),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

/**
 * POST /pools/updateBonusPoolParams (league admins): who is in the bonus pool from the week after the live
 * week on, through the entries' own bonus switch (changeFlag: effective the following week, the weeks before
 * keep their value). Locked weeks are history; inactive and eliminated entries cannot move. One audit row
 * per entry added or removed. The moves (`add`, `remove`) lock and read only the entries they name; a whole
 * membership (`users`) is compared with every entry of the pool.
 */
export async function updateBonusPoolParams(
  ctx: AppContext,
  viewer: UserRow,
  body: UpdateBonusPoolBody,
): Promise<UpdateBonusPoolResponse> {
  const now = ctx.clock.now();
  const answer = await ctx.db.transaction(async (tx) => {
    const { pool } = await requirePoolCommish(tx, { poolId: body.poolId }, viewer);
    if (!hasBonusPool(pool)) throw badRequest(M.nflUnavailable);
    const weeks = bonusWeeks(pool, now);
    if (weeks.editable === null) throw badRequest(M.noWeekLeft);
    if (body.week !== weeks.editable) {
      if (body.week < weeks.start || body.week > pool.deadlines.length) throw badRequest(M.badWeek);
      throw badRequest(M.history(body.week, weeks.editable));
    }
    const week = weeks.editable;
    if (!isRunning(pool)) throw badRequest(M.bonusInactive);

    const whole = body.users !== undefined ? new Set(body.users) : null;
    const adding = new Set(body.add);
    const named = whole === null ? [...adding, ...body.remove] : null;
    const rows =
      named !== null && named.length === 0
        ? []
        : await tx
            .select({ entry: entries, username: users.username })
            .from(entries)
            .innerJoin(users, eq(users.id, entries.userId))
            .where(
              named === null
                ? eq(entries.poolId, pool.id)
                : and(eq(entries.poolId, pool.id), sql`${entries.id} = any(${sql.param(named)}::int[])`),
            )
            .orderBy(asc(entries.id))
            .for('update', { of: entries });
    const ids = new Set(rows.map((row) => row.entry.id));
    if ([...(whole ?? named ?? [])].some((id) => !ids.has(id))) throw badRequest(M.unknownEntry);

    const added: number[] = [];
    const removed: number[] = [];
    const audits = [];
    // Up to a thousand entries move, one update each: the pool's rank version moves once for them all.
    if (rows.length > 0) await rankChangeOfPool(tx, pool.id);
    for (const { entry, username } of rows) {
      const flag = bonusFlag(entry);
      const want = whole ? whole.has(entry.id) : adding.has(entry.id);
      // Inactive and eliminated entries are in no bonus pool: listing one is asking to move it in.
      const have = isMovable(entry) && flagForWeek(flag, week);
      if (have === want) continue;
      const label = entryLabel(username, entry.entryNum);
      const check = canToggleBonus({
        pool: {
          bonusActive: pool.bonusActive,
          bonusDisabled: pool.bonusDisabled,
          cadence: pool.bonusCadence,
          entryWeeks: pool.bonusEntryWeeks,
        },
        entry: { active: entry.status === ENTRY_STATUS.active, eliminated: entry.lives <= 0 },
        liveWeek: week - 1,
        actor: 'commissioner',
      });
      if (!check.allowed) {
        throw badRequest(
          check.reason === 'entry_eliminated' ? M.cannotMoveEliminated(label) : M.cannotMoveInactive(label),
        );
      }
      const next = changeFlag(flag, want, week - 1);
      await tx
        .update(entries)
        .set({ bonus: next.current, bonusPrev: next.prev, bonusEffWeek: next.effWeek })
        .where(eq(entries.id, entry.id));
      (want ? added : removed).push(entry.id);
      audits.push({
        action: 'bonus_pool',
        summary: want
          ? `${label} added to the bonus pool from Week ${week}`
          : `${label} removed from the bonus pool from Week ${week}`,
        entryId: entry.id,
        oldValue: { week, in_bonus: !want },
        newValue: { week, in_bonus: want },
      });
    }
    await recordPoolAudits(tx, pool.id, viewer, audits, now);

    const shown: BonusParamsWeek = { week, locked: false, inactive: false };
    const counts = await countLists(tx, pool, shown, await listConditions(tx, pool, shown, true));
    return { poolId: pool.id, response: { message: M.updated(week), counts, added, removed } };
  });
  notifyPoolChanged(ctx, answer.poolId, 'money');
  return answer.response;
}

/** The first winners a bonus names (by entry id), as the Pool Bonuses table shows them. */
const shownWinners = (row: BonusEventRecord) =>
  [...row.winners].sort((a, b) => a - b).slice(0, COMMISH_BONUS_WINNERS_SHOWN);

function toCommishEvent(row: BonusEventRecord, labels: Map<number, string>): CommishBonusEvent {
  const winners = shownWinners(row);
  return {
    ...toBonusEvent(row),
    winners,
    winner_labels: winners.map((id) => labels.get(id) ?? `#${id}`),
    winner_count: row.winners.length,
  };
}

/** The labels of the winners each event shows (never every winner of a big pool's bonus). */
const eventLabels = (db: DbOrTx, poolId: number, rows: readonly BonusEventRecord[]) =>
  loadEntryLabels(db, poolId, rows.flatMap(shownWinners));

/** GET /pools/getBonusEvents/{poolId} (league admins): the pool's standing bonuses of locked weeks, newest week first. */
export async function listCommishBonusEvents(
  ctx: AppContext,
  poolId: number,
  viewer: UserRow | null,
): Promise<CommishBonusEventsResponse> {
  const { pool } = await requirePoolCommish(ctx.db, { poolId }, viewer);
  // The same standing bonuses the Bonuses tab lists: never one of a week that has not locked.
  const rows = await loadPublicEvents(ctx, pool);
  const labels = await eventLabels(ctx.db, pool.id, rows);
  return { events: rows.map((row) => toCommishEvent(row, labels)) };
}

/**
 * GET /api/bonus/details/{poolId}/{bonusId} (league admins): who won and who paid, from the bonus's ledger
 * rows summed per entry in SQL: the counts and totals, and one page of each side by username.
 */
export async function getBonusDetails(
  ctx: AppContext,
  poolId: number,
  bonusId: number,
  viewer: UserRow | null,
  query: PageQuery,
): Promise<BonusDetailsResponse> {
  const { pool } = await requirePoolCommish(ctx.db, { poolId }, viewer);
  const [event] = await ctx.db
    .select()
    .from(bonusEvents)
    .where(and(eq(bonusEvents.id, bonusId), eq(bonusEvents.poolId, pool.id)));
  // A bonus names the team its winners picked: one of a week that has not locked is not shown (never written).
  const publicWeeks = (await loadPoolWeeks(ctx.db, pool)).publicWeeks(ctx.clock.now());
  if (!event || !publicWeeks.includes(event.week)) throw notFound(M.bonusNotFound);
  const sums = sql`
    select l.entry_id, sum(l.amount)::bigint as amount from ledger l
    where l.pool_id = ${pool.id} and l.bonus_event_id = ${event.id} and l.entry_id is not null
    group by l.entry_id having sum(l.amount) <> 0`;
  const search = query.q ? sql`and s.entry_id in (${entriesByUsername(pool.id, query.q)})` : sql``;
  const [totals] = rowsOf<{ won: string | number; paid: string | number; winners: string; losers: string }>(
    await ctx.db.execute(sql`
      with sums as (${sums})
      select coalesce(sum(amount) filter (where amount > 0), 0) as won,
        coalesce(sum(amount) filter (where amount < 0), 0) as paid,
        count(*) filter (where amount > 0 ${search}) as winners,
        count(*) filter (where amount < 0 ${search}) as losers
      from sums s`),
  );
  const side = async (sign: SQL): Promise<BonusDetailsLine[]> =>
    rowsOf<{ entry_id: number; amount: string | number; username: string; entry_num: number }>(
      await ctx.db.execute(sql`
        with sums as (${sums})
        select s.entry_id, s.amount, u.username, e.entry_num
        from sums s join entries e on e.id = s.entry_id join users u on u.id = e.user_id
        where ${sign} ${search}
        order by lower(u.username), e.entry_num, e.id
        limit ${query.pageSize} offset ${pageOffset(query)}`),
    ).map((row) => ({
      entry_id: Number(row.entry_id),
      label: entryLabel(row.username, Number(row.entry_num)),
      amount: Number(row.amount),
    }));
  const winners = await side(sql`s.amount > 0`);
  const losers = await side(sql`s.amount < 0`);
  const labels = await eventLabels(ctx.db, pool.id, [event]);
  const winnersCount = Number(totals?.winners ?? 0);
  const losersCount = Number(totals?.losers ?? 0);
  return {
    event: toCommishEvent(event, labels),
    winners,
    losers,
    winners_count: winnersCount,
    losers_count: losersCount,
    winners_total: Number(totals?.won ?? 0),
    losers_total: Number(totals?.paid ?? 0),
    page: query.page,
    pageSize: query.pageSize,
    total: Math.max(winnersCount, losersCount),
  };
}

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
