import { and, eq, isNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import { type PageQuery, pageOffset } from '../../../../../core/contracts/paging';
import {
  type AddableMembersResponse,
  type AddEntrantBody,
  type AdminEntrant,
  type AdminEntrantsQuery,
  type AdminEntrantsResponse,
  type EditUserLivesBody,
  ENTRANTS_MESSAGES,
  type EntrantChangeResponse,
  FEED_EVENT_TYPES,
  type ProcessChampionsBody,
  type ProcessChampionsResponse,
  type ToggleUserStatusBody,
  type UpdateUserNotesBody,
} from '../../../../../core/contracts/pools';
import { formatDollars, processChampions } from '../../../../../core/money';
import { must } from '../../../../../core/must';
import { ENTRY_STATUS } from '../../../../../core/pool/entry-status';
import { poolPagePathIn } from '../../../../../core/pool/identity';
import type { AppContext } from '../../../../context';
import { type DbOrTx, rowsOf } from '../../../../db/client';
import { ENTRY_STATUS_SQL } from '../../../../db/entry-status';
import type { EntryRecord, UserRow } from '../../../../db/schema';
import { entries, leagueMembers, pools, poolWeeks, users } from '../../../../db/schema';
import { badRequest, conflict, notFound } from '../../../../lib/errors';
import { containsPattern } from '../../../../lib/paging';
import { createPoolEntry } from '../../entries.service';
import { keptForBigPool, readPoolCounts } from '../../entry-pages';
import { readEntryWeeks, rewriteEntryWeeks } from '../../entry-weeks.repo';
import { postPoolEvent } from '../../feed/feed.service';
import { notifyPoolChanged } from '../../live/notify';
import {
  lockPoolForCommish,
  type PoolAccess,
  requireEntryPoolCommish,
  requirePoolCommish,
} from '../../pool-access';
import { recordPoolAudits } from '../../pool-audits.repo';
import { entryLabel, intArray, NAME_ORDER_MAX_ENTRIES, pagePoolEntries } from '../../pool-entries.repo';
import { readMark } from '../../standings/pool-rankings';
import { entriesByUsernameOrNote } from '../entry-search';
import {
  awardPrizes,
  loadChampionEntries,
  loadPrizeMoney,
  loadPrizesAwarded,
  loadPrizesOf,
  retireAllButChampions,
  toPrizeMoney,
} from '../money/prize-money.repo';

/*
 * Manage Entrants: every call is for the pool league's admins (requirePoolCommish), changes one pool in one
 * transaction with its audit rows, and tells open pool pages to refresh after it commits.
 */

function toAdminEntrant(
  entry: EntryRecord,
  username: string,
  prizes: number,
  champions: ReadonlySet<string>,
): AdminEntrant {
  const label = entryLabel(username, entry.entryNum);
  return {
    entry_id: entry.id,
    user_id: entry.userId,
    username,
    entry_num: entry.entryNum,
    label,
    status: entry.status,
    lives: entry.lives,
    needs_rebuy: entry.needsRebuy,
    eliminated: entry.lives <= 0,
    weeks_alive: entry.weeksAlive,
    prizes,
    notes: entry.notes,
    champion: champions.has(label.toLowerCase()),
  };
}

const championSet = (pool: { champions: string[] }) =>
  new Set(pool.champions.map((name) => name.toLowerCase()));

const ENTRANT_FILTER: Record<AdminEntrantsQuery['status'], SQL | undefined> = {
  all: undefined,
  active: eq(entries.status, ENTRY_STATUS.active),
  inactive: ne(entries.status, ENTRY_STATUS.active),
  eliminated: lte(entries.lives, 0),
};

/**
 * GET /admin/entrants/{poolId}: one page of the pool's entries by username (searched by username or note,
 * filtered by status, in SQL), the pool's counts by status, and the prize money left. Nothing here reads the pool
 * whole into the server: counts are SQL aggregates, and the page is the pools' paged entry list (name order up
 * to 10,000 matches, sign-up order past it).
 */
export async function listAdminEntrants(
  ctx: AppContext,
  poolId: number,
  viewer: UserRow | null,
  query: AdminEntrantsQuery,
): Promise<AdminEntrantsResponse> {
  const { pool } = await requirePoolCommish(ctx.db, { poolId }, viewer);
  const conditions: SQL[] = [];
  const filter = ENTRANT_FILTER[query.status];
  if (filter) conditions.push(filter);
  if (query.q) conditions.push(sql`${entries.id} in (${entriesByUsernameOrNote(pool.id, query.q)})`);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  // The counts by status and the prize pool's counts are each one pass over the pool's entries, kept
  // between requests for a big pool (a change of status, lives or money drops them). The prizes awarded
  // are a pool's champions and splits, read from the ledger's prize index: a few, whatever the pool's size.
  const [counts, poolCounts, awarded] = await Promise.all([
    keptForBigPool(
      ctx,
      pool.id,
      'admin-entrant-counts',
      () => countEntrantsByStatus(ctx.db, pool.id),
      (c) => c.entries,
    ),
    readPoolCounts(ctx, pool.id),
    loadPrizesAwarded(ctx.db, pool.id),
  ]);
  // Without a search or filter the total is the pool's count; otherwise one count of the matches.
  const total = where
    ? ((
        await ctx.db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(entries)
          .where(and(eq(entries.poolId, pool.id), where))
      )[0]?.n ?? 0)
    : counts.entries;
  // The pools' paged entry list (decision 013): name order up to 10,000 matches, sign-up order past it, so a
  // deep page of a big pool is an index range, not an offset over a sort of every entry.
  // A status filter's deep page starts from its stored mark (pool-rankings) while current.
  const from =
    query.status !== 'all' && !query.q && total > NAME_ORDER_MAX_ENTRIES
      ? await readMark(ctx.db, pool.id, query.status, pageOffset(query))
      : undefined;
  const rows = await pagePoolEntries(
    ctx.db,
    pool.id,
    { page: query.page, pageSize: query.pageSize, q: '', where, from },
    total,
  );
  const prizesByEntry = await loadPrizesOf(
    ctx.db,
    pool.id,
    rows.map((row) => row.entry.id),
  );
  const money = toPrizeMoney(pool, poolCounts, awarded, prizesByEntry);
  const champions = championSet(pool);
  const { maxWeeksAlive, ...statusCounts } = counts;
  return {
    entrants: rows.map((row) =>
      toAdminEntrant(row.entry, row.username, money.prizesByEntry.get(row.entry.id) ?? 0, champions),
    ),
    page: query.page,
    pageSize: query.pageSize,
    total,
    counts: statusCounts,
    max_weeks_alive: maxWeeksAlive,
    final: pool.final,
    champions: pool.champions,
    prize_pool: money.prizePool,
    allocated: money.awarded,
    remaining_prizes: money.remaining,
    starting_lives: pool.rebuys + 1,
  };
}

interface EntrantCounts {
  entries: number;
  active: number;
  inactive: number;
  eliminated: number;
  maxWeeksAlive: number;
}

/** The pool's entries counted by status, and the most weeks alive: one aggregate in SQL. */
async function countEntrantsByStatus(db: DbOrTx, poolId: number): Promise<EntrantCounts> {
  const isActive = sql`(${entries.status} = ${ENTRY_STATUS_SQL.active})`;
  const [counts] = await db
    .select({
      entries: sql<number>`count(*)`.mapWith(Number),
      active: sql<number>`count(*) filter (where ${isActive})`.mapWith(Number),
      inactive: sql<number>`count(*) filter (where not ${isActive})`.mapWith(Number),
      eliminated: sql<number>`count(*) filter (where ${entries.lives} <= 0)`.mapWith(Number),
      maxWeeksAlive: sql<number>`coalesce(max(${entries.weeksAlive}), 0)`.mapWith(Number),
    })
    .from(entries)
    .where(eq(entries.poolId, poolId));
  return counts;
}

/**
 * How many of the league's members, newest first, the add-member picker looks through for a read. A league
 * whose members are almost all entrants has only a few to add, and finding them among every member took a
 * pass over the whole league and the pool's entries: the picker looks at the newest members (those most
 * likely not to play yet) and a search reaches the others.
 */
export const ADDABLE_MEMBERS_WINDOW = 5_000;

/**
 * GET /admin/entrants/{poolId}/members: one page of the league's members (and its admins, who may play
 * without a member row) who are no entrant of the pool yet, by username, searched by username in SQL. Only
 * the newest ADDABLE_MEMBERS_WINDOW matching members are looked at (along league_members_since_idx); when
 * more match, `capped` says so and `total` counts the addable ones among them.
 */
export async function listAddableMembers(
  ctx: AppContext,
  poolId: number,
  viewer: UserRow | null,
  query: PageQuery,
): Promise<AddableMembersResponse> {
  const { pool, league } = await requirePoolCommish(ctx.db, { poolId }, viewer);
  const admins = league.admins.map((name) => name.toLowerCase());
  const matches = (column: SQL) =>
    query.q
      ? sql`and ${column} in (select su.id from users su where su.username ilike ${containsPattern(query.q)})`
      : sql``;
  const window = rowsOf<{ user_id: number }>(
    await ctx.db.execute(sql`
      select lm.user_id from league_members lm
      where lm.league_id = ${league.id} ${matches(sql`lm.user_id`)}
      order by lm.created_at desc, lm.user_id desc
      limit ${ADDABLE_MEMBERS_WINDOW + 1}`),
  );
  const capped = window.length > ADDABLE_MEMBERS_WINDOW;
  const memberIds = window.slice(0, ADDABLE_MEMBERS_WINDOW).map((row) => Number(row.user_id));
  // The window's members and the league's admins (a few), less the pool's entrants: each one a probe of
  // the pool's (pool_id, user_id) index.
  const candidates = sql`
    with candidates as (
      select unnest(${intArray(memberIds)}) as user_id
      union
      select u.id from users u where lower(u.username) = any(${sql.param(admins)}::text[]) ${matches(sql`u.id`)}
    )
    select u.id as user_id, u.username from candidates c join users u on u.id = c.user_id
    where not exists (select 1 from entries e where e.pool_id = ${pool.id} and e.user_id = u.id)`;
  const [count] = rowsOf<{ n: number | string }>(
    await ctx.db.execute(sql`select count(*) as n from (${candidates}) m`),
  );
  const members = rowsOf<{ user_id: number; username: string }>(
    await ctx.db.execute(sql`
      ${candidates}
      order by lower(u.username), u.id
      limit ${query.pageSize} offset ${pageOffset(query)}`),
  );
  return {
    members: members.map((row) => ({ user_id: Number(row.user_id), username: row.username })),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(count?.n ?? 0),
    capped,
  };
}

/**
 * POST /admin/addEntrant: a league member who is not an entrant yet gets entry 1 as sign-up makes it (lives =
 * rebuys + 1, the buy-in charged), even after the entry deadline: the commissioner decides who plays.
 */
export async function addEntrant(
  ctx: AppContext,
  viewer: UserRow,
  input: AddEntrantBody,
): Promise<EntrantChangeResponse> {
  await requirePoolCommish(ctx.db, { poolId: input.poolId }, viewer);
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    // The pool row is locked as sign-up locks it, so an add and a sign-up of the same member cannot both pass.
    const access = await lockPoolForCommish(tx, input.poolId, viewer);
    const { pool, league } = access;
    if (pool.final) throw conflict(ENTRANTS_MESSAGES.concluded);
    const user = await findLeagueMember(tx, access, input.userId);
    if (!user) throw badRequest(ENTRANTS_MESSAGES.notMember);
    const [existing] = await tx
      .select({ id: entries.id })
      .from(entries)
      .where(and(eq(entries.poolId, pool.id), eq(entries.userId, user.id)))
      .limit(1);
    if (existing) throw conflict(ENTRANTS_MESSAGES.alreadyEntrant(user.username));
    const created = await createPoolEntry(
      tx,
      { pool, league, user, bonus: false, insurance: false, by: viewer },
      now,
    );
    await recordPoolAudits(
      tx,
      pool.id,
      viewer,
      [
        {
          action: 'add_entrant',
          summary: `Added ${created.label} to the pool (buy-in ${formatDollars(pool.buyin)})`,
          entryId: created.entry.id,
          oldValue: null,
          newValue: { lives: created.entry.lives, buyin: pool.buyin },
        },
      ],
      now,
    );
    return toAdminEntrant(created.entry, user.username, 0, championSet(pool));
  });
  notifyPoolChanged(ctx, input.poolId, 'standings');
  notifyPoolChanged(ctx, input.poolId, 'money');
  return { message: ENTRANTS_MESSAGES.added(result.label), entrant: result };
}

