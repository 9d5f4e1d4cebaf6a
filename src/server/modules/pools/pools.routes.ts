import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RegisterEntryRequestSchema, RegisterEntryResponseSchema } from '../../../core/contracts/pools';
import { requireUser } from '../../plugins/auth-guard';
import { registerEntry } from './entries.service';

/** Pool entries: sign-up (more of the pool area arrives with the pool engine). */
export const poolsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Writes need a session before their body is even validated: a visitor gets 401, never a form error.
  app.addHook('preValidation', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') requireUser(request);
  });
  app.post(
    '/user/regForGame',
    { schema: { body: RegisterEntryRequestSchema, response: { 201: RegisterEntryResponseSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      return reply.code(201).send(await registerEntry(app.ctx, user, request.body));
    },
  );
};
