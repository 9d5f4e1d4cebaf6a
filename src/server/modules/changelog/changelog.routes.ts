import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddChangelogEntryRequestSchema,
  AddChangelogEntryResponseSchema,
  CHANGELOG_MESSAGES,
  ChangelogListResponseSchema,
  ChangelogStateSchema,
  MarkChangelogViewedRequestSchema,
} from '../../../core/contracts/changelog';
import { forbidden } from '../../lib/errors';
import { requireSiteAdmin, requireUser } from '../../plugins/auth-guard';
import {
  addChangelogEntry,
  getChangelogState,
  listChangelog,
  markChangelogViewed,
} from './changelog.service';

/** Changelog reading for everyone, unread state for the user, new entries for site admins. */
export const changelogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  // Check the role before the body: a visitor or non-admin never learns which fields are wrong.
  app.addHook('preValidation', async (request) => {
    if (request.method === 'POST' && request.url.startsWith('/admin/')) requireSiteAdmin(request);
    else if (request.method === 'POST') requireUser(request);
  });

  app.get('/api/changelog', { schema: { response: { 200: ChangelogListResponseSchema } } }, async () =>
    listChangelog(ctx),
  );

  app.get(
    '/api/changelog/unread-count/:username',
    {
      schema: { params: z.object({ username: z.string().min(1) }), response: { 200: ChangelogStateSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      if (user.username.toLowerCase() !== request.params.username.toLowerCase()) {
        throw forbidden(CHANGELOG_MESSAGES.selfOnly);
      }
      return getChangelogState(ctx, user.id);
    },
  );

  app.post(
    '/api/changelog/mark-viewed',
    { schema: { body: MarkChangelogViewedRequestSchema, response: { 200: ChangelogStateSchema } } },
    async (request) => markChangelogViewed(ctx, requireUser(request).id),
  );

  app.post(
    '/admin/super/addChangelogEntry',
    { schema: { body: AddChangelogEntryRequestSchema, response: { 201: AddChangelogEntryResponseSchema } } },
    async (request, reply) => {
      requireSiteAdmin(request);
      const entry = await addChangelogEntry(ctx, request.body);
      return reply.code(201).send({ entry, message: CHANGELOG_MESSAGES.submitted });
    },
  );
};