async function findLeagueMember(
  db: DbOrTx,
  access: PoolAccess,
  userId: number,
): Promise<Pick<UserRow, 'id' | 'username'> | null> {
  const [user] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) return null;
  const isAdmin = access.league.admins.some((name) => name.toLowerCase() === user.username.toLowerCase());
  if (isAdmin) return user;
  const [member] = await db
    .select({ id: leagueMembers.id })
    .from(leagueMembers)
    .where(and(eq(leagueMembers.leagueId, access.league.id), eq(leagueMembers.userId, user.id)))
    .limit(1);
  return member ? user : null;
}

/**
 * The entry for a change by the pool's commissioner, its row locked in the transaction. An unknown entry and
 * an entry of a pool the viewer may not see are both not found; a member who is no admin is refused (403).
 */
async function lockEntryForCommish(
  tx: DbOrTx,
  entryId: number,
  viewer: UserRow,
): Promise<{ entry: EntryRecord; username: string; access: PoolAccess; label: string }> {
  const [found] = await tx
    .select({ entry: entries, username: users.username })
    .from(entries)
    .innerJoin(users, eq(users.id, entries.userId))
    .where(eq(entries.id, entryId))
    .limit(1);
  if (!found) throw notFound(ENTRANTS_MESSAGES.entryNotFound);
  const access = await requireEntryPoolCommish(tx, found.entry, viewer, ENTRANTS_MESSAGES.entryNotFound);
  const [entry] = await tx.select().from(entries).where(eq(entries.id, entryId)).for('update');
  return { entry, username: found.username, access, label: entryLabel(found.username, entry.entryNum) };
}

