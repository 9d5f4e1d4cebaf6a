/**
 * The server's render of a page's first view (docs/decisions/022-server-rendered-first-view.md): the same
 * app as main.tsx under a static router, its queries answered by the server's own API for the visitor's
 * session, rendered until no new query appears, then sent as HTML with the answers it was made of. Built by
 * Vite as a bundle of its own (scripts/processes.mjs) and loaded by the server (src/server/web/ssr.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Readable } from 'node:stream';
import {
  type DefaultedQueryObserverOptions,
  dehydrate,
  QueryClient,
  type QueryKey,
  skipToken,
} from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App, QUERY_DEFAULTS } from './app';
import { setApiTransport } from './lib/api';
import type { ServerRender } from './lib/server-render';
import { setZoneSource } from './lib/zone';

/** How the server answers an API call of the render: in-process, as the visitor. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

interface RenderScope {
  api: ApiTransport;
  zone: string;
}

// Renders of several visitors interleave: each one's API calls and zone are its own.
const scope = new AsyncLocalStorage<RenderScope>();
setApiTransport((path, init) => {
  const current = scope.getStore();
  if (!current) return Promise.reject(new Error('an API call outside a server render'));
  return current.api(path, init);
});
setZoneSource(() => scope.getStore()?.zone ?? 'UTC');

/**
 * The pages rendered on the server: the ones a phone opens first (the patterns of vite.config.ts's route
 * preload). Every other page is sent as the plain app, as before.
 */
const SERVER_RENDERED: RegExp[] = [
  /^\/$/,
  /^\/leagues\/(find|allpools)(\/|$)/,
  /^\/league\/(?!error\/)[^/]+\/?$/,
  /^\/(nba|mlb|nfl-td|nfl|world-cup)\/[^/]+\/[^/]+\/[^/]+\/[^/]+(\/(home|howtoplay|makepicks|scoreboard|standings|bonuses|finances))?\/?$/,
];

/** True when the page at this path is rendered on the server. */
export function isServerRendered(pathname: string): boolean {
  return SERVER_RENDERED.some((pattern) => pattern.test(pathname));
}

/** Renders of a page at most: each may find queries the answers of the previous one enabled. */
const MAX_PASSES = 4;

type Options = DefaultedQueryObserverOptions<unknown, Error, unknown, unknown, QueryKey>;

/** Notes every query a render of this client asks for (and would run), for the server to answer. */
function collectWanted(client: QueryClient): Map<string, Options> {
  const wanted = new Map<string, Options>();
  const defaults = client.defaultQueryOptions.bind(client);
  client.defaultQueryOptions = ((options: Parameters<typeof defaults>[0]) => {
    const defaulted = defaults(options) as Options;
    const { queryFn, enabled } = defaulted;
    if (queryFn && queryFn !== skipToken && enabled !== false && typeof enabled !== 'function') {
      wanted.set(defaulted.queryHash, defaulted);
    }
    return defaulted;
  }) as typeof client.defaultQueryOptions;
  return wanted;
}

export interface RenderRequest {
  /** The path and query string. */
  url: string;
  api: ApiTransport;
  /** The viewer's zone (from the cookie the app writes), or UTC. */
  zone: string;
  /** Render the phone's layout (guessed from the User-Agent). */
  phone: boolean;
  /** Give up (and throw) when not done by then: a Date.now() instant. */
  deadline: number;
}

export interface RenderResult {
  /** The markup of #root. */
  html: string;
  /** The JSON of the data block, safe inside a script element. */
  data: string;
  /** Renders it took. */
  passes: number;
  /** Milliseconds of each render and each round of API calls, in order: for the Server-Timing header. */
  steps: { name: string; ms: number }[];
}

/** Renders a page for the server, or throws (the server then sends the plain app). */
export async function render(request: RenderRequest): Promise<RenderResult> {
  return scope.run({ api: request.api, zone: request.zone }, async () => {
    // Answers just fetched are not fetched again as the page mounts (the browser does the same with them).
    const queryClient = new QueryClient({
      defaultOptions: { queries: { ...QUERY_DEFAULTS.queries, refetchOnMount: false } },
    });
    const wanted = collectWanted(queryClient);
    const firstRender = { phone: request.phone, zone: request.zone };
    const Router = ({ children }: { children: ReactNode }) => (
      <StaticRouter location={request.url}>{children}</StaticRouter>
    );
    const asked = new Set<string>();
    const steps: RenderResult['steps'] = [];
    const timed = async <T,>(name: string, work: Promise<T>) => {
      const started = performance.now();
      const result = await work;
      steps.push({ name, ms: Math.round(performance.now() - started) });
      return result;
    };
    for (let pass = 1; ; pass++) {
      // A failed query renders as not yet loaded, as it first does in the browser, which asks again.
      queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' });
      const html = await timed(
        `render${pass}`,
        renderPass(
          <App queryClient={queryClient} firstRender={firstRender} router={Router} />,
          request.deadline,
        ),
      );
      const next = [...wanted.values()].filter(
        (options) =>
          !asked.has(options.queryHash) && queryClient.getQueryState(options.queryKey)?.status !== 'success',
      );
      // A part that waited for its code came after the rest, to be put in place by an inline script the CSP
      // does not run: once its code is loaded, the next render has it in place.
      const complete = !/<script|<template/.test(html);
      if ((next.length === 0 && complete) || pass === MAX_PASSES) {
        if (!complete) throw new Error('the page still waited for code after its last render');
        const state: ServerRender = { queries: dehydrate(queryClient), ...firstRender };
        return { html, data: jsonForScript(state), passes: pass, steps };
      }
      for (const options of next) asked.add(options.queryHash);
      await timed(
        `api${pass}`,
        withDeadline(
          Promise.all(
            next.map((options) =>
              queryClient.fetchQuery({ ...options, retry: false }).catch(() => undefined),
            ),
          ),
          request.deadline,
        ),
      );
    }
  });
}

async function renderPass(element: ReactNode, deadline: number): Promise<string> {
  const controller = new AbortController();
  const errors: unknown[] = [];
  const rendering = prerenderToNodeStream(element, {
    signal: controller.signal,
    // Every boundary inline, in place: React would move a large one out to be swapped in by an inline
    // script, which the Content-Security-Policy does not run.
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    onError: (error) => {
      errors.push(error);
    },
  });
  try {
    const { prelude } = await withDeadline(rendering, deadline);
    // react-dom/static resolves to its Node build here, whose prelude is a Node stream.
    const html = await readAll(prelude as unknown as Readable);
    if (errors.length > 0) throw errors[0];
    return html;
  } catch (error) {
    controller.abort();
    throw error;
  }
}

function withDeadline<T>(promise: Promise<T>, deadline: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error('the server render ran out of time')),
      Math.max(0, deadline - Date.now()),
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/** JSON that cannot close its script element or start a comment in it. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
