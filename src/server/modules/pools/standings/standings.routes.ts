import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The pool area's standings calls. */
export const standingsRoutes: FastifyPluginAsyncZod = async () => {};
