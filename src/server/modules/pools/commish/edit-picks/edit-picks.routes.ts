import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Edit Picks: a commissioner's changes to an entry's picks. */
export const editPicksRoutes: FastifyPluginAsyncZod = async () => {};
