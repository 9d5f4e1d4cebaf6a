import { and, desc, eq, gt, inArray, ne } from 'drizzle-orm';
import { REQUEST_STATUS } from '../../../core/contracts/leagues';
import type {
  UserActivityEvent,
  UserProfileResponse,
  UserSeasonSummary,
  UserTransaction,
} from '../../../core/contracts/users';
import { countSiblings, poolDisplayName, poolPagePathIn } from '../../../core/pool/identity';
import type { AppContext } from '../../context';
import type { LeagueRow, UserRow } from '../../db/schema';
import { entries, leagueMembers, leagueRequests, leagues, pools } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { findUserByUsername } from '../auth/auth.service';
import { loadLeagueVisibility } from '../leagues/league-access';
import { canSeeProfileLeague, isSelf, requireSelf } from './users-access';

/** What the users services answer when the viewer may not read another user's private pages. */
export const USER_MESSAGES = {
  transactionsSelfOnly: 'You can only see your own transactions.',
  activitySelfOnly: 'You can only see your own activity.',
} as const;

/** A user's profile; the private fields and join requests only reach the user themself. */
export async function getUserProfile(
  ctx: AppContext,
  username: string,
  viewer: UserRow | null,
): Promise<UserProfileResponse> {
  const user = await findUserByUsername(ctx, username);
  if (!user) throw notFound('No user was found with that username.');
  const self = isSelf(viewer, user.username);
  const memberships = await ctx.db
    .select({ league: leagues, member: leagueMembers })
    .from(leagueMembers)
    .innerJoin(leagues, eq(leagues.id, leagueMembers.leagueId))
    .where(eq(leagueMembers.userId, user.id))
    .orderBy(leagues.name);
  // Hidden leagues stay invisible to anyone outside them, even on someone else's profile.
  const visibility = await loadLeagueVisibility(ctx.db, viewer);
  const canSee = (league: LeagueRow) => canSeeProfileLeague(self, visibility, league);
  const visible = memberships.filter(({ league }) => canSee(league));
  const seasons = await userSeasonsOf(ctx, user.id, canSee);
  const requests = self
    ? await ctx.db
        .select({ request: leagueRequests, league: leagues })
        .from(leagueRequests)
        .innerJoin(leagues, eq(leagues.id, leagueRequests.leagueId))
        .where(and(eq(leagueRequests.userId, user.id), ne(leagueRequests.status, REQUEST_STATUS.approved)))
    : [];
  return {
    user: {
      id: user.id,
      username: user.username,
      photo_url: user.photoUrl,
      tagline: user.tagline,
      created_at: user.createdAt.toISOString(),
      ...(self ? { nameFirst: user.nameFirst, nameLast: user.nameLast, email: user.email } : {}),
    },
    leagues: visible.map(({ league, member }) => ({
      league_id: league.id,
      league_abb: league.abb,
      league_name: league.name,
      logo: league.logo,
      created_at: member.createdAt.toISOString(),
    })),
    games: [...new Set(seasons.map((season) => season.game))],
    userSeasons: seasons,
    lgRequests: requests.map(({ request, league }) => ({
      league_id: league.id,
      league_abb: league.abb,
      league_name: league.name,
      status: request.status,
      created_at: request.createdAt.toISOString(),
    })),
  };
}

/** The user's entries with their pools, newest season first; `canSee` keeps hidden leagues private. */
async function userSeasonsOf(
  ctx: AppContext,
  userId: number,
  canSee: (league: LeagueRow) => boolean,
): Promise<UserSeasonSummary[]> {
  const rows = await ctx.db
    .select({ entry: entries, pool: pools, league: leagues })
    .from(entries)
    .innerJoin(pools, eq(pools.id, entries.poolId))
    .innerJoin(leagues, eq(leagues.id, pools.leagueId))
    .where(eq(entries.userId, userId))
    .orderBy(desc(pools.season), pools.game, pools.poolIdx, entries.entryNum);
  const visible = rows.filter(({ league }) => canSee(league));
  if (visible.length === 0) return [];
  // Pool names need every pool of the same league season, not only the ones this user entered.
  const leagueIds = [...new Set(visible.map(({ league }) => league.id))];
  const siblings = countSiblings(await ctx.db.select().from(pools).where(inArray(pools.leagueId, leagueIds)));
  return visible.map(({ entry, pool, league }) => ({
    id: entry.id,
    league_season: pool.id,
    game: pool.game,
    season: pool.season,
    season_type: pool.seasonType,
    pool_idx: pool.poolIdx,
    pool_name: poolDisplayName(pool, siblings),
    league_abb: league.abb,
    league_id: league.id,
    entry_num: entry.entryNum,
    status: entry.status,
    lives: entry.lives,
    final_rank: entry.finalRank,
    prizes: entry.prizes,
    final: pool.final,
  }));
}

