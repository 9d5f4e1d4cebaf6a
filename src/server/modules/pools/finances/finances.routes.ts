import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The pool area's finances calls. */
export const financesRoutes: FastifyPluginAsyncZod = async () => {};
