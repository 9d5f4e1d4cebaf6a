import type { z } from 'zod';

/** An API failure carrying the server's message, ready to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  schema?: z.ZodType<T>;
}

/**
 * How a request reaches the API: the browser's fetch, or, while the server renders a page, the server's
 * own API answering in-process for the visitor's session (src/web/entry-server.tsx).
 */
let transport: (path: string, init: RequestInit) => Promise<Response> = (path, init) => fetch(path, init);

/** Replaces how requests reach the API (the server render does). */
export function setApiTransport(next: (path: string, init: RequestInit) => Promise<Response>): void {
  transport = next;
}

/** Calls the API with the session cookie; answers parsed JSON or throws an ApiError. */
export async function apiFetch<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  let response: Response;
  try {
    response = await transport(path, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      credentials: 'same-origin',
      headers: options.body === undefined ? undefined : { 'content-type': 'application/json' },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
  }
  const text = await response.text();
  const data = text ? safeJson(text) : null;
  if (!response.ok) {
    const message =
      data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
        ? data.message
        : `Request failed (${response.status})`;
    throw new ApiError(response.status, message);
  }
  return options.schema ? options.schema.parse(data) : (data as T);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The message of any error, for display. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong.';
}

/**
 * `?page=2&q=smith` of the values given, in their order and URL-encoded, or '' when none is left: a value
 * that is undefined, null or an empty string is left out, so that the server's defaults apply. Takes any
 * object because the requests are typed from zod's input types, whose fields may be `unknown`; only
 * strings, numbers and booleans are sent.
 */
export function queryString(values: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === 'string' ? value !== '' : typeof value === 'number' || typeof value === 'boolean')
      params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
