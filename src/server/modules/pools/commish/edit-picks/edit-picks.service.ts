import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  type EditPicksEntry,
  type EditPicksQuery,
  type EditPicksResponse,
  FEED_EVENT_TYPES,
  EDIT_PICKS_MESSAGES as M,
  type UpdateUserPicksBody,
  type UpdateUserPicksResponse,
  type WeekSelection,
} from '../../../../../core/contracts/pools';
import { picksPlayers, scheduleOfKey } from '../../../../../core/games';
import type { AppContext } from '../../../../context';
import type { DbOrTx } from '../../../../db/client';
import type { EntryRecord, PoolRecord, UserRow } from '../../../../db/schema';
import { entries, pickAudits, picks, teams, users } from '../../../../db/schema';
import { badRequest, conflict, notFound } from '../../../../lib/errors';
import { readEntryPage } from '../../entry-pages';
import { postPoolEvent } from '../../feed/feed.service';
import { notifyPoolChanged } from '../../live/notify';
import { bumpEntryVersion } from '../../picks/picks.repo';
import { requireEntryPoolCommish, requirePoolCommish } from '../../pool-access';
import { entryLabel } from '../../pool-entries.repo';
import { loadPoolWeeks } from '../../pool-weeks';
import { recordPoolAudits } from '../audit/audit.service';

/** The weeks Edit Picks shows: from the pool's start week to its last deadline. */
function poolWeekNumbers(pool: PoolRecord): number[] {
  const weeks: number[] = [];
  for (let week = Math.max(1, pool.startWeek); week <= pool.deadlines.length; week++) weeks.push(week);
  return weeks;
}

function toEditEntry(entry: EntryRecord, username: string): EditPicksEntry {
  return {
    id: entry.id,
    label: entryLabel(username, entry.entryNum),
    status: entry.status,
    lives: entry.lives,
  };
}

/** The entry's pick per week (one a week for nba and mlb), as team abbreviations. */
async function loadWeekPicks(db: DbOrTx, entryId: number): Promise<Map<number, string>> {
  const rows = await db
    .select({ week: picks.week, pickId: picks.pickId })
    .from(picks)
    .where(eq(picks.entryId, entryId))
    .orderBy(asc(picks.week), asc(picks.id));
  const byWeek = new Map<number, string>();
  for (const row of rows) if (!byWeek.has(row.week)) byWeek.set(row.week, row.pickId);
  return byWeek;
}

/** The entry's weeks as the tool shows them; a commissioner sees the picks of open weeks too. */
async function describeWeeks(ctx: AppContext, db: DbOrTx, pool: PoolRecord, entryId: number) {
  const held = await loadWeekPicks(db, entryId);
  const calendar = await loadPoolWeeks(db, pool);
  const now = ctx.clock.now();
  return poolWeekNumbers(pool).map((week) => ({
    week,
    team: held.get(week) ?? null,
    locked: calendar.isWeekPublic(week, now),
  }));
}

/**
 * GET /api/pools/{poolId}/commish/picks?entry=id&q=&page=&pageSize= (league admins): one page of the pool's
 * entries for the picker (searched by username in SQL), every team of the game, and the chosen entry's pick
 * per week. nfl-td pools answer `available: false`.
 */
export async function getEditPicks(
  ctx: AppContext,
  poolId: number,
  query: EditPicksQuery,
  viewer: UserRow | null,
): Promise<EditPicksResponse> {
  const { pool } = await requirePoolCommish(ctx.db, { poolId }, viewer);
  const paging = { page: query.page, pageSize: query.pageSize };
  if (picksPlayers(pool.game))
    return { available: false, entries: [], teams: [], entry: null, ...paging, total: 0 };
  // The pool's paged entry list (decision 013): name order up to 10,000 matches, sign-up order past it, so a
  // deep page of a big pool is an index range and the whole pool's count is kept between requests.
  const { rows: named, total } = await readEntryPage(ctx, pool.id, {
    page: query.page,
    pageSize: query.pageSize,
    q: query.q,
  });
  const teamRows = await ctx.db
    .select({ abb: teams.abb, name: teams.name })
    .from(teams)
    .where(eq(teams.game, scheduleOfKey(pool.game)))
    .orderBy(asc(teams.abb));
  let entry: EditPicksResponse['entry'] = null;
  if (query.entry !== undefined) {
    const [found] = await ctx.db
      .select({ entry: entries, username: users.username })
      .from(entries)
      .innerJoin(users, eq(users.id, entries.userId))
      .where(and(eq(entries.id, query.entry), eq(entries.poolId, pool.id)));
    if (!found) throw notFound(M.entryNotFound);
    entry = {
      ...toEditEntry(found.entry, found.username),
      weeks: await describeWeeks(ctx, ctx.db, pool, found.entry.id),
    };
  }
  return {
    available: true,
    entries: named.map(({ entry, username }) => toEditEntry(entry, username)),
    teams: teamRows,
    entry,
    ...paging,
    total,
  };
}

/** Both lists name the same weeks of the pool, each once. */
function checkSelections(pool: PoolRecord, old: WeekSelection[], next: WeekSelection[]): void {
  const weeks = new Set(poolWeekNumbers(pool));
  const weeksOf = (list: WeekSelection[]) => {
    const seen = new Set<number>();
    for (const { week } of list) {
      if (!weeks.has(week)) throw badRequest(M.unknownWeek(week));
      if (seen.has(week)) throw badRequest(M.badSelections);
      seen.add(week);
    }
    return seen;
  };
  const oldWeeks = weeksOf(old);
  const newWeeks = weeksOf(next);
  if (oldWeeks.size !== newWeeks.size || [...newWeeks].some((week) => !oldWeeks.has(week)))
    throw badRequest(M.badSelections);
}

