import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The pool area's entry-actions calls. */
export const entryActionsRoutes: FastifyPluginAsyncZod = async () => {};
