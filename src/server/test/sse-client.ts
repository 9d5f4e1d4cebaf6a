import http from 'node:http';

/** One event read off a Server-Sent Events stream. */
export interface SseEvent {
  event: string;
  data: string;
}

/** A raw HTTP client of an event stream (tests and the benchmark): what arrived, and a way to wait for more. */
export interface SseClient {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: SseEvent[];
  /** Comment lines (`: heartbeat`), without the colon. */
  comments: string[];
  /** Resolves with the first event (already arrived or to come) that matches. */
  next(match: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens `url` as an event stream; resolves once the response headers are in. */
export function openSse(
  url: string,
  options: { headers?: Record<string, string>; agent?: http.Agent; onEvent?: (event: SseEvent) => void } = {},
): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { headers: { accept: 'text/event-stream', ...options.headers }, agent: options.agent },
      (response) => {
        response.setEncoding('utf8');
        const events: SseEvent[] = [];
        const comments: string[] = [];
        const waiters = new Set<() => void>();
        let buffer = '';
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let event = 'message';
            const data: string[] = [];
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) comments.push(line.slice(1).trim());
              else if (line.startsWith('event:')) event = line.slice(6).trim();
              else if (line.startsWith('data:')) data.push(line.slice(5).trim());
            }
            if (data.length > 0) {
              const parsed = { event, data: data.join('\n') };
              events.push(parsed);
              options.onEvent?.(parsed);
            }
            end = buffer.indexOf('\n\n');
          }
          for (const wake of [...waiters]) wake();
        });
        const ended = new Promise<void>((done) => {
          response.on('end', done);
          response.on('close', done);
        });
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          events,
          comments,
          ended,
          next: (match, timeoutMs = 5_000) =>
            new Promise((found, fail) => {
              const check = () => {
                const hit = events.find(match);
                if (!hit) return false;
                waiters.delete(check);
                clearTimeout(timer);
                found(hit);
                return true;
              };
              const timer = setTimeout(() => {
                waiters.delete(check);
                fail(new Error(`no matching event within ${timeoutMs} ms (got ${JSON.stringify(events)})`));
              }, timeoutMs);
              if (!check()) waiters.add(check);
            }),
          close: () => request.destroy(),
        });
      },
    );
    request.on('error', reject);
  });
}
