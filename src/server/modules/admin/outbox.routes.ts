import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OutboxPageSchema, OutboxQuerySchema } from '../../../core/contracts/admin';
import { siteAdminRoutes } from '../../plugins/auth-guard';
import { listOutbox } from './outbox.service';

/** The mail outbox, for site admins only: paged and searchable. */
export const outboxRoutes: FastifyPluginAsyncZod = siteAdminRoutes(async (app) => {
  app.get(
    '/admin/outbox',
    { schema: { querystring: OutboxQuerySchema, response: { 200: OutboxPageSchema } } },
    async (request) => listOutbox(app.ctx, request.query),
  );
});
