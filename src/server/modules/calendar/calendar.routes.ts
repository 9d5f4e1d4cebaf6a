import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CALENDAR_MESSAGES, CalendarAddressResponseSchema } from '../../../core/contracts/me';
import { notFound } from '../../lib/errors';
import { signedInRoutes, withUser } from '../../plugins/auth-guard';
import { getCalendarAddress, renderCalendarFeed, renewCalendarAddress } from './calendar.service';

const FeedParamsSchema = z.object({ file: z.string() });

export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  // No session: calendar apps fetch the feed by its secret address. Rate-limited as the whole API is.
  app.get('/api/calendar/:file', { schema: { params: FeedParamsSchema } }, async (request, reply) => {
    const token = /^([A-Za-z0-9_-]{20,100})\.ics$/.exec(request.params.file)?.[1];
    if (!token) throw notFound(CALENDAR_MESSAGES.unknownToken);
    const feed = await renderCalendarFeed(app.ctx, token);
    return reply.type('text/calendar; charset=utf-8').send(feed);
  });
  await app.register(signedInCalendarRoutes);
};

/** The signed-in user's own address: whether there is one, and renewing it. */
const signedInCalendarRoutes = signedInRoutes(async (app) => {
  app.get(
    '/api/me/calendar',
    { schema: { response: { 200: CalendarAddressResponseSchema } } },
    withUser(async (_request, user) => getCalendarAddress(app.ctx, user)),
  );
  app.post(
    '/api/me/calendar/renew',
    { schema: { response: { 200: CalendarAddressResponseSchema } } },
    withUser(async (_request, user) => renewCalendarAddress(app.ctx, user)),
  );
});