/** The entry as the tool shows it, after a change (its prizes read from the ledger). */
async function reloadEntrant(ctx: AppContext, entryId: number): Promise<AdminEntrant> {
  const [row] = await ctx.db
    .select({ entry: entries, username: users.username, pool: pools })
    .from(entries)
    .innerJoin(users, eq(users.id, entries.userId))
    .innerJoin(pools, eq(pools.id, entries.poolId))
    .where(eq(entries.id, entryId));
  const money = await loadPrizeMoney(ctx.db, row.pool);
  return toAdminEntrant(
    row.entry,
    row.username,
    money.prizesByEntry.get(entryId) ?? 0,
    championSet(row.pool),
  );
}

/** POST /admin/toggleUserStatus: ENTRY_STATUS active (counted) or inactive; reversible. */
export async function toggleUserStatus(
  ctx: AppContext,
  viewer: UserRow,
  input: ToggleUserStatusBody,
): Promise<EntrantChangeResponse> {
  const now = ctx.clock.now();
  const { poolId, label, changed } = await ctx.db.transaction(async (tx) => {
    const { entry, access, label } = await lockEntryForCommish(tx, input.entryId, viewer);
    if (access.pool.final) throw conflict(ENTRANTS_MESSAGES.concluded);
    if (entry.status === input.updatedStatus) return { poolId: access.pool.id, label, changed: false };
    await tx.update(entries).set({ status: input.updatedStatus }).where(eq(entries.id, entry.id));
    const active = input.updatedStatus === ENTRY_STATUS.active;
    await recordPoolAudits(
      tx,
      access.pool.id,
      viewer,
      [
        {
          action: 'status',
          summary: `${active ? 'Reactivated' : 'Deactivated'} ${label}`,
          entryId: entry.id,
          oldValue: entry.status,
          newValue: input.updatedStatus,
        },
      ],
      now,
    );
    return { poolId: access.pool.id, label, changed: true };
  });
  if (changed) notifyPoolChanged(ctx, poolId, 'standings');
  const active = input.updatedStatus === ENTRY_STATUS.active;
  return {
    message: changed
      ? `${label} is now ${active ? 'active' : 'inactive'}.`
      : ENTRANTS_MESSAGES.statusUnchanged(label, active),
    entrant: await reloadEntrant(ctx, input.entryId),
  };
}

