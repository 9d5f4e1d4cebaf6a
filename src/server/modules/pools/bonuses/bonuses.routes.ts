import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The pool area's bonuses calls. */
export const bonusesRoutes: FastifyPluginAsyncZod = async () => {};
