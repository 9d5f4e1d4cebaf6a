import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { canToggleBonus } from '../../../../../core/bonus';
import { pageOffset } from '../../../../../core/contracts/paging';
import {
  type BonusParamsQuery,
  type BonusParamsResponse,
  type BonusParamsWeek,
  BONUS_POOL_MESSAGES as M,
  type UpdateBonusPoolBody,
  type UpdateBonusPoolResponse,
} from '../../../../../core/contracts/pools';
import { changeFlag, type DeferredFlag, flagForWeek } from '../../../../../core/pool/entry-actions';
import { ENTRY_STATUS } from '../../../../../core/pool/entry-status';
import type { AppContext } from '../../../../context';
import { rowsOf } from '../../../../db/client';
import type { EntryRecord, UserRow } from '../../../../db/schema';
import { entries, users } from '../../../../db/schema';
import { badRequest } from '../../../../lib/errors';
import { requirePoolCommish } from '../../access/pool-access';
import { notifyPoolChanged } from '../../live/notify';
import { readMark, readRanking, type StoredTiles } from '../../standings/pool-rankings';
import { recordPoolAudits } from '../../store/pool-audits.repo';
import { entryLabel, NAME_ORDER_MAX_ENTRIES } from '../../store/pool-entries.repo';
import { rankChangeOfPool } from '../../store/rank-versions.repo';
import { entriesByUsername } from '../entry-search';
import {
  bonusWeeks,
  countLists,
  hasBonusPool,
  isRunning,
  listConditions,
  loadBonusWeeks,
  NO_COUNTS,
  storedListCounts,
  switchList,
} from './bonus-lists';

/*
 * The Bonus Pool tool's weeks: who is in each week's bonus pool (the lists, bonus-lists.ts), changed through the
 * entries' own bonus switch. A bonus's winners and payers: bonus-details.service.ts; Recalculate:
 * bonus-recalc.service.ts.
 */

const isMovable = (entry: EntryRecord) => entry.status === ENTRY_STATUS.active && entry.lives > 0;
const bonusFlag = (entry: EntryRecord): DeferredFlag => ({
  current: entry.bonus,
  prev: entry.bonusPrev,
  effWeek: entry.bonusEffWeek,
});

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
