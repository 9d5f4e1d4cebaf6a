import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type DecideAccessResponse,
  LEAGUE_MESSAGES,
  type LeagueMemberResponse,
  type LeagueRequestRow,
  type LeagueRequestsResponse,
  REQUEST_STATUS,
  type RequestAccessRequestSchema,
  type RequestAccessResponse,
  type RequestStatus,
} from '../../../core/contracts/leagues';
import { type PageQuery, pageOffset } from '../../../core/contracts/paging';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { leagueMembers, leagueRequests, users } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { containsPattern } from '../../lib/paging';
import {
  loadAccess,
  requireLeagueAccess,
  requireLeagueAdmin,
  requireLeagueGate,
  requireLeagueMember,
} from './league-access';
import { findLeagueByInvite, findRequest } from './leagues.repo';

/**
 * Adds the member row and marks any open request approved; used by join, invite and approval.
 * Answers false when the user was already a member (a racing request may have just added them).
 */
export async function addMember(tx: Tx, leagueId: number, userId: number, now: Date): Promise<boolean> {
  const added = await tx
    .insert(leagueMembers)
    .values({ leagueId, userId, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: leagueMembers.id });
  await tx
    .update(leagueRequests)
    .set({ status: REQUEST_STATUS.approved, updatedAt: now })
    .where(and(eq(leagueRequests.leagueId, leagueId), eq(leagueRequests.userId, userId)));
  return added.length > 0;
}

/** Joins a public (joinable) league at once. */
export async function joinLeague(
  ctx: AppContext,
  user: UserRow,
  leagueId: number,
): Promise<LeagueMemberResponse> {
  const { league, isMember } = await requireLeagueAccess(ctx.db, leagueId, user);
  if (isMember) throw conflict(LEAGUE_MESSAGES.alreadyMember);
  if (!league.joinable) throw forbidden(LEAGUE_MESSAGES.notJoinable);
  await ctx.db.transaction(async (tx) => {
    // Two joins racing past the membership check: the member row decides, the second is refused.
    if (!(await addMember(tx, league.id, user.id, ctx.clock.now())))
      throw conflict(LEAGUE_MESSAGES.alreadyMember);
  });
  return { leagueMember: { league_id: league.id, league_abb: league.abb } };
}

/**
 * Asks a private league's commissioner for access. Hidden leagues accept requests too (the gate view
 * offers Request Access), but only from whoever names the league as the gate did (abb or invite code).
 */
