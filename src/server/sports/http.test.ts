import { describe, expect, it } from 'vitest';
import { FeedError, fetchJson } from './http';

const noSleep = async () => {};

describe('fetchJson', () => {
  it('retries 5xx answers with backoff, then gives the JSON', async () => {
    const delays: number[] = [];
    let calls = 0;
    const fetchImpl = (async () => {
      calls++;
      return calls < 3 ? new Response('busy', { status: 503 }) : Response.json({ ok: 1 });
    }) as typeof fetch;
    const json = await fetchJson('https://feed.test/x', {
      fetchImpl,
      backoffMs: 100,
      sleep: async (ms) => {
        delays.push(ms);
      },
    });
    expect(json).toEqual({ ok: 1 });
    expect(delays).toEqual([100, 200]);
  });

  it('gives up with a clear error naming the URL', async () => {
    const fetchImpl = (async () => new Response('busy', { status: 502 })) as typeof fetch;
    await expect(fetchJson('https://feed.test/y', { fetchImpl, sleep: noSleep })).rejects.toThrow(
      'GET https://feed.test/y answered 502 (after 3 attempts)',
    );
  });

  it('does not retry a 404', async () => {
    let calls = 0;
    const fetchImpl = (async () => {
      calls++;
      return new Response('no', { status: 404 });
    }) as typeof fetch;
    await expect(fetchJson('https://feed.test/z', { fetchImpl, sleep: noSleep })).rejects.toBeInstanceOf(
      FeedError,
    );
    expect(calls).toBe(1);
  });

  it('times out a hanging request', async () => {
    const fetchImpl = ((_url: string, init: RequestInit) =>
      new Promise((_, reject) =>
        init.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
      )) as typeof fetch;
    await expect(
      fetchJson('https://feed.test/slow', { fetchImpl, timeoutMs: 20, retries: 0, sleep: noSleep }),
    ).rejects.toThrow(/timed out after 20 ms/);
  });
});
