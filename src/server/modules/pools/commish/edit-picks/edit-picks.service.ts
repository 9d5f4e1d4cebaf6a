import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  type EditPicksEntry,
  type EditPicksQuery,
  type EditPicksResponse,
  FEED_EVENT_TYPES,
  EDIT_PICKS_MESSAGES as M,
  type UpdateUserPicksBody,
  type UpdateUserPicksResponse,
} from '../../../../../core/contracts/pools';
import { picksPlayers, scheduleOfKey } from '../../../../../core/games';
import type { AppContext } from '../../../../context';
import type { DbOrTx } from '../../../../db/client';
import type { EntryRecord, PickRecord, PoolRecord, UserRow } from '../../../../db/schema';
import { entries, pickAudits, picks, teams, users } from '../../../../db/schema';
import { badRequest, conflict, notFound } from '../../../../lib/errors';
import { requireEntryPoolCommish, requirePoolCommish } from '../../access/pool-access';
import { postPoolEvent } from '../../feed/feed.service';
import { notifyPoolChanged } from '../../live/notify';
import { replaceEntryWeekPicks } from '../../picks/picks.repo';
import { readEntryPage } from '../../store/entry-pages.repo';
import { picksAsked } from '../../store/owed-picks.repo';
import { recordPoolAudits } from '../../store/pool-audits.repo';
import { entryLabel } from '../../store/pool-entries.repo';
import { loadPoolWeeks } from '../../store/pool-weeks.repo';

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

/** A pick the entry holds, with what a save keeps of it when it stays in its week. */
type HeldPick = Pick<
  PickRecord,
  'pickId' | 'teamAbb' | 'byInsurance' | 'byCommish' | 'createdBy' | 'createdAt'
>;
type HeldPicks = Map<number, HeldPick[]>;

/**
 * The entry's picks per week in the order they were made (their ids): the order of the week's slots, so a
 * save that sets them anew in slot order reads back in the same order (a slot left empty before a team moves
 * that team up: the picks hold no slot of their own).
 */
async function loadWeekPicks(db: DbOrTx, entryId: number): Promise<HeldPicks> {
  const rows = await db
    .select({
      week: picks.week,
      pickId: picks.pickId,
      teamAbb: picks.teamAbb,
      byInsurance: picks.byInsurance,
      byCommish: picks.byCommish,
      createdBy: picks.createdBy,
      createdAt: picks.createdAt,
    })
    .from(picks)
    .where(eq(picks.entryId, entryId))
    .orderBy(asc(picks.week), asc(picks.id));
  const byWeek: HeldPicks = new Map();
  for (const { week, ...pick } of rows) byWeek.set(week, [...(byWeek.get(week) ?? []), pick]);
  return byWeek;
}

/** A week's slots: the picks it asks (one but in an NFL Survivor multi-pick week), or the picks held when more. */
function slotCount(pool: PoolRecord, held: HeldPicks, week: number): number {
  return Math.max(picksAsked(pool, week), held.get(week)?.length ?? 0);
}

/** The team held in a week's slot, or null. */
const heldAt = (held: HeldPicks, week: number, slot: number) => held.get(week)?.[slot]?.pickId ?? null;

/**
 * The entry's weeks as the tool shows them, a row per slot; a commissioner sees the picks of open weeks too.
 * Only a week of several slots names them: a one-pick week's row is what it was before multi-pick weeks.
 */
