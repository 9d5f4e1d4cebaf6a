import { and, eq } from 'drizzle-orm';
import { LEAGUE_MESSAGES } from '../../../core/contracts/leagues';
import type { DbOrTx } from '../../db/client';
import type { LeagueRow, MemberRecord, UserRow } from '../../db/schema';
import { leagueMembers } from '../../db/schema';
import { forbidden, notFound, unauthorized } from '../../lib/errors';
import { findLeagueById, memberLeagueIds } from './leagues.repo';

/*
 * The one place that says who may see and run a league. Every service that touches a league (and
 * every pool service, through the pool access helper) starts here.
 */

/** What one viewer may do in one league; every league service starts from this. */
export interface LeagueAccess {
  league: LeagueRow;
  viewer: UserRow | null;
  member: MemberRecord | null;
  isMember: boolean;
  isAdmin: boolean;
}

/** True when the username is in the league's admins list (usernames compare case-insensitively). */
export function isLeagueAdmin(league: LeagueRow, username: string | undefined): boolean {
  if (!username) return false;
  const name = username.toLowerCase();
  return league.admins.some((admin) => admin.toLowerCase() === name);
}

/** Whether the viewer may see the league at all: hidden leagues exist only for their members and admins. */
export function canSeeLeague(access: Pick<LeagueAccess, 'league' | 'isMember'>): boolean {
  return !access.league.hidden || access.isMember;
}

/**
 * Whether the viewer may read the league's pools (picks, standings, news, money): a private league's
 * pools (one that takes no one without the commissioner) are for its members (decision 035).
 */
export function canReadLeaguePools(access: Pick<LeagueAccess, 'league' | 'isMember'>): boolean {
  return canSeeLeague(access) && (access.league.joinable || access.isMember);
}

/** The viewer's membership and admin flag in a league. */
export async function loadAccess(
  db: DbOrTx,
  league: LeagueRow,
  viewer: UserRow | null,
): Promise<LeagueAccess> {
  let member: MemberRecord | null = null;
  if (viewer) {
    const rows = await db
      .select()
      .from(leagueMembers)
      .where(and(eq(leagueMembers.leagueId, league.id), eq(leagueMembers.userId, viewer.id)))
      .limit(1);
    member = rows[0] ?? null;
  }
  // An admin who somehow lost the member row still runs the league.
  const isAdmin = Boolean(viewer && isLeagueAdmin(league, viewer.username));
  return { league, viewer, member, isMember: Boolean(member) || isAdmin, isAdmin };
}

/**
 * The league as the caller may see it. Hidden leagues do not exist for outsiders: 404, not 403,
 * so that probing abbreviations or ids reveals nothing. `notFoundMessage` is what the caller says
 * of an unknown thing (a pool looked up through its league answers "pool not found" either way).
 */
export async function requireLeagueAccess(
  db: DbOrTx,
  leagueId: number,
  viewer: UserRow | null,
  notFoundMessage: string = LEAGUE_MESSAGES.notFound,
): Promise<LeagueAccess> {
  const league = await findLeagueById(db, leagueId);
  if (!league) throw notFound(notFoundMessage);
  const access = await loadAccess(db, league, viewer);
  if (!canSeeLeague(access)) throw notFound(notFoundMessage);
  return access;
}

/** Access of a signed-in viewer: the viewer is present. */
export type SignedInAccess = LeagueAccess & { viewer: UserRow };

/** Access for a league admin, or 401/404/403. */
export async function requireLeagueAdmin(
  db: DbOrTx,
  leagueId: number,
  viewer: UserRow | null,
  notFoundMessage: string = LEAGUE_MESSAGES.notFound,
): Promise<SignedInAccess> {
  if (!viewer) throw unauthorized();
  const access = await requireLeagueAccess(db, leagueId, viewer, notFoundMessage);
  if (!access.isAdmin) throw forbidden(LEAGUE_MESSAGES.adminsOnly);
  return { ...access, viewer };
}

/** Access for a league member, or 401/404/403. */
export async function requireLeagueMember(
  db: DbOrTx,
  leagueId: number,
  viewer: UserRow | null,
  notFoundMessage: string = LEAGUE_MESSAGES.notFound,
): Promise<SignedInAccess> {
  if (!viewer) throw unauthorized();
  const access = await requireLeagueAccess(db, leagueId, viewer, notFoundMessage);
  if (!access.isMember) throw forbidden(LEAGUE_MESSAGES.membersOnly);
  return { ...access, viewer };
}

/** How a request names a league besides its id: the abbreviation or invite code its gate page was opened by. */
export interface LeagueKey {
  abb?: string;
  invite_code?: string;
}

/** True when the key names this league: abbreviation case-insensitively, invite code exactly. */
export function namesLeague(league: LeagueRow, key: LeagueKey): boolean {
  const byAbb = key.abb !== undefined && key.abb.toLowerCase() === league.abb.toLowerCase();
  return byAbb || (key.invite_code !== undefined && key.invite_code === league.inviteCode);
}

/**
 * The league as someone asking to join it may see it. A hidden league shows its gate only to whoever
 * opened it by abbreviation or invite code, so a request for it must name it so; a bare id answers
 * exactly as an unknown id does (404), so counting ids reveals nothing.
 */
export async function requireLeagueGate(
  db: DbOrTx,
  leagueId: number,
  viewer: UserRow,
  key: LeagueKey,
): Promise<SignedInAccess> {
  const league = await findLeagueById(db, leagueId);
  if (!league) throw notFound(LEAGUE_MESSAGES.notFound);
  const access = await loadAccess(db, league, viewer);
  if (!canSeeLeague(access) && !namesLeague(league, key)) throw notFound(LEAGUE_MESSAGES.notFound);
  return { ...access, viewer };
}

/** Which leagues one viewer may see and belongs to, for lists: one query, then the same rules as above. */
export interface LeagueVisibility {
  /** Member or admin of the league (an admin counts as a member). */
  isMember(league: LeagueRow): boolean;
  canSee(league: LeagueRow): boolean;
}

/** Loads the viewer's memberships once, for filtering lists of leagues (and of their pools). */
export async function loadLeagueVisibility(db: DbOrTx, viewer: UserRow | null): Promise<LeagueVisibility> {
  const memberOf = await memberLeagueIds(db, viewer?.id);
  const isMember = (league: LeagueRow) =>
    memberOf.has(league.id) || Boolean(viewer && isLeagueAdmin(league, viewer.username));
  return {
    isMember,
    canSee: (league) => canSeeLeague({ league, isMember: isMember(league) }),
  };
}
