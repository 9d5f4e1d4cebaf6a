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
import { signedInRoutes, siteAdminRoutes, withUser } from '../../plugins/auth-guard';
import {
  addChangelogEntry,
  getChangelogState,
  listChangelog,
  markChangelogViewed,
} from './changelog.service';

/** Changelog reading for everyone, unread state for the user, new entries for site admins. */
export const changelogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/changelog', { schema: { response: { 200: ChangelogListResponseSchema } } }, async () =>
    listChangelog(app.ctx),
  );

  await app.register(signedInChangelogRoutes);
  await app.register(siteAdminChangelogRoutes);
};

/** The user's own unread state. */
const signedInChangelogRoutes = signedInRoutes(async (app) => {
  app.get(
    '/api/changelog/unread-count/:username',
    {
      schema: { params: z.object({ username: z.string().min(1) }), response: { 200: ChangelogStateSchema } },
    },
    withUser(async (request, user) => getChangelogState(app.ctx, user, request.params.username)),
  );

  app.post(
    '/api/changelog/mark-viewed',
    { schema: { body: MarkChangelogViewedRequestSchema, response: { 200: ChangelogStateSchema } } },
    withUser(async (_request, user) => markChangelogViewed(app.ctx, user)),
  );
});

/** Writing the changelog: site admins only, checked before the body so nobody else learns its fields. */
const siteAdminChangelogRoutes = siteAdminRoutes(async (app) => {
  app.post(
    '/admin/super/addChangelogEntry',
    { schema: { body: AddChangelogEntryRequestSchema, response: { 201: AddChangelogEntryResponseSchema } } },
    withUser(async (request, user, reply) => {
      const entry = await addChangelogEntry(app.ctx, user, request.body);
      return reply.code(201).send({ entry, message: CHANGELOG_MESSAGES.submitted });
    }),
  );
});
