import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Bonuses: each week's bonus pool, bonus details and recalculation. */
export const bonusPoolRoutes: FastifyPluginAsyncZod = async () => {};
