import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CommishPostsResponseSchema, PoolIdPathSchema } from '../../../../core/contracts/pools';
import { listCommishPosts } from './feed.service';

/** The feed area's calls beyond the feed itself: the Commish's Desk. */
export const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/commishPosts/:poolId',
    { schema: { params: PoolIdPathSchema, response: { 200: CommishPostsResponseSchema } } },
    async (request) => listCommishPosts(app.ctx, request.params.poolId, request.user),
  );
};
