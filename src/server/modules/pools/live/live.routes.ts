import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The pool area's live calls. */
export const liveRoutes: FastifyPluginAsyncZod = async () => {};
