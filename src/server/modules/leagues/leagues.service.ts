import { and, asc, eq, sql } from 'drizzle-orm';
import {
  type AllLeaguesResponse,
  type AllPoolsQuery,
  type AllPoolsResponse,
  type AvailablePool,
  type CreateLeagueRequest,
  type CreateLeagueResponse,
  type FetchLeagueResponse,
  LEAGUE_MESSAGES,
  LEAGUE_PAGE_MEMBERS,
  type LeagueInfo,
  type LeagueMembersPage,
  type UpdateLeagueRequest,
} from '../../../core/contracts/leagues';
import type { PageQuery } from '../../../core/contracts/paging';
import { GAME_NAMES, GameSchema, gamesPlayedOn, ScheduleGameSchema } from '../../../core/games';
import { countSiblings, poolDisplayName, poolPagePathIn } from '../../../core/pool/identity';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { LeagueRow, UserRow } from '../../db/schema';
import { leagueMembers, leagueRequests, leagues, pools, seasonParams } from '../../db/schema';
import { conflict, isUniqueViolation, notFound, unauthorized } from '../../lib/errors';
import { publicUrl } from '../../lib/public-url';
import { createToken } from '../../lib/tokens';
import {
  canSeeLeague,
  loadAccess,
  loadLeagueVisibility,
  requireLeagueAccess,
  requireLeagueAdmin,
} from './league-access';
import { leagueMemberOf, leagueMemberPage } from './league-members.repo';
import {
  countedEntriesByPool,
  findLeagueByAbb,
  findLeagueByInvite,
  findRequest,
  usernamesById,
  viewerEntries,
} from './leagues.repo';
import { toPoolRow, yourStatus } from './pool-rows';

type CreateInput = Omit<CreateLeagueRequest, 'userId' | 'username'> & {
  desc: string | null;
  logo: string | null;
};
type UpdateInput = Omit<UpdateLeagueRequest, 'hiddenGames'> & {
  leagueId: number;
  desc: string | null;
  logo: string | null;
  hiddenGames: string[];
};

/** Invite codes are unguessable: knowing one is what lets a stranger see a hidden league. */
function newInviteCode(): string {
  return createToken().slice(0, 16);
}

async function assertAbbFree(db: DbOrTx, abb: string, exceptId?: number): Promise<void> {
  const existing = await findLeagueByAbb(db, abb);
  if (existing && existing.id !== exceptId) throw conflict(LEAGUE_MESSAGES.abbTaken);
}

/** Creates a league whose creator is founder, admin and first member, in one transaction. */
export async function createLeague(
  ctx: AppContext,
  user: UserRow,
  input: CreateInput,
): Promise<CreateLeagueResponse> {
  try {
    return await ctx.db.transaction(async (tx) => {
      await assertAbbFree(tx, input.abb);
      const [league] = await tx
        .insert(leagues)
        .values({
          name: input.name,
          abb: input.abb,
          desc: input.desc,
          logo: input.logo,
          joinable: input.joinable ?? false,
          hidden: Boolean(input.hidden) && !input.joinable,
          founderId: user.id,
          admins: [user.username],
          inviteCode: newInviteCode(),
          createdAt: ctx.clock.now(),
        })
        .returning();
      await tx
        .insert(leagueMembers)
        .values({ leagueId: league.id, userId: user.id, createdAt: ctx.clock.now() });
      return { league: { id: league.id, abb: league.abb } };
    });
  } catch (error) {
    // Two creators racing for one abbreviation: the unique index decides.
    if (isUniqueViolation(error, 'leagues_abb_lower_idx')) throw conflict(LEAGUE_MESSAGES.abbTaken);
    throw error;
  }
}

