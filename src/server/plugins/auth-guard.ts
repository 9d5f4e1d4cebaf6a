import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ResolveFastifyReplyReturnType } from 'fastify/types/type-provider';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { UserRow } from '../db/schema';
import { forbidden, unauthorized } from '../lib/errors';

/*
 * Auth applies to whole route trees: a routes file registers its signed-in routes inside
 * `signedInRoutes(...)` and its site-admin routes inside `siteAdminRoutes(...)`, and each handler of
 * such a tree is wrapped in `withUser`, which hands it the user as present. Only routes that
 * visitors may call stay outside a tree, and their services take `UserRow | null`.
 */

/** The signed-in user, or a 401 for visitors. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

/**
 * The session token of a route that checks its session in its own read (`sessionInRead`): a 401 for
 * a visitor without one; the route's read answers whether the session is still valid.
 */
export function requireSessionToken(request: FastifyRequest): string {
  if (!request.sessionToken) throw unauthorized();
  return request.sessionToken;
}

/** True when the signed-in user's account holds a site-admin grant (read with the session). */
export function isSiteAdmin(request: FastifyRequest): boolean {
  return request.user?.siteAdmin === true;
}

/** The signed-in site admin, or 401/403. */
export function requireSiteAdmin(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!isSiteAdmin(request)) throw forbidden('Only site admins can do that.');
  return user;
}

/**
 * A route tree whose every route needs a session. The check runs before the body is validated, so
 * a visitor gets 401 and never learns which field of a form is wrong.
 */
export function signedInRoutes(routes: FastifyPluginAsyncZod): FastifyPluginAsyncZod {
  return async (app, options) => {
    app.addHook('preValidation', async (request) => {
      requireUser(request);
    });
    await routes(app, options);
  };
}

/** A route tree for site admins only: 401 for visitors, 403 for everyone else, before validation. */
export function siteAdminRoutes(routes: FastifyPluginAsyncZod): FastifyPluginAsyncZod {
  return async (app, options) => {
    app.addHook('preValidation', async (request) => {
      requireSiteAdmin(request);
    });
    await routes(app, options);
  };
}

/**
 * A handler of a signed-in (or site-admin) tree: it receives the user as present. The tree's hook
 * has already answered 401; the check here only keeps a handler registered outside a tree safe.
 */
export function withUser<
  RouteGeneric extends RouteGenericInterface,
  ContextConfig,
  SchemaCompiler extends FastifySchema,
>(
  handler: (
    request: FastifyRequest<
      RouteGeneric,
      RawServerDefault,
      IncomingMessage,
      SchemaCompiler,
      ZodTypeProvider,
      ContextConfig
    >,
    user: UserRow,
    reply: FastifyReply<
      RouteGeneric,
      RawServerDefault,
      IncomingMessage,
      ServerResponse,
      ContextConfig,
      SchemaCompiler,
      ZodTypeProvider
    >,
  ) => ResolveFastifyReplyReturnType<ZodTypeProvider, SchemaCompiler, RouteGeneric>,
): RouteHandlerMethod<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  RouteGeneric,
  ContextConfig,
  SchemaCompiler,
  ZodTypeProvider
> {
  return (request, reply) => handler(request, requireUser(request), reply);
}
