import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminResultRequestSchema, FeedsHealthResponseSchema } from '../../../core/contracts/sports';
import { siteAdminRoutes, withUser } from '../../plugins/auth-guard';
import { enterResult, getFeedsHealth } from './sports-admin.service';

/** Site-admin tools for sports data: feed health and hand-entered results (one role check for the tree). */
export const sportsAdminRoutes: FastifyPluginAsyncZod = siteAdminRoutes(async (app) => {
  app.get('/admin/feeds', { schema: { response: { 200: FeedsHealthResponseSchema } } }, async () =>
    getFeedsHealth(app.ctx),
  );

  app.post(
    '/admin/results',
    { schema: { body: AdminResultRequestSchema } },
    withUser(async (request, admin) => enterResult(app.ctx, admin.id, request.body)),
  );
});
