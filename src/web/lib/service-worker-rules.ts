/**
 * What the service worker (src/web/sw.ts) may keep and answer, and how it reads a push message: plain
 * functions, tested without a worker (docs/decisions/041-installable-app.md).
 */
import { API_PREFIXES } from '../../core/contracts/api-paths';
import type { PushPayload } from '../../core/contracts/push';

/** The page the worker answers a navigation with when the network fails. */
export const OFFLINE_PAGE = '/offline.html';

/** The message a page posts to a waiting worker to have it take over at once (the player asked). */
export const SKIP_WAITING = 'SKIP_WAITING';

/** The files the worker keeps: the build's hashed code and styles, the icons and the offline page. */
const KEPT = [/^\/assets\/[^/]+\.(js|css)$/, /^\/icons\/[^/]+\.png$/, /^\/offline\.(html|js)$/];

/** True for an API path: the worker never answers it, from its cache or otherwise. */
function isApiPath(pathname: string): boolean {
  return API_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/**
 * True when the worker may keep the file at this path and answer it from its cache. Never an API answer
 * (a session's data, stale the moment it is kept) nor a page's HTML (the server renders it for the session).
 */
export function mayKeep(pathname: string): boolean {
  return !isApiPath(pathname) && KEPT.some((pattern) => pattern.test(pathname));
}

/**
 * The server's push message (core/contracts/push.ts) in a push's data, its parsed JSON, with defaults for
 * what is missing: a push must show a notification (or the browser shows one of its own), so one that
 * cannot be read still shows the app's. Read by hand: zod would weigh more than the rest of the worker.
 */
export function readPushMessage(data: unknown): PushPayload {
  const fields = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const text = (value: unknown, fallback: string) =>
    typeof value === 'string' && value.trim() !== '' ? value : fallback;
  return {
    title: text(fields.title, 'ALA Survivor'),
    body: text(fields.body, ''),
    url: text(fields.url, '/'),
    tag: text(fields.tag, 'ala'),
  };
}

/**
 * The address a notification's tap opens: its URL when it is of this site (a path, or an absolute URL of
 * this origin), else the home page, so a message can never send the player elsewhere.
 */
export function notificationTarget(url: unknown, origin: string): string {
  if (typeof url !== 'string') return `${origin}/`;
  try {
    const target = new URL(url, `${origin}/`);
    return target.origin === origin ? target.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}
