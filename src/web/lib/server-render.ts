import type { DehydratedState } from '@tanstack/react-query';

/** The cookie carrying the viewer's time zone, so the server can show times in it. */
export const ZONE_COOKIE = 'ala.tz';

/** The id of the JSON block of a server-rendered page. */
export const SERVER_RENDER_ID = 'ala-ssr';

/** What the server's HTML was rendered from, sent with it as JSON (not executed: the CSP allows no inline script). */
export interface ServerRender {
  queries: DehydratedState;
  phone: boolean;
  zone: string;
}

/** The JSON block of a server-rendered page, or null. */
export function readServerRender(document: Document): ServerRender | null {
  const text = document.getElementById(SERVER_RENDER_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as ServerRender;
  } catch {
    return null;
  }
}