/**
 * POST /admin/editUserLives: compare-and-set on the lives the commissioner saw. Reaching 0 eliminates the entry
 * (no rebuy owed any more); raising an eliminated entry brings it back. The message goes to the pool's feed.
 */
export async function editUserLives(
  ctx: AppContext,
  viewer: UserRow,
  input: EditUserLivesBody,
): Promise<EntrantChangeResponse> {
  const now = ctx.clock.now();
  const { poolId, label } = await ctx.db.transaction(async (tx) => {
    const { entry, access, label } = await lockEntryForCommish(tx, input.entryId, viewer);
    const { pool, league } = access;
    if (pool.final) throw conflict(ENTRANTS_MESSAGES.concluded);
    if (entry.lives !== input.oldLives) throw conflict(ENTRANTS_MESSAGES.livesStale(label, entry.lives));
    const eliminated = input.newLives === 0;
    await tx
      .update(entries)
      .set({ lives: input.newLives, ...(eliminated ? { needsRebuy: false } : {}) })
      .where(eq(entries.id, entry.id));
    // A week locked and not judged yet is judged from the state it locked with: the change counts there.
    // Those weeks' rows locked before their entry weeks are read: a week judged meanwhile is left out,
    // and none is judged between this read and the rewrite (which would write back the unjudged kind).
    const unjudged = await tx
      .select({ week: poolWeeks.week })
      .from(poolWeeks)
      .where(and(eq(poolWeeks.poolId, pool.id), isNull(poolWeeks.settledAt)))
      .for('update');
    const locked = await readEntryWeeks(tx, pool.id, {
      weeks: unjudged.map((row) => row.week),
      entryIds: [entry.id],
    });
    for (const { poolId: _pool, entryId, week, ...kind } of locked) {
      await rewriteEntryWeeks(tx, pool.id, week, [
        {
          entryId,
          kind: { ...kind, livesBefore: input.newLives, ...(eliminated ? { needsRebuyBefore: false } : {}) },
        },
      ]);
    }
    const verb = input.newLives > entry.lives ? 'raised' : 'lowered';
    // The entry, not the Commish, is eliminated or back: it is named again as the subject.
    const outcome = eliminated
      ? `, so ${label} is eliminated`
      : entry.lives === 0
        ? `, so ${label} is back in the pool`
        : '';
    const summary = `The Commish ${verb} ${label}'s lives from ${entry.lives} to ${input.newLives}${outcome}`;
    await postPoolEvent(
      tx,
      {
        poolId: pool.id,
        entryId: entry.id,
        userId: entry.userId,
        type: FEED_EVENT_TYPES.alert,
        summary,
        desc: input.actionDesc,
        link: poolPagePathIn(pool, league),
      },
      now,
    );
    await recordPoolAudits(
      tx,
      pool.id,
      viewer,
      [
        {
          action: 'lives',
          summary: `Lives of ${label}: ${entry.lives} to ${input.newLives} ("${input.actionDesc}")`,
          entryId: entry.id,
          oldValue: entry.lives,
          newValue: input.newLives,
        },
      ],
      now,
    );
    return { poolId: pool.id, label };
  });
  notifyPoolChanged(ctx, poolId, 'standings');
  notifyPoolChanged(ctx, poolId, 'feed');
  return {
    message: `${label} now has ${input.newLives} ${input.newLives === 1 ? 'life' : 'lives'}.`,
    entrant: await reloadEntrant(ctx, input.entryId),
  };
}

