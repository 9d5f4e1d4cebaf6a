import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Pool Settings: read and save every setting of the pool. */
export const settingsRoutes: FastifyPluginAsyncZod = async () => {};
