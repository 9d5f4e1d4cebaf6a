import type { LeagueRow, UserRow } from '../../db/schema';
import { forbidden } from '../../lib/errors';
import type { LeagueVisibility } from '../leagues/league-access';

/*
 * The one place that says what of a user others may read. Payments, prizes, activity and unread
 * counts are the user's own: not even a site admin reads them through the API. Every users service
 * (and the changelog's unread count) starts here.
 */

/** True when the viewer is the user in question (usernames compare case-insensitively). */
export function isSelf(viewer: UserRow | null, username: string): boolean {
  return Boolean(viewer && viewer.username.toLowerCase() === username.toLowerCase());
}

/** The viewer, when they ask about themselves; otherwise 403 with the caller's message. */
export function requireSelf(viewer: UserRow, username: string, message: string): UserRow {
  if (!isSelf(viewer, username)) throw forbidden(message);
  return viewer;
}

/**
 * Whether a league may appear on a user's profile for this viewer: the user sees all their own;
 * others see it only when they may see the league itself (hidden leagues stay with their members).
 */
export function canSeeProfileLeague(self: boolean, visibility: LeagueVisibility, league: LeagueRow): boolean {
  return self || visibility.canSee(league);
}