export async function requestAccess(
  ctx: AppContext,
  user: UserRow,
  input: z.output<typeof RequestAccessRequestSchema>,
): Promise<RequestAccessResponse> {
  const { league, isMember } = await requireLeagueGate(ctx.db, input.league_id, user, input);
  const source = input.source ?? 'home';
  if (isMember) throw conflict(LEAGUE_MESSAGES.alreadyMember);
  const now = ctx.clock.now();
  const existing = await findRequest(ctx.db, league.id, user.id);
  if (existing?.status === REQUEST_STATUS.pending) throw conflict(LEAGUE_MESSAGES.requestPending);
  if (existing && existing.status !== REQUEST_STATUS.approved)
    throw conflict(LEAGUE_MESSAGES.requestRejected);
  // An approved request of someone who is no longer a member is reopened rather than duplicated.
  const [row] = existing
    ? await ctx.db
        .update(leagueRequests)
        .set({ status: REQUEST_STATUS.pending, source, updatedAt: now, createdAt: now })
        // Only while still approved: of two racing requests the second finds it pending and is refused.
        .where(and(eq(leagueRequests.id, existing.id), eq(leagueRequests.status, REQUEST_STATUS.approved)))
        .returning()
    : await ctx.db
        .insert(leagueRequests)
        .values({
          leagueId: league.id,
          userId: user.id,
          status: REQUEST_STATUS.pending,
          source,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
  if (!row) throw conflict(LEAGUE_MESSAGES.requestPending);
  return {
    request: { id: row.id, league_id: league.id, status: row.status },
    message: LEAGUE_MESSAGES.requestSent,
  };
}

/** Joins the league an invite code belongs to; a member who follows the link again is simply sent home. */
export async function acceptInvite(
  ctx: AppContext,
  user: UserRow,
  code: string,
  leagueId: number | undefined,
): Promise<LeagueMemberResponse> {
  const league = await findLeagueByInvite(ctx.db, code);
  if (!league || (leagueId !== undefined && league.id !== leagueId))
    throw notFound(LEAGUE_MESSAGES.badInvite);
  const { isMember } = await loadAccess(ctx.db, league, user);
  if (!isMember) await ctx.db.transaction((tx) => addMember(tx, league.id, user.id, ctx.clock.now()));
  return { leagueMember: { league_id: league.id, league_abb: league.abb } };
}

const requestColumns = {
  id: leagueRequests.id,
  user_id: leagueRequests.userId,
  username: users.username,
  nameFirst: users.nameFirst,
  nameLast: users.nameLast,
  email: users.email,
  createdAt: leagueRequests.createdAt,
  status: leagueRequests.status,
  leagueId: leagueRequests.leagueId,
};

interface RequestJoin {
  id: number;
  user_id: number;
  username: string;
  nameFirst: string;
  nameLast: string;
  email: string;
  createdAt: Date;
  status: number;
}

function toRequestRow(row: RequestJoin): LeagueRequestRow {
  return {
    id: row.id,
    user_id: row.user_id,
    username: row.username,
    full_name: `${row.nameFirst} ${row.nameLast}`,
    email: row.email,
    created_at: row.createdAt.toISOString(),
    status: row.status,
  };
}

/** The league's join requests for its admins, newest first, a page at a time (q: username, name or e-mail). */
export async function listRequests(
  ctx: AppContext,
  viewer: UserRow,
  leagueId: number,
  query: PageQuery,
): Promise<LeagueRequestsResponse> {
  await requireLeagueAdmin(ctx.db, leagueId, viewer);
  const pattern = containsPattern(query.q);
  const where = and(
    eq(leagueRequests.leagueId, leagueId),
    query.q
      ? or(
          ilike(users.username, pattern),
          ilike(sql`${users.nameFirst} || ' ' || ${users.nameLast}`, pattern),
          ilike(users.email, pattern),
        )
      : undefined,
  );
  const [rows, [counted], [open]] = await Promise.all([
    ctx.db
      .select(requestColumns)
      .from(leagueRequests)
      .innerJoin(users, eq(users.id, leagueRequests.userId))
      .where(where)
      .orderBy(desc(leagueRequests.createdAt), desc(leagueRequests.id))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    ctx.db
      .select({ total: sql<number>`count(*)::int` })
      .from(leagueRequests)
      .innerJoin(users, eq(users.id, leagueRequests.userId))
      .where(where),
    ctx.db
      .select({ pending: sql<number>`count(*)::int` })
      .from(leagueRequests)
      .where(and(eq(leagueRequests.leagueId, leagueId), eq(leagueRequests.status, REQUEST_STATUS.pending))),
  ]);
  return {
    requests: rows.map(toRequestRow),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(counted?.total ?? 0),
    pending: Number(open?.pending ?? 0),
  };
}

/**
 * An admin approves (1, adds the member), rejects (3) or reopens (2) a request, in one transaction; 409
 * when the request is no longer in the status the admin saw (another admin decided it meanwhile).
 */
export async function decideAccess(
  ctx: AppContext,
  viewer: UserRow,
  requestId: number,
  status: RequestStatus,
  seenStatus?: number,
): Promise<DecideAccessResponse> {
  const [found] = await ctx.db
    .select(requestColumns)
    .from(leagueRequests)
    .innerJoin(users, eq(users.id, leagueRequests.userId))
    .where(eq(leagueRequests.id, requestId))
    .limit(1);
  if (!found) throw notFound(LEAGUE_MESSAGES.requestNotFound);
  const { league } = await requireLeagueAdmin(ctx.db, found.leagueId, viewer);
  // The decision applies to the request as the admin saw it (or, without current_status, as read here):
  // when another admin changed it in the meantime, the row no longer matches and this one is refused.
  const expected = seenStatus ?? found.status;
  if (found.status !== expected) throw conflict(LEAGUE_MESSAGES.requestDecided);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(leagueRequests)
      .set({ status, updatedAt: now })
      .where(and(eq(leagueRequests.id, requestId), eq(leagueRequests.status, expected)))
      .returning({ id: leagueRequests.id });
    if (!claimed) throw conflict(LEAGUE_MESSAGES.requestDecided);
    if (status === REQUEST_STATUS.approved) await addMember(tx, league.id, found.user_id, now);
  });
  return { request: toRequestRow({ ...found, status }), league_abb: league.abb };
}

/** A member's per-league settings: today only the new-pool e-mail switch. */
export async function updateLeagueSettings(
  ctx: AppContext,
  viewer: UserRow,
  leagueId: number,
  newPoolEmails: boolean,
): Promise<{ email_new_pools: boolean }> {
  const access = await requireLeagueMember(ctx.db, leagueId, viewer);
  if (!access.member) throw forbidden(LEAGUE_MESSAGES.membersOnly);
  const [row] = await ctx.db
    .update(leagueMembers)
    .set({ emailNewPools: newPoolEmails })
    .where(eq(leagueMembers.id, access.member.id))
    .returning();
  return { email_new_pools: row.emailNewPools };
}
