import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { SESSION_COOKIE } from '../modules/auth/sessions';

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
export interface PageRenderer {
  (request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
  /** Renders these first views of visitors without a session ahead of them (after a start). */
  warm(views: readonly FirstView[]): Promise<void>;
}

/** The renderer of the web build in webDir, or null when the build has no server bundle or rendering is off. */
export function createPageRenderer(
  app: FastifyInstance,
  webDir: string,
  budgetMs: number,
  /** Renders at once; past it the plain app is sent at once rather than queued (decision 037). */
  concurrency = 2,
  /** Whether the pages asked for last are rendered again after a change, ahead of their visitors. */
  warmAfterChange = true,
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
  const anonymous = new AnonymousPages(app, warmAfterChange);
  const renderer = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' || request.cookies[PLAIN_APP_COOKIE] === 'off') return false;
    let module: ServerEntry;
    try {
      module = await entry;
    } catch {
      return false;
    }
    if (!module.isServerRendered(request.url.split('?')[0])) return false;
    const render = () => renderCounted(module, request);
    // Every visitor without a session sees the same page: rendered once and kept until a pool changes,
    // those asking for it meanwhile waiting for that one render.
    const page = request.cookies[SESSION_COOKIE]
      ? await render()
      : await anonymous.page(anonymousKey(request), firstViewOf(request), render);
    if (!page) return false;
    await sendPage(request, reply, page);
    return true;
  };
  return Object.assign(renderer, { warm: (views: readonly FirstView[]) => anonymous.warm(views) });

  /** A render when fewer than allowed are under way, else null at once (the plain app is sent). */
  async function renderCounted(module: ServerEntry, request: FastifyRequest): Promise<RenderedPage | null> {
    // Each render costs the server a few hundred milliseconds of its one thread: with as many under way as
    // allowed, this visitor gets the plain app now, which draws the same page from the API.
    if (rendering >= concurrency) {
      app.ctx.metrics?.ssrShed.inc();
      return null;
    }
    rendering += 1;
    try {
      return await renderOne(module, request);
    } finally {
      rendering -= 1;
    }
  }

  async function renderOne(module: ServerEntry, request: FastifyRequest): Promise<RenderedPage | null> {
    const started = Date.now();
    const url = request.url;
    try {
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
      const html = template.replace(
        ROOT,
        `<div id="root">${result.html}</div><script type="application/json" id="ala-ssr">${result.data}</script>`,
      );
      return {
        html: Buffer.from(html),
        encoded: {},
        timing: [
          `render;dur=${Date.now() - started};desc="${result.passes} passes"`,
          ...result.steps.map((step) => `${step.name};dur=${step.ms}`),
        ].join(', '),
      };
    } catch (error) {
      request.log.warn(
        { url, error: error instanceof Error ? error.message : String(error), ms: Date.now() - started },
        'server render failed: sending the plain app',
      );
      return null;
    }
  }
}

/** A page rendered, with its compressed copies as they are asked for. */
interface RenderedPage {
  html: Buffer;
  encoded: { br?: Buffer; gzip?: Buffer };
  /** The Server-Timing of the render that made it. */
  timing: string;
}

/** A first view as a visitor without a session asks for it: the address and the headers the page depends on. */
export interface FirstView {
  url: string;
  headers: Record<string, string>;
}

/** The pages asked for last that are rendered again after a change, how soon after and how often at most. */
const WARMED_AFTER_CHANGE = 6;
const WARM_DELAY_MS = 2_000;
const WARM_INTERVAL_MS = 10_000;

/** A page kept for visitors without a session at most this long, should a change not reach the bus. */
const ANONYMOUS_PAGE_MS = 15_000;
const ANONYMOUS_PAGES_KEPT = 500;
/** The memory the kept pages may take, compressed copies included. */
const ANONYMOUS_PAGES_BYTES = 32 * 1024 * 1024;

/** The request as a first view to render again: the headers a render reads (never a session). */
function firstViewOf(request: FastifyRequest): FirstView {
  const headers: Record<string, string> = {};
  for (const name of ['host', 'user-agent', 'sec-ch-ua-mobile', 'accept-language']) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const zone = request.cookies[ZONE_COOKIE];
  if (zone) headers.cookie = `${ZONE_COOKIE}=${encodeURIComponent(zone)}`;
  return { url: request.url, headers };
}

/**
 * What makes two anonymous first views the same page: the address asked for, the zone its times are
 * written in and the layout (phone or not) it is drawn in.
 */
function anonymousKey(request: FastifyRequest): string {
  return [
    request.headers.host ?? '',
    request.url,
    viewerZone(request.cookies[ZONE_COOKIE]),
    isPhone(request) ? 'phone' : 'wide',
  ].join(' ');
}