/** POST /admin/updateUserNotes: the commissioner's note on an entry (an empty note clears it). */
export async function updateUserNotes(
  ctx: AppContext,
  viewer: UserRow,
  input: UpdateUserNotesBody,
): Promise<EntrantChangeResponse> {
  const now = ctx.clock.now();
  const label = await ctx.db.transaction(async (tx) => {
    const { entry, access, label } = await lockEntryForCommish(tx, input.entryId, viewer);
    if (entry.notes === input.note) return label;
    await tx.update(entries).set({ notes: input.note }).where(eq(entries.id, entry.id));
    await recordPoolAudits(
      tx,
      access.pool.id,
      viewer,
      [
        {
          action: 'notes',
          summary: input.note ? `Note on ${label} updated` : `Note on ${label} cleared`,
          entryId: entry.id,
          oldValue: entry.notes,
          newValue: input.note,
        },
      ],
      now,
    );
    return label;
  });
  return {
    message: `The note on ${label} was saved.`,
    entrant: await reloadEntrant(ctx, input.entryId),
  };
}

/**
 * POST /admin/processLeagueChamps (irreversible): the champions split the remaining prizes evenly in cents
 * (ledger 'prize' rows), everyone else drops to 0 lives with the weeks alive given, and the pool is final.
 */
