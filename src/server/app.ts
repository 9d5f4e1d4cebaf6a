import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyRequest, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PREFIXES } from '../core/contracts/api-paths';
import type { AppContext } from './context';
import { handleError } from './lib/error-handler';
import { badRequest } from './lib/errors';
import { countedMailer, createMetrics } from './lib/metrics';
import { registerPublicUrl } from './lib/public-url';
import { createPoolBus } from './lib/redis-bus';
import { outboxRoutes } from './modules/admin/outbox.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { calendarRoutes } from './modules/calendar/calendar.routes';
import { changelogRoutes } from './modules/changelog/changelog.routes';
import { healthRoutes } from './modules/health/health.routes';
import { leaguesRoutes } from './modules/leagues/leagues.routes';
import { meRoutes } from './modules/me/me.routes';
import { poolsRoutes } from './modules/pools/pool-page/pools.routes';
import { pushRoutes } from './modules/push/push.routes';
import { remindersRoutes } from './modules/reminders/reminders.routes';
import { sportsRoutes } from './modules/sports/sports.routes';
import { usersRoutes } from './modules/users/users.routes';
import { registerMetrics } from './plugins/metrics';
import { registerOpenApi } from './plugins/openapi';
import { registerRequestId, requestIdGenerator } from './plugins/request-id';
import { registerRequestLog } from './plugins/request-log';
import { createPageRenderer, type FirstView } from './plugins/server-render';
import { registerSession } from './plugins/session';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Renders these first views ahead of visitors without a session (nothing without server rendering). */
    warmFirstViews(views: readonly FirstView[]): Promise<void>;
  }
}

/** True for a URL the API answers (as opposed to the web app and its files). */
export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/**
 * The path a request is routed by: the router decodes percent-encoding (`/%61dmin/x` reaches
 * `/admin/x`), so a check on the raw URL would let an encoded path past it. The matched route's
 * pattern when there is one, else the decoded path.
 */
export function routedPath(request: FastifyRequest): string {
  if (request.routeOptions.url) return request.routeOptions.url;
  const raw = request.url.split('?')[0];
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** True when a string anywhere in a parsed request part contains the NUL character. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  const items = Array.isArray(value) ? value : [...Object.keys(value), ...Object.values(value)];
  return items.some((item) => containsNul(item, depth + 1));
}

