import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Commish's Desk: the commissioner's posts to the pool's feed. */
export const deskRoutes: FastifyPluginAsyncZod = async () => {};
