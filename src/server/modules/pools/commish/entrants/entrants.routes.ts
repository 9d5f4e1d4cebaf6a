import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Manage Entrants: add an entrant, status, lives, notes, champions. */
export const entrantsAdminRoutes: FastifyPluginAsyncZod = async () => {};
