import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailOutbox } from '../../db/schema';
import { requireSiteAdmin } from '../../plugins/auth-guard';

export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/outbox', async (request) => {
    requireSiteAdmin(request);
    const rows = await app.ctx.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(200);
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  });
};