/** The user's own recent events (leagues joined, join requests, pool entries), newest first, at most 50. */
export async function listUserActivity(
  ctx: AppContext,
  viewer: UserRow,
  username: string,
): Promise<UserActivityEvent[]> {
  const userId = requireSelf(viewer, username, USER_MESSAGES.activitySelfOnly).id;
  const [joined, requested, entered] = await Promise.all([
    ctx.db
      .select({ member: leagueMembers, league: leagues })
      .from(leagueMembers)
      .innerJoin(leagues, eq(leagues.id, leagueMembers.leagueId))
      .where(eq(leagueMembers.userId, userId)),
    ctx.db
      .select({ request: leagueRequests, league: leagues })
      .from(leagueRequests)
      .innerJoin(leagues, eq(leagues.id, leagueRequests.leagueId))
      .where(eq(leagueRequests.userId, userId)),
    ctx.db
      .select({ entry: entries, pool: pools, league: leagues })
      .from(entries)
      .innerJoin(pools, eq(pools.id, entries.poolId))
      .innerJoin(leagues, eq(leagues.id, pools.leagueId))
      .where(eq(entries.userId, userId)),
  ]);
  const leagueOf = (league: LeagueRow) => ({
    league_id: league.id,
    league_abb: league.abb,
    league_name: league.name,
  });
  const siblings = countSiblings(entered.map(({ pool }) => pool));
  const events: UserActivityEvent[] = [
    ...joined.map(({ member, league }) => ({
      type: 'joined_league' as const,
      at: member.createdAt.toISOString(),
      ...leagueOf(league),
      status: null,
      pool_id: null,
      pool_name: null,
      path: null,
    })),
    ...requested.map(({ request, league }) => ({
      type: 'requested_league' as const,
      at: request.createdAt.toISOString(),
      ...leagueOf(league),
      status: request.status,
      pool_id: null,
      pool_name: null,
      path: null,
    })),
    ...entered.map(({ entry, pool, league }) => ({
      type: 'entered_pool' as const,
      at: entry.createdAt.toISOString(),
      ...leagueOf(league),
      status: entry.status,
      pool_id: pool.id,
      pool_name: `${poolDisplayName(pool, siblings)} ${pool.season}`,
      path: poolPagePathIn(pool, league),
    })),
  ];
  return events.sort((a, b) => b.at.localeCompare(a.at)).slice(0, 50);
}

/**
 * The user's payments and prizes, newest season first. The pool ledger (commissioners' payments) is not
 * built yet, so the rows are the prizes won in concluded pools, read from the entries.
 */
export async function listUserTransactions(
  ctx: AppContext,
  viewer: UserRow,
  username: string,
): Promise<UserTransaction[]> {
  const userId = requireSelf(viewer, username, USER_MESSAGES.transactionsSelfOnly).id;
  const rows = await ctx.db
    .select({ entry: entries, pool: pools, league: leagues })
    .from(entries)
    .innerJoin(pools, eq(pools.id, entries.poolId))
    .innerJoin(leagues, eq(leagues.id, pools.leagueId))
    .where(and(eq(entries.userId, userId), eq(pools.final, true), gt(entries.prizes, 0)))
    .orderBy(desc(pools.season), pools.game, entries.id);
  if (rows.length === 0) return [];
  const leagueIds = [...new Set(rows.map(({ league }) => league.id))];
  const siblings = countSiblings(await ctx.db.select().from(pools).where(inArray(pools.leagueId, leagueIds)));
  return rows.map(({ entry, pool, league }) => ({
    id: entry.id,
    game: pool.game,
    season: pool.season,
    type: 'prize' as const,
    amount: entry.prizes,
    notes: `${poolDisplayName(pool, siblings)} ${pool.season} (${league.name})${
      entry.finalRank === 1 ? ': champion' : ''
    }`,
  }));
}
