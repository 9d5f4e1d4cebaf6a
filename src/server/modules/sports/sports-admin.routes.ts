import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PageQuerySchema } from '../../../core/contracts/paging';
import {
  AdminResultRequestSchema,
  FeedsHealthResponseSchema,
  ReturnToFeedRequestSchema,
  SettlementJobsResponseSchema,
} from '../../../core/contracts/sports';
import { siteAdminRoutes, withUser } from '../../plugins/auth-guard';
import { listSettlementJobs } from '../pools/settlement/settlement-jobs.service';
import { enterResult, getFeedsHealth, returnGameToFeed } from './sports-admin.service';

/**
 * Site-admin tools for sports data: feed health, hand-entered results, and the pools whose settlement
 * fails (one role check for the tree).
 */
export const sportsAdminRoutes: FastifyPluginAsyncZod = siteAdminRoutes(async (app) => {
  app.get('/admin/feeds', { schema: { response: { 200: FeedsHealthResponseSchema } } }, async () =>
    getFeedsHealth(app.ctx),
  );

  app.get(
    '/admin/settlement',
    { schema: { querystring: PageQuerySchema, response: { 200: SettlementJobsResponseSchema } } },
    async (request) => listSettlementJobs(app.ctx, request.query),
  );

  app.post(
    '/admin/results',
    { schema: { body: AdminResultRequestSchema } },
    withUser(async (request, admin) => enterResult(app.ctx, admin.id, request.body)),
  );

  app.post(
    '/admin/results/feed',
    { schema: { body: ReturnToFeedRequestSchema } },
    withUser(async (request, admin) => returnGameToFeed(app.ctx, admin.id, request.body)),
  );
});