/** Cache-Control of a built web file: a year and immutable for hashed assets, revalidate the rest. */
export function staticCacheControl(webDir: string, filePath: string): string {
  const relative = path.relative(webDir, filePath).split(path.sep).join('/');
  return relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export interface BuildAppOptions {
  logger?: boolean;
  /** Where the log lines go instead of the output (tests read them). */
  logStream?: { write(line: string): void };
  /** Serve the built web app from config.webDir when it exists. */
  serveWeb?: boolean;
  /** Called for every route as it is registered (tests use it to walk the whole API). */
  onRoute?: (route: RouteOptions) => void;
  /** Also report the process's own figures (CPU, memory, event loop) on /metrics: once per process. */
  processMetrics?: boolean;
}

/** Builds the Fastify application around a context; listening is the caller's business. */
export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logStream
      ? { level: ctx.config.logLevel, stream: options.logStream }
      : options.logger
        ? { level: ctx.config.logLevel }
        : false,
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Each request's id (logged as reqId, answered in X-Request-Id): a proxy's when REQUEST_ID_HEADER
    // names its header, else a UUID, unique across instances.
    genReqId: requestIdGenerator(ctx.config.requestIdHeader),
    // While the app closes (SIGTERM), a request that still arrives on a proxy's kept-alive connection is
    // served rather than refused with 503: the proxy may not send a refused POST elsewhere. New
    // connections are refused already, and /api/ready says 503 (docs/DEPLOY.md).
    return503OnClosing: false,
    // One line per request (registerRequestLog), not Fastify's two.
    disableRequestLogging: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', ctx);
  ctx.metrics ??= createMetrics({
    db: ctx.db,
    processMetrics: options.processMetrics,
    database: ctx.database,
    redisConnected: ctx.config.redisUrl ? () => ctx.bus?.connected() ?? false : undefined,
  });
  const metrics = ctx.metrics;
  if (!ctx.bus) {
    // Live pool changes: made here so every instance has one, closed with the app (after its streams).
    const bus = createPoolBus(
      ctx.config,
      (error) => app.log.warn({ error: String(error) }, 'live update bus'),
      { onPublishFailure: () => metrics.redisPublishFailures.inc() },
    );
    ctx.bus = bus;
    app.addHook('onClose', async () => {
      await bus.close();
      if (ctx.bus === bus) ctx.bus = undefined;
    });
  }
  ctx.mailer = countedMailer(ctx.mailer, metrics);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  registerRequestId(app);
  registerRequestLog(app);
  registerMetrics(app, ctx.metrics, { token: ctx.config.metricsToken, isApiPath });

  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'https:', 'http:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        // The web app's service worker (/sw.js) and manifest, said outright rather than left to default-src.
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
        'upgrade-insecure-requests': null,
      },
    },
  });
  // Only the API is limited: one page load fetches dozens of static files. Decided per route as it
  // is registered, by its pattern, so no spelling of a URL reaches an API route unlimited.
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) route.config = { ...route.config, rateLimit: false };
  });
  await app.register(rateLimit, { max: ctx.config.rateLimitMax, timeWindow: '1 minute' });
  // API answers depend on the session: no browser or proxy may keep them for someone else.
  app.addHook('onSend', async (request, reply) => {
    if (isApiPath(routedPath(request))) reply.header('cache-control', 'no-store');
  });
  registerSession(app, { isApiRequest: (request) => isApiPath(routedPath(request)) });
  registerPublicUrl(app);
  // PostgreSQL text cannot hold NUL: refuse it with a message rather than fail in the database. A
  // preHandler, so a visitor still gets 401 and a malformed form its own message first.
  app.addHook('preHandler', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      throw badRequest('The request contains a NUL character, which text cannot hold.');
    }
  });

  app.setErrorHandler(handleError);

  // Before the routes: the API's description is gathered as they are registered.
  await registerOpenApi(app, { isApiPath });

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(outboxRoutes);
  await app.register(leaguesRoutes);
  await app.register(sportsRoutes);
  await app.register(changelogRoutes);
  await app.register(poolsRoutes);
  await app.register(meRoutes);
  await app.register(calendarRoutes);
  await app.register(remindersRoutes);
  await app.register(pushRoutes);

  app.get('/nba19/offline', async (_request, reply) => reply.redirect(ctx.config.nba19OfflineUrl));

  const indexHtml = path.join(ctx.config.webDir, 'index.html');
  const serveWeb = options.serveWeb !== false && existsSync(indexHtml);
  if (serveWeb) {
    // The build writes .br and .gz copies beside the files (scripts/precompress.mjs): they are sent as
    // the browser accepts, nothing is compressed per request. Hashed /assets/* never change under their
    // name, so browsers keep them a year; everything else (index.html names the current hashes) is
    // revalidated on every load.
    await app.register(fastifyStatic, {
      root: ctx.config.webDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', staticCacheControl(ctx.config.webDir, filePath));
      },
    });
  }
  // The pages a phone opens first come rendered with their data where the build allows (decision 022).
  const renderPage = serveWeb
    ? createPageRenderer(
        app,
        ctx.config.webDir,
        ctx.config.ssrBudgetMs,
        ctx.config.ssrConcurrency,
        ctx.config.ssrWarmPools > 0,
      )
    : null;
  app.decorate('warmFirstViews', async (views: readonly FirstView[]) => renderPage?.warm(views));
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = isApiPath(routedPath(request));
    if (!isApi && serveWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      if (renderPage && (await renderPage(request, reply))) return reply;
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.code(404).send({ message: 'Not found.' });
  });
  return app;
}