/**
 * The first views of visitors without a session (decision 037): one render per page and change, not per
 * request. A page is forgotten at any pool's change this instance hears (from any instance through the
 * bus), when the bus resyncs, at any write this instance answers, and after ANONYMOUS_PAGE_MS whatever
 * happens (another instance's write to a league's or the site's pages has no live update). A render under way when a change comes still answers those
 * waiting for it but is not kept.
 */
class AnonymousPages {
  private readonly kept = new LRUCache<string, RenderedPage>({
    max: ANONYMOUS_PAGES_KEPT,
    // Bytes, not pages: a page's compressed copies are made later and counted ahead.
    maxSize: ANONYMOUS_PAGES_BYTES,
    sizeCalculation: (page) => Math.ceil(page.html.length * 1.5),
    ttl: ANONYMOUS_PAGE_MS,
  });
  private readonly rendering = new Map<string, Promise<RenderedPage | null>>();
  private generation = 0;
  /** The pages visitors asked for last, as they asked: rendered again after a change (see warmAfter). */
  private readonly asked = new LRUCache<string, FirstView>({ max: WARMED_AFTER_CHANGE });
  private warmTimer: NodeJS.Timeout | undefined;
  private lastWarm = 0;
  private closed = false;

  constructor(
    private readonly app: FastifyInstance,
    warmAfterChange: boolean,
  ) {
    const forget = () => {
      this.generation += 1;
      this.kept.clear();
      if (warmAfterChange) this.warmAfterChange();
    };
    app.addHook('onClose', async () => {
      this.closed = true;
      clearTimeout(this.warmTimer);
    });
    // Any write this instance made may show on a page (a league's, the site's), not only a pool's.
    app.addHook('onResponse', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) forget();
    });
    const bus = app.ctx.bus;
    if (!bus) return;
    const stops = [bus.subscribeAll(forget), bus.onResync(forget)];
    app.addHook('onClose', async () => {
      for (const stop of stops) stop();
    });
  }

  /**
   * Renders these first views one after the other, as a visitor without a session would ask for them, and
   * keeps them: the first visitors after a start or a change get a page as fast as the next ones (the
   * render's code and the answers it reads are warm too).
   */
  async warm(views: readonly FirstView[]): Promise<void> {
    for (const view of views) {
      if (this.closed) return;
      try {
        await this.app.inject({ method: 'GET', url: view.url, headers: view.headers });
      } catch (error) {
        this.app.log.warn({ url: view.url, error: String(error) }, 'warming a first view failed');
      }
    }
  }

  /**
   * After a change, the pages visitors asked for last are rendered again: a little after it (changes come
   * in bursts) and at most every WARM_INTERVAL_MS (on a busy Sunday the visitors' own requests render).
   */
  private warmAfterChange(): void {
    if (this.warmTimer || this.closed || this.asked.size === 0) return;
    const wait = Math.max(WARM_DELAY_MS, this.lastWarm + WARM_INTERVAL_MS - Date.now());
    this.warmTimer = setTimeout(() => {
      this.lastWarm = Date.now();
      void this.warm([...this.asked.values()]).finally(() => {
        this.warmTimer = undefined;
      });
    }, wait);
    this.warmTimer.unref();
  }

  async page(
    key: string,
    view: FirstView,
    render: () => Promise<RenderedPage | null>,
  ): Promise<RenderedPage | null> {
    this.asked.set(key, view);
    const kept = this.kept.get(key);
    if (kept) return kept;
    let pending = this.rendering.get(key);
    if (!pending) {
      const generation = this.generation;
      pending = render().then((page) => {
        if (page && generation === this.generation) this.kept.set(key, page);
        return page;
      });
      const settled = pending.finally(() => this.rendering.delete(key));
      settled.catch(() => {});
      this.rendering.set(key, pending);
    }
    return pending;
  }
}

/** Sends a rendered page, compressed as the browser accepts. */
async function sendPage(request: FastifyRequest, reply: FastifyReply, page: RenderedPage): Promise<void> {
  // The page holds the session's own data: revalidated every time, kept by no shared cache.
  reply.header('cache-control', 'private, no-cache');
  reply.header('server-timing', page.timing);
  reply.header('vary', 'accept-encoding, cookie');
  reply.type('text/html; charset=utf-8');
  await reply.send(compress(request, reply, page));
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
function compress(request: FastifyRequest, reply: FastifyReply, page: RenderedPage): Buffer {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) {
    reply.header('content-encoding', 'br');
    page.encoded.br ??= brotliCompressSync(page.html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return page.encoded.br;
  }
  if (/\bgzip\b/.test(accepted)) {
    reply.header('content-encoding', 'gzip');
    page.encoded.gzip ??= gzipSync(page.html, { level: 6 });
    return page.encoded.gzip;
  }
  return page.html;
}
