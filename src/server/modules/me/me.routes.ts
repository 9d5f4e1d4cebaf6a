import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PicksDueResponseSchema } from '../../../core/contracts/me';
import { signedInRoutes, withUser } from '../../plugins/auth-guard';
import { listPicksDue } from './picks-due.service';

/** The signed-in user's own cross-pool reads. */
export const meRoutes: FastifyPluginAsyncZod = signedInRoutes(async (app) => {
  app.get(
    '/api/me/picks-due',
    { schema: { response: { 200: PicksDueResponseSchema } } },
    withUser(async (_request, user) => listPicksDue(app.ctx, user)),
  );
});
