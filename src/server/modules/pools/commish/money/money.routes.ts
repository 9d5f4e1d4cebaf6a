import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Finances and Split Prizes: payments, prizes paid and prize splits into the ledger. */
export const moneyRoutes: FastifyPluginAsyncZod = async () => {};
