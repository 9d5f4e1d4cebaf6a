import { AsyncLocalStorage } from 'node:async_hooks';
import { hostname, networkInterfaces } from 'node:os';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';

const requestOrigin = new AsyncLocalStorage<string>();
/** Each app's (config's) latest allowed request origin: its address for links made outside a request. */
const lastOrigins = new WeakMap<Config, string>();

const LOOPBACK = /^(localhost|[\w-]+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** The names this machine answers to: its host name and the addresses of its interfaces. */
function ownHostnames(): Set<string> {
  const names = new Set([hostname().toLowerCase(), `${hostname().toLowerCase()}.local`]);
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) {
      names.add(address.family === 'IPv6' ? `[${address.address.toLowerCase()}]` : address.address);
    }
  }
  return names;
}

/**
 * The origin (scheme://host[:port]) the request was sent to, when it may be put in an e-mailed link:
 * the Host header is the client's to choose, so a forged one must not send a victim a password-reset
 * or confirmation link to someone else's site. Allowed are loopback names on any port, and this
 * machine's own names and addresses on the server's port. Behind a trusted proxy (TRUST_PROXY) the
 * scheme and host are the proxy's X-Forwarded-Proto and X-Forwarded-Host. Null otherwise.
 */
export function allowedRequestOrigin(request: FastifyRequest, config: Config): string | null {
  const host = request.host?.toLowerCase() ?? '';
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/.exec(host);
  if (!match) return null;
  const [, name, port] = match;
  const scheme = request.protocol === 'https' ? 'https' : 'http';
  const ownPort =
    port === undefined ? config.port === (scheme === 'https' ? 443 : 80) : Number(port) === config.port;
  if (!LOOPBACK.test(name) && !(ownPort && ownHostnames().has(name))) return null;
  return `${scheme}://${host}`;
}

/**
 * Lets each request's e-mailed links follow the address the user opened, when PUBLIC_URL is unset: a
 * user on http://127.0.0.1:3000 gets links to 127.0.0.1 (where their session cookie lives), not to
 * localhost.
 */
export function registerPublicUrl(app: FastifyInstance): void {
  const { config } = app.ctx;
  if (config.publicUrlFixed) return;
  app.addHook('onRequest', (request, _reply, done) => {
    const origin = allowedRequestOrigin(request, config);
    if (origin) {
      lastOrigins.set(config, origin);
      requestOrigin.run(origin, done);
    } else done();
  });
}

/**
 * The site's address for every link the app makes, mailed or shown (decision 036): PUBLIC_URL; else the
 * request's allowed origin; outside a request (the reminder job's mails) the origin the site was last
 * opened at; else the default. One rule, so a reminder opens where the confirmation mail did.
 */
export function publicUrl(config: Config): string {
  if (config.publicUrlFixed) return config.publicUrl;
  return requestOrigin.getStore() ?? lastOrigins.get(config) ?? config.publicUrl;
}
