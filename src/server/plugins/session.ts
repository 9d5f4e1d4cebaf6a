import type { FastifyInstance } from 'fastify';
import { forbidden } from '../lib/errors';
import { findSessionUser, SESSION_COOKIE, type SessionUser } from '../modules/auth/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Loads the session user for every request, and refuses cookie-carrying writes that a
 * foreign page started (the SameSite cookie already stops most; this closes the rest).
 */
export function registerSession(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    if (!SAFE_METHODS.has(request.method) && isForeignOrigin(request.headers.origin, request.headers.host)) {
      throw forbidden('This request came from another site and was refused.');
    }
    request.user = await findSessionUser(app.ctx.db, token, app.ctx.wallClock.now());
  });
}

function isForeignOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (!origin) return false;
  if (origin === 'null') return true;
  try {
    const originUrl = new URL(origin);
    // Compare as the browser would: the scheme's default port is dropped from both sides.
    return originUrl.host !== new URL(`${originUrl.protocol}//${host}`).host;
  } catch {
    return true;
  }
}
