import { and, eq, lte, ne, type SQL, sql } from 'drizzle-orm';
import { type PageQuery, pageOffset } from '../../../../../core/contracts/paging';
import {
  type AddableMembersResponse,
  type AddEntrantBody,
  type AdminEntrantsQuery,
  type AdminEntrantsResponse,
  ENTRANTS_MESSAGES,
  type EntrantChangeResponse,
} from '../../../../../core/contracts/pools';
import { formatDollars } from '../../../../../core/money';
import { ENTRY_STATUS } from '../../../../../core/pool/entry-status';
import type { AppContext } from '../../../../context';
import { type DbOrTx, rowsOf } from '../../../../db/client';
import { ENTRY_STATUS_SQL } from '../../../../db/entry-status';
import type { UserRow } from '../../../../db/schema';
import { entries, leagueMembers, users } from '../../../../db/schema';
import { badRequest, conflict } from '../../../../lib/errors';
import { containsPattern } from '../../../../lib/paging';
import { lockPoolForCommish, type PoolAccess, requirePoolCommish } from '../../access/pool-access';
import { notifyPoolChanged } from '../../live/notify';
import { createPoolEntry } from '../../sign-up/sign-up.service';
import { readMark } from '../../standings/pool-rankings';
import { keptForBigPool, readPoolCounts } from '../../store/entry-pages.repo';
import { recordPoolAudits } from '../../store/pool-audits.repo';
import { intArray, NAME_ORDER_MAX_ENTRIES, pagePoolEntries } from '../../store/pool-entries.repo';
import { loadPrizesAwarded, loadPrizesOf, toPrizeMoney } from '../../store/prize-money.repo';
import { entriesByUsernameOrNote } from '../entry-search';
import { championSet, toAdminEntrant } from './admin-entrant';

/*
 * Manage Entrants: every call is for the pool league's admins (requirePoolCommish), changes one pool in one
 * transaction with its audit rows, and tells open pool pages to refresh after it commits. Here the list and
 * adding an entrant; an entry's changes are in entrant-changes.service.ts, crowning in champions.service.ts.
 */

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
