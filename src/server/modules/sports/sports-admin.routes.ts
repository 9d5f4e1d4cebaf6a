import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminResultRequestSchema, FeedsHealthResponseSchema } from '../../../core/contracts/sports';
import { requireSiteAdmin } from '../../plugins/auth-guard';
import { enterResult, getFeedsHealth } from './sports-admin.service';

/** Site-admin tools for sports data: feed health and hand-entered results. */
export const sportsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/feeds', { schema: { response: { 200: FeedsHealthResponseSchema } } }, async (request) => {
    requireSiteAdmin(request);
    return getFeedsHealth(app.ctx);
  });

  app.post('/admin/results', { schema: { body: AdminResultRequestSchema } }, async (request) => {
    const admin = requireSiteAdmin(request);
    return enterResult(app.ctx, admin.id, request.body);
  });
};
