import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The pool area's scoreboard calls. */
export const scoreboardRoutes: FastifyPluginAsyncZod = async () => {};
