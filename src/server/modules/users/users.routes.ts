import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  UserActivityResponseSchema,
  UserProfileResponseSchema,
  UserTransactionsResponseSchema,
} from '../../../core/contracts/users';
import { signedInRoutes, withUser } from '../../plugins/auth-guard';
import { getUserProfile, listUserActivity, listUserTransactions } from './users.service';

const UsernameParamsSchema = z.object({ username: z.string().min(1) });

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Profiles are public; the service shows visitors and others only what they may see.
  app.get(
    '/user/userProfile/:username',
    { schema: { params: UsernameParamsSchema, response: { 200: UserProfileResponseSchema } } },
    async (request) => getUserProfile(app.ctx, request.params.username, request.user),
  );

  await app.register(signedInUserRoutes);
};

/** A user's own pages: payments, prizes and activity (the services refuse anyone else). */
const signedInUserRoutes = signedInRoutes(async (app) => {
  app.get(
    '/user/transactions/:username',
    { schema: { params: UsernameParamsSchema, response: { 200: UserTransactionsResponseSchema } } },
    withUser(async (request, user) => listUserTransactions(app.ctx, user, request.params.username)),
  );

  app.get(
    '/user/activity/:username',
    { schema: { params: UsernameParamsSchema, response: { 200: UserActivityResponseSchema } } },
    withUser(async (request, user) => listUserActivity(app.ctx, user, request.params.username)),
  );
});
