import {
  PushEndpointRequestSchema,
  PushMessageResponseSchema,
  PushStateResponseSchema,
  PushSubscribeRequestSchema,
  PushSubscribeResponseSchema,
} from '../../../core/contracts/push';
import { hashToken } from '../../lib/tokens';
import { signedInRoutes, withUser } from '../../plugins/auth-guard';
import { getPushState, removeSubscription, saveSubscription, sendTestPush } from './push.service';

/** The user's devices with web push on (docs/decisions/042). */
export const pushRoutes = signedInRoutes(async (app) => {
  app.get(
    '/api/push',
    { schema: { response: { 200: PushStateResponseSchema } } },
    withUser(async (_request, user) => getPushState(app.ctx, user)),
  );
  app.put(
    '/api/push/subscription',
    { schema: { body: PushSubscribeRequestSchema, response: { 200: PushSubscribeResponseSchema } } },
    withUser(async (request, user) =>
      saveSubscription(
        app.ctx,
        user,
        // The device goes with this session: signing out of it turns the device's pushes off.
        request.sessionToken ? hashToken(request.sessionToken) : null,
        request.body,
        request.headers['user-agent'] ?? '',
      ),
    ),
  );
  app.delete(
    '/api/push/subscription',
    { schema: { body: PushEndpointRequestSchema, response: { 200: PushMessageResponseSchema } } },
    withUser(async (request, user) => removeSubscription(app.ctx, user, request.body)),
  );
  app.post(
    '/api/push/test',
    { schema: { body: PushEndpointRequestSchema, response: { 200: PushMessageResponseSchema } } },
    withUser(async (request, user) => sendTestPush(app.ctx, user, request.body)),
  );
});
