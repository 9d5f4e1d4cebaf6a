import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  UserActivityResponseSchema,
  UserProfileResponseSchema,
  UserTransactionsResponseSchema,
} from '../../../core/contracts/users';
import { forbidden } from '../../lib/errors';
import { requireUser } from '../../plugins/auth-guard';
import { getUserProfile, listUserActivity, listUserTransactions } from './users.service';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/userProfile/:username',
    {
      schema: {
        params: z.object({ username: z.string().min(1) }),
        response: { 200: UserProfileResponseSchema },
      },
    },
    async (request) => getUserProfile(app.ctx, request.params.username, request.user),
  );

  // Payments and prizes are private: only the user themself reads them.
  app.get(
    '/user/transactions/:username',
    {
      schema: {
        params: z.object({ username: z.string().min(1) }),
        response: { 200: UserTransactionsResponseSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (user.username.toLowerCase() !== request.params.username.toLowerCase()) {
        throw forbidden('You can only see your own transactions.');
      }
      return listUserTransactions(app.ctx, user.id);
    },
  );

  // The activity feed shows requests and entries, so like transactions it is the user's own.
  app.get(
    '/user/activity/:username',
    {
      schema: {
        params: z.object({ username: z.string().min(1) }),
        response: { 200: UserActivityResponseSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (user.username.toLowerCase() !== request.params.username.toLowerCase()) {
        throw forbidden('You can only see your own activity.');
      }
      return listUserActivity(app.ctx, user.id);
    },
  );
};
