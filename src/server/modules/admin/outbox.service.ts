import { desc, ilike, or, type SQL, sql } from 'drizzle-orm';
import { OUTBOX_PAGE_SIZE, type OutboxPage } from '../../../core/contracts/admin';
import type { AppContext } from '../../context';
import { mailOutbox } from '../../db/schema';

/** A LIKE pattern that matches the text literally anywhere (%, _ and \ escaped). */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * One page of the mail outbox, newest first, for site admins checking what the site sent; `q`
 * keeps the mails whose recipient, subject or text contain it (case-insensitive).
 */
export async function listOutbox(ctx: AppContext, query: { page: number; q: string }): Promise<OutboxPage> {
  const pattern = containsPattern(query.q);
  const where: SQL | undefined = query.q
    ? or(ilike(mailOutbox.to, pattern), ilike(mailOutbox.subject, pattern), ilike(mailOutbox.text, pattern))
    : undefined;
  const [count] = await ctx.db.select({ count: sql<number>`count(*)::int` }).from(mailOutbox).where(where);
  const rows = await ctx.db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      status: mailOutbox.status,
      error: mailOutbox.error,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(where)
    .orderBy(desc(mailOutbox.id))
    .limit(OUTBOX_PAGE_SIZE)
    .offset((query.page - 1) * OUTBOX_PAGE_SIZE);
  return {
    mails: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    total: Number(count?.count ?? 0),
    page: query.page,
    pageSize: OUTBOX_PAGE_SIZE,
  };
}
