import pRetry, { AbortError } from 'p-retry';

/** A feed request that failed after its retries; the message names the URL and the cause. */
export class FeedError extends Error {
  constructor(
    readonly url: string,
    readonly status: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'FeedError';
  }
}

export interface FetchJsonOptions {
  timeoutMs?: number;
  retries?: number;
  /** First backoff delay; doubled on each retry. */
  backoffMs?: number;
  fetchImpl?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Whether asking again may help: a 5xx, a 429, or no answer at all (network error, timeout). */
const isRetryable = (error: FeedError) =>
  error.status === null || error.status >= 500 || error.status === 429;

/**
 * GETs JSON with a timeout and retries (5xx, 429, network errors) with exponential backoff. p-retry runs
 * the attempts and stops at an error that will not get better; the waits between attempts are made in
 * its `onFailedAttempt` with `sleep`, so tests pass their own and wait for nothing.
 */
export async function fetchJson(url: string, options: FetchJsonOptions = {}): Promise<unknown> {
  const {
    timeoutMs = 10_000,
    retries = 2,
    backoffMs = 500,
    fetchImpl = fetch,
    sleep = defaultSleep,
  } = options;
  const attempt = async (): Promise<unknown> => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let response: Response;
    try {
      response = await fetchImpl(url, {
        signal: controller.signal,
        headers: { accept: 'application/json', 'user-agent': 'ala-survivor/1.0' },
      });
    } catch (error) {
      const reason = controller.signal.aborted ? `timed out after ${timeoutMs} ms` : String(error);
      throw new FeedError(url, null, `GET ${url} failed: ${reason}`);
    } finally {
      clearTimeout(timer);
    }
    if (!response.ok) {
      const failed = new FeedError(url, response.status, `GET ${url} answered ${response.status}`);
      // A 4xx other than 429 will not get better by asking again.
      throw isRetryable(failed) ? failed : new AbortError(failed);
    }
    try {
      return await response.json();
    } catch {
      throw new AbortError(new FeedError(url, response.status, `GET ${url} returned invalid JSON`));
    }
  };
  try {
    return await pRetry(attempt, {
      retries,
      // No timer of p-retry's own: the backoff is waited for below.
      minTimeout: 0,
      maxTimeout: 0,
      onFailedAttempt: async (error) => {
        if (error.retriesLeft > 0) await sleep(backoffMs * 2 ** (error.attemptNumber - 1));
      },
    });
  } catch (error) {
    if (error instanceof FeedError && isRetryable(error))
      throw new FeedError(url, error.status, `${error.message} (after ${retries + 1} attempts)`);
    throw error;
  }
}