/** Edits the league details (admins only); opening the league to the public also un-hides it. */
export async function updateLeague(
  ctx: AppContext,
  viewer: UserRow,
  input: UpdateInput,
): Promise<LeagueInfo> {
  const { league } = await requireLeagueAdmin(ctx.db, input.leagueId, viewer);
  try {
    const updated = await ctx.db.transaction(async (tx) => {
      await assertAbbFree(tx, input.abb, league.id);
      const [row] = await tx
        .update(leagues)
        .set({
          name: input.name,
          abb: input.abb,
          desc: input.desc,
          logo: input.logo,
          joinable: input.joinable,
          hidden: input.joinable ? false : input.hidden,
          hiddenGames: [...new Set(input.hiddenGames)],
        })
        .where(eq(leagues.id, league.id))
        .returning();
      return row;
    });
    return toLeagueInfo(
      updated,
      await usernamesById(ctx.db, [updated.founderId ?? 0]),
      true,
      await memberCount(ctx.db, updated.id),
    );
  } catch (error) {
    if (isUniqueViolation(error, 'leagues_abb_lower_idx')) throw conflict(LEAGUE_MESSAGES.abbTaken);
    throw error;
  }
}

async function memberCount(db: DbOrTx, leagueId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(leagueMembers)
    .where(eq(leagueMembers.leagueId, leagueId));
  return Number(row?.count ?? 0);
}

function toLeagueInfo(
  league: LeagueRow,
  names: Map<number, string>,
  showInvite: boolean,
  members: number,
): LeagueInfo {
  return {
    id: league.id,
    name: league.name,
    abb: league.abb,
    desc: league.desc?.trim() ? league.desc : LEAGUE_MESSAGES.defaultDesc(league.name),
    logo: league.logo,
    joinable: league.joinable,
    hidden: league.hidden,
    hiddenGames: league.hiddenGames,
    founder: league.founderId ? (names.get(league.founderId) ?? null) : null,
    admins: league.admins,
    created_at: league.createdAt.toISOString(),
    invite_code: showInvite ? league.inviteCode : null,
    member_count: members,
  };
}

/** Find a League: every league the viewer may see, with counts and the viewer's standing. */
export async function listLeagues(ctx: AppContext, viewer: UserRow | null): Promise<AllLeaguesResponse> {
  const access = await loadLeagueVisibility(ctx.db, viewer);
  const all = await ctx.db
    .select()
    .from(leagues)
    .orderBy(asc(sql`lower(${leagues.name})`));
  const visible = all.filter(access.canSee);
  const [memberCounts, poolCounts, requests, names] = await Promise.all([
    ctx.db
      .select({ leagueId: leagueMembers.leagueId, count: sql<number>`count(*)::int` })
      .from(leagueMembers)
      .groupBy(leagueMembers.leagueId),
    ctx.db
      .select({ leagueId: pools.leagueId, count: sql<number>`count(*)::int` })
      .from(pools)
      .groupBy(pools.leagueId),
    viewer
      ? ctx.db.select().from(leagueRequests).where(eq(leagueRequests.userId, viewer.id))
      : Promise.resolve([]),
    usernamesById(
      ctx.db,
      visible.map((league) => league.founderId ?? 0),
    ),
  ]);
  const membersOf = new Map(memberCounts.map((row) => [row.leagueId, Number(row.count)]));
  const poolsOf = new Map(poolCounts.map((row) => [row.leagueId, Number(row.count)]));
  const requestOf = new Map(requests.map((row) => [row.leagueId, row.status]));
  return visible.map((league) => ({
    id: league.id,
    name: league.name,
    abb: league.abb,
    logo: league.logo,
    founded: league.createdAt.toISOString(),
    commissioner: league.founderId ? (names.get(league.founderId) ?? null) : null,
    members: membersOf.get(league.id) ?? 0,
    pools_hosted: poolsOf.get(league.id) ?? 0,
    joinable: league.joinable,
    hidden: league.hidden,
    is_member: access.isMember(league),
    request_status: requestOf.get(league.id) ?? null,
  }));
}

