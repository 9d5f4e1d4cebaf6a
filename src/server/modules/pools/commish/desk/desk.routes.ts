import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CommishPostRequestSchema,
  CommishPostResponseSchema,
  CrownByEndRuleRequestSchema,
  CrownByEndRuleResponseSchema,
} from '../../../../../core/contracts/pools';
import { requireUser } from '../../../../plugins/auth-guard';
import { createCommishPost, crownByEndRule } from './desk.service';

/** Commish's Desk: the commissioner's posts to the pool's feed (GET /admin/commishPosts is the feed area's). */
export const deskRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/commishPosts',
    { schema: { body: CommishPostRequestSchema, response: { 200: CommishPostResponseSchema } } },
    async (request) => createCommishPost(app.ctx, requireUser(request), request.body),
  );
  app.post(
    '/admin/crownByEndRule',
    { schema: { body: CrownByEndRuleRequestSchema, response: { 200: CrownByEndRuleResponseSchema } } },
    async (request) => crownByEndRule(app.ctx, requireUser(request), request.body),
  );
};
