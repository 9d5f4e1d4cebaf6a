import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, isDatabaseUnavailable } from '../lib/errors';
import { findSessionUser, SESSION_COOKIE, type SessionUser } from '../modules/auth/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    /** The cookie's session token, as sent (not yet checked). */
    sessionToken: string | null;
  }
  interface FastifyContextConfig {
    /**
     * The route checks the session in its own read (one query fewer on the busiest write): the user is
     * not loaded here, `request.user` stays null and the handler answers 401 itself for a bad session.
     */
    sessionInRead?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Loads the session user for every request, and refuses cookie-carrying writes that a
 * foreign page started (the SameSite cookie already stops most; this closes the rest).
 * `isApiRequest` tells the API's requests from the pages and files of the web app.
 */
export function registerSession(
  app: FastifyInstance,
  { isApiRequest }: { isApiRequest: (request: FastifyRequest) => boolean },
): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    if (!SAFE_METHODS.has(request.method) && isForeignOrigin(request.headers.origin, request.headers.host)) {
      throw forbidden('This request came from another site and was refused.');
    }
    request.sessionToken = token;
    if (request.routeOptions.config.sessionInRead) return;
    try {
      request.user = await findSessionUser(app.ctx.db, token, app.ctx.wallClock.now());
    } catch (error) {
      // While the database is away, a page and its files are still served (as to a visitor): the app
      // then says in words what its API calls answer (503), rather than the page failing to load.
      if (!isDatabaseUnavailable(error) || isApiRequest(request)) throw error;
    }
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