/** All Pools: every pool outside hidden leagues (plus the viewer's own hidden leagues), newest first. */
export async function listPools(
  ctx: AppContext,
  viewer: UserRow | null,
  query: Required<AllPoolsQuery>,
): Promise<AllPoolsResponse> {
  if (query.scope === 'my' && !viewer) throw unauthorized();
  const access = await loadLeagueVisibility(ctx.db, viewer);
  const rows = await ctx.db
    .select({ pool: pools, league: leagues })
    .from(pools)
    .innerJoin(leagues, eq(leagues.id, pools.leagueId))
    .orderBy(
      sql`${pools.season} desc`,
      asc(pools.game),
      asc(sql`lower(${leagues.name})`),
      asc(pools.poolIdx),
    );
  const siblings = countSiblings(rows.map((row) => row.pool));
  const visible = rows.filter(
    ({ league, pool }) => access.canSee(league) && (query.game === 'all' || pool.game === query.game),
  );
  const poolIds = visible.map(({ pool }) => pool.id);
  const [counted, own] = await Promise.all([
    countedEntriesByPool(ctx.db, poolIds),
    viewerEntries(ctx.db, viewer?.id, poolIds),
  ]);
  const entered = new Set(own.map((entry) => entry.poolId));
  const now = ctx.clock.now();
  return visible
    .filter(({ pool }) => query.scope === 'all' || entered.has(pool.id))
    .map(({ pool, league }) =>
      toPoolRow({
        pool,
        league,
        siblings,
        counted: counted.get(pool.id) ?? 0,
        startedAt: pool.start,
        now,
        viewerIsMember: access.isMember(league),
        viewerHasEntry: entered.has(pool.id),
      }),
    );
}

/** The league page by abbreviation or invite code; hidden leagues show outsiders only the gate. */
export async function fetchLeague(
  ctx: AppContext,
  viewer: UserRow | null,
  mode: 'abb' | 'invite',
  key: string,
): Promise<FetchLeagueResponse> {
  const league = mode === 'abb' ? await findLeagueByAbb(ctx.db, key) : await findLeagueByInvite(ctx.db, key);
  if (!league) throw notFound(LEAGUE_MESSAGES.notFound);
  const access = await loadAccess(ctx.db, league, viewer);
  const request = viewer ? await findRequest(ctx.db, league.id, viewer.id) : null;
  const names = await usernamesById(ctx.db, [league.founderId ?? 0]);
  // A hidden league's outsider sees only the gate, unless they hold its invite code.
  if (!canSeeLeague(access) && mode === 'abb') {
    return {
      gate: true,
      league_id: league.id,
      name: league.name,
      abb: league.abb,
      commissioner: league.founderId ? (names.get(league.founderId) ?? null) : null,
      loggedIn: Boolean(viewer),
      requestStatus: request?.status ?? null,
    };
  }
  const now = ctx.clock.now();
  const showNames = { showNames: access.isMember };
  const [memberPage, myMember] = await Promise.all([
    leagueMemberPage(ctx.db, league, { page: 1, pageSize: LEAGUE_PAGE_MEMBERS, q: '' }, showNames),
    leagueMemberOf(ctx.db, league, viewer?.id, showNames),
  ]);
  const leaguePools = await ctx.db
    .select()
    .from(pools)
    .where(eq(pools.leagueId, league.id))
    .orderBy(sql`${pools.season} desc`, asc(pools.game), asc(pools.seasonType), asc(pools.poolIdx));
  const poolIds = leaguePools.map((pool) => pool.id);
  const [counted, own, available] = await Promise.all([
    countedEntriesByPool(ctx.db, poolIds),
    viewerEntries(ctx.db, viewer?.id, poolIds),
    availablePools(ctx.db, league, leaguePools, now),
  ]);
  const siblings = countSiblings(leaguePools);
  // Someone who holds the invite code may see it again; only members get it otherwise.
  const showInvite = access.isMember || mode === 'invite';
  return {
    gate: false,
    league: toLeagueInfo(league, names, showInvite, memberPage.total),
    members: memberPage.members,
    member_page: { page: 1, pageSize: LEAGUE_PAGE_MEMBERS, total: memberPage.total },
    my_member: myMember,
    invite_url: access.isMember ? `${publicUrl(ctx.config)}/invite/league/${league.inviteCode}` : null,
    available_pools: available,
    pools: leaguePools.map((pool) => ({
      ...toPoolRow({
        pool,
        league,
        siblings,
        counted: counted.get(pool.id) ?? 0,
        startedAt: pool.entryDeadline,
        now,
        viewerIsMember: access.isMember,
        viewerHasEntry: own.some((entry) => entry.poolId === pool.id),
      }),
      your_status: yourStatus(
        pool,
        own.filter((entry) => entry.poolId === pool.id),
        access.isMember,
        now,
      ),
    })),
    trophies: leaguePools
      .filter((pool) => pool.final && pool.champions.length > 0)
      .map((pool) => ({
        pool_id: pool.id,
        pool_name: poolDisplayName(pool, siblings),
        game: pool.game,
        season: pool.season,
        season_type: pool.seasonType,
        path: poolPagePathIn(pool, league),
        champions: pool.champions,
      })),
    viewer: {
      loggedIn: Boolean(viewer),
      isMember: access.isMember,
      isAdmin: access.isAdmin,
      requestStatus: request?.status ?? null,
      settings: access.member ? { email_new_pools: access.member.emailNewPools } : null,
    },
  };
}

