import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The pool area's settlement calls. */
export const settlementRoutes: FastifyPluginAsyncZod = async () => {};
