import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ReminderChoiceRequestSchema,
  ReminderMuteParamsSchema,
  ReminderMuteRequestSchema,
  ReminderMuteResponseSchema,
  ReminderSettingsResponseSchema,
  UnsubscribeQuerySchema,
} from '../../../core/contracts/reminders';
import { AppError } from '../../lib/errors';
import { escapeHtml } from '../../mail/sanitize-html';
import { signedInRoutes, withUser } from '../../plugins/auth-guard';
import {
  getReminderSettings,
  setPoolMute,
  setReminderChoice,
  unsubscribe,
  unsubscribeUser,
} from './reminder-settings.service';

export const UNSUBSCRIBE_PATH = '/user/reminders/unsubscribe';

export const remindersRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(unsubscribeRoutes);
  await app.register(settingsRoutes);
};

/** The user's own reminder choice and pool mutes. */
const settingsRoutes = signedInRoutes(async (app) => {
  app.get(
    '/user/reminders',
    { schema: { response: { 200: ReminderSettingsResponseSchema } } },
    withUser(async (_request, user) => getReminderSettings(app.ctx, user)),
  );
  app.post(
    '/user/reminders',
    { schema: { body: ReminderChoiceRequestSchema, response: { 200: ReminderSettingsResponseSchema } } },
    withUser(async (request, user) => setReminderChoice(app.ctx, user, request.body.reminders)),
  );
  app.post(
    '/user/reminders/mutes/:poolId',
    {
      schema: {
        params: ReminderMuteParamsSchema,
        body: ReminderMuteRequestSchema,
        response: { 200: ReminderMuteResponseSchema },
      },
    },
    withUser(async (request, user) => setPoolMute(app.ctx, user, request.params.poolId, request.body.muted)),
  );
});

/**
 * The unsubscribe link of every reminder (RFC 8058), without signing in: a POST to it (a mail
 * program's one-click, or the page's button) turns reminders off; a GET only shows a page that asks,
 * since mail scanners open links. A browser gets a small HTML page (a bad token's with its 4xx), anything
 * else JSON with a message.
 */
const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  // The one-click body (List-Unsubscribe=One-Click) is a form; what it says does not matter.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, body),
  );

  app.get(UNSUBSCRIBE_PATH, { schema: { querystring: UnsubscribeQuerySchema } }, async (request, reply) => {
    try {
      const user = await unsubscribeUser(app.ctx, request.query.token);
      const action = `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(request.query.token)}`;
      if (!wantsHtml(request))
        return { message: `Send a POST to this address to stop ${user.username}'s pick reminders.` };
      return page(
        reply,
        200,
        'Stop pick reminders?',
        `<p>Stop the e-mails that remind <strong>${escapeHtml(user.username)}</strong> to pick before each lock?</p>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Stop pick reminders</button>
</form>
<p class="small">You can turn them on again, or mute a single pool, on <a href="/profile">your profile</a>.</p>`,
      );
    } catch (error) {
      return failure(request, reply, error);
    }
  });

  app.post(UNSUBSCRIBE_PATH, { schema: { querystring: UnsubscribeQuerySchema } }, async (request, reply) => {
    try {
      const user = await unsubscribe(app.ctx, request.query.token);
      if (!wantsHtml(request)) return { message: `${user.username} gets no more pick reminders.` };
      return page(
        reply,
        200,
        'Pick reminders stopped',
        `<p role="status">Done: <strong>${escapeHtml(user.username)}</strong> gets no more pick reminders.</p>
<p class="small">Changed your mind? Turn them on again on <a href="/profile">your profile</a>.</p>`,
      );
    } catch (error) {
      return failure(request, reply, error);
    }
  });
};

/** A browser (opening the link, or the page's button) gets a page; a mail program's one-click, JSON. */
function wantsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

function failure(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  if (!(error instanceof AppError) || !wantsHtml(request)) throw error;
  return page(
    reply,
    error.statusCode,
    'This link does not work',
    `<p role="alert">${escapeHtml(error.message)}</p>`,
  );
}

/** A small page of its own: it works without the web app (and without JavaScript). */
function page(reply: FastifyReply, status: number, title: string, body: string) {
  return (
    reply
      .code(status)
      // The page's button posts to this site: with the default no-referrer policy the browser would send
      // `Origin: null`, which the session check refuses as another site's write when a session cookie rides along.
      .header('referrer-policy', 'same-origin')
      .type('text/html; charset=utf-8')
      .send(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ALA Survivor</title>
<style>
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0; background: #f1f3f5; color: #212529; }
main { max-width: 32rem; margin: 3rem auto; padding: 1.5rem; background: #fff; border: 1px solid #dee2e6; border-radius: 8px; }
h1 { font-size: 1.4rem; margin-top: 0; }
button { font: inherit; font-weight: 600; color: #fff; background: #1864ab; border: 0; border-radius: 4px; padding: 0.6rem 1.2rem; cursor: pointer; }
.small { font-size: 0.9rem; color: #495057; }
a { color: #1864ab; }
@media (max-width: 36rem) { main { margin: 1rem; } }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`)
  );
}
