import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ActivatePoolRequestSchema,
  ActivatePoolResponseSchema,
  CreationOptionsResponseSchema,
  PreviousPoolsPathSchema,
  PreviousPoolsResponseSchema,
} from '../../../../core/contracts/pools';
import { requireUser } from '../../../plugins/auth-guard';
import { activatePool, getCreationOptions, listPreviousPools } from './creation.service';

/** Pool creation: the page's options, the league's earlier pools to copy, and ACTIVATE POOL. */
export const creationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/poolCreation/options',
    { schema: { response: { 200: CreationOptionsResponseSchema } } },
    async (request) => getCreationOptions(app.ctx, request.user),
  );
  app.get(
    '/api/poolCreation/previousPools/:leagueId/:game',
    { schema: { params: PreviousPoolsPathSchema, response: { 200: PreviousPoolsResponseSchema } } },
    async (request) => listPreviousPools(app.ctx, request.user, request.params.leagueId, request.params.game),
  );
  app.post(
    '/leagueRoutes/activatePool',
    { schema: { body: ActivatePoolRequestSchema, response: { 201: ActivatePoolResponseSchema } } },
    async (request, reply) =>
      reply.code(201).send(await activatePool(app.ctx, requireUser(request), request.body)),
  );
};