export async function processLeagueChamps(
  ctx: AppContext,
  viewer: UserRow,
  input: ProcessChampionsBody,
): Promise<ProcessChampionsResponse> {
  await requirePoolCommish(ctx.db, { poolId: input.poolId }, viewer);
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    // The pool row is locked first: a second crowning (or a prize split) waits and then sees this one.
    const { pool, league } = await lockPoolForCommish(tx, input.poolId, viewer);
    if (pool.final) throw badRequest(ENTRANTS_MESSAGES.championsAlready);
    // Set-based (a big pool's every entry changes): only the named champions are read into Node.
    const byId = await loadChampionEntries(tx, pool.id, input.champions);
    const unknown = input.champions.find((id) => !byId.has(id));
    if (unknown !== undefined) throw badRequest(ENTRANTS_MESSAGES.entryNotFound);
    for (const id of input.champions) {
      const row = byId.get(id);
      if (row && row.entry.status !== ENTRY_STATUS.active) {
        throw badRequest(ENTRANTS_MESSAGES.championInactive(entryLabel(row.username, row.entry.entryNum)));
      }
    }
    const money = await loadPrizeMoney(tx, pool, []);
    const outcome = processChampions({
      final: pool.final,
      entrants: [...byId.values()].map((row) => ({
        id: String(row.entry.id),
        lives: row.entry.lives,
        weeksAlive: row.entry.weeksAlive,
        alive: row.entry.lives > 0,
      })),
      champions: input.champions.map(String),
      prizesRemaining: money.remaining,
      defaultWeeksAlive: input.defaultWeeksAlive,
    });
    if (!outcome.ok) throw badRequest(outcome.message);
    const outcomes = outcome.entrants;
    await retireAllButChampions(tx, {
      poolId: pool.id,
      champions: input.champions,
      defaultWeeksAlive: input.defaultWeeksAlive,
      // An id past the column's range names no entry: left out rather than refused by the cast.
      weeksAlive: Object.entries(input.userWeeksAlive)
        .map(([id, weeksAlive]) => ({ entryId: Number(id), weeksAlive }))
        .filter((row) => row.entryId <= 2_147_483_647),
    });

    const champions = input.champions.map((id) => {
      const row = must(byId.get(id));
      const award = outcomes.find((item) => item.id === String(id))?.prize ?? 0;
      return { id, label: entryLabel(row.username, row.entry.entryNum), award };
    });
    await awardPrizes(
      tx,
      pool.id,
      champions.map((champion) => ({ entryId: champion.id, amount: champion.award })),
      'Champion',
      viewer.id,
      now,
    );
    const labels = champions.map((champion) => champion.label);
    await tx.update(pools).set({ final: true, champions: labels }).where(eq(pools.id, pool.id));

    const names = joinNames(labels);
    const prizeText =
      outcome.totalAwarded > 0
        ? ` ${labels.length === 1 ? 'The champion receives' : 'They split'} ${formatDollars(outcome.totalAwarded)} of prizes.`
        : '';
    await postPoolEvent(
      tx,
      {
        poolId: pool.id,
        userId: viewer.id,
        type: FEED_EVENT_TYPES.alert,
        summary: labels.length === 1 ? `${names} is the champion!` : `${names} are the champions!`,
        desc: `The Commish crowned ${names} and closed ${pool.gameName} ${pool.season}.${prizeText}`,
        link: poolPagePathIn(pool, league),
      },
      now,
    );
    await recordPoolAudits(
      tx,
      pool.id,
      viewer,
      [
        {
          action: 'champions',
          summary: `Crowned ${names}; ${formatDollars(outcome.totalAwarded)} awarded; the pool is final`,
          oldValue: { final: false, remaining: money.remaining },
          newValue: {
            final: true,
            champions: labels,
            defaultWeeksAlive: input.defaultWeeksAlive,
            userWeeksAlive: input.userWeeksAlive,
          },
        },
        ...champions.map((champion) => ({
          action: 'champions',
          summary: `${champion.label} crowned champion: ${formatDollars(champion.award)} prize`,
          entryId: champion.id,
          oldValue: null,
          newValue: { prize: champion.award },
        })),
      ],
      now,
    );
    return { labels, awards: champions.map((champion) => champion.award) };
  });
  notifyPoolChanged(ctx, input.poolId, 'standings');
  notifyPoolChanged(ctx, input.poolId, 'money');
  notifyPoolChanged(ctx, input.poolId, 'feed');
  return {
    message: `Champions processed: ${joinNames(result.labels)}.`,
    champions: result.labels,
    awards: result.awards,
  };
}

/** "a", "a and b", "a, b and c". */
function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
