import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddableMembersQuerySchema,
  AddableMembersResponseSchema,
  AddEntrantRequestSchema,
  AdminEntrantsQuerySchema,
  AdminEntrantsResponseSchema,
  EditUserLivesRequestSchema,
  EntrantChangeResponseSchema,
  PoolIdPathSchema,
  ProcessChampionsRequestSchema,
  ProcessChampionsResponseSchema,
  ToggleUserStatusRequestSchema,
  UpdateUserNotesRequestSchema,
} from '../../../../../core/contracts/pools';
import { requireUser } from '../../../../plugins/auth-guard';
import { processLeagueChamps } from './champions.service';
import { editUserLives, toggleUserStatus, updateUserNotes } from './entrant-changes.service';
import { addEntrant, listAddableMembers, listAdminEntrants } from './entrants.service';

/** Manage Entrants: add an entrant, status, lives, notes, champions. */
export const entrantsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/entrants/:poolId',
    {
      schema: {
        params: PoolIdPathSchema,
        querystring: AdminEntrantsQuerySchema,
        response: { 200: AdminEntrantsResponseSchema },
      },
    },
    async (request) => listAdminEntrants(app.ctx, request.params.poolId, request.user, request.query),
  );
  app.get(
    '/admin/entrants/:poolId/members',
    {
      schema: {
        params: PoolIdPathSchema,
        querystring: AddableMembersQuerySchema,
        response: { 200: AddableMembersResponseSchema },
      },
    },
    async (request) => listAddableMembers(app.ctx, request.params.poolId, request.user, request.query),
  );
  app.post(
    '/admin/addEntrant',
    { schema: { body: AddEntrantRequestSchema, response: { 200: EntrantChangeResponseSchema } } },
    async (request) => addEntrant(app.ctx, requireUser(request), request.body),
  );
  app.post(
    '/admin/toggleUserStatus',
    { schema: { body: ToggleUserStatusRequestSchema, response: { 200: EntrantChangeResponseSchema } } },
    async (request) => toggleUserStatus(app.ctx, requireUser(request), request.body),
  );
  app.post(
    '/admin/editUserLives',
    { schema: { body: EditUserLivesRequestSchema, response: { 200: EntrantChangeResponseSchema } } },
    async (request) => editUserLives(app.ctx, requireUser(request), request.body),
  );
  app.post(
    '/admin/updateUserNotes',
    { schema: { body: UpdateUserNotesRequestSchema, response: { 200: EntrantChangeResponseSchema } } },
    async (request) => updateUserNotes(app.ctx, requireUser(request), request.body),
  );
  app.post(
    '/admin/processLeagueChamps',
    { schema: { body: ProcessChampionsRequestSchema, response: { 200: ProcessChampionsResponseSchema } } },
    async (request) => processLeagueChamps(app.ctx, requireUser(request), request.body),
  );
};