async function describeWeeks(ctx: AppContext, db: DbOrTx, pool: PoolRecord, entryId: number) {
  const held = await loadWeekPicks(db, entryId);
  const calendar = await loadPoolWeeks(db, pool);
  const now = ctx.clock.now();
  return poolWeekNumbers(pool).flatMap((week) => {
    const slots = slotCount(pool, held, week);
    const locked = calendar.isWeekPublic(week, now);
    return Array.from({ length: slots }, (_, slot) => ({
      week,
      ...(slots > 1 ? { slot } : {}),
      team: heldAt(held, week, slot),
      locked,
    }));
  });
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

type Selection = UpdateUserPicksBody['newSelections'][number];

/** Both lists name the same (week, slot) pairs of the pool's weeks, each once, each a slot the week has. */
function checkSelections(pool: PoolRecord, held: HeldPicks, old: Selection[], next: Selection[]): void {
  const weeks = new Set(poolWeekNumbers(pool));
  const pairsOf = (list: Selection[]) => {
    const seen = new Set<string>();
    for (const { week, slot } of list) {
      if (!weeks.has(week)) throw badRequest(M.unknownWeek(week));
      if (slot >= slotCount(pool, held, week)) throw badRequest(M.unknownSlot(week, slot));
      const pair = `${week}:${slot}`;
      if (seen.has(pair)) throw badRequest(M.badSelections);
      seen.add(pair);
    }
    return seen;
  };
  const oldPairs = pairsOf(old);
  const newPairs = pairsOf(next);
  if (oldPairs.size !== newPairs.size || [...newPairs].some((pair) => !oldPairs.has(pair)))
    throw badRequest(M.badSelections);
}

/**
 * A changed week's picks in slot order: what it holds, with the slots the commissioner set. A team the week
 * held stays the pick it was (the entrant's own, say, or the insurance's); a new one is the commissioner's.
 */
function weekPicks(
  pool: PoolRecord,
  held: HeldPicks,
  week: number,
  next: Selection[],
  commish: Pick<HeldPick, 'createdBy' | 'createdAt'>,
): HeldPick[] {
  const teams = Array.from({ length: slotCount(pool, held, week) }, (_, slot) => heldAt(held, week, slot));
  for (const selection of next) if (selection.week === week) teams[selection.slot] = selection.team;
  const placed = teams.filter((team): team is string => team !== null);
  const twice = placed.find((team, i) => placed.indexOf(team) !== i);
  if (twice !== undefined) throw badRequest(M.sameTeamTwice(twice, week));
  return placed.map(
    (team) =>
      held.get(week)?.find((pick) => pick.pickId === team) ?? {
        pickId: team,
        teamAbb: team,
        byInsurance: false,
        byCommish: true,
        ...commish,
      },
  );
}

const show = (team: string | null) => team ?? 'no pick';

/**
 * POST /admin/updateUserPicks (league admins): sets an entry's picks as the commissioner chose, in one
 * transaction. The game rules are bypassed (any team of the game, a team already used, an eliminated or
 * inactive entry) but a week's picks are different teams; lives and status stay as they are. Compare-and-set
 * per (week, slot): the entry row is locked and its picks must still be `oldSelections`, otherwise nothing
 * changes (409). A changed week's picks are replaced by its non-null teams in slot order. Each changed slot
 * gets a pick audit row and a pool audit row, and the feed tells that the commissioner edited the entry's
 * picks, naming the teams of locked weeks only.
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
    const held = await loadWeekPicks(tx, entry.id);
    checkSelections(pool, held, body.oldSelections, body.newSelections);

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

    for (const old of body.oldSelections) {
      if (heldAt(held, old.week, old.slot) !== old.team) throw conflict(M.stale);
    }
    const changes = body.newSelections
      .filter((next) => heldAt(held, next.week, next.slot) !== next.team)
      .map((next) => ({
        week: next.week,
        slot: next.slot,
        from: heldAt(held, next.week, next.slot),
        to: next.team,
        // A week of several slots names the changed one.
        multi: slotCount(pool, held, next.week) > 1,
      }))
      .sort((a, b) => a.week - b.week || a.slot - b.slot);
    if (changes.length === 0) throw badRequest(M.nothingChanged);

    const changedWeeks = [...new Set(changes.map((change) => change.week))];
    const placed = changedWeeks.flatMap((week) =>
      weekPicks(pool, held, week, body.newSelections, { createdBy: viewer.id, createdAt: now }).map(
        (pick) => ({ ...pick, entryId: entry.id, week }),
      ),
    );
    await replaceEntryWeekPicks(tx, entry.id, changedWeeks, placed);
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

    const label = entryLabel(username, entry.entryNum);
    await recordPoolAudits(
      tx,
      pool.id,
      viewer,
      changes.map(({ week, slot, from, to, multi }) => ({
        action: 'picks',
        summary: `Week ${week} pick${multi ? ` ${slot + 1}` : ''} of ${label}: ${show(from)} to ${show(to)}`,
        entryId: entry.id,
        oldValue: multi ? { week, slot, team: from } : { week, team: from },
        newValue: multi ? { week, slot, team: to } : { week, team: to },
      })),
      now,
    );
    // The feed is public: a week that has not locked is named, never its teams.
    const calendar = await loadPoolWeeks(tx, pool);
    const parts = changedWeeks.map((week) => {
      if (!calendar.isWeekPublic(week, now)) return `Week ${week}`;
      const shown = changes
        .filter((change) => change.week === week)
        .map(
          ({ slot, from, to, multi }) => `${multi ? `pick ${slot + 1}: ` : ''}${show(from)} to ${show(to)}`,
        );
      return `Week ${week} (${shown.join('; ')})`;
    });
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
