import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, SESSION_TTL_MS } from './sessions';

/**
 * Sets the session cookie: http-only, SameSite=Lax, Secure when the request came over HTTPS or the
 * site's public address is HTTPS (a TLS proxy in front may not say so when it is not trusted).
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https' || request.server.ctx.config.publicUrl.startsWith('https:'),
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}
