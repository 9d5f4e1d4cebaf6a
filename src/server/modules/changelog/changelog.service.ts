import { and, desc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type AddChangelogEntryRequestSchema,
  CHANGELOG_MESSAGES,
  type ChangelogEntry,
  type ChangelogState,
} from '../../../core/contracts/changelog';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { changelogEntries, changelogViews } from '../../db/schema';
import { requireSelf } from '../users/users-access';

type EntryRow = typeof changelogEntries.$inferSelect;
type NewEntry = z.output<typeof AddChangelogEntryRequestSchema>;

function toEntry(row: EntryRow): ChangelogEntry {
  return {
    id: row.id,
    title: row.title,
    date: row.date,
    author: row.author,
    items: row.items,
    created_at: row.createdAt.toISOString(),
  };
}

/** Every changelog entry, newest first (by the date shown, then by when it was written). */
export async function listChangelog(ctx: AppContext): Promise<ChangelogEntry[]> {
  const rows = await ctx.db
    .select()
    .from(changelogEntries)
    .orderBy(desc(changelogEntries.date), desc(changelogEntries.createdAt), desc(changelogEntries.id));
  return rows.map(toEntry);
}

/**
 * How many entries others wrote since the user last opened the changelog (all of them when never); a
 * site admin's own entries are never unread for them.
 */
export async function getChangelogState(
  ctx: AppContext,
  viewer: UserRow,
  username: string,
): Promise<ChangelogState> {
  return changelogStateOf(ctx, requireSelf(viewer, username, CHANGELOG_MESSAGES.selfOnly).id);
}

async function changelogStateOf(ctx: AppContext, userId: number): Promise<ChangelogState> {
  const [view] = await ctx.db.select().from(changelogViews).where(eq(changelogViews.userId, userId)).limit(1);
  const [count] = await ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(changelogEntries)
    .where(
      and(
        view ? gt(changelogEntries.createdAt, view.lastViewedAt) : undefined,
        or(isNull(changelogEntries.createdBy), ne(changelogEntries.createdBy, userId)),
      ),
    );
  return { unreadCount: Number(count?.count ?? 0), lastViewedAt: view?.lastViewedAt.toISOString() ?? null };
}

/** Records that the user has seen everything up to now. */
export async function markChangelogViewed(ctx: AppContext, user: UserRow): Promise<ChangelogState> {
  const now = ctx.clock.now();
  await ctx.db
    .insert(changelogViews)
    .values({ userId: user.id, lastViewedAt: now })
    .onConflictDoUpdate({ target: changelogViews.userId, set: { lastViewedAt: now } });
  return changelogStateOf(ctx, user.id);
}

/** Adds an entry (the site-admin route tree has checked the role; the schema has dropped blank bullets). */
export async function addChangelogEntry(
  ctx: AppContext,
  admin: UserRow,
  input: NewEntry,
): Promise<ChangelogEntry> {
  const [row] = await ctx.db
    .insert(changelogEntries)
    .values({
      title: input.title,
      date: input.date,
      author: input.author,
      items: input.items,
      createdBy: admin.id,
      createdAt: ctx.clock.now(),
    })
    .returning();
  return toEntry(row);
}
