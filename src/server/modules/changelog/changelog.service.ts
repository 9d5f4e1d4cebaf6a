import { desc, eq, gt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AddChangelogEntryRequestSchema,
  ChangelogEntry,
  ChangelogState,
} from '../../../core/contracts/changelog';
import type { AppContext } from '../../context';
import { changelogEntries, changelogViews } from '../../db/schema';

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

/** How many entries were written since the user last opened the changelog (all of them when never). */
export async function getChangelogState(ctx: AppContext, userId: number): Promise<ChangelogState> {
  const [view] = await ctx.db.select().from(changelogViews).where(eq(changelogViews.userId, userId)).limit(1);
  const [count] = await ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(changelogEntries)
    .where(view ? gt(changelogEntries.createdAt, view.lastViewedAt) : undefined);
  return { unreadCount: Number(count?.count ?? 0), lastViewedAt: view?.lastViewedAt.toISOString() ?? null };
}

/** Records that the user has seen everything up to now. */
export async function markChangelogViewed(ctx: AppContext, userId: number): Promise<ChangelogState> {
  const now = ctx.clock.now();
  await ctx.db
    .insert(changelogViews)
    .values({ userId, lastViewedAt: now })
    .onConflictDoUpdate({ target: changelogViews.userId, set: { lastViewedAt: now } });
  return getChangelogState(ctx, userId);
}

/** Adds an entry (the route has checked the site-admin role; the schema has dropped blank bullets). */
export async function addChangelogEntry(ctx: AppContext, input: NewEntry): Promise<ChangelogEntry> {
  const [row] = await ctx.db
    .insert(changelogEntries)
    .values({
      title: input.title,
      date: input.date,
      author: input.author,
      items: input.items,
      createdAt: ctx.clock.now(),
    })
    .returning();
  return toEntry(row);
}