const show = (team: string | null) => team ?? 'no pick';

/**
 * POST /admin/updateUserPicks (league admins): sets an entry's picks as the commissioner chose, in one
 * transaction. The game rules are bypassed (any team of the game, a team already used, an eliminated or
 * inactive entry) and lives and status stay as they are. Compare-and-set: the entry row is locked and its
 * picks must still be `oldSelections`, otherwise nothing changes (409). Each changed week gets a pick audit
 * row, a pool audit row, and the feed tells that the commissioner edited the entry's picks, naming the
 * teams of locked weeks only.
 */
export async function updateUserPicks(
  ctx: AppContext,
  viewer: UserRow,
  body: UpdateUserPicksBody,
): Promise<UpdateUserPicksResponse> {
  const now = ctx.clock.now();
  const answer = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ entry: entries, username: users.username })
      .from(entries)
      .innerJoin(users, eq(users.id, entries.userId))
      .where(eq(entries.id, body.entryId));
    if (!row) throw notFound(M.entryNotFound);
    const { entry, username } = row;
    const { pool } = await requireEntryPoolCommish(tx, entry, viewer, M.entryNotFound);
    // Locked once the viewer is known to run the pool: its picks are then read and changed one save at a time.
    await tx.select({ id: entries.id }).from(entries).where(eq(entries.id, entry.id)).for('update');
    if (picksPlayers(pool.game)) throw badRequest(M.nflUnavailable);
    checkSelections(pool, body.oldSelections, body.newSelections);

    const wanted = [...new Set(body.newSelections.flatMap((s) => (s.team === null ? [] : [s.team])))];
    if (wanted.length > 0) {
      const known = await tx
        .select({ abb: teams.abb })
        .from(teams)
        .where(and(eq(teams.game, scheduleOfKey(pool.game)), inArray(teams.abb, wanted)));
      const knownSet = new Set(known.map((team) => team.abb));
      const unknown = wanted.find((team) => !knownSet.has(team));
      if (unknown !== undefined) throw badRequest(M.unknownTeam(unknown));
    }

    const held = await loadWeekPicks(tx, entry.id);
    for (const old of body.oldSelections) {
      if ((held.get(old.week) ?? null) !== old.team) throw conflict(M.stale);
    }
    const changes = body.newSelections
      .filter((next) => (held.get(next.week) ?? null) !== next.team)
      .map((next) => ({ week: next.week, from: held.get(next.week) ?? null, to: next.team }))
      .sort((a, b) => a.week - b.week);
    if (changes.length === 0) throw badRequest(M.nothingChanged);

    const changedWeeks = changes.map((change) => change.week);
    await tx.delete(picks).where(and(eq(picks.entryId, entry.id), inArray(picks.week, changedWeeks)));
    const placed = changes.filter((change) => change.to !== null);
    if (placed.length > 0) {
      await tx.insert(picks).values(
        placed.map((change) => ({
          entryId: entry.id,
          week: change.week,
          pickId: change.to as string,
          teamAbb: change.to as string,
          byCommish: true,
          createdBy: viewer.id,
          createdAt: now,
        })),
      );
    }
    await tx.insert(pickAudits).values(
      changes.map((change) => ({
        entryId: entry.id,
        week: change.week,
        action: 'commish',
        oldPickId: change.from,
        newPickId: change.to,
        userId: viewer.id,
        createdAt: now,
      })),
    );
    // A player's pick is a compare-and-set on the entry row's version: a change here must move it.
    await bumpEntryVersion(tx, entry.id);

    const label = entryLabel(username, entry.entryNum);
    await recordPoolAudits(
      tx,
      pool.id,
      viewer,
      changes.map((change) => ({
        action: 'picks',
        summary: `Week ${change.week} pick of ${label}: ${show(change.from)} to ${show(change.to)}`,
        entryId: entry.id,
        oldValue: { week: change.week, team: change.from },
        newValue: { week: change.week, team: change.to },
      })),
      now,
    );
    // The feed is public: a week that has not locked is named, never its teams.
    const calendar = await loadPoolWeeks(tx, pool);
    const parts = changes.map((change) =>
      calendar.isWeekPublic(change.week, now)
        ? `Week ${change.week} (${show(change.from)} to ${show(change.to)})`
        : `Week ${change.week}`,
    );
    await postPoolEvent(
      tx,
      {
        poolId: pool.id,
        entryId: entry.id,
        userId: entry.userId,
        type: FEED_EVENT_TYPES.alert,
        summary: `Commissioner edited ${label}'s picks`,
        desc: `The commissioner edited ${label}'s picks: ${parts.join(', ')}.`,
      },
      now,
    );
    return {
      poolId: pool.id,
      response: {
        message: M.updated(label),
        changed: changedWeeks,
        entry: { ...toEditEntry(entry, username), weeks: await describeWeeks(ctx, tx, pool, entry.id) },
      },
    };
  });
  notifyPoolChanged(ctx, answer.poolId, 'picks');
  return answer.response;
}