/**
 * GET /leagueRoutes/members/{leagueId}: a page of the members (prizes won, then when they joined), searched on the
 * server, with the viewer's own row wherever it falls. Hidden leagues answer outsiders 404, as everywhere.
 */
export async function listLeagueMembers(
  ctx: AppContext,
  viewer: UserRow | null,
  leagueId: number,
  query: PageQuery,
): Promise<LeagueMembersPage> {
  const access = await requireLeagueAccess(ctx.db, leagueId, viewer);
  const options = { showNames: access.isMember };
  const [page, mine] = await Promise.all([
    leagueMemberPage(ctx.db, access.league, query, options),
    leagueMemberOf(ctx.db, access.league, viewer?.id, options),
  ]);
  return { ...page, page: query.page, pageSize: query.pageSize, mine };
}

const HIDDEN_GAME_KEYS: Record<string, string> = {
  nba: 'nba',
  mlb: 'mlb',
  nfl: 'nfl-td',
  'nfl-survivor': 'nfl',
};

/**
 * Seasons the league could still activate: active, not final, ending more than a week from now and
 * after the league was founded, not already a pool of the league, and not a game the league hides.
 */
async function availablePools(
  db: DbOrTx,
  league: LeagueRow,
  leaguePools: { game: string; season: number; seasonType: string }[],
  now: Date,
): Promise<AvailablePool[]> {
  const weekAhead = new Date(now.getTime() + 7 * 24 * 60 * 60 * 1000);
  const params = await db
    .select()
    .from(seasonParams)
    .where(and(eq(seasonParams.active, true), eq(seasonParams.final, false)))
    .orderBy(sql`${seasonParams.start} desc`);
  const taken = new Set(leaguePools.map((pool) => `${pool.game}|${pool.season}|${pool.seasonType}`));
  const hiddenGames = new Set(league.hiddenGames.map((game) => HIDDEN_GAME_KEYS[game] ?? game));
  // NFL Survivor plays the NFL TD season rows' schedule: each row offers every game played on it.
  const offers = params.flatMap((param) => {
    const schedule = ScheduleGameSchema.safeParse(param.game);
    const played = schedule.success ? gamesPlayedOn(schedule.data) : [param.game];
    return played.map((game) => ({ param, game }));
  });
  return offers
    .filter(
      ({ param, game }) =>
        param.end.getTime() > weekAhead.getTime() &&
        param.end.getTime() > league.createdAt.getTime() &&
        !taken.has(`${game}|${param.season}|${param.seasonType}`) &&
        !hiddenGames.has(game),
    )
    .map(({ param, game }) => {
      const parsed = GameSchema.safeParse(game);
      return {
        season_param_id: param.id,
        game,
        game_name: parsed.success ? GAME_NAMES[parsed.data] : game.toUpperCase(),
        season: param.season,
        start: param.start.toISOString(),
        end: param.end.toISOString(),
        status: now.getTime() < param.start.getTime() ? ('begins' as const) : ('late_reg' as const),
      };
    });
}
