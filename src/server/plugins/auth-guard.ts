import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../lib/errors';
import type { UserRow } from '../modules/auth/sessions';

/** The signed-in user, or a 401 for visitors. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** True when the signed-in user is one of the configured site admins. */
export function isSiteAdmin(request: FastifyRequest): boolean {
  return Boolean(
    request.user && request.server.ctx.config.siteAdmins.includes(request.user.username.toLowerCase()),
  );
}

/** The signed-in site admin, or 401/403. */
export function requireSiteAdmin(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!isSiteAdmin(request)) throw forbidden('Only site admins can do that.');
  return user;
}
