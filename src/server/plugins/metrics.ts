import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppMetrics } from '../lib/metrics';

export interface MetricsPluginOptions {
  /** The bearer token that reads /metrics; unset, /metrics answers 404. */
  token: string | undefined;
  /** True for a path the API answers (the rest is the web app and its files). */
  isApiPath: (path: string) => boolean;
}

/** The route label of a request: its API route's pattern, never the raw URL, so labels stay few. */
export function routeLabel(request: FastifyRequest, isApiPath: (path: string) => boolean): string {
  const pattern = request.routeOptions.url;
  if (pattern && isApiPath(pattern)) return pattern;
  if (pattern === '/metrics') return pattern;
  // Pages and built files (one route per file) are one label; an unknown API path another.
  return !pattern && isApiPath(request.url) ? '(unmatched)' : '(web)';
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Counts and times every request by route pattern, and serves GET /metrics to whoever sends the
 * METRICS_TOKEN as a bearer token (decision 019); without a token configured it answers 404.
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: AppMetrics,
  { token, isApiPath }: MetricsPluginOptions,
): void {
  // A live stream hijacks its reply, so it never reaches onResponse: its time open is not a latency,
  // and the open streams have their own gauge.
  app.addHook('onResponse', async (request, reply) => {
    const route = routeLabel(request, isApiPath);
    const method = request.method;
    metrics.httpRequests.inc({ method, route, status_code: String(reply.statusCode) });
    metrics.httpDuration.observe({ method, route }, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!token) {
      return reply.code(404).send({ message: 'Metrics are off: set METRICS_TOKEN to read them.' });
    }
    const [scheme, given] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !given || !sameToken(given, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      return reply.code(401).send({ message: 'Send the metrics token as a bearer token.' });
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
