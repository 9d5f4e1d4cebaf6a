import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The first view of a page rendered on the server, with its data (docs/decisions/022-server-rendered-first-view.md).
 * The web build's server bundle (src/web/entry-server.tsx, built beside the web app as `<webDir>-ssr`) renders
 * the page; its API calls are answered in-process by this app as the visitor (their cookie, their address),
 * so every access rule holds as for the browser. Any failure, a page it does not render, or a render past
 * the budget sends the plain app, as before.
 */

/** The server bundle's interface (src/web/entry-server.tsx). */
interface ServerEntry {
  isServerRendered(pathname: string): boolean;
  render(request: {
    url: string;
    api: (path: string, init: RequestInit) => Promise<Response>;
    zone: string;
    phone: boolean;
    deadline: number;
  }): Promise<{ html: string; data: string; passes: number; steps: { name: string; ms: number }[] }>;
}

/** The cookie the app writes with the viewer's time zone (src/web/lib/server-render.ts). */
const ZONE_COOKIE = 'ala.tz';
/**
 * `ala.ssr=off` asks for the plain app: for looking into a problem, and for browser tests that stand in for
 * an API answer in the browser (the server's render would not see their stand-in).
 */
export const PLAIN_APP_COOKIE = 'ala.ssr';
const ROOT = '<div id="root"></div>';

/** Where a web build's server bundle is. */
export function ssrDirOf(webDir: string): string {
  return `${webDir}-ssr`;
}

/** Sends a page rendered on the server; false when it cannot (the caller sends the plain app). */
export type PageRenderer = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

/** The renderer of the web build in webDir, or null when the build has no server bundle or rendering is off. */
export function createPageRenderer(
  app: FastifyInstance,
  webDir: string,
  budgetMs: number,
  /** Renders at once; past it the plain app is sent at once rather than queued (decision 037). */
  concurrency = 2,
): PageRenderer | null {
  const entryFile = `${ssrDirOf(webDir)}/entry-server.js`;
  if (budgetMs <= 0 || !existsSync(entryFile)) return null;
  let template: string;
  try {
    template = serverRenderedTemplate(readFileSync(`${webDir}/index.html`, 'utf8'));
  } catch (error) {
    app.log.error({ error: String(error) }, 'server render off: the web build does not allow it');
    return null;
  }
  // Loaded once, from the start: the first page should not wait for it.
  const entry: Promise<ServerEntry> = import(pathToFileURL(entryFile).href);
  entry.catch((error) => app.log.error({ error: String(error) }, 'server render bundle failed to load'));

  let rendering = 0;
  return async (request, reply) => {
    if (request.method !== 'GET' || request.cookies[PLAIN_APP_COOKIE] === 'off') return false;
    // Each render costs the server a few hundred milliseconds of its one thread: with as many under way as
    // allowed, this visitor gets the plain app now, which draws the same page from the API.
    if (rendering >= concurrency) {
      app.ctx.metrics?.ssrShed.inc();
      return false;
    }
    rendering += 1;
    try {
      return await renderOne(request, reply);
    } finally {
      rendering -= 1;
    }
  };

  async function renderOne(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const started = Date.now();
    const url = request.url;
    try {
      const module = await entry;
      if (!module.isServerRendered(url.split('?')[0])) return false;
      const deadline = started + budgetMs;
      const rendering = module.render({
        url,
        api: (path, init) => answerInProcess(app, request, path, init),
        zone: viewerZone(request.cookies[ZONE_COOKIE]),
        phone: isPhone(request),
        deadline,
      });
      // The render gives up at the deadline itself; this holds even if it did not.
      let timer: NodeJS.Timeout | undefined;
      const result = await Promise.race([
        rendering,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('the server render ran out of time')), budgetMs + 50);
        }),
      ]).finally(() => clearTimeout(timer));
      const page = template.replace(
        ROOT,
        `<div id="root">${result.html}</div><script type="application/json" id="ala-ssr">${result.data}</script>`,
      );
      // The page holds the session's own data: revalidated every time, kept by no shared cache.
      reply.header('cache-control', 'private, no-cache');
      reply.header(
        'server-timing',
        [
          `render;dur=${Date.now() - started};desc="${result.passes} passes"`,
          ...result.steps.map((step) => `${step.name};dur=${step.ms}`),
        ].join(', '),
      );
      reply.header('vary', 'accept-encoding, cookie');
      reply.type('text/html; charset=utf-8');
      await reply.send(compress(request, reply, Buffer.from(page)));
      return true;
    } catch (error) {
      request.log.warn(
        { url, error: error instanceof Error ? error.message : String(error), ms: Date.now() - started },
        'server render failed: sending the plain app',
      );
      return false;
    }
  }
}

/**
 * index.html as a server-rendered page's frame: the page reads before its code runs, so the code waits for
 * the first paint instead of competing with the document and its styles for a slow network. The route
 * preload script (scripts/route-preload.mjs) loads the entry and its chunks then; the page names none.
 */
export function serverRenderedTemplate(indexHtml: string): string {
  if (!indexHtml.includes(ROOT)) throw new Error('index.html has no empty #root');
  if (!/<script async src="\/assets\/route-preload-/.test(indexHtml)) {
    throw new Error('index.html has no route preload script');
  }
  return indexHtml
    .replace('<html ', '<html data-server-rendered ')
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
}

/** An API call of the render, answered by this app for the visitor who asked for the page. */
async function answerInProcess(
  app: FastifyInstance,
  request: FastifyRequest,
  path: string,
  init: RequestInit,
): Promise<Response> {
  const headers: Record<string, string> = {};
  for (const name of ['cookie', 'host', 'user-agent', 'accept-language']) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  if (init.headers) Object.assign(headers, Object.fromEntries(new Headers(init.headers)));
  const answer = await app.inject({
    method: (init.method ?? 'GET') as 'GET',
    url: path,
    headers,
    payload: typeof init.body === 'string' ? init.body : undefined,
    // The visitor's own address: the API's per-address limits count these calls as theirs.
    remoteAddress: request.ip,
  });
  return new Response(answer.statusCode === 204 ? null : answer.body, {
    status: answer.statusCode,
    headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
  });
}

/** The viewer's zone from the app's cookie when it names one this server knows, else UTC. */
export function viewerZone(cookie: string | undefined): string {
  if (!cookie || cookie.length > 64) return 'UTC';
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: cookie }).resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

/** A phone, by the client hint or the User-Agent: the layout the first view is drawn in. */
function isPhone(request: FastifyRequest): boolean {
  const hint = request.headers['sec-ch-ua-mobile'];
  if (hint === '?1') return true;
  return /Mobi|Android|iPhone|iPod/i.test(request.headers['user-agent'] ?? '');
}

/** The page compressed as the browser accepts (the static files have copies made by the build). */
function compress(request: FastifyRequest, reply: FastifyReply, body: Buffer): Buffer {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) {
    reply.header('content-encoding', 'br');
    return brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  }
  if (/\bgzip\b/.test(accepted)) {
    reply.header('content-encoding', 'gzip');
    return gzipSync(body, { level: 6 });
  }
  return body;
}
